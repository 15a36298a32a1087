/// The subscription a subject hands each of its subscribers: it keeps that subscriber's demand
/// and serialises deliveries into it.
///
/// A recursive lock guards the demand and the delivery, so a second thread waits its turn while a
/// send made from inside the subscriber (same thread) is delivered at once, as Combine does.
internal class SubjectConduit<Output, Failure: Error>: @unchecked Sendable {
    /// Delivers `value` if the subscriber has demand; otherwise drops it. `generation` numbers the
    /// values of a current-value subject so that none is delivered twice.
    func offer(_ value: Output, generation: UInt64) {}

    /// Delivers the completion and releases the subscriber.
    func finish(_ completion: Subscribers.Completion<Failure>) {}
}

/// The concrete conduit for one subscriber type.
internal final class SubjectConduitTo<Downstream: Subscriber>: SubjectConduit<Downstream.Input, Downstream.Failure>,
    Subscription, CustomStringConvertible, @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = RecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    /// Detaches the conduit from its subject; `nil` once cancelled or finished.
    private var detach: ((SubjectConduit<Output, Failure>) -> Void)?
    /// For a current-value subject: reads its latest value and that value's generation.
    private let current: (() -> (Output, UInt64))?
    /// The generation of the last value delivered, for a current-value subject.
    private var deliveredGeneration: UInt64 = 0
    private let subjectName: String

    let combineIdentifier = CombineIdentifier()

    init(
        downstream: Downstream,
        subjectName: String,
        current: (() -> (Output, UInt64))?,
        detach: @escaping (SubjectConduit<Output, Failure>) -> Void
    ) {
        self.downstream = downstream
        self.subjectName = subjectName
        self.current = current
        self.detach = detach
    }

    var description: String { subjectName }

    override func offer(_ value: Output, generation: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard let downstream, demand > 0 else { return }
        if current != nil {
            guard generation > deliveredGeneration else { return }
            deliveredGeneration = generation
        }
        deliver(value, to: downstream)
    }

    override func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        defer { lock.unlock() }
        guard let downstream else { return }
        self.downstream = nil
        detach = nil
        downstream.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        lock.lock()
        defer { lock.unlock() }
        guard let downstream else { return }
        demand += newDemand
        // A current-value subject owes its latest value to a subscriber that has not seen it.
        if let current {
            let (value, generation) = current()
            if generation > deliveredGeneration {
                deliveredGeneration = generation
                deliver(value, to: downstream)
            }
        }
    }

    func cancel() {
        lock.lock()
        let detach = self.detach
        self.detach = nil
        downstream = nil
        lock.unlock()
        detach?(self)
    }

    /// Spends one unit of demand on `value`; call with the lock held.
    private func deliver(_ value: Output, to downstream: Downstream) {
        demand -= 1
        let more = downstream.receive(value)
        if more > 0 { demand += more }
    }
}
