import Foundation

/// Conduit's additions to `Timer`, as Combine's.
extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval, once
    /// connected (`connect()` or `autoconnect()`). The run loop must be running for it to fire.
    ///
    /// - Parameters:
    ///   - interval: The time between two dates, in seconds.
    ///   - tolerance: How late a date may come; `nil` for the run loop's default.
    ///   - runLoop: The run loop whose timer sends the dates.
    ///   - mode: The run loop mode the timer runs in.
    ///   - options: The scheduler's options; `nil` for its defaults.
    /// - Returns: A connectable publisher of the current date, every `interval` seconds once connected.
    public static func publish(
        every interval: TimeInterval,
        tolerance: TimeInterval? = nil,
        on runLoop: RunLoop,
        in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher of dates, one per interval while connected.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        /// The interval the operator measures.
        public let interval: TimeInterval
        /// How late the scheduler may run a delivery.
        public let tolerance: TimeInterval?
        /// The run loop the timer runs on.
        public let runLoop: RunLoop
        /// The run loop mode the timer runs in.
        public let mode: RunLoop.Mode
        /// The scheduler's options for the actions the operator schedules.
        public let options: RunLoop.SchedulerOptions?

        private let subject = PassthroughSubject<Date, Never>()
        private let lock = Lock()
        private var timer: RunLoopTimer.Handle?

        /// Creates a `Timer.TimerPublisher` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - interval: The interval the operator measures.
        ///   - tolerance: How late the scheduler may run a delivery.
        ///   - runLoop: The run loop the timer runs on.
        ///   - mode: The run loop mode the timer runs in.
        ///   - options: The scheduler's options for the actions the operator schedules.
        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        /// Starts the timer, whose first tick is due one interval from now (as Combine's: a timer
        /// of 0.2s fires at 0.2s and 0.4s, not at 0); cancelling the returned cancellable stops it
        /// and lets go of what the timer held.
        ///
        /// - Returns: A cancellable that stops the timer.
        public func connect() -> Cancellable {
            let subject = self.subject
            let timer = RunLoopTimer.add(
                to: runLoop, at: Date().addingTimeInterval(interval), interval: interval,
                tolerance: tolerance ?? 0, mode: mode,
                UncheckedAction { subject.send(Date()) }
            )
            let replaced: RunLoopTimer.Handle? = lock.withLock {
                defer { self.timer = timer }
                return self.timer
            }
            replaced?.invalidate()
            return AnyCancellable { [weak self] in
                timer.invalidate()
                self?.lock.withLock { if self?.timer?.timer === timer.timer { self?.timer = nil } }
            }
        }
    }
}
