import CCallgrind
#if canImport(Glibc)
import Glibc
#endif

/// How this process measures: by the clock (`scripts/bench`), or by counting instructions under
/// callgrind (`scripts/bench --instructions`, which starts one process per case and engine).
///
/// Under callgrind the instrumentation is off at start and is switched on only around the measured
/// region of the counted sample, so setup, tear-down and the warm-up sample are never counted; the
/// count is divided by the operations that region did, which this type records.
public enum Measurement {
    /// Whether this process is the one-case child that `--instructions` runs under callgrind:
    /// the cases then use fewer values (`scaled`), since callgrind runs code ~50 times slower.
    public static let underCallgrind: Bool = getenv("BENCH_CALLGRIND") != nil

    /// Whether the next measured region is counted (the warm-up sample's is not).
    nonisolated(unsafe) public static var counting = false

    /// The operations the last measured region was divided by.
    nonisolated(unsafe) public static private(set) var lastOperations = 0

    /// Whether this binary can switch callgrind's instrumentation on and off.
    public static var requestsAvailable: Bool { callgrind_requests_available() != 0 }

    /// Whether this process runs under valgrind.
    public static var runningOnValgrind: Bool { callgrind_running_on_valgrind() != 0 }

    @inline(never)
    static func begin(_ operations: Int) {
        lastOperations = operations
        if counting { callgrind_start() }
    }

    @inline(never)
    static func end() {
        if counting { callgrind_stop() }
    }
}

/// The number of values (or operations) a case's measured loop runs: `count` normally, and
/// `callgrind` (by default a hundredth of `count`, at least 1) under `--instructions`, where
/// instructions per value are the same with fewer values and callgrind is slow.
public func scaled(_ count: Int, callgrind: Int? = nil) -> Int {
    guard Measurement.underCallgrind else { return count }
    return max(1, callgrind ?? count / 100)
}

/// Objects the callgrind child never tears down (see `tearDown`).
nonisolated(unsafe) private var keptForever: [Any] = []

/// Runs a case's tear-down, except in the child that `--instructions` runs under callgrind: there
/// `objects` are kept until the process exits instead, since nothing after the measured region
/// is counted and valgrind would spend minutes cancelling 100,000 sinks one by one.
public func tearDown(keeping objects: Any, _ body: () -> Void) {
    if Measurement.underCallgrind {
        keptForever.append(objects)
    } else {
        body()
    }
}
