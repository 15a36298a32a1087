/// A publisher that eventually produces a single value and then finishes or fails.
///
/// The closure runs once, when the future is created; its promise may be fulfilled later from any
/// thread. Only the first fulfilment counts. Subscribers that arrive after it get the same result.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// A type that represents a closure to invoke in the future, when an element or error is available.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

    private let lock = Lock()
    private var result: Result<Output, Failure>?
    /// The subscriptions waiting for the result; a cancelled one is taken out.
    private var waiting: [(id: ObjectIdentifier, resolve: (Result<Output, Failure>) -> Void)] = []

    /// Creates a publisher that invokes a promise closure when the publisher emits an element.
    ///
    /// - Parameter attemptToFulfill: Called at once with the promise, which it calls once with the result.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in
            fulfill(result)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = FutureSubscription(parent: self, downstream: subscriber)
        let known: Result<Output, Failure>? = lock.withLock {
            if result == nil {
                waiting.append((ObjectIdentifier(subscription), subscription.resolve))
            }
            return result
        }
        subscription.start(known)
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let subscribers = waiting
        waiting = []
        lock.unlock()
        for subscriber in subscribers {
            subscriber.resolve(result)
        }
    }

    /// A subscription was cancelled: it no longer waits for the result.
    fileprivate func forget(_ id: ObjectIdentifier) {
        lock.withLock { waiting.removeAll { $0.id == id } }
    }
}

/// The subscription of one `Future` subscriber ("Future").
///
/// The value goes out on the first positive demand once the result is known, followed by the
/// finish; a failure goes out as soon as it is known. Nothing goes out before the subscriber has
/// returned from receiving its subscription, so a result from another thread cannot overtake it.
/// It holds the future and the subscriber until it has delivered or is cancelled (reflection
/// shows them, as Combine's does), then lets go of both. No lock is held while the subscriber runs.
private final class FutureSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var parent: Future<Output, Failure>?
    private var downstream: Downstream?
    private var result: Result<Output, Failure>?
    private var hasAnyDemand = false
    private var started = false
    /// Set by the one call that delivers (or by cancel): nothing goes out twice.
    private var claimed = false

    init(parent: Future<Output, Failure>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Future" }
    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        let (parent, downstream, hasAnyDemand) = lock.withLock {
            (self.parent, self.downstream, self.hasAnyDemand)
        }
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any,
                                       "hasAnyDemand": hasAnyDemand, "subject": parent as Any])
    }

    /// Hands the subscription to the subscriber, then delivers `known` (the future's result, if it
    /// had one already) when it is due.
    func start(_ known: Result<Output, Failure>?) {
        let downstream: Downstream? = lock.withLock {
            if let known { result = known }
            return self.downstream
        }
        downstream?.receive(subscription: self)
        lock.withLock { started = true }
        deliverIfDue()
    }

    func resolve(_ result: Result<Output, Failure>) {
        lock.withLock {
            if self.result == nil { self.result = result }
        }
        deliverIfDue()
    }

    /// A zero demand traps, as in Combine. A value delivered here leaves `parent` set (as
    /// Combine's reflection shows it); the subscriber is let go of either way.
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.withLock { hasAnyDemand = true }
        deliverIfDue(keepingParent: true)
    }

    func cancel() {
        let parent: Future<Output, Failure>? = lock.withLock {
            defer {
                claimed = true
                self.parent = nil
                downstream = nil
            }
            return claimed ? nil : self.parent
        }
        parent?.forget(ObjectIdentifier(self))
    }

    private func deliverIfDue(keepingParent: Bool = false) {
        lock.lock()
        guard !claimed, started, let downstream, let result else {
            lock.unlock()
            return
        }
        if case .success = result, !hasAnyDemand {
            lock.unlock()
            return
        }
        claimed = true
        lock.unlock()
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
        lock.withLock {
            if !keepingParent { parent = nil }
            self.downstream = nil
        }
    }
}
