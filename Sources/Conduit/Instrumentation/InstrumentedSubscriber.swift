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
    private let reporter: InstrumentedLinkReporter

    init(downstream: Downstream, publisherDescription: String) {
        self.downstream = downstream
        self.reporter = InstrumentedLinkReporter(
            link: CombineIdentifier(), subscriber: downstream.combineIdentifier,
            publisherDescription: publisherDescription, subscriberDescription: InstrumentationHook.describe(downstream))
    }

    var description: String { reporter.subscriberDescription }

    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

    func report(_ kind: InstrumentationHook.EventKind) {
        reporter.report(kind)
    }

    func receive(subscription: Subscription) {
        if InstrumentationHook.isListening { report(.subscription) }
        downstream.receive(subscription: InstrumentedSubscription(upstream: subscription, reporter: reporter))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if InstrumentationHook.isListening { report(.value(input)) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if InstrumentationHook.isListening {
            switch completion {
            case .finished: report(.finished)
            case .failure(let error): report(.failure(error))
            }
        }
        downstream.receive(completion: completion)
    }
}

/// What an instrumented link reports its events with: its identity and descriptions, copied so
/// that the subscription can report without holding the subscriber.
internal struct InstrumentedLinkReporter: Sendable {
    let link: CombineIdentifier
    let subscriber: CombineIdentifier
    let publisherDescription: String
    let subscriberDescription: String

    func report(_ kind: InstrumentationHook.EventKind) {
        InstrumentationHook.emit(InstrumentationHook.Event(
            kind: kind, link: link, subscriber: subscriber,
            publisherDescription: publisherDescription, subscriberDescription: subscriberDescription
        ))
    }
}

/// The subscription handed to an instrumented subscriber: reports requests and cancels. It does
/// not hold the instrumented subscriber (only what it reports with), so instrumentation keeps
/// nothing alive that the engine would let go of: an operator that keeps its upstream
/// subscription after its downstream let go of it (as FlatMap's upstream does once a child
/// failed) would otherwise hold, through this, the subscriber that holds it.
internal final class InstrumentedSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let upstream: Subscription
    private let link: InstrumentedLinkReporter

    init(upstream: Subscription, reporter: InstrumentedLinkReporter) {
        self.upstream = upstream
        self.link = reporter
    }

    var description: String { String(describing: upstream) }

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }

    func request(_ demand: Subscribers.Demand) {
        if InstrumentationHook.isListening { link.report(.request(demand)) }
        upstream.request(demand)
    }

    func cancel() {
        if InstrumentationHook.isListening { link.report(.cancel) }
        upstream.cancel()
    }
}
