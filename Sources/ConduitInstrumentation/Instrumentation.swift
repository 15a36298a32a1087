import Conduit
import Synchronization

/// Conduit's instrumentation, which Combine does not have: an observer installed at run time sees
/// every subscription event (subscribe, request, value, completion and cancel) of the links made
/// from then on. The playground's trace and live subscription view are built on it.
///
/// While no observer is installed the engine pays one relaxed atomic load per `subscribe(_:)` and
/// nothing per value. Observers are called synchronously, on the thread of the event, and must
/// not block. A module of its own so that `import Conduit` adds no name Combine lacks.
public enum Instrumentation {
    /// What happened on one link (one subscriber attached to one publisher).
    public enum EventKind {
        /// The subscriber was attached to the publisher (it is about to receive its subscription).
        case subscribe
        /// The subscriber received its subscription.
        case subscription
        /// The subscriber requested more values.
        case request(Subscribers.Demand)
        /// The publisher delivered a value (reported before the subscriber sees it).
        case value(Any)
        /// The publisher finished normally.
        case finished
        /// The publisher failed with the error.
        case failure(Error)
        /// The subscriber cancelled its subscription.
        case cancel
    }

    /// One subscription event with the identities of the link it happened on.
    public struct Event: @unchecked Sendable {
        /// What happened.
        public let kind: EventKind
        /// Stable identifier of the link: the same for every event of one subscribe call.
        public let link: CombineIdentifier
        /// The subscriber's own identifier (`combineIdentifier`).
        public let subscriber: CombineIdentifier
        /// A short description of the publisher, such as `Map` or `PassthroughSubject`.
        public let publisherDescription: String
        /// A short description of the subscriber, such as `Sink`.
        public let subscriberDescription: String
    }

    /// Receives subscription events. Called synchronously on the thread of the event.
    public protocol Observer: AnyObject, Sendable {
        func observe(_ event: Event)
    }

    /// Whether at least one observer is installed.
    public static var isActive: Bool {
        InstrumentationHook.isActive
    }

    /// Installs an observer; it sees every link subscribed from now on until it is removed.
    ///
    /// An observer that wants events only at times (the playground's trace, while some sink is
    /// traced) installs with `listening: false` and switches with `setListening(_:for:)`: links
    /// are still made, so it can listen later, but while no installed observer listens they build
    /// no events (no value is boxed, no lock taken).
    public static func install(_ observer: Observer, listening: Bool = true) {
        let relay = ObserverRelay(observer)
        relays.withLock { $0[ObjectIdentifier(observer)] = relay }
        InstrumentationHook.install(relay, listening: listening)
    }

    /// Removes an observer installed before; events already under way may still reach it.
    public static func remove(_ observer: Observer) {
        guard let relay = relays.withLock({ $0.removeValue(forKey: ObjectIdentifier(observer)) }) else { return }
        InstrumentationHook.remove(relay)
    }

    /// Whether an installed observer receives events now.
    public static func setListening(_ listening: Bool, for observer: Observer) {
        guard let relay = relays.withLock({ $0[ObjectIdentifier(observer)] }) else { return }
        InstrumentationHook.setListening(listening, for: relay)
    }

    /// The relay installed in the engine's hook for each observer, by the observer's identity.
    private static let relays = Mutex<[ObjectIdentifier: ObserverRelay]>([:])
}

/// Hands the engine hook's events to a public observer, as `Instrumentation.Event`s.
private final class ObserverRelay: InstrumentationHook.Observer {
    let observer: Instrumentation.Observer

    init(_ observer: Instrumentation.Observer) {
        self.observer = observer
    }

    func observe(_ event: InstrumentationHook.Event) {
        observer.observe(Instrumentation.Event(
            kind: Self.kind(of: event.kind), link: event.link, subscriber: event.subscriber,
            publisherDescription: event.publisherDescription, subscriberDescription: event.subscriberDescription
        ))
    }

    private static func kind(of kind: InstrumentationHook.EventKind) -> Instrumentation.EventKind {
        switch kind {
        case .subscribe: .subscribe
        case .subscription: .subscription
        case .request(let demand): .request(demand)
        case .value(let value): .value(value)
        case .finished: .finished
        case .failure(let error): .failure(error)
        case .cancel: .cancel
        }
    }
}
