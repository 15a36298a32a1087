extension Subscribers {
    /// A simple subscriber that assigns received elements to a property indicated by a key path.
    ///
    /// It holds the object strongly until the subscription completes or is cancelled.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        public typealias Failure = Never

        /// The object that contains the property to assign; `nil` once the subscription has ended.
        @exclusivity(unchecked) public private(set) var object: Root?
        /// The key path that indicates the property to assign.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var state = SubscriberState.awaitingSubscription

        /// Creates a subscriber to assign the value of a property indicated by a key path.
        ///
        /// - Parameters:
        ///   - object: The object whose property to set.
        ///   - keyPath: The property to set to each value.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public var description: String { "Assign \(Root.self)." }

        public var customMirror: Mirror {
            let status: String = lock.withLock {
                switch state {
                case .awaitingSubscription: return "awaiting subscription"
                case .subscribed: return "subscribed"
                case .terminal: return "terminal"
                }
            }
            return Mirror(self, children: ["object": object as Any, "keyPath": keyPath, "status": status])
        }

        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .holding(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        /// A value is assigned only while subscribed: one before the subscription (from a
        /// misbehaving upstream) or after the end is ignored, as in Combine.
        ///
        /// - Parameter value: The value to assign.
        /// - Returns: `.none`: the subscription asked for unlimited values at the start.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            let target = object
            lock.unlock()
            target?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            state = .terminal
            let released = object
            object = nil
            lock.unlock()
            _ = released
        }

        public func cancel() {
            lock.lock()
            let subscription = state.subscription
            state = .terminal
            let released = object
            object = nil
            lock.unlock()
            _ = released
            subscription?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Assigns each element from a publisher to a property on an object.
    ///
    /// The subscription holds `object` strongly, as Combine's does: assigning to a property of `self` from a
    /// cancellable `self` keeps makes a cycle.
    ///
    /// ```swift
    /// final class Scoreboard { var score = 0 }
    /// let board = Scoreboard()
    /// let cancellable = [1, 2, 3].publisher.assign(to: \.score, on: board)
    /// print(board.score)
    /// // Prints "3".
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property of `object` to write each element to.
    ///   - object: The object whose property to write.
    /// - Returns: A cancellable that keeps the subscription alive: cancel it, or let it go, to stop assigning.
    @inlinable
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
