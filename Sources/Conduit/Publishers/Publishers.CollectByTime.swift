extension Publishers {
    /// A publisher that buffers and periodically publishes its items: at the end of each interval
    /// it sends what it gathered as one array (an empty interval sends nothing), and with
    /// `.byTimeOrCount` also as soon as `count` items are waiting, which starts a new interval.
    ///
    /// Arrays, the items still waiting when the upstream finishes, and the completion are all
    /// delivered through the scheduler. A failure drops what is waiting. Arrays go out only
    /// against downstream demand: an interval that ends without it keeps its items for the next.
    /// `.byTime` asks the upstream for everything (time is its only bound); `.byTimeOrCount`
    /// asks for `count` items per array requested.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// When the operator sends what it has collected.
        public let strategy: TimeGroupingStrategy<Context>
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?

        /// Creates a `Publishers.CollectByTime` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - strategy: When the operator sends what it has collected.
        ///   - options: The scheduler's options for the actions the operator schedules.
        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            if case .byTimeOrCount(_, _, let count) = strategy {
                precondition(count > 0, "count must be positive")
            }
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let collector: TimeCollector<Upstream.Output, S, Context>
            switch strategy {
            case .byTime(let scheduler, let interval):
                collector = TimeCollector(downstream: subscriber, scheduler: scheduler, interval: interval, count: nil,
                    options: options)
            case .byTimeOrCount(let scheduler, let interval, let count):
                collector = TimeCollector(downstream: subscriber, scheduler: scheduler, interval: interval,
                    count: count, options: options)
            }
            upstream.subscribe(collector)
        }
    }
}

extension Publisher {
    /// Collects elements by a given time-grouping strategy, and emits a single array of the collection.
    ///
    /// ```swift
    /// let cancellable = keystrokes
    ///     .collect(.byTime(RunLoop.main, .seconds(1)))
    ///     .sink { print($0) }
    /// // Prints, once a second, the keystrokes of that second, e.g. "["a", "b"]".
    /// ```
    ///
    /// - Parameters:
    ///   - strategy: When to send an array: `.byTime` every interval, or `.byTimeOrCount` also when it holds that
    ///     many.
    ///   - options: The scheduler's options for the timer.
    /// - Returns: A publisher that sends arrays of the elements collected in each interval.
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

/// The subscription of `collect(_ strategy:options:)`. Each interval is a repeating scheduler
/// action tagged with a window number; a count flush starts a new window, so ticks of the old
/// one find a different number and do nothing.
private final class TimeCollector<Element, Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable where Downstream.Input == [Element]
{
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    /// Held while a scheduled action takes an array and hands it on: on a concurrent scheduler a
    /// tick, a count flush and the completion can fire at once, and the downstream still gets one
    /// call at a time, arrays in order and the completion last. Its holder may take it again.
    private let delivery = ReentrantLock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var buffer: [Element] = []
    private var demand = Subscribers.Demand.none
    private var window = 0
    private var timer: Cancellable?
    /// A count flush is scheduled and has not run yet.
    private var flushPending = false
    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    private let count: Int?
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, interval: Context.SchedulerTimeType.Stride, count: Int?,
        options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.interval = interval
        self.count = count
        self.options = options
    }

    var description: String { "CollectByTime" }

    func receive(subscription: Subscription) {
        let target: Downstream? = lock.withLock {
            guard upstream == nil, let downstream else { return nil }
            upstream = subscription
            return downstream
        }
        guard let target else {
            subscription.cancel()
            return
        }
        startWindow()
        target.receive(subscription: self)
        if count == nil {
            subscription.request(.unlimited)
        }
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        let flush: Bool = lock.withLock {
            guard downstream != nil else { return false }
            buffer.append(input)
            return claimCountFlush()
        }
        if flush { scheduleCountFlush() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [self] in
            delivery.withLock(owner: self) { finish(completion) }
        }
    }

