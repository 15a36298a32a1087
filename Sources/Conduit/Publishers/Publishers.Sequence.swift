extension Publishers {
    /// A publisher that publishes a given sequence of elements, one per unit of demand.
    ///
    /// When the sequence is exhausted it finishes; an empty sequence finishes at once.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The sequence of elements to publish.
        public let sequence: Elements

        /// Creates a publisher for a sequence of elements.
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

extension Sequence {
    /// A publisher that publishes the elements of this sequence.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

// Combine's specialised operators on `Publishers.Sequence`: they work on the sequence itself and
// return concrete publishers.
extension Publishers.Sequence {
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        .init(sequence: sequence.map(transform))
    }

    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: sequence.filter(isIncluded))
    }

    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        .init(sequence: sequence.compactMap(transform))
    }

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

    public func reduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Result<T, Failure>.Publisher {
        .init(.success(sequence.reduce(initialResult, nextPartialResult)))
    }

    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        .init(.success(Array(sequence)))
    }

    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.allSatisfy(predicate)))
    }

    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.contains(where: predicate)))
    }

    public func ignoreOutput() -> Empty<Elements.Element, Failure> {
        Empty()
    }

    public func removeDuplicates(
        by predicate: (Elements.Element, Elements.Element) -> Bool
    ) -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last.map({ !predicate($0, element) }) ?? true {
            kept.append(element)
        }
        return .init(sequence: kept)
    }

    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        .init(sequence: sequence.dropFirst(count))
    }

    public func drop(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        .init(sequence: sequence.drop(while: predicate))
    }

    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        .init(sequence: sequence.prefix(maxLength))
    }

    public func prefix(
        while predicate: (Elements.Element) -> Bool
    ) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: sequence.prefix(while: predicate))
    }

    public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
        .init(sequence: sequence)
    }

    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) throws -> T
    ) -> Result<T, Error>.Publisher {
        .init(Result<T, Error> { try sequence.reduce(initialResult, nextPartialResult) })
    }

    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try sequence.allSatisfy(predicate) })
    }

    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        .init(Result<Bool, Error> { try sequence.contains(where: predicate) })
    }

    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure>
        where Elements.Element == T?
    {
        .init(sequence: sequence.map { $0 ?? output })
    }
}

// Concatenation keeps the collection type when it can grow, as in Combine.
extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
        where S.Element == Elements.Element
    {
        var joined = sequence
        joined.append(contentsOf: elements)
        return .init(sequence: joined)
    }

    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }

    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
        where S.Element == Elements.Element
    {
        var joined = Elements()
        joined.reserveCapacity(sequence.count + elements.underestimatedCount)
        joined.append(contentsOf: elements)
        joined.append(contentsOf: sequence)
        return .init(sequence: joined)
    }

    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        var joined = publisher.sequence
        joined.append(contentsOf: sequence)
        return .init(sequence: joined)
    }
}

extension Publishers.Sequence where Failure == Never {
    public func min(
        by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
    ) -> Optional<Elements.Element>.Publisher {
        .init(sequence.min(by: areInIncreasingOrder))
    }

    public func max(
        by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
    ) -> Optional<Elements.Element>.Publisher {
        .init(sequence.max(by: areInIncreasingOrder))
    }

    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        .init(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        removeDuplicates(by: ==)
    }

    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        .init(.success(sequence.contains(output)))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    public func min() -> Optional<Elements.Element>.Publisher {
        .init(sequence.min())
    }

    public func max() -> Optional<Elements.Element>.Publisher {
        .init(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection {
    public func count() -> Result<Int, Failure>.Publisher {
        .init(.success(sequence.count))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    public func count() -> Just<Int> {
        Just(sequence.count)
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    public func first() -> Optional<Elements.Element>.Publisher {
        .init(sequence.first)
    }

    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        .init(sequence.indices.contains(index) ? sequence[index] : nil)
    }

    /// The elements in `range`, which must lie within the collection's indices (as in Combine).
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: Array(sequence[range]))
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    public func last() -> Optional<Elements.Element>.Publisher {
        .init(sequence.last)
    }

    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        .init(sequence.last(where: predicate))
    }
}
