import ConduitPlayground
import Foundation
import NIOCore
import XCTest

@testable import ConduitServe

/// A viewer reads the feed's log of frames: its first write is a snapshot, then each frame the
/// feed built since, the same buffer every other viewer writes, each entry once; a viewer further
/// behind than the log, or after more lines than a frame carries came between two frames, gets a
/// fresh snapshot.
final class LiveViewerTests: XCTestCase {
    private func decode(_ frames: [ByteBuffer]) throws -> [LiveMessage] {
        try frames.map { try JSONDecoder().decode(LiveMessage.self, from: Data(String(buffer: $0).utf8)) }
    }

    /// A viewer added to `feed` that has written its snapshot.
    private func connectedViewer(_ feed: LiveFeed) throws -> LiveViewer {
        let viewer = LiveViewer()
        XCTAssertTrue(feed.add(viewer, limit: 300))
        guard case .snapshot? = try decode(feed.frames(for: viewer)).first else {
            XCTFail("a viewer starts with a snapshot")
            return viewer
        }
        return viewer
    }

    func testAViewerStartsWithASnapshotThenGetsWhatCameSinceInOneFrame() throws {
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
        XCTAssertEqual(feed.frames(for: viewer), [], "nothing goes out before the feed builds a frame")
        feed.flush()
        let next = try decode(feed.frames(for: viewer))
        XCTAssertEqual(next.count, 1, "one frame")
        guard case .batch(let entries, let state)? = next.first else { return XCTFail("\(next)") }
        XCTAssertEqual(entries.map(\.input), ["send s 1", "send s 2"])
        XCTAssertEqual(state?.clock, "1s")
        XCTAssertEqual(feed.frames(for: viewer), [], "nothing is left over")
        feed.flush()
        XCTAssertEqual(feed.frames(for: viewer), [], "no frame when nothing is new")
    }

    func testEveryViewerWritesTheSameBufferAndALateOneStartsWhereTheLastFrameEnded() throws {
        let feed = LiveFeed()
        let first = try connectedViewer(feed)
        let second = try connectedViewer(feed)
        feed.publish(input: "send s 1", events: [])
        feed.publish(state: LiveState(clock: "1s", now: 1, tree: []))
        feed.flush()
        let shared = feed.frames(for: first)
        let same = feed.frames(for: second)
        XCTAssertEqual(shared.count, 1)
        XCTAssertEqual(same, shared)
        let addresses = (shared + same).map { $0.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } }
        XCTAssertEqual(addresses[0], addresses[1], "the same buffer, not a copy per viewer")

