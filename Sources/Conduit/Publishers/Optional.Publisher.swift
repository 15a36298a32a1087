/// Conduit's additions to `Optional`, as Combine's.
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
        ///
        /// - Parameter output: The value to send; `nil` to send nothing.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// A value goes out through a subscription named "Optional"; `nil` finishes after the empty
        /// subscription at once, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            guard let output else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            SingleValueSubscription(downstream: subscriber, name: "Optional", result: .success(output)).start()
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

// Combine's specialised operators on `Optional.Publisher`.
extension Optional.Publisher {
    /// `Optional.Publisher`'s own form of `map`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
        .init(output.map(transform))
    }

    /// `Optional.Publisher`'s own form of `filter`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter isIncluded: The closure that decides whether to republish an element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// `Optional.Publisher`'s own form of `compactMap`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
        .init(output.flatMap(transform))
    }

    /// `Optional.Publisher`'s own form of `count`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func count() -> Optional<Int>.Publisher {
        .init(output.map { _ in 1 })
    }

    /// `Optional.Publisher`'s own form of `first`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first() -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `last`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last() -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `dropFirst`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter count: The number of elements the operator counts off.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return .init(count > 0 ? nil : output)
    }

    /// `Optional.Publisher`'s own form of `prefix`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter maxLength: The most elements to publish.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return .init(maxLength > 0 ? output : nil)
    }

    /// `Optional.Publisher`'s own form of `ignoreOutput`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func ignoreOutput() -> Empty<Wrapped, Never> {
        Empty()
    }

    /// `Optional.Publisher`'s own form of `replaceEmpty`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceEmpty(with output: Wrapped) -> Just<Wrapped> {
        Just(self.output ?? output)
    }

    /// `Optional.Publisher`'s own form of `allSatisfy`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func allSatisfy(_ predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        .init(output.map(predicate))
    }

    /// `Optional.Publisher`'s own form of `contains`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(where predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        .init(output.map(predicate))
    }

    /// An array of the value, or an empty array if there is none (as Combine's does).
    ///
    /// - Returns: A publisher of one array.
    public func collect() -> Optional<[Wrapped]>.Publisher {
        .init(output.map { [$0] } ?? [])
    }

    /// `Optional.Publisher`'s own form of `min`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `max`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `drop`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func drop(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { predicate($0) ? nil : $0 })
    }

    /// `Optional.Publisher`'s own form of `prefix`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// `Optional.Publisher`'s own form of `first`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// `Optional.Publisher`'s own form of `last`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        .init(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// `Optional.Publisher`'s own form of `output`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter index: The position, from 0, of the element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func output(at index: Int) -> Optional<Wrapped>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return .init(index == 0 ? output : nil)
    }

    /// The value if the range (relative to the non-negative integers) contains 0; a negative
    /// lower bound or an upper bound near `Int.max` traps, as in Combine.
    ///
    /// - Parameter range: The positions, from 0, of the elements to send.
    /// - Returns: A publisher of the value, or of nothing.
    public func output<R: RangeExpression>(in range: R) -> Optional<Wrapped>.Publisher where R.Bound == Int {
        let bounds = range.relative(to: 0 ..< Int.max)
        precondition(bounds.lowerBound >= 0, "lowerBound must not be negative")
        precondition(bounds.upperBound < Int.max - 1, "upperBound is too big")
        return .init(bounds.contains(0) ? output : nil)
    }

    /// `Optional.Publisher`'s own form of `reduce`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        .init(output.map { nextPartialResult(initialResult, $0) })
    }

    /// `Optional.Publisher`'s own form of `scan`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        .init(output.map { nextPartialResult(initialResult, $0) })
    }

    /// `Optional.Publisher`'s own form of `removeDuplicates`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `replaceError`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `retry`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter times: The `times` argument of the general operator.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func retry(_ times: Int) -> Optional<Wrapped>.Publisher {
        self
    }
}

extension Optional.Publisher where Wrapped: Equatable {
    /// `Optional.Publisher`'s own form of `contains`: it applies the operator to the optional value at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(_ output: Wrapped) -> Optional<Bool>.Publisher {
        .init(self.output.map { $0 == output })
    }

    /// `Optional.Publisher`'s own form of `removeDuplicates`: it applies the operator to the optional value at once and
    /// returns the result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates() -> Optional<Wrapped>.Publisher {
        self
    }
}

extension Optional.Publisher where Wrapped: Comparable {
    /// `Optional.Publisher`'s own form of `min`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min() -> Optional<Wrapped>.Publisher {
        self
    }

    /// `Optional.Publisher`'s own form of `max`: it applies the operator to the optional value at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max() -> Optional<Wrapped>.Publisher {
        self
    }
}
