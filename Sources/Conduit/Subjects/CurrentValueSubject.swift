/// A subject that wraps a single value and publishes a new element whenever the value changes.
///
/// A new subscriber receives the current value on its first demand; `value` stays current even
/// when nobody has demand. Setting `value` sends it. Safe to use from many threads.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, CustomStringConvertible, @unchecked Sendable {
    private let hub = SubjectHub<Output, Failure>(name: "CurrentValueSubject")
    private let lock = Lock()
    private var currentValue: Output
    /// Counts the values this subject has held, so a subscriber never receives one twice.
    private var generation: UInt64 = 1

    /// Creates a current value subject with the given initial value.
    public init(_ value: Output) {
        currentValue = value
    }

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public var value: Output {
        get { lock.withLock { currentValue } }
        set { send(newValue) }
    }

    public var description: String { "CurrentValueSubject" }

    public func send(_ input: Output) {
        guard !hub.isCompleted else { return }
        let number: UInt64 = lock.withLock {
            currentValue = input
            generation += 1
            return generation
        }
        hub.broadcast(input, generation: number)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        hub.complete(completion)
    }

    public func send(subscription: Subscription) {
        hub.adopt(subscription)
    }

    public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
        hub.attach(subscriber) { [self] in
            lock.withLock { (currentValue, generation) }
        }
    }
}
