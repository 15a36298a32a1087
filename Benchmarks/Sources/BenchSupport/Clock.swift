import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the CPU time this thread has used, in nanoseconds.
///
/// Thread CPU time rather than wall time: the machine is shared with builds, and a single-threaded
/// case should not be charged for the time it spent descheduled.
@inline(__always)
public func threadNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Reads a monotonic wall clock, in nanoseconds (for cases that wait on other processes).
public func wallNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Reads the CPU time all of this process's threads have used, in nanoseconds (for cases whose
/// work runs on Swift concurrency's thread pool while the calling thread waits).
public func processNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Runs `body` once and returns the nanoseconds of thread CPU time it took, divided by
/// `operations`: the cost of one operation.
///
/// `body` is the measured region: under `scripts/bench --instructions` it is also what callgrind
/// counts (see `Measurement`), so setup and tear-down outside it are never charged.
@inline(__always)
public func nanosecondsPerOperation(_ operations: Int, _ body: () -> Void) -> Double {
    Measurement.begin(operations)
    let start = threadNanoseconds()
    body()
    let end = threadNanoseconds()
    Measurement.end()
    return Double(end - start) / Double(operations)
}

/// Runs `body` once on Swift concurrency's pool while this thread waits, and returns the
/// nanoseconds of CPU time the whole process took, divided by `operations`.
///
/// Process CPU time, not thread time: the work hops between the pool's threads. Nothing else runs
/// in the process meanwhile, so the figure is the body's.
public func nanosecondsPerOperation(
    _ operations: Int, async body: @escaping @Sendable () async -> Void
) -> Double {
    let done = DispatchSemaphore(value: 0)
    Measurement.begin(operations)
    let start = processNanoseconds()
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
    let end = processNanoseconds()
    Measurement.end()
    return Double(end - start) / Double(operations)
}

/// Runs `body` on Swift concurrency's pool and waits for it (setup steps of the async cases).
public func runBlocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
}

/// Writes a line to standard error.
public func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}
