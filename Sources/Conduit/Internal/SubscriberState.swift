/// Where a subscriber stands with its upstream: waiting for the subscription, holding it, or
/// done (completed or cancelled), after which everything it receives is ignored.
/// `@unchecked Sendable` so it can live in a `Mutex`: the subscription it holds is only touched
/// under that lock, and subscriptions are thread-safe by contract.
internal enum SubscriberState: @unchecked Sendable {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal

    /// The live upstream subscription, if any.
    var subscription: Subscription? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }
}
