/// A type-erasing subscriber: wraps a subscriber, a subject, or three closures.
@frozen
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline
    internal let receiveSubscriptionBody: ((Subscription) -> Void)?
    @usableFromInline
    internal let receiveValueBody: ((Input) -> Subscribers.Demand)?
    @usableFromInline
    internal let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline
    internal let descriptionBody: (() -> String)?
    /// What the wrapped subscriber shows to reflection; nil for closures (the description's mirror).
    @usableFromInline
    internal let mirrorBody: (() -> Mirror)?
    @usableFromInline
    internal let playgroundDescriptionBody: (() -> Any)?

    public let combineIdentifier: CombineIdentifier

    /// Creates a type-erasing subscriber to wrap an existing subscriber.
    ///
    /// - Parameter s: The subscriber to wrap.
    public init<S: Subscriber>(_ s: S) where Input == S.Input, Failure == S.Failure {
        if let erased = s as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = s.combineIdentifier
        receiveSubscriptionBody = s.receive(subscription:)
        receiveValueBody = s.receive(_:)
        receiveCompletionBody = s.receive(completion:)
        descriptionBody = { InstrumentationHook.describe(s) }
        mirrorBody = { Mirror(reflecting: s) }
        playgroundDescriptionBody = {
            (s as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? InstrumentationHook.describe(s)
        }
    }

    /// Creates a type-erasing subscriber that forwards everything to a subject, as
    /// `Publisher.subscribe(_:)` does: the subject sees one subscription (later ones are
    /// cancelled), values until the first completion, and nothing after it.
    ///
    /// - Parameter s: The subject to send what this subscriber receives into.
    public init<S: Subject>(_ s: S) where Input == S.Output, Failure == S.Failure {
        let link = SubjectSubscriber(s)
        combineIdentifier = link.combineIdentifier
        receiveSubscriptionBody = { subscription in
            withExtendedLifetime(s) { link.receive(subscription: subscription) }
        }
        receiveValueBody = { value in
            withExtendedLifetime(s) { link.receive(value) }
        }
        receiveCompletionBody = { completion in
            withExtendedLifetime(s) { link.receive(completion: completion) }
        }
        descriptionBody = { link.description }
        mirrorBody = { Mirror(reflecting: link) }
        playgroundDescriptionBody = { link.description }
    }

    /// Creates a type-erasing subscriber that executes the provided closures.
    ///
    /// - Parameters:
    ///   - receiveSubscription: Called with the subscription; `nil` does nothing.
    ///   - receiveValue: Called with each value, returning more demand; `nil` asks for none.
    ///   - receiveCompletion: Called with the completion; `nil` does nothing.
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
        mirrorBody = nil
        playgroundDescriptionBody = nil
    }

    public var description: String {
        descriptionBody?() ?? "Anonymous AnySubscriber"
    }

    /// The wrapped subscriber's mirror (for closures, the mirror of the description).
    public var customMirror: Mirror {
        mirrorBody?() ?? Mirror(reflecting: description)
    }

    /// The wrapped subscriber's playground description, or the description.
    public var playgroundDescription: Any {
        playgroundDescriptionBody?() ?? description
    }

    @inlinable
    public func receive(subscription: Subscription) {
        receiveSubscriptionBody?(subscription)
    }

    /// Calls the wrapped subscriber or the value closure with an element.
    ///
    /// - Parameter value: The element.
    /// - Returns: The further demand the wrapped subscriber or closure returns; `.none` without a closure.
    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
        receiveValueBody?(value) ?? .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletionBody?(completion)
    }
}