    /// On the scheduler: hands on what is left (if the stream finished) and the completion.
    private func finish(_ completion: Subscribers.Completion<Failure>) {
        let (target, rest, available, timer): (Downstream?, [Element], Subscribers.Demand,
            Cancellable?) = lock.withLock {
            defer {
                downstream = nil
                upstream = nil
                buffer = []
                self.timer = nil
                window += 1
            }
            return (downstream, buffer, demand, self.timer)
        }
        timer?.cancel()
        guard let target else { return }
        if case .finished = completion {
            var rest = rest[...]
            var available = available
            while !rest.isEmpty, available > 0 {
                let size = count.map { Swift.min($0, rest.count) } ?? rest.count
                available -= 1
                available += target.receive(Array(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
        }
        target.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let subscription = upstream
        let flush = claimCountFlush()
        lock.unlock()
        if let subscription, let count = count {
            subscription.request(newDemand * count)
        }
        if flush { scheduleCountFlush() }
    }

    func cancel() {
        let (upstream, timer): (Subscription?, Cancellable?) = lock.withLock {
            defer {
                self.upstream = nil
                self.timer = nil
                downstream = nil
                buffer = []
                window += 1
            }
            return (self.upstream, self.timer)
        }
        timer?.cancel()
        upstream?.cancel()
    }

    /// Under the lock: whether a full array waits for a flush nobody scheduled yet.
    private func claimCountFlush() -> Bool {
        guard let count, buffer.count >= count, !flushPending, downstream != nil else { return false }
        flushPending = true
        return true
    }

    private func scheduleCountFlush() {
        scheduler.schedule(options: options) { [self] in countFlush() }
    }

    /// On the scheduler: sends a full array if there is demand for it, and restarts the window.
    private func countFlush() {
        delivery.withLock(owner: self) { flushFullArray() }
    }

    private func flushFullArray() {
        let (target, batch): (Downstream?, [Element]) = lock.withLock {
            flushPending = false
            guard let downstream, let count, buffer.count >= count, demand > 0 else { return (nil, []) }
            demand -= 1
            return (downstream, takeBatch())
        }
        guard let target else { return }
        startWindow()
        deliver(batch, to: target)
    }

    /// On the scheduler, at the end of an interval of window `number`.
    private func tick(_ number: Int) {
        delivery.withLock(owner: self) { flushInterval(number) }
    }

    private func flushInterval(_ number: Int) {
        let (target, batch): (Downstream?, [Element]) = lock.withLock {
            guard number == window, let downstream, !buffer.isEmpty, demand > 0 else { return (nil, []) }
            demand -= 1
            return (downstream, takeBatch())
        }
        guard let target else { return }
        deliver(batch, to: target)
    }

    /// Hands on an array; the demand the downstream answers with counts as a request, so with
    /// `.byTimeOrCount` it reaches the upstream as `count` items per array, as `request(_:)` does.
    private func deliver(_ batch: [Element], to target: Downstream) {
        let more = target.receive(batch)
        let (flush, subscription): (Bool, Subscription?) = lock.withLock {
            guard downstream != nil else { return (false, nil) }
            demand += more
            return (claimCountFlush(), more > 0 ? upstream : nil)
        }
        if let subscription, let count { subscription.request(more * count) }
        if flush { scheduleCountFlush() }
    }

    /// Under the lock: the next array, at most `count` long.
    private func takeBatch() -> [Element] {
        guard let count, buffer.count > count else {
            defer { buffer = [] }
            return buffer
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer.prefix(count))
    }

    /// Starts a new interval from now, ending the previous one.
    private func startWindow() {
        let (number, old): (Int, Cancellable?) = lock.withLock {
            window += 1
            defer { timer = nil }
            return (window, timer)
        }
        old?.cancel()
        let next = scheduler.schedule(
            after: scheduler.now.advanced(by: interval), interval: interval,
            tolerance: scheduler.minimumTolerance, options: options
        ) { [self] in tick(number) }
        let stale: Bool = lock.withLock {
            guard number == window, downstream != nil else { return true }
            timer = next
            return false
        }
        if stale { next.cancel() }
    }
}
