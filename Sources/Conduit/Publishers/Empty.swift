/// A publisher that never publishes any values, and optionally finishes immediately.
///
/// With `completeImmediately: false` it never completes: useful as a placeholder that keeps a
/// subscription open.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether the publisher immediately sends a completion event to the subscriber.
    public let completeImmediately: Bool

    /// Creates an empty publisher.
    ///
    /// - Parameter completeImmediately: Whether it finishes at once (`true`) or never sends anything.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Creates an empty publisher with the given completion behavior and output and failure types.
    ///
    /// - Parameters:
    ///   - completeImmediately: Whether it finishes at once (`true`) or never sends anything.
    ///   - outputType: The `Output` type it declares.
    ///   - failureType: The `Failure` type it declares.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }

    public static func == (lhs: Empty, rhs: Empty) -> Bool {
        lhs.completeImmediately == rhs.completeImmediately
    }
}

extension Empty: Sendable {}
