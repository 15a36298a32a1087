import Synchronization

/// The hook through which tools (the playground's trace and live subscription view) see every
/// subscription event: subscribe, request, value, completion and cancel.
///
/// Install an observer with `Instrumentation.install(_:)`. While none is installed the engine pays
/// one relaxed atomic load per `subscribe(_:)` and nothing per value. Only links made after an
/// observer is installed are seen. Observers are called synchronously, on the thread of the event,
/// and must not block.
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

    /// Whether at least one observer is installed: the one check on the hot path.
    @inlinable
    public static var isActive: Bool {
        instrumentationActive.load(ordering: .relaxed)
    }

    /// Installs an observer; it sees every link subscribed from now on until it is removed.
    ///
    /// An observer that wants events only at times (the playground's trace, while some sink is
    /// traced) installs with `listening: false` and switches with `setListening(_:for:)`: links
    /// are still made, so it can listen later, but while no installed observer listens they build
    /// no events (no value is boxed, no lock taken).
    public static func install(_ observer: Observer, listening: Bool = true) {
        registryLock.withLock {
            registry.append(Registration(observer: observer, listening: listening))
            update(registry)
        }
    }

    /// Removes an observer installed before; events already under way may still reach it.
    public static func remove(_ observer: Observer) {
        registryLock.withLock {
            registry.removeAll { $0.observer === observer }
            update(registry)
        }
    }

    /// Whether an installed observer receives events now.
    public static func setListening(_ listening: Bool, for observer: Observer) {
        registryLock.withLock {
            for index in registry.indices where registry[index].observer === observer {
                registry[index].listening = listening
            }
            update(registry)
        }
    }

    /// Whether some installed observer listens: the check before building an event.
    @inlinable
    internal static var isListening: Bool {
        instrumentationListening.load(ordering: .relaxed)
    }

    private static func update(_ observers: [Registration]) {
        instrumentationActive.store(!observers.isEmpty, ordering: .relaxed)
        instrumentationListening.store(observers.contains { $0.listening }, ordering: .relaxed)
    }

    /// Sends an event to every listening observer.
    internal static func emit(_ event: Event) {
        let observers = registryLock.withLock { registry }
        for registration in observers where registration.listening {
            registration.observer.observe(event)
        }
    }

    /// Attaches `subscriber` to `publisher` through an instrumented link.
    @usableFromInline
    internal static func subscribe<P: Publisher, S: Subscriber>(_ subscriber: S, to publisher: P)
        where S.Input == P.Output, S.Failure == P.Failure
    {
        guard !(subscriber is InstrumentedLink) else {
            publisher.receive(subscriber: subscriber)
            return
        }
        let link = InstrumentedSubscriber(
            downstream: subscriber,
            publisherDescription: describe(publisher)
        )
        if isListening { link.report(.subscribe) }
        publisher.receive(subscriber: link)
    }

    /// The short name of a publisher or subscriber: its own description if it has one, or its
    /// type name without generic arguments.
    internal static func describe(_ thing: Any) -> String {
        if let custom = thing as? CustomStringConvertible {
            return custom.description
        }
        let name = String(describing: type(of: thing))
        return name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
    }

    private struct Registration {
        let observer: Observer
        var listening: Bool
    }

    /// The installed observers; read and written only holding `registryLock`.
    nonisolated(unsafe) private static var registry: [Registration] = []
    private static let registryLock = Lock()
}

@usableFromInline
internal let instrumentationActive = Atomic<Bool>(false)

@usableFromInline
internal let instrumentationListening = Atomic<Bool>(false)
