/// The subscriber an `AnyPublisher` hands to the chain it wraps: one concrete type whatever the
/// real subscriber is, so the wrapped chain's subscribe and value paths can be specialised once,
/// where the chain's type is known (see `PublisherBox`), instead of running as unspecialised
/// generic code behind the eraser.
///
/// Transparent: identity, description and every event are the wrapped subscriber's.
@usableFromInline
internal final class ErasedSubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline let base: any Subscriber<Input, Failure>
    /// The wrapped subscriber's `receive(_:)`, made where its type is known (specialised).
    @usableFromInline let receiveValue: (Input) -> Subscribers.Demand

    @inlinable
    init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        base = subscriber
        if let sink = subscriber as? Subscribers.Sink<Input, Failure> {
            // See `SubjectFedSubscriber`.
            receiveValue = { sink.receiveForwarded($0) }
        } else if S.self is AnyObject.Type, let path = subscriber as? ValuePath<Input> {
            // Its `receive(_:)` is this closure: called directly, without a call of ours around it.
            // (A struct is not cast: that fails slowly, the runtime first boxing it as an object.)
            receiveValue = path.forward
        } else {
            receiveValue = { subscriber.receive($0) }
        }
    }

    @usableFromInline
    var combineIdentifier: CombineIdentifier { base.combineIdentifier }

    @usableFromInline
    var description: String { InstrumentationHook.describe(base) }

    @usableFromInline
    func receive(subscription: Subscription) {
        base.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        base.receive(completion: completion)
    }
}

/// Transparent to a subject's conduit too: it may feed the wrapped subscriber uncounted.
extension ErasedSubscriber: SubjectFedSubscriber {
    @usableFromInline
    func receive(conduit: Subscription) {
        pass(conduit: conduit, to: base)
    }

    @usableFromInline
    func conduitEnded() {
        (base as? SubjectFedSubscriber)?.conduitEnded()
    }
}
