/// The value path of a subscriber that does nothing with a value but call one closure (`Forwarder`,
/// behind `map`, `filter`, `compactMap`...): a subscriber in front of it that would only pass the
/// value on (`ErasedSubscriber`) calls that closure itself, so a value crossing an `AnyPublisher`
/// makes one call fewer, and a long chain one stack frame fewer per eraser.
///
/// Not generic over the downstream's type, so it is found with one cast where only the value type
/// is known.
@usableFromInline
internal class ValuePath<Input>: @unchecked Sendable {
    /// What `receive(_:)` does with a value; returns the demand it adds.
    @usableFromInline final let forward: (Input) -> Subscribers.Demand

    @inlinable
    init(forward: @escaping (Input) -> Subscribers.Demand) {
        self.forward = forward
    }
}
