/// The shared core of `debounce` and `throttle`: it asks the upstream for everything, keeps the
/// value waiting to go out, and sends it when the scheduler says — if the downstream has demand
/// for it (otherwise it is dropped, as in Combine).
///
/// `@usableFromInline` with an `@inlinable` value path, so a client's pipeline is specialised for
/// its value, subscriber and scheduler types; the state is only touched under `lock`, so it skips
/// the dynamic exclusivity checks.
@usableFromInline
internal final class RateLimiter<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline
    enum Mode {
        /// Send a value once `interval` passed with no newer value.
        case debounce
        /// Send at most one value per `interval`: the first or the latest of each window.
        case throttle(latest: Bool)
    }

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var waiting: Input?
    /// Numbers the debounce timers, so that only the newest one fires.
    @usableFromInline @exclusivity(unchecked) var generation = 0
    /// Throttle: a window is open (a value went out less than `interval` ago).
    @usableFromInline @exclusivity(unchecked) var windowOpen = false
    /// Held while a scheduled action calls the downstream: on a concurrent scheduler another
    /// action (a timer, the completion) waits for it, so the downstream gets one call at a time;
    /// the thread holding it (a synchronous scheduler, from inside the downstream) may take it again.
    @usableFromInline let delivery = ReentrantLock()
    @usableFromInline let mode: Mode
    @usableFromInline let interval: Context.SchedulerTimeType.Stride
    @usableFromInline let scheduler: Context
    @usableFromInline let options: Context.SchedulerOptions?
    @usableFromInline let description: String

    @inlinable
    init(downstream: Downstream, mode: Mode, interval: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.mode = mode
        self.interval = interval
        self.scheduler = scheduler
        self.options = options
        if case .debounce = mode { description = "Debounce" } else { description = "Throttle" }
    }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        lock.withLock { downstream }?.receive(subscription: self)
        subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        switch mode {
        case .debounce:
            let number: Int = lock.withLock {
                waiting = input
                generation += 1
                return generation
            }
            scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: options) { [self] in
                let ready = lock.withLock { generation == number }
                if ready { sendWaiting() }
            }
        case .throttle(let latest):
            let startNow: Bool = lock.withLock {
                if windowOpen {
                    if latest || waiting == nil { waiting = input }
                    return false
                }
                waiting = input
                windowOpen = true
                return true
            }
            if startNow {
                scheduler.schedule(options: options) { [self] in
                    sendWaiting()
                    openWindow()
                }
            }
        }
        return .none
    }

    /// Throttle: when the window closes, send what came during it and open another, or go idle.
    @inlinable
    func openWindow() {
        scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: options) { [self] in
            let more = lock.withLock { () -> Bool in
                guard downstream != nil else { return false }
                if waiting == nil {
                    windowOpen = false
                    return false
                }
                return true
            }
            guard more else { return }
            sendWaiting()
            openWindow()
        }
    }

    @inlinable
    func sendWaiting() {
        delivery.withLock(owner: self) {
            lock.lock()
            guard let downstream, let value = waiting else {
                lock.unlock()
                return
            }
            waiting = nil
            guard demand > 0 else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            if more > 0 { lock.withLock { demand += more } }
        }
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [self] in
            delivery.withLock(owner: self) {
                let downstream: Downstream? = lock.withLock {
                    defer {
                        self.downstream = nil
                        upstream = nil
                        waiting = nil
                    }
                    return self.downstream
                }
                downstream?.receive(completion: completion)
            }
        }
    }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        lock.withLock { demand += newDemand }
    }

    @usableFromInline
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
                waiting = nil
            }
            return self.upstream
        }
        upstream?.cancel()
    }
}