        // A viewer that comes between two frames gets the session as the last frame left it; the
        // next frame brings it the rest, each entry once.
        feed.publish(input: "send s 2", events: [])
        let late = LiveViewer()
        XCTAssertTrue(feed.add(late, limit: 10))
        guard case .snapshot(let transcript, let state)? = try decode(feed.frames(for: late)).first else {
            return XCTFail("a snapshot first")
        }
        XCTAssertEqual(transcript.map(\.input), ["send s 1"])
        XCTAssertEqual(state.clock, "1s")
        feed.flush()
        for viewer in [first, second, late] {
            let messages = try decode(feed.frames(for: viewer))
            guard case .batch(let entries, let state)? = messages.first, messages.count == 1 else {
                return XCTFail("\(messages)")
            }
            XCTAssertEqual(entries.map(\.input), ["send s 2"])
            XCTAssertNil(state, "the state did not change since the last frame")
        }
    }

    func testAWaitingViewerIsWokenByTheNextFrame() async throws {
        let feed = LiveFeed()
        let viewer = LiveViewer()
        XCTAssertTrue(feed.add(viewer, limit: 10))
        var wakes = viewer.wakes.makeAsyncIterator()
        _ = await wakes.next()  // the first wake: the snapshot is due
        _ = feed.frames(for: viewer)
        feed.park(viewer)
        feed.publish(input: "subject s", events: [])
        feed.flush()
        _ = await wakes.next()
        let frames = try decode(feed.frames(for: viewer))
        guard case .batch(let entries, _)? = frames.first else { return XCTFail("\(frames)") }
        XCTAssertEqual(entries.map(\.input), ["subject s"])
    }

    func testTheBroadcasterBuildsTheFramesWhileItRuns() async throws {
        let feed = LiveFeed()
        let viewer = try connectedViewer(feed)
        feed.park(viewer)
        let broadcaster = Task { await feed.broadcast() }
        defer { broadcaster.cancel() }
        var wakes = viewer.wakes.makeAsyncIterator()
        _ = await wakes.next()  // the first wake, from the viewer's creation
        var seen: [String] = []
        for line in 1...3 {
            feed.publish(input: "send s \(line)", events: [])
            while !seen.contains("send s \(line)") {
                feed.park(viewer)
                _ = await wakes.next()
                for message in try decode(feed.frames(for: viewer)) {
                    if case .batch(let entries, _) = message { seen += entries.map(\.input) }
                }
            }
        }
        XCTAssertEqual(seen, ["send s 1", "send s 2", "send s 3"])
    }

    func testAViewerFurtherBehindThanTheLogGetsAFreshSnapshot() throws {
        let feed = LiveFeed()
        let viewer = try connectedViewer(feed)
        let reader = try connectedViewer(feed)
        var read: [Int] = []
        for line in 1...(LiveFrameLog.frameLimit + 1) {
            feed.publish(input: "send s \(line)", events: [])
            feed.flush()
            for message in try decode(feed.frames(for: reader)) {
                if case .batch(let entries, _) = message { read += entries.map(\.sequence) }
            }
        }
        XCTAssertEqual(read, Array(1...(LiveFrameLog.frameLimit + 1)), "a viewer that keeps up gets every entry")
        let frames = try decode(feed.frames(for: viewer))
        guard case .snapshot(let transcript, _)? = frames.first, frames.count == 1 else {
            return XCTFail("a snapshot, not a backlog: \(frames.count) frames")
        }
        XCTAssertEqual(transcript.last?.sequence, LiveFrameLog.frameLimit + 1)
        feed.publish(input: "send s last", events: [])
        feed.flush()
        guard case .batch(let entries, _)? = try decode(feed.frames(for: viewer)).first else { return XCTFail() }
        XCTAssertEqual(entries.map(\.input), ["send s last"])
    }

    func testMoreLinesBetweenTwoFramesThanAFrameCarriesGiveEveryViewerTheSnapshot() throws {
        let feed = LiveFeed()
        let viewers = [try connectedViewer(feed), try connectedViewer(feed)]
        let lines = LiveFeed.unsentLimit + LiveFeed.transcriptLimit + 7
        for line in 1...lines { feed.publish(input: "send s \(line)", events: []) }
        feed.flush()
        for viewer in viewers {
            let frames = try decode(feed.frames(for: viewer))
            guard case .snapshot(let transcript, _)? = frames.first, frames.count == 1 else {
                return XCTFail("one snapshot: \(frames.count) frames")
            }
            XCTAssertEqual(transcript.map(\.sequence), Array((lines - LiveFeed.transcriptLimit + 1)...lines))
        }
        feed.publish(input: "send s last", events: [])
        feed.flush()
        guard case .batch(let entries, _)? = try decode(feed.frames(for: viewers[0])).first else { return XCTFail() }
        XCTAssertEqual(entries.map(\.sequence), [lines + 1])
    }

    func testEntriesNotYetSentSurviveTheTranscriptsTrimming() throws {
        let feed = LiveFeed()
        let viewer = try connectedViewer(feed)
        var read: [Int] = []
        // Frames of more than a snapshot's worth each: the transcript is trimmed between them.
        let perFrame = LiveFeed.unsentLimit - 1
        for frame in 0..<5 {
            for line in 1...perFrame { feed.publish(input: "send s \(frame * perFrame + line)", events: []) }
            feed.flush()
            for message in try decode(feed.frames(for: viewer)) {
                guard case .batch(let entries, _) = message else { return XCTFail("a batch, not a snapshot") }
                read += entries.map(\.sequence)
            }
        }
        XCTAssertEqual(read, Array(1...(5 * perFrame)))
        guard case .snapshot(let transcript, _) = feed.snapshot() else { return XCTFail() }
        XCTAssertEqual(transcript.count, LiveFeed.transcriptLimit)
    }

    func testTheLogKeepsOnlyItsNewestFramesWithinItsLimits() {
        var log = LiveFrameLog()
        for _ in 0..<(LiveFrameLog.frameLimit + 5) { log.append(ByteBuffer(string: "{}")) }
        XCTAssertEqual(log.tick, LiveFrameLog.frameLimit + 5)
        XCTAssertNil(log.frames(after: 4), "older than the log: a snapshot")
        XCTAssertEqual(log.frames(after: 5)?.count, LiveFrameLog.frameLimit)
        XCTAssertEqual(log.frames(after: log.tick)?.count, 0)

        var large = LiveFrameLog()
        let half = LiveFrameLog.byteLimit / 2 + 1
        large.append(ByteBuffer(repeating: 0, count: half))
        large.append(ByteBuffer(repeating: 1, count: half))
        XCTAssertNil(large.frames(after: 0), "the bytes past the limit went")
        XCTAssertEqual(large.frames(after: 1)?.count, 1, "the newest frame stays whatever its size")
    }
}
