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

/// Runs `body` once and returns the nanoseconds of thread CPU time it took, divided by
/// `operations`: the cost of one operation.
@inline(__always)
public func nanosecondsPerOperation(_ operations: Int, _ body: () -> Void) -> Double {
    let start = threadNanoseconds()
    body()
    let end = threadNanoseconds()
    return Double(end - start) / Double(operations)
}
