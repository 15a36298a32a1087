import ConduitPlayground
import Foundation
import XCTest

@testable import ConduitServe

/// A viewer reads the feed's one log: its first write is a snapshot, then everything new since
/// its last write as one batch frame, each entry once; a viewer further behind than the log gets a
/// fresh snapshot.
final class LiveViewerTests: XCTestCase {
    private func decode(_ frames: [String]) throws -> [LiveMessage] {
        try frames.map { try JSONDecoder().decode(LiveMessage.self, from: Data($0.utf8)) }
    }

    func testAViewerStartsWithASnapshotThenGetsEachNewEntryOnceInOneBatch() throws {
        let feed = LiveFeed()
        feed.publish(input: "subject s", events: [])
        let viewer = LiveViewer()
        XCTAssertTrue(feed.add(viewer, limit: 10))
        let first = try decode(feed.frames(for: viewer))
        guard case .snapshot(let transcript, _)? = first.first, first.count == 1 else {
            return XCTFail("\(first)")
        }
        XCTAssertEqual(transcript.map(\.input), ["subject s"])
        feed.publish(input: "send s 1", events: [])
        feed.publish(state: LiveState(clock: "1s", now: 1, tree: []))
        feed.publish(input: "send s 2", events: [])
        let next = try decode(feed.frames(for: viewer))
        XCTAssertEqual(next.count, 1, "one frame")
        guard case .batch(let entries, let state)? = next.first else { return XCTFail("\(next)") }
        XCTAssertEqual(entries.map(\.input), ["send s 1", "send s 2"])
        XCTAssertEqual(state?.clock, "1s")
        XCTAssertEqual(feed.frames(for: viewer), [], "nothing is left over")
    }

    func testViewersAtTheSameCursorShareOneFrameAndOneBehindGetsItsOwn() throws {
        let feed = LiveFeed()
        let (first, second, late) = (LiveViewer(), LiveViewer(), LiveViewer())
        for viewer in [first, second] {
            XCTAssertTrue(feed.add(viewer, limit: 10))
            _ = feed.frames(for: viewer)
        }
        feed.publish(input: "send s 1", events: [])
        feed.publish(state: LiveState(clock: "1s", now: 1, tree: []))
        let shared = feed.frames(for: first)
        XCTAssertEqual(feed.frames(for: second), shared, "the same entries and state: the same frame")
        XCTAssertTrue(feed.add(late, limit: 10))
        _ = feed.frames(for: late)
        feed.publish(input: "send s 2", events: [])
        let early = try decode(feed.frames(for: first))
        let snapshotTaker = try decode(feed.frames(for: late))
        for messages in [early, snapshotTaker] {
            guard case .batch(let entries, let state)? = messages.first, messages.count == 1 else {
                return XCTFail("\(messages)")
            }
            XCTAssertEqual(entries.map(\.input), ["send s 2"])
            XCTAssertNil(state, "the state did not change since either had it")
        }
        guard case .batch(let entries, _)? = try decode(feed.frames(for: second)).first else { return XCTFail() }
        XCTAssertEqual(entries.map(\.input), ["send s 2"])
    }

    func testAWaitingViewerIsWokenByTheNextLineAndOnlyThen() async throws {
        let feed = LiveFeed()
        let viewer = LiveViewer()
        XCTAssertTrue(feed.add(viewer, limit: 10))
        var wakes = viewer.wakes.makeAsyncIterator()
        _ = await wakes.next()  // the first wake: the snapshot is due
        _ = feed.frames(for: viewer)
        feed.park(viewer)
        feed.publish(input: "subject s", events: [])
        _ = await wakes.next()
        let frames = try decode(feed.frames(for: viewer))
        guard case .batch(let entries, _)? = frames.first else { return XCTFail("\(frames)") }
        XCTAssertEqual(entries.map(\.input), ["subject s"])
    }

    func testAViewerFurtherBehindThanTheLogGetsAFreshSnapshot() throws {
        let feed = LiveFeed()
        let viewer = LiveViewer()
        XCTAssertTrue(feed.add(viewer, limit: 10))
        _ = feed.frames(for: viewer)
        for line in 1...(2 * LiveFeed.logLimit + 1) { feed.publish(input: "send s \(line)", events: []) }
        let frames = try decode(feed.frames(for: viewer))
        guard case .snapshot(let transcript, _)? = frames.first else { return XCTFail("a snapshot, not a backlog") }
        XCTAssertEqual(transcript.last?.sequence, 2 * LiveFeed.logLimit + 1)
        feed.publish(input: "send s last", events: [])
        guard case .batch(let entries, _)? = try decode(feed.frames(for: viewer)).first else { return XCTFail() }
        XCTAssertEqual(entries.map(\.input), ["send s last"])
    }
}
