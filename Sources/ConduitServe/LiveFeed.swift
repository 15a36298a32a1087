import ConduitPlayground
import Foundation
import NIOCore

/// The session as the live page sees it: the transcript (the latest entries, each a line and its
/// typed events), the latest state, and the viewers to push each change to. The REPL publishes
/// into it after every line; viewers read, and may send only a prediction (`LiveRoom`).
///
/// Publishing costs the REPL the same with 200 viewers as with none: it appends the entry and, at
/// most once per frame, wakes the broadcaster (`broadcast`). That task builds one batch frame of
/// everything new at most twenty times a second, encodes it once, and every viewer's writer sends
/// that same buffer (`LiveFrameLog`). A viewer further behind than the log gets one fresh snapshot.
public final class LiveFeed: @unchecked Sendable {
    /// How many transcript entries a snapshot carries at most, and how many events in all.
    public static let transcriptLimit = 2_000
    public static let snapshotEventLimit = 50_000
    /// How many entries, and events, may wait for the next frame: past that the frame is a
    /// snapshot instead (four snapshots' worth: 160,000 lines a second at twenty frames a second).
    static let unsentLimit = 4 * transcriptLimit
    static let unsentEventLimit = 4 * snapshotEventLimit
    /// The least time between two frames, in nanoseconds (50 ms): what comes meanwhile goes out in
    /// the next frame.
    static let frameInterval: UInt64 = 50_000_000

    /// What a frame brings every viewer to: the newest entry, and the state with its version.
    private struct Mark {
        let sequence: Int
        let state: LiveState
        let stateVersion: Int
    }

    private let lock = NSLock()
    /// Held by `flush` throughout, so that frames are built one at a time and appended in order.
    private let flushLock = NSLock()
    private var transcript: [TranscriptEntry] = []
    private var transcriptEvents = 0
    private var sequence = 0
    private var state = LiveState.empty
    /// Bumped by every change of the state.
    private var stateVersion = 0
    private var viewers: [ObjectIdentifier: LiveViewer] = [:]
    /// Viewers whose writers wait for the next frame: a frame wakes these only.
    private var waiting: [ObjectIdentifier: LiveViewer] = [:]

    // What the viewers get, kept only while one is connected.
    /// What the log's newest frame brought the viewers to (a snapshot for its tick shows this).
    private var sent = Mark(sequence: 0, state: .empty, stateVersion: 0)
    /// The entries after `sent`, and their events: those of the next frame.
    private var unsent = 0
    private var unsentEvents = 0
    /// More entries came between two frames than `unsentLimit`: the next "frame" is a snapshot.
    private var overflowed = false
    private var log = LiveFrameLog()
    /// The snapshot of the log's newest tick, encoded once for every viewer that needs one.
    private var cachedSnapshot: (tick: Int, frame: ByteBuffer)?
    /// Bumped when the first viewer comes or the last goes: a frame built across it is dropped.
    private var generation = 0
    /// Whether the broadcaster was woken for a frame it has not built yet, and how to wake it.
    private var due = false
    private var broadcaster: AsyncStream<Void>.Continuation?
    /// Which `broadcast` call `broadcaster` belongs to (a later call replaces an earlier one).
    private var broadcasterNumber = 0
    /// The server's event loops, which write what the viewers' writers hand them (`finish`).
    private var eventLoops: (any EventLoopGroup)?

    public init() {}

    /// Records a line the teacher ran and the events it caused, for the next frame.
    public func publish(input: String, events: [SessionEvent], revealed: [SessionEvent] = [], skipped: Int = 0) {
        let wake: AsyncStream<Void>.Continuation? = lock.withLock {
            sequence += 1
            let entry = TranscriptEntry(sequence: sequence, input: input, events: events, revealed: revealed,
                skipped: skipped)
            let size = events.count + revealed.count
            transcript.append(entry)
            transcriptEvents += size
            if !viewers.isEmpty, !overflowed {
                unsent += 1
                unsentEvents += size
                // More than a frame should carry: the next frame is a snapshot.
                if unsent > LiveFeed.unsentLimit || unsentEvents > LiveFeed.unsentEventLimit {
                    overflowed = true
                    (unsent, unsentEvents) = (0, 0)
                }
            }
            if transcript.count - unsent > 2 * LiveFeed.transcriptLimit
                || transcriptEvents - unsentEvents > 2 * LiveFeed.snapshotEventLimit {
                trimTranscript()
            }
            return takeWake()
        }
        wake?.yield(())
    }

