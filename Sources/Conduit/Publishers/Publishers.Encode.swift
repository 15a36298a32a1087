import Foundation

/// A type that defines methods for encoding, such as `JSONEncoder`.
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output
    /// Encodes an instance of the indicated type.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A type that defines methods for decoding, such as `JSONDecoder`.
public protocol TopLevelDecoder {
    /// The type this decoder accepts.
    associatedtype Input
    /// Decodes an instance of the indicated type.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// Conduit's additions to `JSONEncoder`, as Combine's.
extension JSONEncoder: TopLevelEncoder {}
/// Conduit's additions to `JSONDecoder`, as Combine's.
extension JSONDecoder: TopLevelDecoder {}
/// Conduit's additions to `PropertyListEncoder`, as Combine's.
extension PropertyListEncoder: TopLevelEncoder {}
/// Conduit's additions to `PropertyListDecoder`, as Combine's.
extension PropertyListDecoder: TopLevelDecoder {}

extension Publishers {
    /// A publisher that encodes each element with an encoder; an encoding error fails the stream.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        private let encoder: Coder

        /// Creates a `Publishers.Encode` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - encoder: The encoder applied to each element.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let encoder = self.encoder
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "Encode", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false, passesEarlyCompletion: true,
                reflectedState: { status, upstream in
                    [("finished", status == "terminal"), ("upstreamSubscription", upstream as Any)]
                }
            ) { .send(try encoder.encode($0)) })
        }
    }

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

extension Publisher where Output: Encodable {
    /// Encodes the output from upstream using a specified encoder.
    ///
    /// ```swift
    /// struct Card: Codable { let rank: Int }
    /// let cancellable = Just(Card(rank: 1))
    ///     .encode(encoder: JSONEncoder())
    ///     .map { String(decoding: $0, as: UTF8.self) }
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "{"rank":1}".
    /// ```
    ///
    /// - Parameter encoder: The encoder to encode each element with, such as `JSONEncoder()`.
    /// - Returns: A publisher that sends each element encoded, and fails with the encoder's error.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
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
