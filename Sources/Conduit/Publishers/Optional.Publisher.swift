extension Optional {
    /// A publisher that publishes this optional's value once, if there is one, and then finishes.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher that publishes an optional value to each subscriber exactly once, if the
    /// optional has a value; it finishes at once if it has none.
    public struct Publisher: Conduit.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never

        /// The result to deliver to each subscriber.
        public let output: Wrapped?

        /// Creates a publisher to emit the value of the optional, or to finish immediately if nil.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            SingleValueSubscription(downstream: subscriber, name: "Optional", result: .success(output)).start()
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

// Combine's specialised operators on `Optional.Publisher`.
extension Optional.Publisher {
    public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
        .init(output.map(transform))
    }

    public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
        .init(output.flatMap(transform))
    }

    public func count() -> Optional<Int>.Publisher {
        .init(output.map { _ in 1 })
    }

    public func first() -> Optional<Wrapped>.Publisher {
        self
    }

    public func last() -> Optional<Wrapped>.Publisher {
        self
    }

    public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return .init(count > 0 ? nil : output)
    }

    public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return .init(maxLength > 0 ? output : nil)
    }

    public func ignoreOutput() -> Empty<Wrapped, Never> {
        Empty()
    }

    public func replaceEmpty(with output: Wrapped) -> Optional<Wrapped>.Publisher {
        .init(self.output ?? output)
    }
}
