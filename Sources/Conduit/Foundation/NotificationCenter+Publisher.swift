import Foundation

/// Conduit's additions to `NotificationCenter`, as Combine's.
extension NotificationCenter {
    /// A publisher that emits elements when broadcasting notifications.
    ///
    /// It observes the center while subscribed and stops observing on cancel. Notifications that
    /// arrive while the subscriber has no demand are dropped, as in Combine.
    public struct Publisher: Conduit.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The notification center this publisher uses as a source.
        public let center: NotificationCenter
        /// The name of notifications published by this publisher.
        public let name: Notification.Name
        /// The object posting the named notification, or nil for any.
        public let object: AnyObject?

        /// Creates a `NotificationCenter.Publisher` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - center: The notification center to observe.
        ///   - name: The name of the notifications to send.
        ///   - object: The object whose notifications to send; any object's if `nil`.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(downstream: subscriber, center: center)
            subscriber.receive(subscription: subscription)
            subscription.observe(name: name, object: object)
        }
    }

    /// Returns a publisher that emits events when broadcasting notifications.
    ///
    /// ```swift
    /// let saved = Notification.Name("saved")
    /// let cancellable = NotificationCenter.default.publisher(for: saved)
    ///     .sink { print($0.name.rawValue) }
    /// NotificationCenter.default.post(name: saved, object: nil)
    /// // Prints "saved".
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name of the notifications to publish.
    ///   - object: The object whose notifications to publish; `nil` for every sender's.
    /// - Returns: A publisher that sends each matching notification as it is posted, and never finishes.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

/// Delivers one observer's notifications within the subscriber's demand.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable where Downstream.Input == Notification, Downstream.Failure == Never
{
    private let lock = Lock()
    private let delivery = ReentrantLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var observer: NSObjectProtocol?
    private let center: NotificationCenter

    init(downstream: Downstream, center: NotificationCenter) {
        self.downstream = downstream
        self.center = center
    }

    var description: String { "NotificationCenter Observer" }

    func observe(name: Notification.Name, object: AnyObject?) {
        let handler = Handoff<(Notification) -> Void> { [weak self] notification in self?.deliver(notification) }
        let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
            handler.value?(notification)
        }
        let keep: Bool = lock.withLock {
            guard downstream != nil else { return false }
            observer = token
            return true
        }
        if !keep { center.removeObserver(token) }
    }

    private func deliver(_ notification: Notification) {
        delivery.withLock(owner: self) {
            let target: Downstream? = lock.withLock {
                guard let downstream, demand > 0 else { return nil }
                demand -= 1
                return downstream
            }
            guard let target else { return }
            let more = target.receive(notification)
            if more > 0 { lock.withLock { demand += more } }
        }
    }

    func request(_ newDemand: Subscribers.Demand) {
        lock.withLock { demand += newDemand }
    }

    func cancel() {
        let token: NSObjectProtocol? = lock.withLock {
            defer {
                observer = nil
                downstream = nil
            }
            return observer
        }
        if let token { center.removeObserver(token) }
    }
}
