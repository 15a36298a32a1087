/// A protocol representing the connection of a subscriber to a publisher.
///
/// Cancelling must be thread-safe and idempotent; a cancelled subscription frees what it holds.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells a publisher that it may send more values to the subscriber.
    ///
    /// - Parameter demand: How many more values the subscriber wants; requests add up.
    func request(_ demand: Subscribers.Demand)
}
