/// The shared core of `debounce` and `throttle`: it asks the upstream for everything, keeps the
/// value waiting to go out, and sends it when the scheduler says — if the downstream has demand
/// for it (otherwise it is dropped, as in Combine).
///
/// The scheduler calls are Combine's: debounce starts a repeating timer (`schedule(after:interval:)`
/// with the operator's options, cancelled when it fires or is replaced) per value and hands the
/// completion on with `schedule(options: nil)`; throttle reads `now` when it is created, subscribed,
/// given a value or a completion and when it emits, and schedules an emission at once or at the
/// end of the interval since the last one. Deliveries hold `delivery`, so on a concurrent
/// scheduler the downstream gets one call at a time, in order, with the completion last.
///
/// `@usableFromInline` with an `@inlinable` value path (the timer's action and the emission
/// included: unspecialised, copying the waiting value looked up generic metadata on every value),
/// so a client's pipeline is specialised for its value, subscriber and scheduler types; the state
/// is only touched under `lock`, so it skips the dynamic exclusivity checks.
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

    @usableFromInline let lock = ReentrantLock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var waiting: Input?
    /// The upstream completed (its completion is on its way) or the downstream cancelled.
    @usableFromInline @exclusivity(unchecked) var ended = false
    /// Debounce: numbers the timers, so that only the newest one sends.
    @usableFromInline @exclusivity(unchecked) var generation = 0
    /// Debounce: the number of the timer that fired last (a repeating timer sends once).
    @usableFromInline @exclusivity(unchecked) var lastFired = 0
    /// Debounce: the repeating timer of the newest value.
    @usableFromInline @exclusivity(unchecked) var timer: Cancellable?
    /// Throttle: an emission is scheduled and has not run yet.
    @usableFromInline @exclusivity(unchecked) var emissionScheduled = false
    /// Throttle: when the last emission ran.
    @usableFromInline @exclusivity(unchecked) var lastEmission: Context.SchedulerTimeType?
    /// Throttle: the upstream's completion, held until the scheduled emission has run.
    @usableFromInline @exclusivity(unchecked) var completionAfterEmission: Subscribers.Completion<Failure>?
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
    init(downstream: Downstream, mode: Mode, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
        options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.mode = mode
        self.interval = interval
        self.scheduler = scheduler
        self.options = options
        if case .debounce = mode {
            description = "Debounce"
        } else {
            description = "Throttle"
            _ = scheduler.now
        }
    }

    @usableFromInline
    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withExclusiveLock(owner: self) {
            guard upstream == nil, !ended, downstream != nil else { return false }
            upstream = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        if case .throttle = mode { _ = scheduler.now }
        lock.withExclusiveLock(owner: self) { downstream }?.receive(subscription: self)
        subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        switch mode {
        case .debounce: debounce(input)
        case .throttle(let latest): throttle(input, latest: latest)
        }
        return .none
    }

    @inlinable
    func debounce(_ input: Input) {
        let newest: Int? = lock.withExclusiveLock(owner: self) {
            guard !ended, downstream != nil else { return nil }
            generation += 1
            waiting = input
            return generation
        }
        guard let number = newest else { return }
        let start = scheduler.now
        let tolerance = scheduler.minimumTolerance
        var next: Cancellable? = scheduler.schedule(
            after: start.advanced(by: interval), interval: interval, tolerance: tolerance, options: options
        ) { [self] in timerFired(number) }
        // A synchronous scheduler has run the timer already; then it is not kept. The timers are
        // swapped rather than copied: copying an existential goes through its value witnesses.
        lock.lock(owner: self)
        if generation == number, lastFired != number, !ended, downstream != nil {
            swap(&next, &timer)
        }
        lock.unlock(owner: self)
        next?.cancel()
    }

    /// Debounce: the newest value's timer fired; the value goes out if it is still the newest.
    /// One lock pass (holding `delivery`) checks the timer, takes it out and takes the value and
    /// a unit of demand; the timer is cancelled before the value goes out.
    @inlinable
    func timerFired(_ number: Int) {
        delivery.withLock(owner: self) {
            lock.lock(owner: self)
            guard generation == number, lastFired != number else {
                lock.unlock(owner: self)
                return
            }
            lastFired = number
            var fired: Cancellable?
            swap(&fired, &timer)
            let handOff = takeWaiting()
            lock.unlock(owner: self)
            // Consumed, not copied: a method called on an optional existential variable copies it
            // (a retain and a release more, through its value witnesses).
            switch consume fired {
            case .some(let timer): timer.cancel()
            case .none: break
            }
            // Consumed too: binding the downstream out of the pair retained it once more.
            switch consume handOff {
            case .some(let (downstream, value)): deliver(value, to: downstream)
            case .none: break
            }
        }
    }

    @inlinable
    func throttle(_ input: Input, latest: Bool) {
        let live = lock.withExclusiveLock(owner: self) { !ended && downstream != nil }
        guard live else { return }
        let now = scheduler.now
        lock.lock(owner: self)
        guard !ended, downstream != nil, demand > 0 else {
            lock.unlock(owner: self)
            return
        }
        if emissionScheduled {
            if latest || waiting == nil { waiting = input }
            lock.unlock(owner: self)
            return
        }
        waiting = input
        emissionScheduled = true
        let due = lastEmission.map { $0.advanced(by: interval) }
        lock.unlock(owner: self)
        if let due, now < due {
            scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: nil) { [self] in emit() }
        } else {
            scheduler.schedule(options: nil) { [self] in emit() }
        }
    }

    /// Throttle: the scheduled emission runs; then the completion that waited for it, if any.
    @inlinable
    func emit() {
        delivery.withLock(owner: self) {
            let state: Bool? = lock.withExclusiveLock(owner: self) {
                downstream == nil ? nil : completionAfterEmission != nil
            }
            guard let ending = state else { return }
            // The time of an emission only matters for a later one: none follows a completion.
            let now = ending ? nil : scheduler.now
            lock.withExclusiveLock(owner: self) {
                if let now { lastEmission = now }
                emissionScheduled = false
            }
            sendWaiting()
            let completion: Subscribers.Completion<Failure>? = lock.withExclusiveLock(owner: self) {
                defer { completionAfterEmission = nil }
                return completionAfterEmission
            }
            if let completion { finish(completion) }
        }
    }

    /// Sends the waiting value, if the downstream has demand for it (otherwise it is dropped).
    @inlinable
    func sendWaiting() {
        delivery.withLock(owner: self) {
            lock.lock(owner: self)
            let handOff = takeWaiting()
            lock.unlock(owner: self)
            switch consume handOff {
            case .some(let (downstream, value)): deliver(value, to: downstream)
            case .none: break
            }
        }
    }

    /// Takes the waiting value and, if the downstream has demand for it, a unit of that demand;
    /// returns the value with the downstream to send it to. Call holding `lock` and `delivery`.
    @inlinable
    func takeWaiting() -> (Downstream, Input)? {
        guard let downstream, let value = waiting else { return nil }
        waiting = nil
        guard demand > 0 else { return nil }
        demand -= 1
        return (downstream, value)
    }

    /// Sends `value` downstream and adds the demand it returns. Call holding `delivery` only.
    @inlinable
    func deliver(_ value: Input, to downstream: Downstream) {
        let more = downstream.receive(value)
        if more > 0 { lock.withExclusiveLock(owner: self) { demand += more } }
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        switch mode {
        case .debounce:
            let timer: Cancellable?? = lock.withExclusiveLock(owner: self) {
                guard !ended, downstream != nil else { return nil }
                ended = true
                waiting = nil
                defer { self.timer = nil }
                return .some(self.timer)
            }
            guard let timer else { return }
            timer?.cancel()
            scheduler.schedule(options: nil) { [self] in finish(completion) }
        case .throttle:
            // Before the subscription, Combine's throttle ignores a completion.
            let live = lock.withExclusiveLock(owner: self) { !ended && downstream != nil && upstream != nil }
            guard live else { return }
            _ = scheduler.now
            let later: Bool? = lock.withExclusiveLock(owner: self) {
                guard !ended, downstream != nil else { return nil }
                ended = true
                if emissionScheduled {
                    completionAfterEmission = completion
                    return false
                }
                return true
            }
            if later == true {
                scheduler.schedule(options: nil) { [self] in finish(completion) }
            }
        }
    }

    @usableFromInline
    func finish(_ completion: Subscribers.Completion<Failure>) {
        delivery.withLock(owner: self) {
            let downstream: Downstream? = lock.withExclusiveLock(owner: self) {
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

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        lock.withExclusiveLock(owner: self) { demand += newDemand }
    }

    @usableFromInline
    func cancel() {
        let (upstream, timer): (Subscription?, Cancellable?) = lock.withExclusiveLock(owner: self) {
            defer {
                self.upstream = nil
                self.timer = nil
                downstream = nil
                waiting = nil
                completionAfterEmission = nil
                ended = true
            }
            return (self.upstream, self.timer)
        }
        timer?.cancel()
        upstream?.cancel()
    }
}

/// What reflection shows, as Combine's: `debounce` its downstream, the demand outstanding and the
/// value waiting for its timer; `throttle` nothing.
extension RateLimiter: CustomReflectable, CustomPlaygroundDisplayConvertible {
    @usableFromInline
    var customMirror: Mirror {
        guard case .debounce = mode else { return Mirror(self, children: [:]) }
        let (downstream, demand, waiting) = lock.withExclusiveLock(owner: self) {
            (self.downstream, self.demand, self.waiting)
        }
        let children: [Mirror.Child] = [
            ("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", waiting as Any),
        ]
        return Mirror(self, children: children)
    }

    @usableFromInline
    var playgroundDescription: Any { description }
}
