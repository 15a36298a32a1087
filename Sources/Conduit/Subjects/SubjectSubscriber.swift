/// The subscriber behind `Publisher.subscribe(_ subject:)`: forwards values and completion into
/// a subject and holds the upstream subscription so the returned cancellable can end it.
///
/// It is also the subscription the subject is handed ("Subject", as in Combine): requests pass up to
/// the real subscription; the subject's own cancel (when it goes away) ends the link too.
@usableFromInline
internal final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline
    typealias Input = Downstream.Output
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let lock = Lock()
    @usableFromInline @exclusivity(unchecked) weak var subject: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline
    @exclusivity(unchecked) var isCancelled = false

    @inlinable
    init(_ subject: Downstream) {
        self.subject = subject
    }

    @usableFromInline
    var description: String { "Subject" }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isCancelled, let subject else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        subject.send(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subject = isCancelled ? nil : self.subject
        lock.unlock()
        subject?.send(input)
        return .none
    }

    /// A completion that comes before the subscription is ignored, as in Combine.
    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isCancelled, upstream != nil else {
            lock.unlock()
            return
        }
        let subject = self.subject
        upstream = nil
        isCancelled = true
        lock.unlock()
        subject?.send(completion: completion)
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = self.upstream
        lock.unlock()
        upstream?.request(demand)
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        let upstream = self.upstream
        self.upstream = nil
        isCancelled = true
        lock.unlock()
        upstream?.cancel()
    }
}
