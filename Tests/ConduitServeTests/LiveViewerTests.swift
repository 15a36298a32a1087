import Foundation
import XCTest

@testable import ConduitServe

/// A viewer's queue: its first write is a snapshot, and what follows carries each entry once.
final class LiveViewerTests: XCTestCase {
    func testAnEntryAlreadyInTheSnapshotIsNotSentAgain() {
        let viewer = LiveViewer()
        XCTAssertEqual(viewer.take { ("snapshot through 1", 1) }, ["snapshot through 1"])
        // Published (and so in the snapshot) before the snapshot was taken, posted after it.
        viewer.post(entry: "entry 1", sequence: 1)
        viewer.post(entry: "entry 2", sequence: 2)
        XCTAssertEqual(viewer.take { XCTFail("no second snapshot is due"); return ("", 0) },
                       [#"{"type":"batch","entries":[entry 2]}"#])
    }

    func testEntriesPostedBeforeTheSnapshotAreLeftToIt() {
        let viewer = LiveViewer()
        viewer.post(entry: "entry 1", sequence: 1)
        XCTAssertEqual(viewer.take { ("snapshot through 1", 1) }, ["snapshot through 1"])
        XCTAssertEqual(viewer.take { ("", 0) }, [])
    }

    func testAViewerThatFallsBehindGetsAFreshSnapshotAndThenOnlyNewerEntries() {
        let viewer = LiveViewer()
        XCTAssertEqual(viewer.take { ("first", 0) }, ["first"])
        for sequence in 1...(LiveViewer.limit + 1) {
            viewer.post(entry: "entry \(sequence)", sequence: sequence)
        }
        let through = LiveViewer.limit + 1
        XCTAssertEqual(viewer.take { ("caught up", through) }, ["caught up"])
        viewer.post(entry: "entry \(through)", sequence: through)
        viewer.post(entry: "entry \(through + 1)", sequence: through + 1)
        XCTAssertEqual(viewer.take { ("", 0) }, [#"{"type":"batch","entries":[entry \#(through + 1)]}"#])
    }

    func testEverythingWaitingGoesOutAsOneBatchFrameWithTheLatestState() throws {
        let viewer = LiveViewer()
        _ = viewer.take { ("snapshot", 0) }
        let first = TranscriptEntry(sequence: 1, input: "send s 1", events: [])
        let second = TranscriptEntry(sequence: 2, input: "send s 2", events: [])
        viewer.post(entry: LiveFeed.encode(first), sequence: 1)
        viewer.post(state: LiveFeed.encode(LiveState(clock: "1s", now: 1, tree: [])))
        viewer.post(entry: LiveFeed.encode(second), sequence: 2)
        viewer.post(state: LiveFeed.encode(LiveState(clock: "2s", now: 2, tree: [])))
        let frames = viewer.take { ("", 0) }
        XCTAssertEqual(frames.count, 1, "one frame")
        let frame = try XCTUnwrap(frames.first)
        let message = try JSONDecoder().decode(LiveMessage.self, from: Data(frame.utf8))
        XCTAssertEqual(message, .batch(entries: [first, second], state: LiveState(clock: "2s", now: 2, tree: [])))
        XCTAssertEqual(viewer.take { ("", 0) }, [], "nothing is left over")
    }
}
