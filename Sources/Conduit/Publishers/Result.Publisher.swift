/// Conduit's additions to `Result`, as Combine's.
extension Result {
    /// A publisher that publishes this result: its success once on demand and then finishes, or
    /// its failure at once.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher that publishes an output to each subscriber exactly once then finishes, or fails
    /// immediately without producing any elements.
    public struct Publisher: Conduit.Publisher {
        public typealias Output = Success

        /// The result to deliver to each subscriber.
        public let result: Result<Success, Failure>

        /// Creates a publisher that delivers the specified result.
        ///
        /// - Parameter result: The success to send, or the failure to fail with.
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// Creates a publisher that sends the specified output to all subscribers and finishes normally.
        ///
        /// - Parameter output: The element to send.
        public init(_ output: Success) {
            self.result = .success(output)
        }

        /// Creates a publisher that immediately terminates upon subscription with the given failure.
        ///
        /// - Parameter failure: The error to fail with.
        public init(_ failure: Failure) {
            self.result = .failure(failure)
        }

        /// A success goes out through a subscription named "Once" (Combine's name for this
        /// publisher); a failure follows the empty subscription at once, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                SingleValueSubscription(downstream: subscriber, name: "Once", result: .success(output)).start()
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

// Combine's specialised operators on `Result.Publisher`.
extension Result.Publisher {
    /// `Result.Publisher`'s own form of `map`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map(transform))
    }

    /// `Result.Publisher`'s own form of `tryMap`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, Error>.Publisher {
        .init(Result<T, Error> { try transform(result.get()) })
    }

    /// `Result.Publisher`'s own form of `mapError`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter transform: The closure that turns a failure into the new error type.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
        .init(result.mapError(transform))
    }

    /// `Result.Publisher`'s own form of `replaceError`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
        .init(.success((try? result.get()) ?? output))
    }

    /// `Result.Publisher`'s own form of `retry`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Parameter times: The `times` argument of the general operator.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func retry(_ times: Int) -> Result<Success, Failure>.Publisher {
        self
    }

    /// `Result.Publisher`'s own form of `count`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func count() -> Result<Int, Failure>.Publisher {
        .init(result.map { _ in 1 })
    }

    /// `Result.Publisher`'s own form of `collect`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func collect() -> Result<[Success], Failure>.Publisher {
        .init(result.map { [$0] })
    }

    /// `Result.Publisher`'s own form of `ignoreOutput`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func ignoreOutput() -> Empty<Success, Failure> {
        Empty()
    }

    /// `Result.Publisher`'s own form of `allSatisfy`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(result.map(predicate))
    }

    /// `Result.Publisher`'s own form of `tryAllSatisfy`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try predicate(result.get()) })
    }

    /// `Result.Publisher`'s own form of `contains`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(result.map(predicate))
    }

    /// `Result.Publisher`'s own form of `tryContains`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try predicate(result.get()) })
    }

    /// `Result.Publisher`'s own form of `min`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the comparator once on a success (with it twice), as Combine does: if it throws,
    /// the result is that error.
    ///
    /// - Parameter areInIncreasingOrder: A closure that says whether its first argument comes before its second,
    ///   or throws.
    /// - Returns: A publisher of the success, or of the error the closure threw.
    public func tryMin(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        checkedOnce(areInIncreasingOrder)
    }

    /// `Result.Publisher`'s own form of `max`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the comparator once on a success, as `tryMin(by:)` does.
    ///
    /// - Parameter areInIncreasingOrder: A closure that says whether its first argument comes before its second,
    ///   or throws.
    /// - Returns: A publisher of the success, or of the error the closure threw.
    public func tryMax(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        checkedOnce(areInIncreasingOrder)
    }

    /// `Result.Publisher`'s own form of `first`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first() -> Result<Success, Failure>.Publisher {
        self
    }

    /// `Result.Publisher`'s own form of `last`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last() -> Result<Success, Failure>.Publisher {
        self
    }

    /// `Result.Publisher`'s own form of `removeDuplicates`: it applies the operator to the result at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the predicate once on a success, as `tryMin(by:)` does.
    ///
    /// - Parameter predicate: A closure that says whether two elements are duplicates, or throws.
    /// - Returns: A publisher of the success, or of the error the predicate threw.
    public func tryRemoveDuplicates(by predicate: (Success, Success) throws -> Bool) -> Result<Success,
        Error>.Publisher {
        checkedOnce(predicate)
    }

    /// `Result.Publisher`'s own form of `replaceEmpty`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher {
        self
    }

    /// `Result.Publisher`'s own form of `reduce`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map { nextPartialResult(initialResult, $0) })
    }

    /// `Result.Publisher`'s own form of `tryReduce`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T) -> Result<T,
        Error>.Publisher {
        .init(Result<T, Error> { try nextPartialResult(initialResult, result.get()) })
    }

    /// `Result.Publisher`'s own form of `scan`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map { nextPartialResult(initialResult, $0) })
    }

    /// `Result.Publisher`'s own form of `tryScan`: it applies the operator to the result at once and returns the result
    /// as another such publisher, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T) -> Result<T,
        Error>.Publisher {
        .init(Result<T, Error> { try nextPartialResult(initialResult, result.get()) })
    }
}

extension Result.Publisher {
    /// The success, after calling `check` on it once with it twice (as Combine's `tryMin`, `tryMax`
    /// and `tryRemoveDuplicates` on one value do), or the error `check` throws; a failure as it is.
    private func checkedOnce(_ check: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        .init(Result<Success, Error> {
            let output = try result.get()
            _ = try check(output, output)
            return output
        })
    }
}

extension Result.Publisher where Success: Equatable {
    /// `Result.Publisher`'s own form of `contains`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
        .init(result.map { $0 == output })
    }

    /// `Result.Publisher`'s own form of `removeDuplicates`: it applies the operator to the result at once and returns
    /// the result as another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates() -> Result<Success, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Success: Comparable {
    /// `Result.Publisher`'s own form of `min`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min() -> Result<Success, Failure>.Publisher {
        self
    }

    /// `Result.Publisher`'s own form of `max`: it applies the operator to the result at once and returns the result as
    /// another such publisher, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max() -> Result<Success, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Failure == Never {
    /// `Result.Publisher`'s own form of `setFailureType`: it applies the operator to the result at once and returns the
    /// result as another such publisher, as Combine's does.
    ///
    /// - Parameter failureType: The `Failure` type the new publisher declares.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
        switch result {
        case .success(let value): return .init(value)
        }
    }
}
