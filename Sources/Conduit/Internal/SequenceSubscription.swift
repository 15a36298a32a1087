import Synchronization

/// The subscription of publishers that replay a sequence: `Publishers.Sequence` and `Record`.
///
/// Elements go out one per unit of demand; the completion follows the last element at once, and
/// comes right after the subscription for an empty sequence. The thread that finds no delivery
/// running becomes the emitter: it takes all the demand there is under the lock, then delivers
/// that run of elements without it (checking only an atomic cancelled flag between elements),
/// and comes back to the lock for whatever demand arrived meanwhile. A request made from inside
/// the subscriber adds to that demand instead of recursing, so a long sequence never grows the
/// stack. No lock is held while the subscriber or the sequence runs.
///
/// `@usableFromInline` with an `@inlinable` delivery loop, so a client's pipeline is specialised
/// for its element and subscriber types.
@usableFromInline
internal final class SequenceSubscription<Downstream: Subscriber, Elements: Sequence>: Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Elements.Element == Downstream.Input
{
    @usableFromInline let lock = Lock()
    /// `nil` once cancelled or completed. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    /// Only the emitter (the thread that set `emitting`) touches these two, without the lock.
    @usableFromInline @exclusivity(unchecked) var iterator: Elements.Iterator
    /// The element that goes out next; `nil` once the sequence is exhausted.
    @usableFromInline @exclusivity(unchecked) var upcoming: Elements.Element?
    /// Demand not yet taken by the emitter. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// A thread is delivering; others only add demand. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var emitting = false
    /// Set by `cancel`, read by the emitter between elements without taking the lock.
    @usableFromInline let cancelled = Atomic<Bool>(false)
    @usableFromInline let completion: Subscribers.Completion<Downstream.Failure>
    @usableFromInline let name: String
    /// The whole sequence, kept for `description`: Combine's `print()` shows a sequence's
    /// subscription as the sequence itself.
    @usableFromInline let elements: Elements
    /// The sequence had no element: Combine then hands out its empty subscription, "Empty".
    @usableFromInline let startsEmpty: Bool
    /// Runs `emit()` on the subscription; made in the `@inlinable` initialiser, where the types are
    /// concrete, so the delivery loop is specialised even though `request` (reached through the
    /// `Subscription` existential) runs as unspecialised generic code. It captures nothing.
    @usableFromInline let emitRuns: (SequenceSubscription) -> Void

    @inlinable
    init(
        downstream: Downstream,
        name: String,
        elements: Elements,
        completion: Subscribers.Completion<Downstream.Failure> = .finished
    ) {
        self.downstream = downstream
        self.name = name
        self.elements = elements
        self.iterator = elements.makeIterator()
        self.completion = completion
        self.upcoming = iterator.next()
        self.startsEmpty = upcoming == nil
        self.emitRuns = { $0.emit() }
    }

    /// As Combine shows a sequence's or a record's subscription: the elements themselves while it
    /// runs, then "Sequence" (a record's: "Cancelled Events"); "Empty" when there were none.
    @usableFromInline
    var description: String {
        if startsEmpty { return "Empty" }
        guard isLive else { return name == "Record" ? "Cancelled Events" : "Sequence" }
        return String(describing: elements)
    }

    /// The elements (none once it has ended), and a record's completion, as Combine reflects them.
    @usableFromInline
    var customMirror: Mirror {
        let sequence: Any = isLive ? elements : [Elements.Element]()
        if name == "Record" {
            return Mirror(self, children: ["sequence": sequence, "completion": completion])
        }
        return Mirror(self, children: ["sequence": sequence])
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    /// Not yet completed or cancelled.
    @usableFromInline
    var isLive: Bool { lock.withLock { downstream != nil } }

    /// Hands the subscription to the subscriber; completes at once if there is nothing to send.
    @inlinable
    func start() {
        guard let downstream else { return }
        downstream.receive(subscription: self)
        lock.lock()
        // `emitting` first: `upcoming` belongs to the emitter while one runs.
        guard !emitting, self.downstream != nil, upcoming == nil else {
            lock.unlock()
            return
        }
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        // Combine's sequence subscription ignores a zero demand instead of trapping.
        lock.lock()
        guard downstream != nil, newDemand > 0 else {
            lock.unlock()
            return
        }
        demand += newDemand
        guard !emitting else {
            lock.unlock()
            return
        }
        emitting = true
        lock.unlock()
        emitRuns(self)
    }

    /// The emitter's loop: takes the demand, delivers that many elements, and repeats until the
    /// demand is spent, the sequence is exhausted (then completes) or the subscription is
    /// cancelled. Call after setting `emitting`.
    @inlinable
    func emit() {
        lock.lock()
        guard let downstream else {
            emitting = false
            lock.unlock()
            return
        }
        var budget = demand
        demand = .none
        lock.unlock()
        while true {
            while budget > 0, let value = upcoming {
                if cancelled.load(ordering: .relaxed) { break }
                upcoming = iterator.next()
                budget -= 1
                let more = downstream.receive(value)
                if more > 0 { budget += more }
            }
            lock.lock()
            if self.downstream == nil {
                emitting = false
                lock.unlock()
                return
            }
            if upcoming == nil {
                self.downstream = nil
                emitting = false
                lock.unlock()
                downstream.receive(completion: completion)
                return
            }
            budget += demand
            demand = .none
            if budget == .none {
                emitting = false
                lock.unlock()
                return
            }
            lock.unlock()
        }
    }

    @usableFromInline
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        lock.withLock { downstream = nil }
    }
}
