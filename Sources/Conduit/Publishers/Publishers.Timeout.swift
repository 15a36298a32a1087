import DequeModule

extension Publishers {
    /// A publisher that terminates if the upstream publisher exceeds a specified time interval
    /// without producing an element: it finishes, or fails with `customError` if one is given.
    /// Values and the completion are delivered on the scheduler, as Combine's are.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The interval the operator measures.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?
        /// The closure that returns the error to fail with when time runs out.
        public let customError: (() -> Upstream.Failure)?

        /// Creates a `Publishers.Timeout` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - interval: The interval the operator measures.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        ///   - options: The scheduler's options for the actions the operator schedules.
        ///   - customError: The closure that returns the error to fail with when time runs out.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        /// On `ImmediateScheduler` the timer cannot wait: an API violation, as Combine traps there
        /// (under a violation handler the stream times out as soon as it is subscribed).
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if Context.self == ImmediateScheduler.self { APIViolation.report(.timeoutOnImmediateScheduler) }
            upstream.subscribe(TimeoutSubscription(
                downstream: subscriber, interval: interval, scheduler: scheduler, options: options,
                customError: customError
            ))
        }
    }
}

extension Publisher {
    /// Terminates publishing if the upstream publisher exceeds the specified time interval without
    /// producing an element.
    ///
    /// ```swift
    /// enum LoadError: Error { case timedOut }
    /// let reply = PassthroughSubject<String, LoadError>()
    /// let cancellable = reply
    ///     .timeout(.seconds(5), scheduler: DispatchQueue.main, customError: { .timedOut })
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // With no reply within 5 seconds, prints "failed: timedOut".
    /// ```
    ///
    /// - Parameters:
    ///   - interval: How long the upstream may stay quiet, from the subscription or from its last element.
    ///   - scheduler: The scheduler whose clock measures the time and on which the elements are delivered.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    ///   - customError: A closure that returns the error to fail with; without it, the stream finishes instead.
    /// - Returns: A publisher that republishes the upstream until it is quiet for `interval`, then finishes or
    ///   fails.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options,
            customError: customError)
    }
}

/// The subscriber and subscription of `timeout`. A repeating timer is (re)started when the
/// subscription arrives, at the downstream's first request and at every value; when it fires
/// before the next value the upstream is cancelled and the downstream completed. Values and the
/// upstream's completion are handed on through `schedule(options:)`; the downstream's answer to
/// a value is requested from the upstream. Deliveries hold `delivery`, so on a concurrent
/// scheduler the downstream gets one call at a time, in order, with the completion last.
private final class TimeoutSubscription<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed
        /// Cancelled, timed out or completed: nothing more reaches the downstream.
        case done
    }

    private enum Event {
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = Lock()
    private let delivery = ReentrantLock()
    /// Events waiting for their scheduled action, oldest first: each action hands on the oldest,
    /// so the order holds even when a concurrent scheduler runs two actions at once.
    private var pending = Deque<Event>()
    private var state = State.awaitingSubscription
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var timer: Cancellable?
    /// Numbers the timers, so that one replaced by a newer one does nothing if it still fires.
    private var generation = 0
    private var requestedOnce = false
    /// The upstream completed; its completion is on its way through the scheduler.
    private var upstreamCompleted = false
    private let interval: Context.SchedulerTimeType.Stride
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let customError: (() -> Failure)?

    init(
        downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
        options: Context.SchedulerOptions?, customError: (() -> Failure)?
    ) {
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        self.options = options
        self.customError = customError
    }

    var description: String { "Timeout" }

    /// No children, as Combine's `timeout` shows to reflection.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        switch state {
        case .subscribed:
            lock.unlock()
            subscription.cancel()
            return
        case .done:
            lock.unlock()
            return
        case .awaitingSubscription:
            break
        }
        guard let downstream else {
            lock.unlock()
            return
        }
        state = .subscribed
        upstream = subscription
        lock.unlock()
        // The downstream first: on a synchronous scheduler the timer fires inside `restartTimer`.
        downstream.receive(subscription: self)
        restartTimer()
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let live = lock.withLock { state == .subscribed && !upstreamCompleted }
        guard live else { return .none }
        restartTimer()
        lock.withLock { pending.append(.value(input)) }
        scheduler.schedule(options: options) { [self] in deliverOldest() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let timer: Cancellable?? = lock.withLock {
            guard state == .subscribed, !upstreamCompleted else { return nil }
            upstreamCompleted = true
            pending.append(.completion(completion))
            defer { self.timer = nil }
            return .some(self.timer)
        }
        guard let timer else { return }
        timer?.cancel()
        scheduler.schedule(options: options) { [self] in deliverOldest() }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard state == .subscribed, let upstream else {
            lock.unlock()
            return
        }
        let first = !requestedOnce && !upstreamCompleted
        requestedOnce = true
        lock.unlock()
        if first { restartTimer() }
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        guard state != .done else {
            lock.unlock()
            return
        }
        state = .done
        let upstream = self.upstream
        let timer = self.timer
        self.upstream = nil
        self.timer = nil
        downstream = nil
        pending.removeAll()
        lock.unlock()
        timer?.cancel()
        upstream?.cancel()
    }

    /// Starts a timer for the interval from now, replacing the one running.
    private func restartTimer() {
        let number = lock.withLock {
            generation += 1
            return generation
        }
        let start = scheduler.now
        let tolerance = scheduler.minimumTolerance
        let next = scheduler.schedule(
            after: start.advanced(by: interval), interval: interval, tolerance: tolerance, options: options
        ) { [self] in timedOut(number) }
        let replaced: Cancellable?? = lock.withLock {
            guard generation == number, state == .subscribed, !upstreamCompleted else { return nil }
            defer { timer = next }
            return .some(timer)
        }
        if let replaced {
            replaced?.cancel()
        } else {
            next.cancel()
        }
    }

    private func timedOut(_ number: Int) {
        delivery.withLock(owner: self) {
            let ends: (Downstream, Subscription?, Cancellable?)? = lock.withLock {
                guard generation == number, state == .subscribed, !upstreamCompleted, let downstream else { return nil }
                state = .done
                defer {
                    self.downstream = nil
                    upstream = nil
                    timer = nil
                    pending.removeAll()
                }
                return (downstream, upstream, timer)
            }
            guard let (downstream, upstream, timer) = ends else { return }
            timer?.cancel()
            upstream?.cancel()
            downstream.receive(completion: customError.map { .failure($0()) } ?? .finished)
        }
    }

    /// Runs once per scheduled action: hands on the oldest waiting event.
    private func deliverOldest() {
        delivery.withLock(owner: self) {
            let next: (Downstream, Event)? = lock.withLock {
                guard state == .subscribed, let downstream, let event = pending.popFirst() else { return nil }
                if case .completion = event {
                    state = .done
                    self.downstream = nil
                    upstream = nil
                }
                return (downstream, event)
            }
            guard let (downstream, event) = next else { return }
            switch event {
            case .value(let input):
                let more = downstream.receive(input)
                guard more > 0 else { return }
                lock.withLock { state == .subscribed ? upstream : nil }?.request(more)
            case .completion(let completion):
                downstream.receive(completion: completion)
            }
        }
    }
}
