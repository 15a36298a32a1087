/// A subject that broadcasts elements to downstream subscribers.
///
/// It has no initial value and keeps none: a value sent while a subscriber has no demand is
/// dropped for that subscriber. Safe to use from many threads.
public final class PassthroughSubject<Output, Failure: Error>: Subject, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline
    internal let hub = SubjectHub<Output, Failure>(name: "PassthroughSubject", pullsUpstreamAtOnce: false)

    /// Creates a subject with no subscribers.
    public init() {}

    public var description: String { "PassthroughSubject" }

    /// Sends a value to every subscriber that has demand for it; one without demand misses it.
    ///
    /// - Parameter input: The value; ignored once the subject has completed.
    @inlinable
    public func send(_ input: Output) {
        hub.broadcast(input, generation: 0)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        hub.complete(completion)
    }

    public func send(subscription: Subscription) {
        hub.adopt(subscription)
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
        hub.attach(subscriber, current: nil)
    }
}
