import Conduit

/// A class of the session's that conforms to `Subscriber` (`class IntSubscriber: Subscriber { ... }`),
/// subscribed with `publisher.subscribe(subscriber)`: the engine's calls are its methods
/// `receive(subscription:)`, `receive(_:)` and `receive(completion:)`, and the demand it asks for is
/// what those methods ask, as Combine's custom subscribers teach back-pressure.
extension ForwardedSubscriber {
    /// The methods a class needs to be subscribed as a subscriber.
    static let subscriberMethods = ["receive(subscription:)", "receive(_:)", "receive(completion:)"]

    /// Whether `object` has the methods of a `Subscriber`.
    static func isSubscriber(_ object: PlaygroundObject) -> Bool {
        let methods = object.methods
        return subscriberMethods.allSatisfy { methods[$0] != nil }
    }

    /// `object`'s methods as the subscriber's: `failed` is told what went wrong in one of them (which
    /// Swift's would have trapped on, or refused to compile).
    init(object: PlaygroundObject, failed: @escaping (String) -> Void) {
        receiveSubscription = { subscription in
            do {
                _ = try object.call(Self.subscriberMethods[0], [.object(Self.subscriptionObject(subscription))])
            } catch {
                failed("in \(object.name).receive(subscription:): \(Interpreter.message(of: error))")
            }
        }
        receiveValue = { value in
            do {
                let returned = try object.call(Self.subscriberMethods[1], [value])
                guard let demand = returned.demand else {
                    failed("\(object.name).receive(_:) returned \(returned), not a `Subscribers.Demand` "
                        + "(`.none`, `.max(1)`, `.unlimited`)")
                    return .none
                }
                return demand
            } catch {
                failed("in \(object.name).receive(_:): \(Interpreter.message(of: error))")
                return .none
            }
        }
        receiveCompletion = { completion in
            do {
                _ = try object.call(Self.subscriberMethods[2], [Self.value(of: completion)])
            } catch {
                failed("in \(object.name).receive(completion:): \(Interpreter.message(of: error))")
            }
        }
        cancel = {}
        asksForItself = true
    }

    /// The `Subscription` a subscriber's `receive(subscription:)` is given: an object whose
    /// `request(_:)` and `cancel()` reach the engine's (through the sink, which records them). It
    /// prints as Swift's opaque subscription would be named.
    private static func subscriptionObject(_ subscription: Subscription) -> PlaygroundObject {
        let object = PlaygroundObject(name: "Subscription", typeName: nil, properties: [])
        object.methods["request"] = InstalledMethod(parameterCount: 1) { _, arguments in
            guard let demand = arguments[0].demand else {
                throw PlaygroundError(
                    "`request` takes a `Subscribers.Demand` (`.max(1)`, `.unlimited`), not \(arguments[0])")
            }
            subscription.request(demand)
            return .void
        }
        object.methods["cancel"] = InstalledMethod(parameterCount: 0) { _, _ in
            subscription.cancel()
            return .void
        }
        return object
    }

    /// A completion as the playground's value: `finished`, or `failure(ERROR)`, which prints and
    /// matches (`case .failure(let error)`) as Swift's does.
    static func value(of completion: Subscribers.Completion<PlaygroundError>) -> Value {
        switch completion {
        case .finished: return .string("finished")
        case .failure(let error): return .record([Value.Field("failure", error.value)])
        }
    }
}
