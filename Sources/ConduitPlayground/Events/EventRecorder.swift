import Conduit
import ConduitInstrumentation
import Foundation
import Synchronization

/// The one record of what happened in a session, in order: the interpreter records what it
/// defines, sends, prints and fails, each sink and marble lane its subscription's life, and the
/// engine's `Instrumentation` the links of traced sinks. `marbles` (`Timeline`), `trace` lines
/// (`TraceLine`) and the live page are drawn from these events; nothing else keeps them.
///
/// Thread-safe: timers in real time record from their own threads, under the one lock. The engine
/// is listened to only while some sink is traced (`trace NAME`): a listening observer costs every
/// link in the process a boxed event per value, so a sink's own events are recorded by the sink.
final class EventRecorder: Instrumentation.Observer, @unchecked Sendable {
    /// How many events are held at most (about 100 bytes each, plus text printed). When the record
    /// is full, the oldest half goes at once (and is counted in `forgotten`): a long session or
    /// script keeps the latest events. `restart` (the clock starting again) lets go of them all.
    static let capacity = 100_000

    private let lock = NSLock()
    private var events: [SessionEvent] = []
    private var nextSequence = 1
    private var _forgotten = 0
    /// The session's clock, in nanoseconds: when each event happened.
    private let clock: @Sendable () -> Int

    private var traced: [CombineIdentifier: TracedSink] = [:]
    /// A traced sink, held weakly: the sink holds the recorder, so a strong hold would keep both
    /// (and the session's clock with them) after the session (found by the fuzzer's leak check).
    private struct TracedSink {
        weak var sink: PlaygroundSink?
    }
    /// How many sinks are traced, readable without the lock: most sessions trace none, and every
    /// event of every link comes through `observe` while one is.
    private let tracedCount = Atomic<Int>(0)
    private var _onTrace: (@Sendable (SessionEvent) -> Void)?
    /// Folded from the events as they are recorded (`innerSubscribed`, and the end of those lanes):
    /// the inner subscriptions of each owner, the live inner lanes, and each owner's lanes so far.
    private var innerTallies: [String: InnerSubscriptionTally] = [:]
    private var liveInnerLanes: [String: (owner: String, publisher: String)] = [:]
    private var innerLaneCounts: [String: Int] = [:]

    init(clock: @escaping @Sendable () -> Int) {
        self.clock = clock
    }

    /// Records `kind` as happening now, and returns the event.
    @discardableResult
    func record(_ kind: SessionEvent.Kind, origin: SessionEvent.Origin = .session) -> SessionEvent {
        let time = clock()
        return lock.withLock {
            let event = SessionEvent(sequence: nextSequence, time: time, origin: origin, kind: kind)
            nextSequence += 1
            fold(kind)
            events.append(event)
            if events.count >= Self.capacity {
                events.removeFirst(Self.capacity / 2)
                _forgotten += Self.capacity / 2
            }
            return event
        }
    }

    /// Keeps the snapshot of inner subscriptions up to date with `kind` (under the lock).
    private func fold(_ kind: SessionEvent.Kind) {
        switch kind {
        case .innerSubscribed(let lane, let owner, let publisher) where liveInnerLanes[lane] == nil:
            liveInnerLanes[lane] = (owner, publisher)
            innerTallies[owner, default: InnerSubscriptionTally()].began(publisher)
        case .completed(let lane, _), .cancelled(let lane):
            guard let ended = liveInnerLanes.removeValue(forKey: lane) else { return }
            innerTallies[ended.owner]?.ended(ended.publisher)
        default:
            break
        }
    }

    /// The marble lane for the next publisher a closure of `owner` returns: `owner:1`, `owner:2`, ...
    func nextInnerLane(for owner: String) -> String {
        lock.withLock {
            innerLaneCounts[owner, default: 0] += 1
            return "\(owner):\(innerLaneCounts[owner]!)"
        }
    }

    /// `inner subscriptions: 3 made, 1 live: ...` for `owner`, or nil if its closures made none.
    func innerSummary(for owner: String) -> String? {
        lock.withLock { innerTallies[owner]?.summary }
    }

