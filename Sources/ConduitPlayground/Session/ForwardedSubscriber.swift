import Conduit

/// An engine subscriber that a playground sink hands its subscription and values to, such as
/// `Subscribers.Assign` for `.assign(to: \.value, on: SUBJECT)` or `.assign(to: \.prop, on: object)`.
/// Its failure type is `Never`, as in Swift: a failure cancels it instead.
struct ForwardedSubscriber {
    let receiveSubscription: (Subscription) -> Void
    let receiveValue: (Value) -> Subscribers.Demand
    let finish: () -> Void
    let cancel: () -> Void

    init<S: Subscriber & Cancellable>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
        receiveSubscription = { subscriber.receive(subscription: $0) }
        receiveValue = { subscriber.receive($0) }
        finish = { subscriber.receive(completion: .finished) }
        cancel = { subscriber.cancel() }
    }

    /// A closure run for each value (`.sink { print($0) }`): asks for everything, prints nothing itself.
    init(handler: @escaping (Value) -> Void) {
        final class Holder: @unchecked Sendable {
            var subscription: Subscription?
        }
        let holder = Holder()
        receiveSubscription = { subscription in
            holder.subscription = subscription
            subscription.request(.unlimited)
        }
        receiveValue = { value in
            handler(value)
            return .none
        }
        finish = { holder.subscription = nil }
        cancel = {
            holder.subscription = nil
        }
    }
}
