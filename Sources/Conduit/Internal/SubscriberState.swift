/// Where a subscriber stands with its upstream: waiting for the subscription, holding it, or
/// done (completed or cancelled), after which everything it receives is ignored.
internal enum SubscriberState {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal

    /// The live upstream subscription, if any.
    var subscription: Subscription? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }
}
