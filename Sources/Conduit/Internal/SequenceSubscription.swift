/// The subscription of publishers that replay a sequence: `Publishers.Sequence` and `Record`.
///
/// Elements go out one per unit of demand; the completion follows the last element at once, and
/// comes right after the subscription for an empty sequence. A request made from inside the
/// subscriber adds to the demand of the loop already running instead of recursing, so a long
/// sequence never grows the stack. No lock is held while the subscriber or the sequence runs.
internal final class SequenceSubscription<Downstream: Subscriber, Elements: Sequence>: Subscription,
    CustomStringConvertible, @unchecked Sendable
    where Elements.Element == Downstream.Input
{
    private let lock = Lock()
    private var downstream: Downstream?
    private var iterator: Elements.Iterator
    /// The element that goes out next; `nil` once the sequence is exhausted.
    private var upcoming: Elements.Element?
    private var demand = Subscribers.Demand.none
    /// A thread is inside the delivery loop; others only add demand.
    private var emitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>
    private let name: String

    init(
        downstream: Downstream,
        name: String,
        elements: Elements,
        completion: Subscribers.Completion<Downstream.Failure> = .finished
    ) {
        self.downstream = downstream
        self.name = name
        self.iterator = elements.makeIterator()
        self.completion = completion
        self.upcoming = iterator.next()
    }

    var description: String { name }

    /// Hands the subscription to the subscriber; completes at once if there is nothing to send.
    func start() {
        guard let downstream else { return }
        downstream.receive(subscription: self)
        lock.lock()
        guard upcoming == nil, self.downstream != nil, !emitting else {
            lock.unlock()
            return
        }
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        guard !emitting else {
            lock.unlock()
            return
        }
        emitting = true
        while let downstream, demand > 0, let value = upcoming {
            demand -= 1
            lock.unlock()
            let next = iterator.next()
            let more = downstream.receive(value)
            lock.lock()
            upcoming = next
            demand += more
            if next == nil, self.downstream != nil {
                self.downstream = nil
                emitting = false
                lock.unlock()
                downstream.receive(completion: completion)
                return
            }
        }
        emitting = false
        lock.unlock()
    }

    func cancel() {
        lock.withLock { downstream = nil }
    }
}
