extension Publishers {
    /// A publisher that emits all of one publisher's elements before those from another publisher.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
        where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure
    {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay(downstream: subscriber, name: "Concatenate")
            subscriber.receive(subscription: relay)
            let suffix = self.suffix
            relay.attach(prefix, finished: {
                relay.attach(suffix, finished: { relay.complete(.finished) }, failed: { relay.complete(.failure($0)) })
            }, failed: { relay.complete(.failure($0)) })
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publisher {
    /// Prefixes the output of this publisher with the elements emitted by the given publisher.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
        where P.Output == Output, P.Failure == Failure
    {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Appends the output of this publisher with the elements emitted by the given publisher.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
        where P.Output == Output, P.Failure == Failure
    {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Prefixes the output of this publisher with the specified values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Prefixes the output of this publisher with the elements of a sequence.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
        where S.Element == Output
    {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Appends this publisher's output with the specified values.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Appends this publisher's output with the elements of a sequence.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
        where S.Element == Output
    {
        append(Publishers.Sequence(sequence: elements))
    }
}