    /// Keeps the entries not yet sent and, before them, the latest that a snapshot holds; called
    /// with the lock held when those before have grown to twice a snapshot (so trimming stays
    /// cheap per line).
    private func trimTranscript() {
        var keep = unsent
        var kept = unsentEvents
        while keep < transcript.count, keep - unsent < LiveFeed.transcriptLimit {
            let entry = transcript[transcript.count - keep - 1]
            let size = entry.events.count + entry.revealed.count
            if kept + size > unsentEvents + LiveFeed.snapshotEventLimit, keep > unsent { break }
            kept += size
            keep += 1
        }
        transcript.removeFirst(transcript.count - keep)
        transcriptEvents = kept
    }

    /// Marks a frame due and returns the broadcaster to wake, unless it is already woken or no
    /// viewer is connected; called with the lock held.
    private func takeWake() -> AsyncStream<Void>.Continuation? {
        guard !viewers.isEmpty, !due else { return nil }
        due = true
        return broadcaster
    }

    /// Replaces the state, for the next frame.
    public func publish(state newState: LiveState) {
        let wake: AsyncStream<Void>.Continuation? = lock.withLock {
            guard newState != state else { return nil }
            state = newState
            stateVersion += 1
            return takeWake()
        }
        wake?.yield(())
    }

    /// Replaces the number of predictions per hidden sink (a learner predicted, between lines).
    public func publish(predictionCounts: [String: Int]) {
        let current = lock.withLock { state }
        publish(state: current.with(predictions: predictionCounts))
    }

