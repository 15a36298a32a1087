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
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// Creates a publisher that sends the specified output to all subscribers and finishes normally.
        public init(_ output: Success) {
            self.result = .success(output)
        }

        /// Creates a publisher that immediately terminates upon subscription with the given failure.
        public init(_ failure: Failure) {
            self.result = .failure(failure)
        }

        /// A success goes out through a subscription named "Once" (Combine's name for this
        /// publisher); a failure follows the empty subscription at once, as in Combine.
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
    public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map(transform))
    }

    public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, Error>.Publisher {
        .init(Result<T, Error> { try transform(result.get()) })
    }

    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
        .init(result.mapError(transform))
    }

    public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
        .init(.success((try? result.get()) ?? output))
    }

    public func retry(_ times: Int) -> Result<Success, Failure>.Publisher {
        self
    }

    public func count() -> Result<Int, Failure>.Publisher {
        .init(result.map { _ in 1 })
    }

    public func collect() -> Result<[Success], Failure>.Publisher {
        .init(result.map { [$0] })
    }

    public func ignoreOutput() -> Empty<Success, Failure> {
        Empty()
    }

    public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(result.map(predicate))
    }

    public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try predicate(result.get()) })
    }

    public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(result.map(predicate))
    }

    public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try predicate(result.get()) })
    }

    public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the comparator once on a success (with it twice), as Combine does: if it throws,
    /// the result is that error.
    public func tryMin(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        checkedOnce(areInIncreasingOrder)
    }

    public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the comparator once on a success, as `tryMin(by:)` does.
    public func tryMax(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        checkedOnce(areInIncreasingOrder)
    }

    public func first() -> Result<Success, Failure>.Publisher {
        self
    }

    public func last() -> Result<Success, Failure>.Publisher {
        self
    }

    public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Calls the predicate once on a success, as `tryMin(by:)` does.
    public func tryRemoveDuplicates(by predicate: (Success, Success) throws -> Bool) -> Result<Success,
        Error>.Publisher {
        checkedOnce(predicate)
    }

    public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher {
        self
    }

    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map { nextPartialResult(initialResult, $0) })
    }

    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T) -> Result<T,
        Error>.Publisher {
        .init(Result<T, Error> { try nextPartialResult(initialResult, result.get()) })
    }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        .init(result.map { nextPartialResult(initialResult, $0) })
    }

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
    public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
        .init(result.map { $0 == output })
    }

    public func removeDuplicates() -> Result<Success, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Success: Comparable {
    public func min() -> Result<Success, Failure>.Publisher {
        self
    }

    public func max() -> Result<Success, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Failure == Never {
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
        switch result {
        case .success(let value): return .init(value)
        }
    }
}
