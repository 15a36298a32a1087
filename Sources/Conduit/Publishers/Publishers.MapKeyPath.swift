extension Publishers {
    /// A publisher that publishes the value of a key path.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The key path of the property the operator reads.
        public let keyPath: KeyPath<Upstream.Output, Output>

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>.mapping(
                downstream: subscriber, name: "ValueForKey", transform: KeyPathReader.reading(keyPath)
            ))
        }
    }

    /// A publisher that publishes the values of two key paths as a tuple.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The key path of the first property the operator reads.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The key path of the second property the operator reads.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (read0, read1) = (KeyPathReader.reading(keyPath0), KeyPathReader.reading(keyPath1))
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>.mapping(
                downstream: subscriber, name: "ValueForKeys", transform: { (read0($0), read1($0)) }
            ))
        }
    }

    /// A publisher that publishes the values of three key paths as a tuple.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The key path of the first property the operator reads.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The key path of the second property the operator reads.
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        /// The key path of the third property the operator reads.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (read0, read1, read2) = (KeyPathReader.reading(keyPath0), KeyPathReader.reading(keyPath1),
                KeyPathReader.reading(keyPath2))
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>.mapping(
                downstream: subscriber, name: "ValueForKeys", transform: { (read0($0), read1($0), read2($0)) }
            ))
        }
    }
}

extension Publisher {
    /// Publishes the value of a key path.
    ///
    /// ```swift
    /// struct Card { let rank: Int; let suit: String }
    /// let cancellable = [Card(rank: 1, suit: "hearts")].publisher
    ///     .map(\.rank)
    ///     .sink { print($0) }
    /// // Prints "1".
    /// ```
    ///
    /// - Parameter keyPath: The key path of the property to publish.
    /// - Returns: A publisher that sends the value at `keyPath` of each element.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Publishes the values of two key paths as a tuple.
    ///
    /// ```swift
    /// struct Card { let rank: Int; let suit: String }
    /// let cancellable = [Card(rank: 1, suit: "hearts")].publisher
    ///     .map(\.rank, \.suit)
    ///     .sink { print($0) }
    /// // Prints "(1, "hearts")".
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath0: The key path of the first property.
    ///   - keyPath1: The key path of the second property.
    /// - Returns: A publisher that sends a tuple of the two values of each element.
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Publishes the values of three key paths as a tuple.
    ///
    /// ```swift
    /// struct Card { let rank: Int; let suit: String; let faceUp: Bool }
    /// let cancellable = [Card(rank: 1, suit: "hearts", faceUp: true)].publisher
    ///     .map(\.rank, \.suit, \.faceUp)
    ///     .sink { print($0) }
    /// // Prints "(1, "hearts", true)".
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath0: The key path of the first property.
    ///   - keyPath1: The key path of the second property.
    ///   - keyPath2: The key path of the third property.
    /// - Returns: A publisher that sends a tuple of the three values of each element.
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}
