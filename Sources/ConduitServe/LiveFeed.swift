import ConduitPlayground
import Foundation

/// The session as the live page sees it: the transcript (the latest `transcriptLimit` entries),
/// the latest state, and the viewers to push each change to. The REPL publishes into it after
/// every line; viewers only read.
public final class LiveFeed: @unchecked Sendable {
    /// How many transcript entries a snapshot carries.
    public static let transcriptLimit = 2_000

    private let lock = NSLock()
    private var transcript: [TranscriptEntry] = []
    private var sequence = 0
    private var state = LiveState.empty
    private var viewers: [ObjectIdentifier: LiveViewer] = [:]
    private var ignored = 0

    public init() {}

    /// Records a line the teacher ran and what it printed, and pushes it to every viewer.
    public func publish(input: String, records: [OutputRecord]) {
        let (entry, targets): (TranscriptEntry, [LiveViewer]) = lock.withLock {
            sequence += 1
            let entry = TranscriptEntry(sequence: sequence, input: input, records: records)
            transcript.append(entry)
            if transcript.count > 2 * LiveFeed.transcriptLimit {
                transcript.removeFirst(transcript.count - LiveFeed.transcriptLimit)
            }
            return (entry, Array(viewers.values))
        }
        guard !targets.isEmpty else { return }
        let text = LiveFeed.encode(.entry(entry))
        for viewer in targets { viewer.post(entry: text, sequence: entry.sequence) }
    }

    /// Replaces the state (tree and marbles) and pushes it to every viewer.
    public func publish(state newState: LiveState) {
        let targets: [LiveViewer] = lock.withLock {
            guard newState != state else { return [] }
            state = newState
            return Array(viewers.values)
        }
        guard !targets.isEmpty else { return }
        let text = LiveFeed.encode(.state(newState))
        for viewer in targets { viewer.post(state: text) }
    }

    /// Everything a page needs to draw the session from nothing.
    public func snapshot() -> LiveMessage {
        lock.withLock { .snapshot(transcript: Array(transcript.suffix(LiveFeed.transcriptLimit)), state: state) }
    }

    /// The snapshot as the JSON text a page receives.
    func encodedSnapshot() -> String {
        encodedSnapshotThrough().text
    }

    /// The snapshot as JSON text, and the sequence number of the newest entry it holds (0 when
    /// none), taken together so that a viewer can skip the entries the snapshot already has.
    func encodedSnapshotThrough() -> (text: String, through: Int) {
        let (message, through): (LiveMessage, Int) = lock.withLock {
            (.snapshot(transcript: Array(transcript.suffix(LiveFeed.transcriptLimit)), state: state), sequence)
        }
        return (LiveFeed.encode(message), through)
    }

    /// A message as JSON text, encoded once for every viewer.
    static func encode(_ message: LiveMessage) -> String {
        // Encoding these plain structures cannot fail.
        String(decoding: (try? JSONEncoder().encode(message)) ?? Data(), as: UTF8.self)
    }

    /// How many pages are connected.
    public var viewerCount: Int { lock.withLock { viewers.count } }

    /// How many messages viewers sent (and the feed dropped: viewers can only watch).
    public var ignoredMessages: Int { lock.withLock { ignored } }

    func add(_ viewer: LiveViewer) {
        lock.withLock { viewers[ObjectIdentifier(viewer)] = viewer }
    }

    func remove(_ viewer: LiveViewer) {
        lock.withLock { _ = viewers.removeValue(forKey: ObjectIdentifier(viewer)) }
        viewer.close()
    }

    func ignoreMessage() {
        lock.withLock { ignored += 1 }
    }
}
