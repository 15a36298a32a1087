/// A publisher that exposes a method for outside callers to publish elements.
///
/// Subjects are thread-safe: values may be sent from any thread, and deliveries into one
/// subscriber never overlap.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscriber.
    ///
    /// - Parameter value: The value to send to every subscriber that has demand for it.
    func send(_ value: Output)
    /// Sends a completion signal to the subscriber.
    ///
    /// - Parameter completion: `.finished`, or `.failure` with the error; later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Provides this subject an upstream subscription; the subject requests unlimited values from it.
    ///
    /// - Parameter subscription: The upstream subscription, which the subject keeps until it completes.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a void value to the subscriber.
    public func send() {
        send(())
    }
}
