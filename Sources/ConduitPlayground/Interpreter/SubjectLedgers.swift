import Conduit
import Foundation

/// The demand of every subscription to the session's subjects, and the values each one missed
/// for lack of it: a subject drops a value for a subscriber with no outstanding demand, and the
/// engine says nothing of it. Each subscription to a subject goes through a `DemandLedger` that
/// counts what is requested and delivered; a send made by the session (`send`, `hot`) counts a
/// drop for every subscription with nothing outstanding.
final class SubjectLedgers: @unchecked Sendable {
    private let lock = NSLock()
    private var ledgers: [DemandLedger] = []
    private var dropped: [String: Int] = [:]
    private var made = 0
    /// Where each subscription's link is kept, for the session to cancel when it lets go of its
    /// subjects (`HeldSubscriptions`).
    let held: HeldSubscriptions?
    /// Where each value dropped for lack of demand is recorded.
    private let recorder: EventRecorder?

    init(held: HeldSubscriptions? = nil, recorder: EventRecorder? = nil) {
        self.held = held
        self.recorder = recorder
    }

    /// `publisher`, the subject `name`, with every subscription to it counted.
    func wrap(_ publisher: Pipe, subject name: String, kind: String) -> Pipe {
        LedgeredSubject(upstream: publisher, subject: name, kind: kind, ledgers: self).eraseToAnyPublisher()
    }

    func add(subject: String) -> DemandLedger {
        lock.withLock {
            made += 1
            let ledger = DemandLedger(subject: subject, number: made)
            ledgers.append(ledger)
            return ledger
        }
    }

    /// How many subscriptions have been made so far: `claim` names those made after it.
    var count: Int { lock.withLock { made } }

    /// Names the subscriptions made since `count` was `since` after the sink whose subscribing
    /// made them.
    func claim(since: Int, for owner: String) {
        lock.withLock {
            for ledger in ledgers where ledger.number > since { ledger.nameOwner(owner) }
        }
    }

    /// Before the session sends `value` into `subject`: a drop for each live subscription with no
    /// outstanding demand, each recorded as a `valueDropped` event.
    func willSend(to subject: String, value: Value) {
        let missed: [DemandLedger] = lock.withLock {
            ledgers.removeAll { !$0.isLive }
            let missed = ledgers.filter { $0.subject == subject && $0.dropIfNoDemand() }
            dropped[subject, default: 0] += missed.count
            return missed
        }
        for ledger in missed {
            recorder?.record(.valueDropped(subject: subject, subscriber: ledger.ownerName, value: value))
        }
    }

    /// How many values sent into `subject` met a subscription without demand.
    func droppedCount(of subject: String) -> Int {
        lock.withLock { dropped[subject] ?? 0 }
    }

    /// The live subscriptions to `subject`, in the order they were made.
    func live(of subject: String) -> [DemandLedger] {
        lock.withLock { ledgers.filter { $0.subject == subject && $0.isLive } }
    }

    /// Forgets the subscriptions and drops of `subject` (made again), or of every subject.
    func clear(_ subject: String? = nil) {
        lock.withLock {
            if let subject {
                ledgers.removeAll { $0.subject == subject }
                dropped[subject] = nil
            } else {
                ledgers = []
                dropped = [:]
            }
        }
    }
}

/// One subscription to a subject: requested so far, delivered, and the values it missed.
final class DemandLedger: @unchecked Sendable {
    let subject: String
    let number: Int
    private let lock = NSLock()
    private var level = DemandLevel()
    private var dropped = 0
    private var live = true
    private var owner: String?

    init(subject: String, number: Int) {
        self.subject = subject
        self.number = number
    }

    var isLive: Bool { lock.withLock { live } }

    /// The sink whose subscribing made this subscription, once known.
    var ownerName: String? { lock.withLock { owner } }

    func nameOwner(_ name: String) {
        lock.withLock { if owner == nil { owner = name } }
    }

    func requested(_ demand: Subscribers.Demand) {
        lock.withLock { level.requested += demand }
    }

    func delivered(more: Subscribers.Demand) {
        lock.withLock {
            level.delivered += 1
            level.requested += more
        }
    }

    func ended() {
        lock.withLock { live = false }
    }

    /// Counts a drop if nothing is outstanding; true if it did.
    func dropIfNoDemand() -> Bool {
        lock.withLock {
            guard live, level.outstanding == 0 else { return false }
            dropped += 1
            return true
        }
    }

    /// `s: requested 2  delivered 2  outstanding 0  dropped 1`.
    var summary: String {
        lock.withLock {
            "\(owner ?? "subscription \(number)"): \(level.summary)" + (dropped > 0 ? "  dropped \(dropped)" : "")
        }
    }
}

/// A subject as pipelines read it: the engine's subject, each subscription through a ledger.
private struct LedgeredSubject: Publisher, CustomStringConvertible {
    typealias Output = Value
    typealias Failure = PlaygroundError

    let upstream: Pipe
    let subject: String
    let kind: String
    let ledgers: SubjectLedgers

    var description: String { kind }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == PlaygroundError {
        let link = LedgerLink(downstream: AnySubscriber(subscriber), ledger: ledgers.add(subject: subject), kind: kind)
        ledgers.held?.track(link)
        upstream.subscribe(link)
    }
}

/// Passes a subject's subscription and values through unchanged, counting demand on the way. Once
/// ended (completed, or cancelled, or ended by the session: `SessionLink`) it lets go of both sides.
private final class LedgerLink: Subscriber, Subscription, SessionLink, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Value
    typealias Failure = PlaygroundError

    private let ledger: DemandLedger
    private let lock = NSLock()
    private var downstream: AnySubscriber<Value, PlaygroundError>?
    private var upstream: Subscription?
    let description: String

    init(downstream: AnySubscriber<Value, PlaygroundError>, ledger: DemandLedger, kind: String) {
        self.downstream = downstream
        self.ledger = ledger
        self.description = kind
    }

    func receive(subscription: Subscription) {
        let downstream = lock.withLock {
            upstream = subscription
            return self.downstream
        }
        downstream?.receive(subscription: self)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        guard let downstream = lock.withLock({ self.downstream }) else { return .none }
        ledger.delivered(more: .none)
        let more = downstream.receive(input)
        if more > 0 { ledger.requested(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<PlaygroundError>) {
        ledger.ended()
        let downstream = lock.withLock {
            defer { (upstream, self.downstream) = (nil, nil) }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        ledger.requested(demand)
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        ledger.ended()
        let (subscription, released) = lock.withLock {
            defer { (upstream, downstream) = (nil, nil) }
            return (upstream, downstream)
        }
        subscription?.cancel()
        _ = released
    }

    func end() {
        ledger.ended()
        let (subscription, downstream) = lock.withLock {
            defer { (upstream, self.downstream) = (nil, nil) }
            return (upstream, self.downstream)
        }
        subscription?.cancel()
        downstream?.receive(completion: .finished)
    }
}
