/// A publisher that emits an output to each subscriber just once, and then finishes.
///
/// It never fails; its value goes out on the subscriber's first demand.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    public init(_ output: Output) {
        self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        SingleValueSubscription(downstream: subscriber, name: "Just", result: .success(output)).start()
    }
}

extension Just: Equatable where Output: Equatable {}

extension Just: Sendable where Output: Sendable {}

// Combine's specialised operators on `Just`: they compute at once and return concrete publishers.
extension Just {
    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func replaceError(with output: Output) -> Just<Output> {
        self
    }

    public func replaceEmpty(with output: Output) -> Just<Output> {
        self
    }

    public func retry(_ retries: Int) -> Just<Output> {
        self
    }

    public func count() -> Just<Int> {
        Just<Int>(1)
    }

    public func collect() -> Just<[Output]> {
        Just<[Output]>([output])
    }

    public func first() -> Just<Output> {
        self
    }

    public func last() -> Just<Output> {
        self
    }

    public func ignoreOutput() -> Empty<Output, Never> {
        Empty()
    }

    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
        self
    }
}

extension Just where Output: Equatable {
    public func contains(_ output: Output) -> Just<Bool> {
        Just<Bool>(self.output == output)
    }

    public func removeDuplicates() -> Just<Output> {
        self
    }
}

extension Just where Output: Comparable {
    public func min() -> Just<Output> {
        self
    }

    public func max() -> Just<Output> {
        self
    }
}

// The rest of Combine's `Just` operators: predicates and ranges answer with an optional
// publisher, throwing closures with a `Result` publisher, and concatenation with a sequence.
extension Just {
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The output if the range starts at 0 (even an empty one, as Combine answers), else nothing.
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0 ..< Int.max).lowerBound == 0 ? output : nil)
    }

    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T,
        Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T,
        Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Calls the predicate once (with the output twice), as Combine does: if it throws, the
    /// result is that error.
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(Result { _ = try predicate(output, output); return output })
    }

    public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(output)
    }

    public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(output)
    }

    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        prepend(elements)
    }

    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<[Output],
        Never> where S.Element == Output {
        var all: [Output] = []
        all.reserveCapacity(elements.underestimatedCount + 1)
        all.append(contentsOf: elements)
        all.append(output)
        return Publishers.Sequence(sequence: all)
    }

    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        append(elements)
    }

    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<[Output],
        Never> where S.Element == Output {
        var all = [output]
        all.append(contentsOf: elements)
        return Publishers.Sequence(sequence: all)
    }
}
