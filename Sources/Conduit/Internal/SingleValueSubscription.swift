import Synchronization

/// The subscription of publishers that send at most one value and then complete: `Just`,
/// `Optional.Publisher` and `Result.Publisher` (`Future` has its own, which reflection shows).
///
/// The outcome may be known at once or later (`resolve`); the value goes out on the first positive
/// demand once it is known, followed by the completion. A failure goes out as soon as it is known,
/// demand or not. No lock is held while the subscriber runs.
///
/// One atomic word of flags replaces a lock (these subscriptions are made once per inner publisher
/// of a `flatMap`, so an allocated mutex per subscription showed in its benchmark): whichever
/// thread sets `claimed` (a delivery once the outcome is known and due, or `cancel`) is the only
/// one to touch `downstream` from then on. `@usableFromInline` with `@inlinable` members, so a
/// client's pipeline runs specialised code.
@usableFromInline
internal final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    enum Outcome {
        case pending
        case value(Output)
        case empty
        case failure(Failure)
    }

    /// The subscriber asked for a value.
    @usableFromInline static var requested: UInt8 { 1 }
    /// `outcome` is set and will not change.
    @usableFromInline static var resolved: UInt8 { 2 }
    /// The outcome is a value, so it waits for a request.
    @usableFromInline static var needsDemand: UInt8 { 4 }
    /// Delivered or cancelled: the thread that set it owns `downstream`.
    @usableFromInline static var claimed: UInt8 { 8 }
    /// `start` has read `downstream` and is handing the subscription out: deliveries may begin
    /// (a `Future` may resolve on another thread before that).
    @usableFromInline static var started: UInt8 { 16 }

    @usableFromInline let state: Atomic<UInt8>
    /// Read by `start` before it sets `started`; afterwards only by the thread that set `claimed`.
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    /// Written once, before `resolved` is set (at creation, or by `resolve`); read-only after.
    @exclusivity(unchecked) @usableFromInline var outcome: Outcome
    @usableFromInline let name: String

    /// Creates the subscription; the outcome is `result` (a `nil` success means "finish without a
    /// value"), or not yet known if `result` is `nil`.
    @inlinable
    init(downstream: Downstream, name: String, result: Result<Output?, Failure>? = nil) {
        self.downstream = downstream
        self.name = name
        switch result {
        case .none: outcome = .pending
        case .success(let value?)?: outcome = .value(value)
        case .success(nil)?: outcome = .empty
        case .failure(let error)?: outcome = .failure(error)
        }
        state = Atomic(Self.flags(for: outcome))
    }

    @usableFromInline
    var description: String { name }

    /// The value, as one unlabelled child (Combine's `Just`, `Optional` and `Once` show it so),
    /// once it is known; nothing before.
    @usableFromInline
    var customMirror: Mirror {
        guard state.load(ordering: .acquiring) & Self.resolved != 0, case .value(let value) = outcome else {
            return Mirror(self, children: [:])
        }
        return Mirror(self, unlabeledChildren: [value])
    }

    @usableFromInline
    var playgroundDescription: Any { name }

    /// Hands the subscription to the subscriber and delivers what can be delivered without demand.
    @inlinable
    func start() {
        guard let downstream else { return }
        state.bitwiseOr(Self.started, ordering: .acquiringAndReleasing)
        downstream.receive(subscription: self)
        deliverIfDue()
    }

    /// Sets the outcome once it is known (for `Future`, which calls it at most once) and delivers
    /// it if it can.
    @inlinable
    func resolve(_ result: Result<Output, Failure>) {
        guard state.load(ordering: .acquiring) & (Self.resolved | Self.claimed) == 0 else { return }
        switch result {
        case .success(let value): outcome = .value(value)
        case .failure(let error): outcome = .failure(error)
        }
        state.bitwiseOr(Self.flags(for: outcome), ordering: .acquiringAndReleasing)
        deliverIfDue()
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        state.bitwiseOr(Self.requested, ordering: .acquiringAndReleasing)
        deliverIfDue()
    }

    @inlinable
    func cancel() {
        if claim(dueOnly: false) {
            downstream = nil
        }
    }

    /// The flags that say what `outcome` is.
    @inlinable
    static func flags(for outcome: Outcome) -> UInt8 {
        switch outcome {
        case .pending: 0
        case .value: resolved | needsDemand
        case .empty, .failure: resolved
        }
    }

    /// Sets `claimed` if nobody has (and, with `dueOnly`, if the outcome is known and due); true
    /// if this call did.
    @inlinable
    func claim(dueOnly: Bool) -> Bool {
        var seen = state.load(ordering: .acquiring)
        while seen & Self.claimed == 0 {
            if dueOnly {
                guard seen & Self.started != 0, seen & Self.resolved != 0 else { return false }
                guard seen & Self.needsDemand == 0 || seen & Self.requested != 0 else { return false }
            }
            let (exchanged, original) = state.compareExchange(
                expected: seen, desired: seen | Self.claimed, ordering: .acquiringAndReleasing
            )
            if exchanged { return true }
            seen = original
        }
        return false
    }

    /// Delivers the outcome if it is known and due (a value needs a request), unless delivered or
    /// cancelled already.
    @inlinable
    func deliverIfDue() {
        guard claim(dueOnly: true), let downstream else { return }
        self.downstream = nil
        switch outcome {
        case .pending:
            break
        case .value(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .empty:
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }
}
