import Conduit
import ConduitTesting
import Foundation

/// A virtual-time scheduler for tests that also writes down every scheduler call an operator
/// makes (`now`, `minimumTolerance`, the three `schedule` forms), in order, so a test can check
/// which calls a time operator makes and with which arguments. Its options are a string, so a
/// test sees whether the operator passes on the options it was given. Not for concurrent use.
final class RecordingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = VirtualTimeScheduler.SchedulerTimeType
    typealias SchedulerOptions = String

    private let clock = VirtualTimeScheduler()
    /// The calls made so far, e.g. `["now", "minimumTolerance", "after 13ns every 13ns ~7ns fast"]`.
    private(set) var calls: [String] = []
    /// How many repeating actions were cancelled through the cancellable they returned.
    private(set) var cancelledRepeats = 0

    var now: SchedulerTimeType {
        calls.append("now")
        return clock.now
    }

    /// Seven nanoseconds, so that a test sees where the operator passes it on.
    var minimumTolerance: SchedulerTimeType.Stride {
        calls.append("minimumTolerance")
        return .nanoseconds(7)
    }

    func schedule(options: String?, _ action: @escaping () -> Void) {
        calls.append("schedule" + Self.describe(options))
        clock.schedule(action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: String?,
        _ action: @escaping () -> Void
    ) {
        calls.append("after \(date) ~\(Self.describe(tolerance))" + Self.describe(options))
        clock.schedule(after: date, tolerance: tolerance, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: String?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let every = "every \(Self.describe(interval)) ~\(Self.describe(tolerance))"
        calls.append("after \(date) \(every)" + Self.describe(options))
        let repeating = clock.schedule(after: date, interval: interval, tolerance: tolerance, action)
        return AnyCancellable { [weak self] in
            self?.cancelledRepeats += 1
            repeating.cancel()
        }
    }

    /// Moves the clock to `nanoseconds`, running what falls due (not recorded as calls).
    func advance(to nanoseconds: Int) {
        clock.advance(to: SchedulerTimeType(nanoseconds: nanoseconds))
    }

    /// Forgets the calls recorded so far.
    func clearCalls() {
        calls.removeAll()
    }

    private static func describe(_ options: String?) -> String {
        options.map { " " + $0 } ?? ""
    }

    private static func describe(_ stride: SchedulerTimeType.Stride) -> String {
        VirtualTimeScheduler.format(nanoseconds: stride.magnitude)
    }
}
