/// The subscriber of the operators that treat each value on its own and never throw (`map`,
/// `filter`, `compactMap`, `scan`, `removeDuplicates`, ...).
///
/// It hands the upstream's subscription straight to the downstream, as Combine does, so requests
/// and cancellation cost nothing extra; each value goes through `step`, which says what to send.
/// Values arrive serially (the publisher contract), so `step` may keep state without a lock.
internal final class ForwardingSubscriber<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Failure = Downstream.Failure

    /// What one upstream value becomes.
    enum Step {
        case send(Downstream.Input)
        /// Nothing goes out; the upstream is asked for one more value in its place.
        case skip
    }

    private let downstream: Downstream
    private let step: (Input) -> Step
    let description: String

    init(downstream: Downstream, name: String, step: @escaping (Input) -> Step) {
        self.downstream = downstream
        self.description = name
        self.step = step
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        switch step(input) {
        case .send(let output): return downstream.receive(output)
        case .skip: return .max(1)
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
