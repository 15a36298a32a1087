import CHeap
#if canImport(Glibc)
import Glibc
#endif

/// Bytes currently allocated by malloc and still live, as glibc's `mallinfo2` counts them
/// (small chunks in the arenas plus chunks served by mmap).
public func liveHeapBytes() -> Int {
    Int(cheap_live_bytes())
}

/// Measures the heap bytes that `count` live objects made by `make` hold, one each: the storage
/// that keeps them alive is reserved before the first reading, so only the objects count.
public func heapBytesPerObject<T>(count: Int, _ make: (Int) -> T) -> Double {
    var kept: [T] = []
    kept.reserveCapacity(count)
    let before = liveHeapBytes()
    for index in 0..<count {
        kept.append(make(index))
    }
    let after = liveHeapBytes()
    let bytes = Double(after - before) / Double(count)
    withExtendedLifetime(kept) {}
    return bytes
}

/// Keeps a value observable, so the optimiser cannot drop the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A counter the cases' sinks add into, so that delivered values are used. Its fields skip
/// Swift's dynamic exclusivity checks (each case's sink is its only writer): with the checks, the
/// counter itself cost about 150 instructions per value, the same for both engines, which hid the
/// engines' difference behind the harness's own cost.
public final class Tally: @unchecked Sendable {
    @exclusivity(unchecked) public var total = 0
    @exclusivity(unchecked) public var count = 0
    public init() {}

    @inline(__always)
    public func add(_ value: Int) {
        total &+= value
        count &+= 1
    }
}

/// Runs `pair` `pairs` times and returns the most the live heap grew above its size before the
/// first run, in KiB, read every `every` runs: what repeated work leaves behind at its worst.
public func peakHeapKibibytes(pairs: Int, every: Int, _ pair: () -> Void) -> Double {
    let before = liveHeapBytes()
    var peak = 0
    for index in 0..<pairs {
        pair()
        if index % every == every - 1 { peak = max(peak, liveHeapBytes() - before) }
    }
    return Double(peak) / 1_024
}
