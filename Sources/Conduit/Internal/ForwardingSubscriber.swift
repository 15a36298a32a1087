/// The subscriber of the operators that treat each value on its own and never throw (`map`,
/// `filter`, `compactMap`, `scan`, `removeDuplicates`, ...).
///
/// It hands the upstream's subscription straight to the downstream, as Combine does, so requests
/// and cancellation cost nothing extra; each value goes through `step`, which says what to send.
/// Values arrive serially (the publisher contract), so `step` may keep state without a lock.
///
/// `@usableFromInline` with an `@inlinable` value path, so a client's chain is specialised end to
/// end (no generic metadata lookups per value).
@usableFromInline
internal final class ForwardingSubscriber<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline
    typealias Failure = Downstream.Failure

    /// What one upstream value becomes.
    @usableFromInline
    enum Step {
        case send(Downstream.Input)
        /// Nothing goes out; the upstream is asked for one more value in its place.
        case skip
    }

    @usableFromInline let downstream: Downstream
    /// `step` followed by the delivery downstream, made where the types are concrete: a chain's
    /// subscribe calls are not all specialised (the optimiser stops at the growing nested types),
    /// but a closure built in an `@inlinable` initialiser is, so each value runs specialised code
    /// even when `receive(_:)` itself does not.
    @usableFromInline let forward: (Input) -> Subscribers.Demand
    @usableFromInline let description: String

    @inlinable
    init(downstream: Downstream, name: String, step: @escaping (Input) -> Step) {
        self.downstream = downstream
        self.description = name
        self.forward = { input in
            switch step(input) {
            case .send(let output): return downstream.receive(output)
            case .skip: return .max(1)
            }
        }
    }

    /// For operators whose every value goes out (`map`): `forward` delivers downstream itself, with
    /// no `Step` in between (a generic enum costs a metadata lookup per value where the chain is
    /// not specialised).
    @inlinable
    init(downstream: Downstream, name: String, forward: @escaping (Input) -> Subscribers.Demand) {
        self.downstream = downstream
        self.description = name
        self.forward = forward
    }

    @usableFromInline
    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    @usableFromInline
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
