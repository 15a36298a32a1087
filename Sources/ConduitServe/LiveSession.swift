import ConduitPlayground
import Foundation

/// Connects a playground session to a `LiveFeed`: after each statement the REPL runs, `record`
/// pushes the statement with the typed events it caused (`Session.events(after:)`) at once, and the
/// session's state (tree with demand, clock, hidden sinks, predictions) at most ten times a second,
/// so that replaying a long script is not slowed by drawing every step; `flush` sends the latest
/// state when the REPL waits for the next line.
///
/// The events of a hidden sink (`hide`) are held back until it is revealed: the room predicts
/// what it cannot see.
public final class LiveSession: @unchecked Sendable {
    public let feed: LiveFeed
    /// The least time between two state updates while statements come quickly.
    static let stateInterval: TimeInterval = 0.1
    /// The most events one entry carries (the latest of them); the page is a view, not an archive.
    public static let eventLimit = 2_000

    private let lock = NSLock()
    private var lastUpdate = Date.distantPast
    private var dirty = false
    /// The newest event sequence number already published.
    private var lastSequence = 0
    private var hidden: Set<String> = []
    /// Events of hidden sinks, held until `reveal` (at most `eventLimit` per sink).
    private var withheld: [String: [SessionEvent]] = [:]
    /// What each name is (from `defined`), and each lane's latest demand (from its events).
    private var entities: [String: String] = [:]
    private var levels: [String: DemandLevel] = [:]
    /// The session whose asynchronous output (real-time timers) comes without one.
    private weak var session: Session?

    public init(feed: LiveFeed) {
        self.feed = feed
    }

    /// Publishes one evaluated statement; call it on the thread that evaluates. `records` is what
    /// the terminal printed; the page reads the events behind it instead.
    public func record(input: String, records: [OutputRecord], session: Session) {
        publishEvents(input: input, session: session)
        let due: Bool = lock.withLock {
            dirty = true
            return Date().timeIntervalSince(lastUpdate) >= LiveSession.stateInterval
        }
        if due { update(from: session) }
    }

    /// Draws the state if a statement changed it since the last drawing (the REPL calls this when it
    /// is about to wait for input).
    public func flush(_ session: Session) {
        if lock.withLock({ dirty }) { update(from: session) }
    }

    /// Publishes the events that arrived between lines (real-time timers) as an entry of its own.
    public func recordAsynchronous(_ record: OutputRecord) {
        guard let session = lock.withLock({ self.session }) else { return }
        publishEvents(input: "", session: session)
        lock.withLock { dirty = true }
    }

    /// Publishes the session's state now.
    public func update(from session: Session) {
        let overview = session.overview()
        let hiddenNow = session.hiddenSinks
        let (entities, levels): ([String: String], [String: DemandLevel]) = lock.withLock {
            dirty = false
            lastUpdate = Date()
            self.session = session
            return (self.entities, self.levels)
        }
        let hiddenSet = Set(hiddenNow)
        let tree = LiveTreeNode.nodes(of: overview.subscriptions, entities: entities, levels: levels, hidden: hiddenSet)
        feed.publish(state: LiveState(
            clock: overview.clock, now: overview.now, tree: tree, hidden: hiddenNow,
            groups: overview.laneGroups, present: session.presenterLanes, predictions: session.predictionCounts,
            tallies: session.revealTallies.map(LiveTally.init)))
    }

    /// Takes the events since the last ones published, holds back those of hidden sinks, releases
    /// those of sinks revealed since, and publishes them as one entry.
    private func publishEvents(input: String, session: Session) {
        let hiddenNow = Set(session.hiddenSinks)
        lock.withLock {
            self.session = session
            let new = session.events(after: lastSequence)
            if let last = new.last { lastSequence = last.sequence }
            hidden = hiddenNow
            var shown: [SessionEvent] = []
            shown.reserveCapacity(min(new.count, LiveSession.eventLimit))
            var skipped = 0
            for event in new {
                if let sink = hiddenSink(of: event) {
                    withheld[sink, default: []].append(event)
                    if withheld[sink]!.count > LiveSession.eventLimit { withheld[sink]!.removeFirst() }
                    continue
                }
                note(event)
                if shown.count == LiveSession.eventLimit {
                    shown.removeFirst(LiveSession.eventLimit / 2)
                    skipped += LiveSession.eventLimit / 2
                }
                shown.append(event)
            }
            var revealed: [SessionEvent] = []
            for sink in withheld.keys.sorted() where !hidden.contains(sink) {
                let events = withheld.removeValue(forKey: sink) ?? []
                events.forEach(note)
                revealed += events
            }
            feed.publish(input: input, events: shown, revealed: revealed, skipped: skipped)
        }
    }

    /// The hidden sink whose output `event` is, if any: its lane is the sink or one of its inner
    /// lanes (`out:1`), or a value dropped for it.
    private func hiddenSink(of event: SessionEvent) -> String? {
        guard !hidden.isEmpty else { return nil }
        let lane: String
        switch event.kind {
        case .received(let name, _, _), .completed(let name, _), .cancelled(let name), .requested(let name, _, _):
            lane = name
        case .valueDropped(_, let subscriber?, _):
            lane = subscriber
        case .printed, .error:
            return nil
        default:
            return nil
        }
        if hidden.contains(lane) { return lane }
        if let colon = lane.firstIndex(of: ":"), hidden.contains(String(lane[..<colon])) {
            return String(lane[..<colon])
        }
        return nil
    }

    /// Keeps what the tree needs from an event that is shown: a name's entity, a lane's demand.
    private func note(_ event: SessionEvent) {
        switch event.kind {
        case .defined(let name, let entity): entities[name] = entity
        case .dropped(let name):
            entities[name] = nil
            levels[name] = nil
        case .requested(let lane, _, let level), .received(let lane, _, let level?): levels[lane] = level
        default: break
        }
    }
}
