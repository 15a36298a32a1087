/// A subject that wraps a single value and publishes a new element whenever the value changes.
///
/// A new subscriber receives the current value on its first demand; `value` stays current even
/// when nobody has demand. Setting `value` sends it. Safe to use from many threads.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline
    internal let hub: SubjectHub<Output, Failure>
    // The hub's lock also guards the current value, so a send takes one lock.
    @usableFromInline @exclusivity(unchecked)
    internal var currentValue: Output
    /// Counts the values this subject has held, so a subscriber never receives one twice.
    @usableFromInline @exclusivity(unchecked)
    internal var generation: UInt64 = 1

    /// Creates a current value subject with the given initial value.
    ///
    /// - Parameter value: The first current value, which a new subscriber receives at once.
    public init(_ value: Output) {
        currentValue = value
        hub = SubjectHub(name: "CurrentValueSubject", pullsUpstreamAtOnce: true)
    }

    /// A subject whose subscriptions call themselves `name` (`@Published`'s: "PublishedSubject").
    internal init(_ value: Output, name: String) {
        currentValue = value
        hub = SubjectHub(name: name, pullsUpstreamAtOnce: true)
    }

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public var value: Output {
        get { hub.lock.withExclusiveLock(owner: hub) { currentValue } }
        set {
            // After the completion the value still changes (nobody is told), as in Combine;
            // `send(_:)` then changes nothing.
            hub.lock.lock(owner: hub)
            guard hub.completion == nil else {
                currentValue = newValue
                hub.lock.unlock(owner: hub)
                return
            }
            hub.lock.unlock(owner: hub)
            send(newValue)
        }
    }

    public var description: String { "CurrentValueSubject" }

    /// Makes `input` the current value and sends it to every subscriber that has demand for it.
    ///
    /// - Parameter input: The new value; ignored once the subject has completed.
    @inlinable
    public func send(_ input: Output) {
        hub.broadcast(input) { latest in
            currentValue = latest
            generation += 1
            return generation
        }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        hub.complete(completion)
    }

    public func send(subscription: Subscription) {
        hub.adopt(subscription)
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
        hub.attach(subscriber) { [self] in
            hub.lock.withExclusiveLock(owner: hub) { (currentValue, generation) }
        }
    }
}
