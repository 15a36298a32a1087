extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The closure called for the subscription.
        public var receiveSubscription: ((Subscription) -> Void)?
        /// The closure called for each element.
        public var receiveOutput: ((Upstream.Output) -> Void)?
        /// The closure called for the completion.
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        /// The closure called when the downstream cancels.
        public var receiveCancel: (() -> Void)?
        /// The closure called for each demand requested.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?
        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.HandleEvents` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - receiveSubscription: The closure called for the subscription.
        ///   - receiveOutput: The closure called for each element.
        ///   - receiveCompletion: The closure called for the completion.
        ///   - receiveCancel: The closure called when the downstream cancels.
        ///   - receiveRequest: The closure called for each demand requested.
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(EventObservingSubscriber(downstream: subscriber, name: "HandleEvents",
                events: EventHandlers(
                subscription: receiveSubscription, output: receiveOutput, completion: receiveCompletion,
                cancel: receiveCancel, request: receiveRequest, synchronousRequest: receiveRequest
            ), observesAfterCancel: false))
        }
    }
}

extension Publisher {
    /// Performs the specified closures when publisher events occur.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .handleEvents(receiveOutput: { print("saw", $0) }, receiveCompletion: { _ in print("done") })
    ///     .sink { print("got", $0) }
    /// // Prints "saw 1", "got 1", "saw 2", "got 2", "done".
    /// ```
    ///
    /// - Parameters:
    ///   - receiveSubscription: Called with the subscription when the upstream sends it.
    ///   - receiveOutput: Called with each element before it goes on.
    ///   - receiveCompletion: Called with the completion before it goes on.
    ///   - receiveCancel: Called when the downstream cancels.
    ///   - receiveRequest: Called with each demand the downstream requests.
    /// - Returns: A publisher that republishes everything and calls the given closures on the way.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest
        )
    }
}

/// The closures an event-observing operator calls; any may be nil.
@usableFromInline
internal struct EventHandlers<Output, Failure: Error> {
    @usableFromInline var subscription: ((Subscription) -> Void)?
    @usableFromInline var output: ((Output) -> Void)?
    @usableFromInline var completion: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline var cancel: (() -> Void)?
    /// A request the downstream makes through its subscription.
    @usableFromInline var request: ((Subscribers.Demand) -> Void)?
    /// A demand the downstream returns from receiving a value (more than none).
    @usableFromInline var synchronousRequest: ((Subscribers.Demand) -> Void)?

    @inlinable
    init(
        subscription: ((Subscription) -> Void)? = nil, output: ((Output) -> Void)? = nil,
        completion: ((Subscribers.Completion<Failure>) -> Void)? = nil, cancel: (() -> Void)? = nil,
        request: ((Subscribers.Demand) -> Void)? = nil, synchronousRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
        self.subscription = subscription
        self.output = output
        self.completion = completion
        self.cancel = cancel
        self.request = request
        self.synchronousRequest = synchronousRequest
    }
}

/// Stands between upstream and downstream, calling the handlers on every event and passing the
/// event on unchanged: the core of `handleEvents` and `print`.
///
/// As in Combine, every subscription that arrives is observed; a second one (or one after a
/// cancel) is cancelled, except one that comes after the downstream cancelled while waiting for
/// it, which is left alone. `print` observes every request and cancel, even after a cancel;
/// `handleEvents` (`observesAfterCancel: false`) lets go of its closures at the first cancel.
/// No lock is held while a handler or the downstream runs.
@usableFromInline
internal final class EventObservingSubscriber<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var upstream: Subscription?
    /// The downstream cancelled or the upstream completed: nothing more passes.
    @usableFromInline
    @exclusivity(unchecked) var ended = false
    /// The downstream cancelled before the upstream's subscription came.
    @usableFromInline
    @exclusivity(unchecked) var cancelledWhileWaiting = false
    @usableFromInline
    @exclusivity(unchecked) var events: EventHandlers<Input, Failure>
    @usableFromInline
    let observesAfterCancel: Bool
    @usableFromInline
    let description: String

    @inlinable
    init(
        downstream: Downstream, name: String, events: EventHandlers<Input, Failure>, observesAfterCancel: Bool
    ) {
        self.downstream = downstream
        self.description = name
        self.events = events
        self.observesAfterCancel = observesAfterCancel
    }

    /// No children, as Combine's `print` and `handleEvents` show to reflection.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    var handlers: EventHandlers<Input, Failure> { lock.withLock { events } }

    /// What becomes of a subscription that arrives.
    @usableFromInline
    enum SubscriptionVerdict {
        case accept(Downstream)
        case cancel
        case leaveAlone
    }

    @usableFromInline
    func receive(subscription: Subscription) {
        handlers.subscription?(subscription)
        let verdict: SubscriptionVerdict
        lock.lock()
        if upstream == nil, !ended, let downstream {
            upstream = subscription
            verdict = .accept(downstream)
        } else if cancelledWhileWaiting {
            cancelledWhileWaiting = false
            verdict = .leaveAlone
        } else {
            verdict = .cancel
        }
        lock.unlock()
        switch verdict {
        case .accept(let downstream): downstream.receive(subscription: self)
        case .cancel: subscription.cancel()
        case .leaveAlone: break
        }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let downstream = ended ? nil : self.downstream
        // The two handlers a value uses, not all six (a retain and a release each).
        let output = events.output
        let synchronousRequest = events.synchronousRequest
        lock.unlock()
        guard let downstream else { return .none }
        output?(input)
        let demand = downstream.receive(input)
        if demand > 0 { synchronousRequest?(demand) }
        return demand
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let downstream = ended ? nil : self.downstream
        let events = self.events
        ended = true
        self.downstream = nil
        upstream = nil
        lock.unlock()
        guard let downstream else { return }
        events.completion?(completion)
        downstream.receive(completion: completion)
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = ended ? nil : self.upstream
        let events = self.events
        lock.unlock()
        events.request?(demand)
        upstream?.request(demand)
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        let events = self.events
        // As Combine's `handleEvents` does, a cancel that ends a subscription lets go of the
        // closures; one before the subscription keeps them (the subscription is still seen).
        if !observesAfterCancel, upstream != nil { self.events = EventHandlers() }
        if upstream == nil, !ended { cancelledWhileWaiting = true }
        let upstream = self.upstream
        ended = true
        self.upstream = nil
        downstream = nil
        lock.unlock()
        events.cancel?()
        upstream?.cancel()
    }
}
