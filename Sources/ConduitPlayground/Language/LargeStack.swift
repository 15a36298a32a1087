import Foundation

/// Work that recurses once for each level of what it reads (a parser following brackets), run on a
/// thread of its own whose stack is large enough for the deepest text it accepts: the caller's
/// thread may have little stack left (a thread sanitizer's build uses more for each call).
enum LargeStack {
    /// The stack the thread reserves (address space; only what is used is backed by memory).
    static let size = 1 << 30

    /// What `body` gives or throws, run on a thread with a `size` stack while the caller waits.
    static func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let handoff = Handoff(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            handoff.result = Result { try handoff.body() }
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return try handoff.result!.get()
    }

    /// `body` and its result, crossing to the thread and back once while the caller waits (the
    /// semaphore orders the two accesses).
    private final class Handoff<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
    }
}
