/// The subscription a subject hands each of its subscribers: it keeps that subscriber's demand
/// and serialises deliveries into it.
///
/// A lock that its owning thread may re-enter guards the demand and the delivery, so a second
/// thread waits its turn while a send made from inside the subscriber (same thread) is delivered
/// at once, as Combine does. It is one inline word (`ReentrantLock`: the holder's thread id), so a
/// subscription is one allocation; Synchronization's `Mutex` measured about 20 ns slower per
/// delivery (two thread-id lookups per lock and unlock).
@usableFromInline
internal class SubjectConduit<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline
    init() {}

    /// Delivers the completion and releases the subscriber.
    @usableFromInline
    func finish(_ completion: Subscribers.Completion<Failure>) {}
}

/// The concrete conduit for one subscriber type.
@usableFromInline
internal final class SubjectConduitTo<Downstream: Subscriber>: SubjectConduit<Downstream.Input, Downstream.Failure>,
    Subscription, CustomStringConvertible, @unchecked Sendable
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// Held by the thread delivering into (or changing) this subscriber; that thread may re-enter.
    @usableFromInline let lock = ReentrantLock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The subject's hub, to detach from; `nil` once cancelled or finished.
    @usableFromInline var hub: SubjectHub<Output, Failure>?
    /// For a current-value subject: reads its latest value and that value's generation.
    @usableFromInline let current: (() -> (Output, UInt64))?
    /// The newest generation delivered, for a current-value subject.
    @usableFromInline @exclusivity(unchecked) var deliveredGeneration: UInt64 = 0
    /// The generation delivered as the subject's latest value on a demand: sends numbered up to it
    /// are older than what the subscriber has seen, and are not delivered when they arrive late.
    @usableFromInline @exclusivity(unchecked) var replayedGeneration: UInt64 = 0

    @usableFromInline
    init(downstream: Downstream, hub: SubjectHub<Output, Failure>, current: (() -> (Output, UInt64))?) {
        self.downstream = downstream
        self.hub = hub
        self.current = current
    }

    @usableFromInline
    var description: String { current == nil ? "PassthroughSubject" : "CurrentValueSubject" }

    /// Runs `body` holding the conduit's lock; a thread that already holds it (a send or request
    /// made from inside the subscriber) runs it at once.
    @inlinable
    func withLock(_ body: () -> Void) {
        lock.withLock(owner: self, body)
    }

    /// Delivers `value` if the subscriber has demand; otherwise drops it. `generation` numbers the
    /// values of a current-value subject so that none is delivered twice. Two threads' sends can
    /// reach a subscriber in either order: both are delivered, unless the later-numbered one came
    /// first as the latest value replayed on a demand.
    @inlinable
    func offer(_ value: Output, generation: UInt64) {
        withLock {
            guard let downstream, demand > 0 else { return }
            if current != nil {
                guard generation > replayedGeneration else { return }
                deliveredGeneration = max(deliveredGeneration, generation)
            }
            deliver(value, to: downstream)
        }
    }

    @usableFromInline
    override func finish(_ completion: Subscribers.Completion<Failure>) {
        withLock {
            guard let downstream else { return }
            self.downstream = nil
            hub = nil
            downstream.receive(completion: completion)
        }
    }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        withLock {
            guard let downstream else { return }
            demand += newDemand
            // A current-value subject owes its latest value to a subscriber that has not seen it.
            if let current {
                let (value, generation) = current()
                if generation > deliveredGeneration {
                    deliveredGeneration = generation
                    replayedGeneration = generation
                    deliver(value, to: downstream)
                }
            }
        }
    }

    @usableFromInline
    func cancel() {
        var hub: SubjectHub<Output, Failure>?
        withLock {
            hub = self.hub
            self.hub = nil
            downstream = nil
        }
        hub?.detach(self)
    }

    /// Spends one unit of demand on `value`; call with the lock held.
    @inlinable
    func deliver(_ value: Output, to downstream: Downstream) {
        demand -= 1
        let more = downstream.receive(value)
        if more > 0 { demand += more }
    }
}
