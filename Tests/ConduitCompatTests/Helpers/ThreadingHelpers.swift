import Foundation

/// A value behind an NSLock, shared by the load tests (the thread sanitizer sees an NSLock, unlike
/// a futex-based Mutex's contended path).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
    var snapshot: Value { withLock { $0 } }
}

/// A value tagged with the thread that sent it and its place in that thread's sequence, so a
/// subscriber can check that each sender's values arrive in order.
struct Stamp: Sendable, Equatable {
    let sender: Int
    let seq: Int
}
