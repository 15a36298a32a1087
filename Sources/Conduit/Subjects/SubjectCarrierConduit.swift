/// A subscriber that a subject's conduit may keep inside itself (`SubjectCarrierConduit`): a
/// value type that holds no reference to its own subscription, so keeping it in the conduit until
/// the conduit goes makes no cycle that the conduit's end would have to break.
///
/// FlatMap's and switchToLatest's child subscribers (`FlattenChild`) take part: an inner subject
/// then allocates one object per child (the conduit) instead of two (the conduit and the context
/// of a closure holding the child).
@usableFromInline
internal protocol SubjectCarriedSubscriber {}

/// The conduit of a `SubjectCarriedSubscriber`: the subscriber is stored in it, and its port is a
/// closure that holds nothing but the conduit (a closure holding one object needs no context of
/// its own). The port and the conduit hold each other until the conduit ends and lets its port go.
@usableFromInline
internal final class SubjectCarrierConduit<Output, Failure: Error, Downstream: Subscriber>:
    SubjectConduit<Output, Failure>, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure
{
    /// The subscriber, kept for as long as the conduit is.
    @usableFromInline let subscriber: Downstream

    @inlinable
    init(hub: SubjectHub<Output, Failure>, subscriber: Downstream) {
        self.subscriber = subscriber
        super.init(hub: hub)
        port = { [self] event in
            switch event {
            case .value(let value):
                return self.subscriber.receive(value)
            case .completion(let completion):
                self.subscriber.receive(completion: completion)
                return .none
            case .reveal(let box):
                box.subscriber = self.subscriber
                return .none
            case .ended:
                return .none
            }
        }
    }
}
