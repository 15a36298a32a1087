extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public var receiveSubscription: ((Subscription) -> Void)?
        public var receiveOutput: ((Upstream.Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?
        public let upstream: Upstream

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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(EventObservingSubscriber(downstream: subscriber, name: "HandleEvents",
                events: EventHandlers(
                subscription: receiveSubscription, output: receiveOutput, completion: receiveCompletion,
                cancel: receiveCancel, request: receiveRequest
            )))
        }
    }
}

extension Publisher {
    /// Performs the specified closures when publisher events occur.
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
internal struct EventHandlers<Output, Failure: Error> {
    var subscription: ((Subscription) -> Void)?
    var output: ((Output) -> Void)?
    var completion: ((Subscribers.Completion<Failure>) -> Void)?
    var cancel: (() -> Void)?
    var request: ((Subscribers.Demand) -> Void)?
}

/// Stands between upstream and downstream, calling the handlers on every event and passing the
/// event on unchanged: the core of `handleEvents`, `print` and `breakpoint`.
internal final class EventObservingSubscriber<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private let events: EventHandlers<Input, Failure>
    let description: String

    init(downstream: Downstream, name: String, events: EventHandlers<Input, Failure>) {
        self.downstream = downstream
        self.description = name
        self.events = events
    }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        events.subscription?(subscription)
        downstream?.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream = lock.withLock({ self.downstream }) else { return .none }
        events.output?(input)
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let downstream: Downstream? = lock.withLock {
            defer {
                self.downstream = nil
                upstream = nil
            }
            return self.downstream
        }
        guard let downstream else { return }
        events.completion?(completion)
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        events.request?(demand)
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            return self.upstream
        }
        guard let upstream else { return }
        events.cancel?()
        upstream.cancel()
    }
}
