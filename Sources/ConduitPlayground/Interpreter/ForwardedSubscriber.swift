import Conduit

/// An engine subscriber that a playground sink hands its subscription and values to, such as
/// `Subscribers.Assign` for `.assign(to: \.value, on: SUBJECT)` or `.assign(to: \.prop, on: object)`.
/// Its failure type is `Never`, as in Swift: a failure cancels it instead.
struct ForwardedSubscriber {
    let receiveSubscription: (Subscription) -> Void
    let receiveValue: (Value) -> Subscribers.Demand
    let receiveCompletion: (Subscribers.Completion<PlaygroundError>) -> Void
    let cancel: () -> Void
    /// Whether it asks for values itself through the subscription the sink hands it (a class of the
    /// session's that conforms to `Subscriber`): the sink then records each request it makes, and the
    /// demand each value's `receive` returns.
    var asksForItself = false

    /// An engine subscriber that cannot take a failure: a failure cancels it.
    init<S: Subscriber & Cancellable>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        receiveCompletion = { completion in
            if completion == .finished { subscriber.receive(completion: .finished) } else { subscriber.cancel() }
        }
        cancel = { subscriber.cancel() }
    }

    /// A subject fed by the pipeline (`.subscribe(subject)`): the subject's own `send(subscription:)`
    /// takes the subscription, which is then asked for everything, as Combine's does.
    init(subject: SubjectEntry, onFeedback: @escaping (Value) -> Void) {
        final class Holder: @unchecked Sendable {
            var subscription: Subscription?
        }
        let holder = Holder()
        receiveSubscription = { subscription in
            holder.subscription = subscription
            subject.send(subscription: subscription)
            subscription.request(.unlimited)
        }
        receiveValue = { value in
            if !FeedbackGuard.run({ subject.deliver(value) }) { onFeedback(value) }
            return .none
        }
        receiveCompletion = { completion in
            holder.subscription = nil
            subject.send(completion: completion)
        }
        cancel = { holder.subscription = nil }
    }

    /// A closure run for each value (`.sink { print($0) }`): asks for everything, prints nothing itself.
    /// `oneAtATime` asks for one value, and one more after each, as an async loop over
    /// `publisher.values` does.
    init(
        handler: @escaping (Value) -> Void, completion: @escaping (Subscribers.Completion<PlaygroundError>) -> Void,
        oneAtATime: Bool = false
    ) {
        final class Holder: @unchecked Sendable {
            var subscription: Subscription?
        }
        let holder = Holder()
        receiveSubscription = { subscription in
            holder.subscription = subscription
            subscription.request(oneAtATime ? .max(1) : .unlimited)
        }
        receiveValue = { value in
            handler(value)
            return oneAtATime ? .max(1) : .none
        }
        receiveCompletion = { ending in
            holder.subscription = nil
            completion(ending)
        }
        cancel = {
            holder.subscription = nil
        }
    }
}
