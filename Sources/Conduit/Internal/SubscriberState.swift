/// Where a subscriber stands with its upstream: waiting for the subscription, holding it, or
/// done (completed or cancelled), after which everything it receives is ignored.
///
/// The subscription is held as its object and its type (three words, not the five of a
/// `Subscription` existential), so a sink with its lock fits in a 96-byte allocation instead of
/// 112. A subscription that is not a class (rare) is kept in a `SubscriptionBox`. Testing
/// `case .subscribed = state` on a value path copies nothing, where a `Subscription?`'s nil test
/// copies the existential through its value witnesses (~230 instructions a value in
/// `receive(on:)` before it kept one of these).
/// `@unchecked Sendable`: its owner touches it only under a lock, and subscriptions are
/// thread-safe by contract.
@usableFromInline
internal enum SubscriberState: @unchecked Sendable {
    case awaitingSubscription
    /// The subscription's object and its type (to call it through): three words.
    case subscribed(AnyObject, any Subscription.Type)
    case terminal

    /// The state holding `subscription`. Opening the existential gives its type and object without
    /// a dynamic cast (a cast to a class existential looks the conformance up again: ~40 ns).
    @usableFromInline
    static func holding(_ subscription: Subscription) -> SubscriberState {
        func holding<S: Subscription>(_ subscription: S) -> SubscriberState {
            if S.self is AnyObject.Type {
                return .subscribed(unsafeBitCast(subscription, to: AnyObject.self), S.self)
            }
            return .subscribed(SubscriptionBox(subscription), SubscriptionBox.self)
        }
        return holding(subscription)
    }

    /// Cancels the subscription held as `object` of `type` (a `.subscribed` state's payload),
    /// called through its type without making an existential.
    @usableFromInline
    static func cancel(_ object: AnyObject, of type: any Subscription.Type) {
        func cancel<S: Subscription>(_: S.Type) {
            unsafeBitCast(object, to: S.self).cancel()
        }
        cancel(type)
    }

    /// The live upstream subscription, if any.
    @usableFromInline
    var subscription: Subscription? {
        guard case .subscribed(let object, let type) = self else { return nil }
        func restore<S: Subscription>(_: S.Type) -> Subscription {
            unsafeBitCast(object, to: S.self)
        }
        return restore(type)
    }
}

/// Holds a subscription that is not a class, so that `SubscriberState` can keep it as an object; requests, cancellation
/// and identity pass through to it.
internal final class SubscriptionBox: Subscription, CustomStringConvertible, @unchecked Sendable {
    let subscription: Subscription

    init(_ subscription: Subscription) {
        self.subscription = subscription
    }

    var combineIdentifier: CombineIdentifier { subscription.combineIdentifier }

    var description: String { String(describing: subscription) }

    func request(_ demand: Subscribers.Demand) {
        subscription.request(demand)
    }

    func cancel() {
        subscription.cancel()
    }
}
