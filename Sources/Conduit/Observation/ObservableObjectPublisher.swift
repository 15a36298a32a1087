/// A publisher that publishes a change notification (`Void`) before an observable object changes.
///
/// The default `objectWillChange` of an `ObservableObject`; `send()` announces a change by hand.
/// Every subscriber receives every notification, whatever demand it has asked for (as in Combine).
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let hub = SubjectHub<Void, Never>(name: "ObservableObjectPublisher", pullsUpstreamAtOnce: false)

    /// Creates an observable object publisher instance.
    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        let conduit = ObservableObjectConduit(hub: hub, port: SubjectHub.port(for: subscriber))
        hub.lock.withExclusiveLock(owner: hub) { hub.entries.append(conduit) }
        // A sink is handed values uncounted (`SubjectHub.port`): it must know the conduit feeds it.
        if let fed = subscriber as? SubjectFedSubscriber {
            fed.receive(conduit: conduit)
        } else {
            subscriber.receive(subscription: conduit)
        }
    }

    /// Sends the change notification to every subscriber.
    public func send() {
        hub.broadcast((), generation: 0)
    }
}
