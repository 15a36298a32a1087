extension Subscriptions {
    /// Returns the "empty" subscription: requests and cancellation do nothing.
    ///
    /// Use it to send a completion to a subscriber that needs a subscription first.
    public static var empty: Subscription { EmptySubscription.shared }
}

/// The subscription behind `Subscriptions.empty`.
internal final class EmptySubscription: Subscription, CustomStringConvertible, Sendable {
    static let shared = EmptySubscription()

    let combineIdentifier = CombineIdentifier()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}

    var description: String { "Empty" }
}
