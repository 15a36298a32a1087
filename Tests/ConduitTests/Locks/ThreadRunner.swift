import Foundation

/// Runs closures on their own threads (not a pool, so each really runs concurrently with the
/// others however busy the machine is) and waits for all of them to return.
enum ThreadRunner {
    /// Starts `count` threads running `body(index)` and returns when every one has finished.
    static func run(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }

    /// Starts one thread running `body`; `finished` is signalled when it returns.
    static func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            body()
            finished.signal()
        }.start()
        return finished
    }

    /// Waits until `condition` holds. The limit only turns a hang into a failure: on a loaded
    /// machine the condition may take long to become true, but it must become true.
    static func eventually(_ condition: () -> Bool, limit: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while !condition() {
            if Date() > deadline { return false }
            usleep(100)
        }
        return true
    }
}