    /// Builds frames while the task runs: one as soon as something is published after a quiet
    /// spell, then at most one per `frameInterval` (`LiveServer` runs it beside the server).
    public func broadcast() async {
        let (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (previous, number): (AsyncStream<Void>.Continuation?, Int) = lock.withLock {
            defer { broadcaster = continuation }
            broadcasterNumber += 1
            return (broadcaster, broadcasterNumber)
        }
        previous?.finish()
        // Whatever came before this task started.
        continuation.yield(())
        for await _ in signals {
            flush()
            try? await Task.sleep(nanoseconds: LiveFeed.frameInterval)
        }
        lock.withLock {
            if broadcasterNumber == number { broadcaster = nil }
        }
    }

    /// Builds the frame of everything published since the last one, once for every viewer, and
    /// wakes the writers that wait; nothing when nothing is new or no viewer is connected. The
    /// encoding happens here, off the REPL's thread.
    func flush() {
        flushLock.withLock {
            enum Work {
                case batch(entries: [TranscriptEntry], state: LiveState?)
                case snapshot(LiveMessage)
            }
            let taken: (work: Work, mark: Mark, generation: Int)? = lock.withLock {
                due = false
                guard !viewers.isEmpty else { return nil }
                let mark = Mark(sequence: sequence, state: state, stateVersion: stateVersion)
                if overflowed {
                    overflowed = false
                    return (.snapshot(.snapshot(transcript: latestTranscript(through: sequence), state: state)),
                            mark, generation)
                }
                let newState = stateVersion != sent.stateVersion ? state : nil
                guard unsent > 0 || newState != nil else { return nil }
                let entries = Array(transcript.suffix(unsent))
                (unsent, unsentEvents) = (0, 0)
                return (.batch(entries: entries, state: newState), mark, generation)
            }
            guard let taken else { return }
            let frame: ByteBuffer
            switch taken.work {
            case .batch(let entries, let state): frame = LiveJSON.batch(entries: entries, state: state)
            case .snapshot(let message): frame = LiveFeed.frame(message)
            }
            let targets: [LiveViewer] = lock.withLock {
                guard generation == taken.generation else { return [] }
                if case .snapshot = taken.work {
                    // Every viewer is behind the log now: each writes this snapshot next.
                    log.restart(at: log.tick + 1)
                    cachedSnapshot = (log.tick, frame)
                } else {
                    log.append(frame)
                }
                sent = taken.mark
                defer { waiting.removeAll() }
                return Array(waiting.values)
            }
            for viewer in targets { viewer.signal() }
        }
    }

    /// Sends what is left before the session ends: builds the last frame now, waits at most
    /// `seconds` until every viewer's writer has handed it to its connection, then until the
    /// server's event loops have written what they were handed. A viewer that stopped reading holds
    /// the end no longer than that.
    public func finish(waitingAtMost seconds: Double) {
        flush()
        let deadline = Date().addingTimeInterval(seconds)
        while lock.withLock({ waiting.count < viewers.count }), Date() < deadline { usleep(1_000) }
        guard let loops = lock.withLock({ eventLoops }) else { return }
        for loop in loops.makeIterator() { try? loop.submit {}.wait() }
    }

    /// Tells `finish` which event loops write to the viewers (the server's, when it starts).
    func attach(_ loops: any EventLoopGroup) {
        lock.withLock { eventLoops = loops }
    }

    /// The frames to write to `viewer` now: its answers, then a snapshot if it needs one (first, or
    /// after falling behind the log), else the log's frames it has not had (the same buffers every
    /// viewer writes); nothing more when nothing is new.
    func frames(for viewer: LiveViewer) -> [ByteBuffer] {
        let answers = viewer.takeAnswers().map { ByteBuffer(string: $0) }
        let ready: ArraySlice<ByteBuffer>? = lock.withLock {
            guard !viewer.needsSnapshot, let after = log.frames(after: viewer.cursor) else { return nil }
            viewer.cursor = log.tick
            return after
        }
        if let ready { return answers + ready }
        return answers + [snapshotFrame(for: viewer)]
    }

    /// The snapshot of the log's newest tick (what its newest frame brought viewers to), encoded
    /// once per tick; `viewer` then reads on from that tick.
    private func snapshotFrame(for viewer: LiveViewer) -> ByteBuffer {
        let (tick, message, cached): (Int, LiveMessage?, ByteBuffer?) = lock.withLock {
            if let cachedSnapshot, cachedSnapshot.tick == log.tick { return (log.tick, nil, cachedSnapshot.frame) }
            return (log.tick, .snapshot(transcript: latestTranscript(through: sent.sequence), state: sent.state), nil)
        }
        let frame = cached ?? message.map { LiveFeed.frame($0) } ?? ByteBuffer()
        lock.withLock {
            if cached == nil, log.tick == tick { cachedSnapshot = (tick, frame) }
            viewer.needsSnapshot = false
            viewer.cursor = tick
        }
        return frame
    }

    /// Puts `viewer`'s writer among those that wait, or wakes it at once if a frame (or an answer)
    /// came since it last took its frames.
    func park(_ viewer: LiveViewer) {
        let due: Bool = lock.withLock {
            guard viewers[ObjectIdentifier(viewer)] != nil else { return false }
            if viewer.needsSnapshot || viewer.cursor != log.tick || viewer.hasAnswers { return true }
            waiting[ObjectIdentifier(viewer)] = viewer
            return false
        }
        if due { viewer.signal() }
    }

    /// Everything a page needs to draw the session from nothing, as it is now.
    public func snapshot() -> LiveMessage {
        lock.withLock { .snapshot(transcript: latestTranscript(through: sequence), state: state) }
    }

    /// The snapshot as JSON text (`GET /snapshot`).
    func encodedSnapshot() -> String {
        LiveFeed.encode(snapshot())
    }

    /// The latest entries up to sequence number `through`, within a snapshot's limits; called with
    /// the lock held.
    private func latestTranscript(through: Int) -> [TranscriptEntry] {
        guard let first = transcript.first?.sequence else { return [] }
        let end = min(transcript.count, max(0, through - first + 1))
        var start = end
        var events = 0
        while start > 0, end - start < LiveFeed.transcriptLimit {
            let size = transcript[start - 1].events.count + transcript[start - 1].revealed.count
            if start < end, events + size > LiveFeed.snapshotEventLimit { break }
            events += size
            start -= 1
        }
        return Array(transcript[start..<end])
    }

    /// A value as JSON text.
    static func encode<Message: Encodable>(_ message: Message) -> String {
        // Encoding these plain structures cannot fail.
        String(decoding: (try? JSONEncoder().encode(message)) ?? Data(), as: UTF8.self)
    }

    /// A message as a frame's JSON bytes, encoded once for every viewer (`LiveJSON`).
    static func frame(_ message: LiveMessage) -> ByteBuffer {
        LiveJSON.frame(message)
    }

    /// How many pages are connected.
    public var viewerCount: Int { lock.withLock { viewers.count } }

    /// Adds a viewer unless `limit` are connected already; false when the room is full. The first
    /// viewer starts the log from the session as it is.
    func add(_ viewer: LiveViewer, limit: Int) -> Bool {
        lock.withLock {
            guard viewers.count < limit else { return false }
            if viewers.isEmpty {
                generation += 1
                sent = Mark(sequence: sequence, state: state, stateVersion: stateVersion)
                (unsent, unsentEvents, overflowed) = (0, 0, false)
                log.restart(at: log.tick + 1)
                cachedSnapshot = nil
            }
            viewers[ObjectIdentifier(viewer)] = viewer
            return true
        }
    }

    func remove(_ viewer: LiveViewer) {
        lock.withLock {
            viewers.removeValue(forKey: ObjectIdentifier(viewer))
            waiting.removeValue(forKey: ObjectIdentifier(viewer))
            if viewers.isEmpty {
                generation += 1
                log.restart(at: log.tick)
                cachedSnapshot = nil
            }
        }
        viewer.close()
    }
}
