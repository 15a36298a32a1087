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
        XCTAssertEqual(viewer.take { XCTFail("no second snapshot is due"); return ("", 0) }, ["entry 2"])
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
        XCTAssertEqual(viewer.take { ("", 0) }, ["entry \(through + 1)"])
    }
}
