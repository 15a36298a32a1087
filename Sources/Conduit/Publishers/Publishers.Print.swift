extension Publishers {
    /// A publisher that prints log messages for all publishing events, in Combine's words:
    /// `receive subscription: (Name)`, `request max: (2)`, `request unlimited`,
    /// `receive value: (5)`, `receive finished`, `receive error: (e)`, `receive cancel`.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// A string with which to prefix all log messages.
        public let prefix: String
        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The `stream` this value was made with.
        public let stream: TextOutputStream?

        /// Creates a `Publishers.Print` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - prefix: The text or publisher that comes first.
        ///   - stream: The `stream` argument of the general operator.
        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let log = PrintLog(prefix: prefix, stream: stream)
            upstream.subscribe(EventObservingSubscriber(downstream: subscriber, name: "Print", events: EventHandlers(
                subscription: { log.write("receive subscription: (\($0))") },
                output: { log.write("receive value: (\($0))") },
                completion: {
                    switch $0 {
                    case .finished: log.write("receive finished")
                    case .failure(let error): log.write("receive error: (\(error))")
                    }
                },
                cancel: { log.write("receive cancel") },
                request: { log.write(PrintLog.describe($0)) },
                synchronousRequest: { log.write(PrintLog.describe($0) + " (synchronous)") }
            ), observesAfterCancel: true))
        }
    }
}

extension Publisher {
    /// Prints log messages for all publishing events, to `stream` or to standard output.
    ///
    /// ```swift
    /// let cancellable = [1].publisher
    ///     .print("numbers")
    ///     .sink { _ in }
    /// // Prints "numbers: receive subscription: ([1])", "numbers: request unlimited",
    /// // "numbers: receive value: (1)", "numbers: receive finished".
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Text to start each line with.
    ///   - stream: Where to write the lines; standard output if not given.
    /// - Returns: A publisher that republishes everything and writes a line for each event.
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

/// Where one `print` subscription writes: its own copy of the stream, guarded by a lock.
private final class PrintLog: @unchecked Sendable {
    private let lock = Lock()
    private let prefix: String
    private var stream: TextOutputStream?

    init(prefix: String, stream: TextOutputStream?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    /// A request in Combine's words: "request unlimited", "request max: (2)".
    static func describe(_ demand: Subscribers.Demand) -> String {
        demand == .unlimited ? "request unlimited" : "request max: (\(demand.max ?? 0))"
    }

    /// Writes one line in the three writes Swift's `print(_:to:)` makes for one item, as Combine's
    /// `print` does: the (empty) separator before it, the text, then the line's end.
    func write(_ message: String) {
        lock.withLock {
            if stream != nil {
                stream!.write("")
                stream!.write(prefix + message)
                stream!.write("\n")
            } else {
                Swift.print(prefix + message)
            }
        }
    }
}