    /// Forgets every owner's inner subscriptions (`reset`).
    func forgetInnerSubscriptions() {
        lock.withLock {
            innerTallies = [:]
            liveInnerLanes = [:]
            innerLaneCounts = [:]
        }
    }

    /// `record` with the event it tells of: a record made with none (information, a diagram, an
    /// error not at a place) is recorded as printed text, or as an error with no range.
    func withEvent(_ record: OutputRecord) -> OutputRecord {
        guard record.event == nil else { return record }
        let kind: SessionEvent.Kind = record.kind == .error
            ? .error(message: record.text, range: nil) : .printed(kind: record.kind, text: record.text)
        return record.with(self.record(kind))
    }

    /// Every event held, oldest first.
    var all: [SessionEvent] {
        lock.withLock { events }
    }

    /// The events held after sequence number `sequence`, oldest first.
    func events(after sequence: Int) -> [SessionEvent] {
        lock.withLock {
            guard let first = events.first, sequence >= first.sequence else { return events }
            return Array(events[min(events.count, sequence - first.sequence + 1)...])
        }
    }

    /// The clock starts again at 0 (`clock reset`, `reset`): the events so far are let go (and
    /// counted in `forgotten`), as what `marbles` drew is; the record starts again with a
    /// `clockReset`, then a `dropped` event for each of `names` (what `reset` forgot).
    func restart(dropping names: [String] = []) {
        lock.withLock {
            _forgotten += events.count
            events = []
        }
        record(.clockReset)
        for name in names { record(.dropped(name: name)) }
    }

    /// How many of the oldest events were let go to keep within `capacity`, or by `restart`.
    var forgotten: Int {
        lock.withLock { _forgotten }
    }

    /// What `marbles` draws: the lanes of the events since the clock last started again.
    var timeline: Timeline {
        Timeline(events: all)
    }

    // MARK: The engine's events, for `trace`

    /// Receives each event the engine reports on a traced sink's link, as it is recorded, outside
    /// the lock; set by the session, which prints it as a trace line.
    var onTrace: (@Sendable (SessionEvent) -> Void)? {
        get { lock.withLock { _onTrace } }
        set { lock.withLock { _onTrace = newValue } }
    }

    /// Starts or stops recording the engine's events on `sink`'s link.
    func trace(_ sink: PlaygroundSink, on: Bool) {
        let count: Int = lock.withLock {
            traced[sink.combineIdentifier] = on ? TracedSink(sink: sink) : nil
            tracedCount.store(traced.count, ordering: .releasing)
            return traced.count
        }
        Instrumentation.setListening(count > 0, for: self)
    }

    func isTraced(_ sink: PlaygroundSink) -> Bool {
        lock.withLock { traced[sink.combineIdentifier]?.sink != nil }
    }

    func observe(_ event: Instrumentation.Event) {
        if tracedCount.load(ordering: .acquiring) == 0 { return }
        guard let sink = lock.withLock({ traced[event.subscriber]?.sink }) else { return }
        let lane = sink.name
        let level = sink.demand
        let kind: SessionEvent.Kind
        switch event.kind {
        case .subscribe: return
        case .subscription: kind = .subscribed(lane: lane)
        case .request(let demand): kind = .requested(lane: lane, demand: demand, level: level)
        case .value(let value):
            // Reported before the sink has it: the level it leaves has one more delivered.
            kind = .received(lane: lane, value: value as? Value ?? .string("\(value)"),
                level: DemandLevel(requested: level.requested, delivered: level.delivered + 1))
        case .finished: kind = .completed(lane: lane, completion: .finished)
        case .failure(let error):
            // The message as written (`LoadError.offline`), as the sink's line shows it.
            kind = .completed(lane: lane, completion: .failed((error as? PlaygroundError)?.message ?? "\(error)"))
        case .cancel: kind = .cancelled(lane: lane)
        }
        let recorded = record(kind, origin: .engine(publisher: event.publisherDescription))
        onTrace?(recorded)
    }
}
