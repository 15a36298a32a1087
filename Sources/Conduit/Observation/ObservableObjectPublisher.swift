/// A publisher that publishes a change notification (`Void`) before an observable object changes.
///
/// The default `objectWillChange` of an `ObservableObject`; `send()` announces a change by hand.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>()

    /// Creates an observable object publisher instance.
    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    /// Sends the changed value to the downstream subscriber.
    public func send() {
        subject.send()
    }
}
