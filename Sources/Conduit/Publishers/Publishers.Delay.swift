extension Publishers {
    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, interval, tolerance, options) = (self.scheduler, self.interval, self.tolerance, self.options)
            upstream.subscribe(ScheduledRelay(downstream: subscriber, name: "Delay") { action in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            })
        }
    }
}

extension Publisher {
    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a
    /// particular scheduler. Order is kept; the completion is delayed too.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler, options: options
        )
    }
}

/// Passes each value and the completion to the downstream through `later`, which runs them on a
/// scheduler; demand returned then goes to the upstream.
///
/// Each event is queued and one action is scheduled per event; an action delivers the oldest
/// queued event. On a concurrent scheduler (a concurrent dispatch queue, the global queues) two
/// actions can run at once: the second leaves its event to the one already delivering, so the
/// downstream still gets one call at a time, in the order the events arrived, and the completion
/// last. On a serial scheduler every action delivers exactly its own event, as before.
internal final class ScheduledRelay<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Event {
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    /// Events waiting for their scheduled action, oldest first.
    private var pending = FIFO<Event>()
    /// Scheduled actions that ran while another was delivering: events that one still owes.
    private var owed = 0
    private var isDelivering = false
    private let later: (@escaping () -> Void) -> Void
    let description: String

    init(downstream: Downstream, name: String, later: @escaping (@escaping () -> Void) -> Void) {
        self.downstream = downstream
        self.description = name
        self.later = later
    }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        lock.withLock { downstream }?.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        schedule(.value(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        schedule(.completion(completion))
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
                pending.removeAll()
            }
            return self.upstream
        }
        upstream?.cancel()
    }

    private func schedule(_ event: Event) {
        let accepted: Bool = lock.withLock {
            guard downstream != nil else { return false }
            pending.append(event)
            return true
        }
        if accepted {
            later { [self] in deliverScheduled() }
        }
    }

    /// Runs once per scheduled action: delivers the oldest event, and any that actions running
    /// meanwhile left to it.
    private func deliverScheduled() {
        lock.lock()
        owed += 1
        if isDelivering {
            lock.unlock()
            return
        }
        isDelivering = true
        while owed > 0 {
            owed -= 1
            guard let downstream, let event = pending.popFirst() else { continue }
            if case .completion = event {
                self.downstream = nil
                upstream = nil
                pending.removeAll()
            }
            lock.unlock()
            switch event {
            case .value(let input):
                let more = downstream.receive(input)
                if more > 0 { lock.withLock { upstream }?.request(more) }
            case .completion(let completion):
                downstream.receive(completion: completion)
            }
            lock.lock()
        }
        isDelivering = false
        lock.unlock()
    }
}
