extension Subscriptions {
    /// Returns the "empty" subscription: requests and cancellation do nothing.
    ///
    /// Use it to send a completion to a subscriber that needs a subscription first.
    public static var empty: Subscription { EmptySubscription.shared }
}

/// The subscription behind `Subscriptions.empty`.
internal final class EmptySubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, Sendable
{
    static let shared = EmptySubscription()

    let combineIdentifier = CombineIdentifier()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}

    var description: String { "Empty" }

    /// No children, as Combine's empty subscription shows to reflection.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }
}
