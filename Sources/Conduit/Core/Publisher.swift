/// Declares that a type can transmit a sequence of values over time.
///
/// Implement `receive(subscriber:)`; everyone else calls `subscribe(_:)`, which is also where the
/// instrumentation hook (see `InstrumentationHook`) attaches when an observer is installed.
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output
    /// The kind of errors this publisher might publish.
    associatedtype Failure: Error

    /// Attaches the specified subscriber to this publisher.
    ///
    /// `subscribe(_:)` calls it; the publisher gives the subscriber a subscription, through which
    /// it asks for values.
    ///
    /// - Parameter subscriber: The subscriber to attach, whose `Input` and `Failure` match this
    ///   publisher's `Output` and `Failure`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches the specified subscriber to this publisher.
    ///
    /// Operators call this (never `receive(subscriber:)`) on their upstream, so that every link of
    /// a chain is visible to an installed instrumentation observer.
    ///
    /// ```swift
    /// let subscriber = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// [1, 2].publisher.subscribe(subscriber)
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Parameter subscriber: The subscriber to attach; it receives a subscription, then elements as it asks for
    ///   them.
    @inlinable @inline(__always)
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        if InstrumentationHook.isActive {
            InstrumentationHook.subscribe(subscriber, to: self)
        } else {
            receive(subscriber: subscriber)
        }
    }

    /// Attaches the specified subject to this publisher; the returned cancellable ends the link.
    ///
    /// ```swift
    /// let relay = PassthroughSubject<Int, Never>()
    /// let printing = relay.sink { print($0) }
    /// let link = [1, 2].publisher.subscribe(relay)
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Parameter subject: The subject to send the elements and the completion into.
    /// - Returns: A cancellable that ends the link.
    @inlinable
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
        where S.Output == Output, S.Failure == Failure
    {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
