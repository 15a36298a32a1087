import Conduit

/// An upstream publisher driven by the test program: each subscription records the demand
/// requested and returned, and whether it was cancelled; values are sent only within demand, as
/// a well-behaved publisher does, and nothing is sent after a completion or a cancel.
final class ProgramPublisher: Publisher {
    typealias Output = Int
    typealias Failure = ProgramError

    /// Every subscription made, oldest first (`retry` subscribes again).
    private(set) var subscriptions: [ProgramSubscription] = []

    var current: ProgramSubscription? { subscriptions.last }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == ProgramError {
        let subscription = ProgramSubscription(AnySubscriber(subscriber))
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
    }

    func send(_ value: Int) { current?.send(value) }

    func complete(_ completion: Subscribers.Completion<ProgramError>) { current?.complete(completion) }
}

/// One subscription to a `ProgramPublisher`.
final class ProgramSubscription: Subscription {
    private var subscriber: AnySubscriber<Int, ProgramError>?
    /// How many more values the subscriber may be sent now.
    private(set) var outstanding: Subscribers.Demand = .none
    private(set) var cancelled = false
    private(set) var completed = false

    init(_ subscriber: AnySubscriber<Int, ProgramError>) { self.subscriber = subscriber }

    /// Whether it can still send: neither completed nor cancelled.
    var isLive: Bool { !cancelled && !completed }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "a subscriber requested zero demand")
        outstanding += demand
    }

    func cancel() {
        cancelled = true
        subscriber = nil
    }

    func send(_ value: Int) {
        guard isLive, outstanding > 0, let subscriber else { return }
        outstanding -= 1
        let more = subscriber.receive(value)
        outstanding += more
    }

    func complete(_ completion: Subscribers.Completion<ProgramError>) {
        guard isLive, let subscriber else { return }
        completed = true
        self.subscriber = nil
        subscriber.receive(completion: completion)
    }
}
