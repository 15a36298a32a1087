/// A publisher that emits an output to each subscriber just once, and then finishes.
///
/// It never fails; its value goes out on the subscriber's first demand.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    ///
    /// - Parameter output: The one element it sends.
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
    /// `Just`'s own form of `map`: it applies the operator to the one value at once and returns the result as a simpler
    /// publisher, as Combine's `Just` does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    /// `Just`'s own form of `tryMap`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    /// `Just`'s own form of `filter`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter isIncluded: The closure that decides whether to republish an element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// `Just`'s own form of `compactMap`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// `Just`'s own form of `setFailureType`: it applies the operator to the one value at once and returns the result
    /// as a simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter failureType: The `Failure` type the new publisher declares.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// `Just`'s own form of `mapError`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter transform: The closure that turns a failure into the new error type.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// `Just`'s own form of `replaceError`: it applies the operator to the one value at once and returns the result as
    /// a simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceError(with output: Output) -> Just<Output> {
        self
    }

    /// `Just`'s own form of `replaceEmpty`: it applies the operator to the one value at once and returns the result as
    /// a simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceEmpty(with output: Output) -> Just<Output> {
        self
    }

    /// `Just`'s own form of `retry`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter retries: How many times to subscribe again after a failure.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func retry(_ retries: Int) -> Just<Output> {
        self
    }

    /// `Just`'s own form of `count`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func count() -> Just<Int> {
        Just<Int>(1)
    }

    /// `Just`'s own form of `collect`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func collect() -> Just<[Output]> {
        Just<[Output]>([output])
    }

    /// `Just`'s own form of `first`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first() -> Just<Output> {
        self
    }

    /// `Just`'s own form of `last`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last() -> Just<Output> {
        self
    }

    /// `Just`'s own form of `ignoreOutput`: it applies the operator to the one value at once and returns the result as
    /// a simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func ignoreOutput() -> Empty<Output, Never> {
        Empty()
    }

    /// `Just`'s own form of `dropFirst`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter count: The number of elements the operator counts off.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    /// `Just`'s own form of `prefix`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter maxLength: The most elements to publish.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// `Just`'s own form of `output`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter index: The position, from 0, of the element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// `Just`'s own form of `allSatisfy`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// `Just`'s own form of `contains`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// `Just`'s own form of `reduce`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// `Just`'s own form of `scan`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// `Just`'s own form of `min`: it applies the operator to the one value at once and returns the result as a simpler
    /// publisher, as Combine's `Just` does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// `Just`'s own form of `max`: it applies the operator to the one value at once and returns the result as a simpler
    /// publisher, as Combine's `Just` does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// `Just`'s own form of `removeDuplicates`: it applies the operator to the one value at once and returns the result
    /// as a simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
        self
    }
}

extension Just where Output: Equatable {
    /// `Just`'s own form of `contains`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(_ output: Output) -> Just<Bool> {
        Just<Bool>(self.output == output)
    }

    /// `Just`'s own form of `removeDuplicates`: it applies the operator to the one value at once and returns the result
    /// as a simpler publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates() -> Just<Output> {
        self
    }
}

extension Just where Output: Comparable {
    /// `Just`'s own form of `min`: it applies the operator to the one value at once and returns the result as a simpler
    /// publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min() -> Just<Output> {
        self
    }

    /// `Just`'s own form of `max`: it applies the operator to the one value at once and returns the result as a simpler
    /// publisher, as Combine's `Just` does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max() -> Just<Output> {
        self
    }
}

// The rest of Combine's `Just` operators: predicates and ranges answer with an optional
// publisher, throwing closures with a `Result` publisher, and concatenation with a sequence.
extension Just {
    /// `Just`'s own form of `drop`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// `Just`'s own form of `prefix`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// `Just`'s own form of `first`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// `Just`'s own form of `last`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The output if the range starts at 0 (even an empty one, as Combine answers), else nothing.
    ///
    /// - Parameter range: The positions, from 0, of the elements to send.
    /// - Returns: A publisher of the output, or of nothing.
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0 ..< Int.max).lowerBound == 0 ? output : nil)
    }

    /// `Just`'s own form of `tryScan`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T,
        Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// `Just`'s own form of `tryReduce`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T,
        Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// `Just`'s own form of `tryAllSatisfy`: it applies the operator to the one value at once and returns the result as
    /// a simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// `Just`'s own form of `tryContains`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Calls the predicate once (with the output twice), as Combine does: if it throws, the
    /// result is that error.
    ///
    /// - Parameter predicate: A closure that says whether two elements are duplicates, or throws.
    /// - Returns: A publisher of the output, or of the error the predicate threw.
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(Result { _ = try predicate(output, output); return output })
    }

    /// `Just`'s own form of `tryMin`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(output)
    }

    /// `Just`'s own form of `tryMax`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(output)
    }

    /// `Just`'s own form of `prepend`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        prepend(elements)
    }

    /// `Just`'s own form of `prepend`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<[Output],
        Never> where S.Element == Output {
        var all: [Output] = []
        all.reserveCapacity(elements.underestimatedCount + 1)
        all.append(contentsOf: elements)
        all.append(output)
        return Publishers.Sequence(sequence: all)
    }

    /// `Just`'s own form of `append`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        append(elements)
    }

    /// `Just`'s own form of `append`: it applies the operator to the one value at once and returns the result as a
    /// simpler publisher, as Combine's `Just` does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<[Output],
        Never> where S.Element == Output {
        var all = [output]
        all.append(contentsOf: elements)
        return Publishers.Sequence(sequence: all)
    }
}
