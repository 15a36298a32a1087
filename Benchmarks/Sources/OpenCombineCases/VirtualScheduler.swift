import BenchSupport
import OpenCombine

/// A minimal virtual-time scheduler for OpenCombine, which ships none: actions run when `advance`
/// moves the clock past their time, in time order (first scheduled first on ties). Written for the
/// debounce case only, to match what Conduit's `VirtualTimeScheduler` does.
final class VirtualScheduler: Scheduler {
    struct Time: Strideable, Hashable {
        var nanoseconds: Int
        func distance(to other: Time) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
        func advanced(by n: Stride) -> Time { Time(nanoseconds: nanoseconds + n.nanoseconds) }
    }

    struct Stride: SignedNumeric, Comparable, Hashable, SchedulerTimeIntervalConvertible {
        var nanoseconds: Int
        init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
        init(integerLiteral value: Int) { nanoseconds = value }
        init?<T: BinaryInteger>(exactly source: T) {
            guard let value = Int(exactly: source) else { return nil }
            nanoseconds = value
        }
        var magnitude: Int { nanoseconds.magnitude > UInt(Int.max) ? Int.max : Int(nanoseconds.magnitude) }
        static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
        static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
        static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds * rhs.nanoseconds) }
        static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
        static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int(s * 1e9)) }
        static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
        static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
        static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
    }

    typealias SchedulerTimeType = Time
    typealias SchedulerOptions = Never

    private struct Pending {
        let time: Time
        let order: Int
        let action: () -> Void
    }

    private(set) var now = Time(nanoseconds: 0)
    var minimumTolerance: Stride { .nanoseconds(0) }
    private var pending: [Pending] = []
    private var counter = 0

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(now, action)
    }

    func schedule(after date: Time, tolerance: Stride, options: Never?, _ action: @escaping () -> Void) {
        enqueue(date, action)
    }

    func schedule(
        after date: Time, interval: Stride, tolerance: Stride, options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        enqueue(date, action)
        return AnyCancellable {}
    }

    /// Moves the clock forward, running every action due by the new time.
    func advance(by stride: Stride) {
        let target = now.advanced(by: stride)
        while let first = pending.first, first.time <= target {
            pending.removeFirst()
            if first.time > now { now = first.time }
            first.action()
        }
        now = target
    }

    private func enqueue(_ time: Time, _ action: @escaping () -> Void) {
        counter += 1
        let item = Pending(time: time, order: counter, action: action)
        let index = pending.firstIndex { $0.time > time } ?? pending.endIndex
        pending.insert(item, at: index)
    }
}
