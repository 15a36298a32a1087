/// A type-erasing subscriber: wraps a subscriber, a subject, or three closures.
@frozen
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    @usableFromInline
    internal let receiveSubscriptionBody: ((Subscription) -> Void)?
    @usableFromInline
    internal let receiveValueBody: ((Input) -> Subscribers.Demand)?
    @usableFromInline
    internal let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline
    internal let descriptionBody: (() -> String)?

    public let combineIdentifier: CombineIdentifier

    /// Creates a type-erasing subscriber to wrap an existing subscriber.
    public init<S: Subscriber>(_ s: S) where Input == S.Input, Failure == S.Failure {
        if let erased = s as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = s.combineIdentifier
        receiveSubscriptionBody = s.receive(subscription:)
        receiveValueBody = s.receive(_:)
        receiveCompletionBody = s.receive(completion:)
        descriptionBody = { Instrumentation.describe(s) }
    }

    /// Creates a type-erasing subscriber that forwards everything to a subject.
    public init<S: Subject>(_ s: S) where Input == S.Output, Failure == S.Failure {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = { subscription in
            s.send(subscription: subscription)
        }
        receiveValueBody = { value in
            s.send(value)
            return .none
        }
        receiveCompletionBody = { completion in
            s.send(completion: completion)
        }
        descriptionBody = { Instrumentation.describe(s) }
    }

    /// Creates a type-erasing subscriber that executes the provided closures.
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription
        receiveValueBody = receiveValue
        receiveCompletionBody = receiveCompletion
        descriptionBody = nil
    }

    public var description: String {
        descriptionBody?() ?? "Anonymous AnySubscriber"
    }

    @inlinable
    public func receive(subscription: Subscription) {
        receiveSubscriptionBody?(subscription)
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
        receiveValueBody?(value) ?? .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletionBody?(completion)
    }
}
