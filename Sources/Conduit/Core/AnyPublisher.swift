/// A publisher that performs type erasure by wrapping another publisher.
///
/// Use `eraseToAnyPublisher()` to expose an `AnyPublisher` at an API boundary instead of the
/// concrete operator chain.
@frozen
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible {
    @usableFromInline
    internal let box: PublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }
}

extension AnyPublisher: Publisher {
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
        box.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// Wraps this publisher with a type eraser.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// The abstract class behind `AnyPublisher`: a virtual `receive(subscriber:)`.
@usableFromInline
internal class PublisherBoxBase<Output, Failure: Error>: @unchecked Sendable {
    @inlinable
    internal init() {}

    @usableFromInline
    internal func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

@usableFromInline
internal final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure>,
    @unchecked Sendable
{
    @usableFromInline
    internal let base: Base

    @inlinable
    internal init(_ base: Base) {
        self.base = base
    }

    @inlinable
    override internal func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        // The eraser is transparent: the link was already seen by `subscribe` on the AnyPublisher.
        base.receive(subscriber: subscriber)
    }
}
