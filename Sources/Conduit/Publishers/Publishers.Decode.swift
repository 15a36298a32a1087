import Foundation

extension Publishers {
    /// A publisher that decodes each element with a decoder; a decoding error fails the stream.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
        where Upstream.Output == Coder.Input
    {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        private let decoder: Coder

        /// Creates a `Publishers.Decode` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - decoder: The decoder applied to each element.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let decoder = self.decoder
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "Decode", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false, passesEarlyCompletion: true,
                reflectedState: { status, upstream in
                    [("finished", status == "terminal"), ("upstreamSubscription", upstream as Any)]
                }
            ) { .send(try decoder.decode(Output.self, from: $0)) })
        }
    }
}

extension Publisher {
    /// Decodes the output from the upstream using a specified decoder.
    ///
    /// ```swift
    /// struct Card: Codable { let rank: Int }
    /// let cancellable = Just(Data(#"{"rank": 1}"#.utf8))
    ///     .decode(type: Card.self, decoder: JSONDecoder())
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0.rank) })
    /// // Prints "1".
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode each element as.
    ///   - decoder: The decoder, such as `JSONDecoder()`.
    /// - Returns: A publisher that sends each element decoded, and fails with the decoder's error.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}
