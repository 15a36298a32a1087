/// The subscriber attached to one child publisher of a `FlattenCore`: passes the child's events
/// on, tagged with the child's number and slot. It keeps no reference to its subscription (the
/// core does), so a subject's conduit may keep it inside itself (`SubjectCarriedSubscriber`).
@usableFromInline
internal struct FlattenChild<Outer, Child: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, SubjectCarriedSubscriber
    where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let core: FlattenCore<Outer, Child, Downstream>
    @usableFromInline let id: Int
    /// The child's slot in the core.
    @usableFromInline let slot: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: FlattenCore<Outer, Child, Downstream>, id: Int, slot: Int) {
        self.core = core
        self.id = id
        self.slot = slot
    }

    @usableFromInline
    var description: String { core.description }

    /// The subscription it belongs to, by identifier, as Combine shows an inner subscriber.
    @usableFromInline
    var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": core.combineIdentifier])
    }

    @usableFromInline
    var playgroundDescription: Any { core.description }

    @inlinable
    func receive(subscription: Subscription) {
        core.childReceived(subscription, from: id, slot: slot)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.childReceived(input, from: id, slot: slot)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            core.childFinished(id, slot: slot)
        case .failure:
            core.childFailed(id, slot: slot, completion)
        }
    }
}
