extension Publishers {
    /// A publisher that raises a fatal error upon receiving any failure, and otherwise republishes
    /// all received input. Use it where a failure is a programming error.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The text or publisher that comes first.
        public let prefix: String
        /// The file named in the failure's message.
        public let file: StaticString
        /// The line named in the failure's message.
        public let line: UInt

        /// Creates a `Publishers.AssertNoFailure` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - prefix: The text or publisher that comes first.
        ///   - file: The file named in the failure's message.
        ///   - line: The line named in the failure's message.
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let (prefix, file, line) = (self.prefix, self.file, self.line)
            upstream.subscribe(FailureMappingSubscriber<Output, Upstream.Failure, S>(downstream: subscriber,
                name: "AssertNoFailure", reflectedChildren: [("file", file), ("line", line), ("prefix", prefix)]
            ) { error in
                fatalError("\(prefix.isEmpty ? "" : prefix + ": ")\(error)", file: file, line: line)
            })
        }
    }
}

extension Publisher {
    /// Raises a fatal error when its upstream publisher fails, and otherwise republishes all received input.
    ///
    /// Use it where a failure is a programming error; the failure stops the program with a message naming the
    /// place.
    ///
    /// ```swift
    /// let cancellable = Just(1)
    ///     .setFailureType(to: URLError.self)
    ///     .assertNoFailure("config")
    ///     .sink { print($0) }
    /// // Prints "1"; a failure would stop the program with "config: ..." and this file and line.
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Text to start the failure's message with.
    ///   - file: The file named in the message; the caller's if not given.
    ///   - line: The line named in the message; the caller's if not given.
    /// - Returns: A publisher whose `Failure` is `Never`, republishing the upstream's elements and completion.
    public func assertNoFailure(_ prefix: String = "", file: StaticString = #file,
        line: UInt = #line) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}
