/// A subscriber that a subject's conduit may feed without counting each value: every value
/// reaches it on the thread holding the conduit's lock (which serialises them, and which the
/// conduit's cancel waits for), and the subscription it holds is the conduit itself.
///
/// `Subscribers.Sink` takes part: it then lets its closures go without counting each call. The
/// subscribers of `map`, `filter`, `compactMap`... (`Forwarder`) and of `AnyPublisher`
/// (`ErasedSubscriber`) forward each value at once on the same thread and hand the conduit on as
/// the subscription, so they pass both calls on to their downstream when it takes part too.
@usableFromInline
internal protocol SubjectFedSubscriber: AnyObject {
    /// Takes `conduit` (a subject's conduit) as the subscription, fed as described above.
    func receive(conduit: Subscription)

    /// The conduit has ended: no delivery from it is under way, and none will come.
    func conduitEnded()
}

extension SubjectFedSubscriber {
    /// Hands `conduit` to `downstream`: as a conduit if it takes part, as a plain subscription
    /// otherwise. For the subscribers that pass it on.
    @usableFromInline
    func pass(conduit: Subscription, to downstream: any Subscriber) {
        if let next = downstream as? SubjectFedSubscriber {
            next.receive(conduit: conduit)
        } else {
            downstream.receive(subscription: conduit)
        }
    }
}
