import Foundation

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval, once
    /// connected (`connect()` or `autoconnect()`). The run loop must be running for it to fire.
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

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?

        private let subject = PassthroughSubject<Date, Never>()
        private let lock = Lock()
        private var timer: Timer?

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

        /// Starts the timer; cancelling the returned cancellable stops it.
        ///
        /// On Linux each connection leaves one `Timer` (40 bytes) and its CFRunLoopTimer allocated
        /// after it is stopped: swift-corelibs-foundation's block-based `Timer` initialiser retains the
        /// timer for its CoreFoundation context and gives the context no release callback, so the pair
        /// keeps itself alive. There is no other public way to put a timer on a `RunLoop`.
        public func connect() -> Cancellable {
            let subject = self.subject
            let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.send(Date()) }
            if let tolerance { timer.tolerance = tolerance }
            lock.withLock {
                self.timer?.invalidate()
                self.timer = timer
            }
            runLoop.add(timer, forMode: mode)
            return AnyCancellable { [weak self] in
                timer.invalidate()
                self?.lock.withLock { if self?.timer === timer { self?.timer = nil } }
            }
        }
    }
}
