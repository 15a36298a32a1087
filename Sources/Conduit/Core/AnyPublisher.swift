/// A publisher that performs type erasure by wrapping another publisher.
///
/// Use `eraseToAnyPublisher()` to expose an `AnyPublisher` at an API boundary instead of the
/// concrete operator chain.
@frozen
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    @usableFromInline
    internal let box: PublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
    ///
    /// - Parameter publisher: The publisher to wrap.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }

    public var playgroundDescription: Any { description }
}

extension AnyPublisher: Publisher {
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
        if let erased = subscriber as? ErasedSubscriber<Output, Failure> {
            box.receive(erased)
        } else {
            box.receive(ErasedSubscriber(subscriber))
        }
    }
}

extension Publisher {
    /// Wraps this publisher with a type eraser.
    ///
    /// Use it at an API's boundary, so callers see `AnyPublisher<Output, Failure>` and not the chain's nested type.
    ///
    /// ```swift
    /// func evens() -> AnyPublisher<Int, Never> {
    ///     [1, 2, 3, 4].publisher.filter { $0.isMultiple(of: 2) }.eraseToAnyPublisher()
    /// }
    /// let cancellable = evens().sink { print($0) }
    /// // Prints "2", "4".
    /// ```
    ///
    /// - Returns: An `AnyPublisher` wrapping this publisher.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// The abstract class behind `AnyPublisher`: attaches an `ErasedSubscriber` to the wrapped chain.
@usableFromInline
internal class PublisherBoxBase<Output, Failure: Error>: @unchecked Sendable {
    /// Attaches the subscriber; made where the wrapped publisher's type is known, so the chain's
    /// subscribe (and the value path it builds) is specialised rather than reached through a
    /// generic class's unspecialised method.
    @usableFromInline
    internal let attach: (ErasedSubscriber<Output, Failure>) -> Void

    @inlinable
    internal init(attach: @escaping (ErasedSubscriber<Output, Failure>) -> Void) {
        self.attach = attach
    }

    @inlinable
    internal func receive(_ subscriber: ErasedSubscriber<Output, Failure>) {
        attach(subscriber)
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
        // The eraser is transparent: the link was already seen by `subscribe` on the AnyPublisher.
        super.init { base.receive(subscriber: $0) }
    }
}
