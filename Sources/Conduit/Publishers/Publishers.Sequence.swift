extension Publishers {
    /// A publisher that publishes a given sequence of elements, one per unit of demand.
    ///
    /// When the sequence is exhausted it finishes; an empty sequence finishes at once.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The sequence of elements to publish.
        public let sequence: Elements

        /// Creates a publisher for a sequence of elements.
        ///
        /// - Parameter sequence: The elements to send, in order.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription(downstream: subscriber, name: "Sequence", elements: sequence).start()
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

/// Conduit's additions to `Sequence`, as Combine's.
extension Sequence {
    /// A publisher that publishes the elements of this sequence.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

// Combine's specialised operators on `Publishers.Sequence`: they work on the sequence itself and
// return concrete publishers.
extension Publishers.Sequence {
    /// `Publishers.Sequence`'s own form of `map`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        .init(sequence: sequence.map(transform))
    }

    /// `Publishers.Sequence`'s own form of `filter`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter isIncluded: The closure that decides whether to republish an element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: sequence.filter(isIncluded))
    }

    /// `Publishers.Sequence`'s own form of `compactMap`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter transform: The closure that transforms each element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        .init(sequence: sequence.compactMap(transform))
    }

    /// `Publishers.Sequence`'s own form of `scan`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func scan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Publishers.Sequence<[T], Failure> {
        var accumulator = initialResult
        return .init(sequence: sequence.map { element in
            accumulator = nextPartialResult(accumulator, element)
            return accumulator
        })
    }

    /// `Publishers.Sequence`'s own form of `reduce`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func reduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Result<T, Failure>.Publisher {
        .init(.success(sequence.reduce(initialResult, nextPartialResult)))
    }

    /// `Publishers.Sequence`'s own form of `collect`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        .init(.success(Array(sequence)))
    }

    /// `Publishers.Sequence`'s own form of `allSatisfy`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.allSatisfy(predicate)))
    }

    /// `Publishers.Sequence`'s own form of `contains`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.contains(where: predicate)))
    }

    /// `Publishers.Sequence`'s own form of `ignoreOutput`: it applies the operator to the sequence's elements at once
    /// and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func ignoreOutput() -> Empty<Elements.Element, Failure> {
        Empty()
    }

    /// `Publishers.Sequence`'s own form of `removeDuplicates`: it applies the operator to the sequence's elements at
    /// once and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates(
        by predicate: (Elements.Element, Elements.Element) -> Bool
    ) -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last.map({ !predicate($0, element) }) ?? true {
            kept.append(element)
        }
        return .init(sequence: kept)
    }

    /// `Publishers.Sequence`'s own form of `dropFirst`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter count: The number of elements the operator counts off.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        .init(sequence: sequence.dropFirst(count))
    }

    /// `Publishers.Sequence`'s own form of `drop`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func drop(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        .init(sequence: sequence.drop(while: predicate))
    }

    /// `Publishers.Sequence`'s own form of `prefix`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter maxLength: The most elements to publish.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        .init(sequence: sequence.prefix(maxLength))
    }

    /// `Publishers.Sequence`'s own form of `prefix`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prefix(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: sequence.prefix(while: predicate))
    }

    /// `Publishers.Sequence`'s own form of `setFailureType`: it applies the operator to the sequence's elements at once
    /// and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter error: The error, or the `Failure` type, the publisher declares.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
        .init(sequence: sequence)
    }

    /// `Publishers.Sequence`'s own form of `tryReduce`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameters:
    ///   - initialResult: The value the accumulation starts from.
    ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) throws -> T
    ) -> Result<T, Error>.Publisher {
        .init(Result<T, Error> { try sequence.reduce(initialResult, nextPartialResult) })
    }

    /// `Publishers.Sequence`'s own form of `tryAllSatisfy`: it applies the operator to the sequence's elements at once
    /// and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try sequence.allSatisfy(predicate) })
    }

    /// `Publishers.Sequence`'s own form of `tryContains`: it applies the operator to the sequence's elements at once
    /// and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try sequence.contains(where: predicate) })
    }

    /// `Publishers.Sequence`'s own form of `replaceNil`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure>
        where Elements.Element == T?
    {
        .init(sequence: sequence.map { $0 ?? output })
    }
}

