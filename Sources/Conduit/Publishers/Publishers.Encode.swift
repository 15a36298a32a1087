import Foundation

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
