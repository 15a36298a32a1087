/// A publisher that provides an explicit means of connecting and canceling publication.
///
/// It produces no elements until `connect()` is called, so that every subscriber can attach
/// first. Use `makeConnectable()` or `multicast(_:)` to make one, and `autoconnect()` to connect
/// on the first subscription.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Connects to the publisher, allowing it to produce elements, and returns an instance with
    /// which to cancel publishing.
    ///
    /// - Returns: A cancellable that disconnects the publisher.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Automates the process of connecting or disconnecting from this connectable publisher.
    ///
    /// The returned publisher connects when the first subscriber attaches and disconnects when
    /// every subscriber has cancelled.
    ///
    /// ```swift
    /// let shared = [1, 2, 3].publisher.makeConnectable().autoconnect()
    /// let cancellable = shared.sink { print($0) }
    /// // Prints "1", "2", "3": the subscription connected it.
    /// ```
    ///
    /// - Returns: A publisher that connects this one on its first subscription.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}
