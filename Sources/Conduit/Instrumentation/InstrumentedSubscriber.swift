/// Marks a subscriber that already reports its link, so it is never wrapped twice.
internal protocol InstrumentedLink {}

/// A subscriber placed between a publisher and its subscriber while instrumentation is on; it
/// reports each event of the link and passes it through unchanged.
internal final class InstrumentedSubscriber<Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    InstrumentedLink,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let publisherDescription: String
    private let subscriberDescription: String
    let link = CombineIdentifier()

    init(downstream: Downstream, publisherDescription: String) {
        self.downstream = downstream
        self.publisherDescription = publisherDescription
        self.subscriberDescription = Instrumentation.describe(downstream)
    }

    var description: String { subscriberDescription }

    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

    func report(_ kind: Instrumentation.EventKind) {
        Instrumentation.emit(Instrumentation.Event(
            kind: kind,
            link: link,
            subscriber: downstream.combineIdentifier,
            publisherDescription: publisherDescription,
            subscriberDescription: subscriberDescription
        ))
    }

    func receive(subscription: Subscription) {
        if Instrumentation.isListening { report(.subscription) }
        downstream.receive(subscription: InstrumentedSubscription(upstream: subscription, link: self))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if Instrumentation.isListening { report(.value(input)) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if Instrumentation.isListening {
            switch completion {
            case .finished: report(.finished)
            case .failure(let error): report(.failure(error))
            }
        }
        downstream.receive(completion: completion)
    }
}

/// The subscription handed to an instrumented subscriber: reports requests and cancels.
internal final class InstrumentedSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    private let upstream: Subscription
    private let link: InstrumentedSubscriber<Downstream>

    init(upstream: Subscription, link: InstrumentedSubscriber<Downstream>) {
        self.upstream = upstream
        self.link = link
    }

    var description: String { String(describing: upstream) }

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }

    func request(_ demand: Subscribers.Demand) {
        if Instrumentation.isListening { link.report(.request(demand)) }
        upstream.request(demand)
    }

    func cancel() {
        if Instrumentation.isListening { link.report(.cancel) }
        upstream.cancel()
    }
}