// Concatenation keeps the collection type when it can grow, as in Combine.
extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// `Publishers.Sequence`'s own form of `append`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    /// `Publishers.Sequence`'s own form of `append`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
        where S.Element == Elements.Element
    {
        var joined = sequence
        joined.append(contentsOf: elements)
        return .init(sequence: joined)
    }

    /// `Publishers.Sequence`'s own form of `append`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter publisher: The publisher the operator reads.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }

    /// `Publishers.Sequence`'s own form of `prepend`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// `Publishers.Sequence`'s own form of `prepend`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter elements: The elements to send.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
        where S.Element == Elements.Element
    {
        var joined = Elements()
        joined.reserveCapacity(sequence.count + elements.underestimatedCount)
        joined.append(contentsOf: elements)
        joined.append(contentsOf: sequence)
        return .init(sequence: joined)
    }

    /// `Publishers.Sequence`'s own form of `prepend`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter publisher: The publisher the operator reads.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        var joined = publisher.sequence
        joined.append(contentsOf: sequence)
        return .init(sequence: joined)
    }
}

extension Publishers.Sequence where Failure == Never {
    /// `Publishers.Sequence`'s own form of `min`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min(
        by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
    ) -> Optional<Elements.Element>.Publisher {
        .init(sequence.min(by: areInIncreasingOrder))
    }

    /// `Publishers.Sequence`'s own form of `max`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max(
        by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
    ) -> Optional<Elements.Element>.Publisher {
        .init(sequence.max(by: areInIncreasingOrder))
    }

    /// `Publishers.Sequence`'s own form of `first`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        .init(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// `Publishers.Sequence`'s own form of `removeDuplicates`: it applies the operator to the sequence's elements at
    /// once and returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        removeDuplicates(by: ==)
    }

    /// `Publishers.Sequence`'s own form of `contains`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter output: The element the operator compares with or sends.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.contains(output)))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    /// `Publishers.Sequence`'s own form of `min`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func min() -> Optional<Elements.Element>.Publisher {
        .init(sequence.min())
    }

    /// `Publishers.Sequence`'s own form of `max`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func max() -> Optional<Elements.Element>.Publisher {
        .init(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// `Publishers.Sequence`'s own form of `count`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func count() -> Result<Int, Failure>.Publisher {
        .init(.success(sequence.count))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// `Publishers.Sequence`'s own form of `count`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func count() -> Just<Int> {
        Just(sequence.count)
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    /// `Publishers.Sequence`'s own form of `first`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func first() -> Optional<Elements.Element>.Publisher {
        .init(sequence.first)
    }

    /// `Publishers.Sequence`'s own form of `output`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter index: The position, from 0, of the element.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        .init(sequence.indices.contains(index) ? sequence[index] : nil)
    }

    /// The elements in `range`, which must lie within the collection's indices (as in Combine).
    ///
    /// - Parameter range: The indices of the elements to send.
    /// - Returns: A publisher of those elements.
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: Array(sequence[range]))
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    /// `Publishers.Sequence`'s own form of `last`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last() -> Optional<Elements.Element>.Publisher {
        .init(sequence.last)
    }

    /// `Publishers.Sequence`'s own form of `last`: it applies the operator to the sequence's elements at once and
    /// returns a publisher of what it computes, as Combine's does.
    ///
    /// - Parameter predicate: The closure that decides, for each element, as the operator's name says.
    /// - Returns: A publisher that gives the same elements and completion as the general operator would.
    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        .init(sequence.last(where: predicate))
    }
}
