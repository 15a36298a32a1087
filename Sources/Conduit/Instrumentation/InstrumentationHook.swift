import Synchronization

/// The hook through which tools (the playground's trace and live subscription view) see every
/// subscription event: subscribe, request, value, completion and cancel.
///
/// Package access: Combine has no such thing, so `Conduit` exports no name for it; the public API
/// is the `ConduitInstrumentation` module's `Instrumentation`, built on this. While no observer
/// is installed the engine pays one relaxed atomic load per `subscribe(_:)` and nothing per value.
/// Only links made after an observer is installed are seen. Observers are called synchronously,
/// on the thread of the event, and must not block.
@usableFromInline
package enum InstrumentationHook {
    /// What happened on one link (one subscriber attached to one publisher).
    package enum EventKind {
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
    package struct Event: @unchecked Sendable {
        /// What happened.
        package let kind: EventKind
        /// Stable identifier of the link: the same for every event of one subscribe call.
        package let link: CombineIdentifier
        /// The subscriber's own identifier (`combineIdentifier`).
        package let subscriber: CombineIdentifier
        /// A short description of the publisher, such as `Map` or `PassthroughSubject`.
        package let publisherDescription: String
        /// A short description of the subscriber, such as `Sink`.
        package let subscriberDescription: String
    }

    /// Receives subscription events. Called synchronously on the thread of the event.
    package protocol Observer: AnyObject, Sendable {
        func observe(_ event: Event)
    }

    /// Whether at least one observer is installed: the one check on the hot path.
    @inlinable
    package static var isActive: Bool {
        instrumentationActive.load(ordering: .relaxed)
    }

    /// Installs an observer; it sees every link subscribed from now on until it is removed.
    ///
    /// An observer that wants events only at times (the playground's trace, while some sink is
    /// traced) installs with `listening: false` and switches with `setListening(_:for:)`: links
    /// are still made, so it can listen later, but while no installed observer listens they build
    /// no events (no value is boxed, no lock taken).
    package static func install(_ observer: Observer, listening: Bool = true) {
        registryLock.withLock {
            registry.append(Registration(observer: observer, listening: listening))
            update(registry)
        }
    }

    /// Removes an observer installed before; events already under way may still reach it.
    package static func remove(_ observer: Observer) {
        registryLock.withLock {
            registry.removeAll { $0.observer === observer }
            update(registry)
        }
    }

    /// Whether an installed observer receives events now.
    package static func setListening(_ listening: Bool, for observer: Observer) {
        registryLock.withLock {
            for index in registry.indices where registry[index].observer === observer {
                registry[index].listening = listening
            }
            update(registry)
        }
    }

    /// Whether some installed observer listens: the check before building an event.
    @inlinable
    package static var isListening: Bool {
        instrumentationListening.load(ordering: .relaxed)
    }

    private static func update(_ observers: [Registration]) {
        instrumentationActive.store(!observers.isEmpty, ordering: .relaxed)
        instrumentationListening.store(observers.contains { $0.listening }, ordering: .relaxed)
    }

    /// Sends an event to every listening observer.
    package static func emit(_ event: Event) {
        let observers = registryLock.withLock { registry }
        for registration in observers where registration.listening {
            registration.observer.observe(event)
        }
    }

    /// Attaches `subscriber` to `publisher` through an instrumented link.
    @usableFromInline
    package static func subscribe<P: Publisher, S: Subscriber>(_ subscriber: S, to publisher: P)
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
    package static func describe(_ thing: Any) -> String {
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
package let instrumentationActive = Atomic<Bool>(false)

@usableFromInline
package let instrumentationListening = Atomic<Bool>(false)
