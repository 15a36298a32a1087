import Synchronization

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription and
    /// calls a closure for each value and for the completion.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        // The two closures must stay the first stored properties: deliveries read them through
        // `SinkClosures`, which has them at the same places (see `closures`).

        /// The closure to execute on receipt of a value.
        ///
        /// Both closures are let go once the sink completes or is cancelled after its subscription
        /// arrived (they read as empty closures from then on), so what they capture is released
        /// even while the sink itself is still held (as in Combine, where this breaks a
        /// `self.cancellable = p.sink { self... }` cycle). `flow` says when nobody is calling them.
        public var receiveValue: (Input) -> Void { valueClosure ?? { _ in } }
        /// The closure to execute on completion.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void { completionClosure ?? { _ in } }

        /// `receiveValue` until it is let go (`nil`, which allocates nothing, unlike an empty closure
        /// made in unspecialised code).
        @usableFromInline @exclusivity(unchecked) var valueClosure: ((Input) -> Void)?
        /// `receiveCompletion` until it is let go.
        @usableFromInline @exclusivity(unchecked) var completionClosure: ((Subscribers.Completion<Failure>) -> Void)?

        /// Guards `state`; one inline word (no separate allocation). Not Synchronization's `Mutex`:
        /// the thread sanitizer does not see that one order accesses on its contended path.
        private let lock = ReentrantLock()
        /// Where the sink stands with its upstream.
        @exclusivity(unchecked) private var state = SubscriberState.awaitingSubscription
        /// The calls into the closures in progress (counted in `SinkFlow.call` units) and four
        /// marks: `ended` (completed, or cancelled after the subscription arrived: no closure is
        /// called any more), `released` (the one thread that lets the closures go has been
        /// chosen), `fedBySubject` (a subject's conduit delivers values uncounted, until it has
        /// ended) and `fedSerially` (flatMap's or switchToLatest's subscription does, until it
        /// says it has let the sink go). Whichever of the end and the last call to return sees
        /// the other lets them go.
        @usableFromInline let flow = Atomic<UInt>(0)

        /// Initializes a sink with the provided closures.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called with the completion.
        ///   - receiveValue: Called with each value.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            completionClosure = receiveCompletion
            valueClosure = receiveValue
        }

        public var description: String { "Sink" }

        public var customMirror: Mirror { Mirror(self, children: []) }

        public var playgroundDescription: Any { description }

        /// The closures, read without retaining what they capture: the sink's own fields seen
        /// through a class that declares them constant. Valid while a counted call is in
        /// progress: the closures are replaced only once no call is.
        @inlinable
        var closures: Unmanaged<SinkClosures<Input, Failure>> {
            Unmanaged.fromOpaque(Unmanaged.passUnretained(self).toOpaque())
        }

        public func receive(subscription: Subscription) {
            accept(subscription, fedBySubject: false)
        }

        /// Takes `subscription` if it is the first. `fedBySubject`: it is a subject's conduit, which
        /// delivers values through `receiveSerially` (or, through forwarding subscribers,
        /// `receiveForwarded`) and says when it has ended (`conduitEnded`).
        /// `fedSerially`: it is a `FlattenCore`, which delivers values through `receiveSerially`
        /// and says when it has let the sink go (`serialFeedEnded`). Returns whether it was taken.
        @usableFromInline @discardableResult
        func accept(_ subscription: Subscription, fedBySubject: Bool, fedSerially: Bool = false) -> Bool {
            var accepted = false
            lock.withLock(owner: self) {
                guard case .awaitingSubscription = state else { return }
                state = .holding(subscription)
                accepted = true
            }
            if accepted {
                if fedBySubject { flow.bitwiseOr(SinkFlow.fedBySubject, ordering: .relaxed) }
                if fedSerially { flow.bitwiseOr(SinkFlow.fedSerially, ordering: .relaxed) }
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
            return accepted
        }

        /// Calls `receiveValue` with an element, unless the sink was cancelled or has completed.
        ///
        /// - Parameter value: The element.
        /// - Returns: `.none`: the sink asked for unlimited elements when subscribed.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            let before = flow.add(SinkFlow.call, ordering: .acquiring).oldValue
            if before & SinkFlow.ended == 0 {
                closures._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            }
            callReturned()
            return .none
        }

        /// A value from a subject's conduit: delivered holding the conduit's lock, which serialises
        /// them, so not counted (no atomic operation); the closures are let go only once the
        /// conduit has ended (`conduitEnded`). Also a value from flatMap's or switchToLatest's
        /// subscription, whose deliveries never overlap, until it lets the sink go
        /// (`serialFeedEnded`).
        @inlinable
        func receiveSerially(_ value: Input) {
            if flow.load(ordering: .relaxed) & SinkFlow.ended == 0 {
                closures._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            }
        }

        /// A value from one of Conduit's forwarding subscribers (`map`, `filter`, `AnyPublisher`'s...):
        /// uncounted, as from the conduit itself, while a subject's conduit feeds the sink through
        /// them (`receive(conduit:)`: the conduit's lock is held around this call); counted
        /// otherwise, as `receive(_:)`.
        @inlinable
        func receiveForwarded(_ value: Input) -> Subscribers.Demand {
            let seen = flow.load(ordering: .relaxed)
            guard seen & SinkFlow.fedBySubject != 0 else { return receive(value) }
            if seen & SinkFlow.ended == 0 {
                closures._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            }
            return .none
        }

        /// The subject's conduit that fed this sink has ended, and no delivery from it is under way
        /// or will come: the closures may go (if the sink has ended too).
        @usableFromInline
        func conduitEnded() {
            flow.bitwiseAnd(~SinkFlow.fedBySubject, ordering: .acquiringAndReleasing)
            releaseClosuresIfIdle()
        }

        /// flatMap's or switchToLatest's subscription, which fed this sink uncounted, has let it go:
        /// no delivery from it is under way, and none will come. The closures may go (if the sink
        /// has ended too). Harmless if it was not fed that way.
        @usableFromInline
        func serialFeedEnded() {
            flow.bitwiseAnd(~SinkFlow.fedSerially, ordering: .acquiringAndReleasing)
            releaseClosuresIfIdle()
        }

        /// Ends a counted call; the last one to return after the end lets the closures go.
        @inlinable
        func callReturned() {
            let before = flow.subtract(SinkFlow.call, ordering: .releasing).oldValue
            if before & SinkFlow.ended != 0, before >> SinkFlow.callShift == 1 {
                releaseClosuresIfIdle()
            }
        }

        /// Marks the end: from now on no closure is called. Returns `false` if it had already
        /// ended. `counting` also counts a call (the completion's own, made atomically with the
        /// end so that no other end can come between).
        @usableFromInline
        func end(countingACall counting: Bool) -> Bool {
            var seen = flow.load(ordering: .relaxed)
            while true {
                if seen & SinkFlow.ended != 0 { return false }
                let desired = counting
                    ? (seen &+ SinkFlow.call) | SinkFlow.ended
                    : seen | SinkFlow.ended
                let (exchanged, original) = flow.weakCompareExchange(
                    expected: seen, desired: desired, ordering: .acquiringAndReleasing
                )
                if exchanged { return true }
                seen = original
            }
        }

        /// Lets the closures go if the sink has ended, no call is in progress, nothing that delivers
        /// uncounted feeds it and nobody has let them go yet: exactly one thread gets past the
        /// exchange.
        @usableFromInline
        func releaseClosuresIfIdle() {
            var seen = flow.load(ordering: .acquiring)
            let marks = SinkFlow.ended | SinkFlow.released | SinkFlow.fedBySubject | SinkFlow.fedSerially
            while seen & marks == SinkFlow.ended,
                seen >> SinkFlow.callShift == 0
            {
                let (exchanged, original) = flow.weakCompareExchange(
                    expected: seen, desired: seen | SinkFlow.released, ordering: .acquiringAndReleasing
                )
                if exchanged {
                    // Let go one at a time: what they capture may call back into this sink as it
                    // goes, and finds it ended.
                    valueClosure = nil
                    completionClosure = nil
                    return
                }
                seen = original
            }
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard end(countingACall: true) else { return }
            lock.withLock(owner: self) { state = .terminal }
            closures._withUnsafeGuaranteedRef { $0.receiveCompletion(completion) }
            callReturned()
        }

        /// Cancels the subscription. Cancelled before its subscription arrived, the sink keeps its
        /// closures (as Combine's does) and turns the subscription away when it comes.
        public func cancel() {
            // Swapped out, not copied: no retain and release of the subscription.
            var taken = SubscriberState.terminal
            lock.withLock(owner: self) { swap(&taken, &state) }
            guard case .subscribed(let object, let type) = consume taken else { return }
            // A subject's conduit (`accept` marked it), cancelled from outside its deliveries: once
            // its cancel returns, none is under way or will come, so the sink ends and lets its
            // closures go afterwards, in one atomic operation. Seen as a `SubjectLink` (its type
            // without generic arguments) and cancelled through its class method: behind operators
            // (`SubjectFedSubscriber`), the conduit's values are not of the sink's `Input` type.
            let link = Unmanaged<SubjectLink>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())
            if flow.load(ordering: .relaxed) & SinkFlow.fedBySubject != 0,
               !link._withUnsafeGuaranteedRef({ $0.lock.isHeldByCurrentThread })
            {
                link._withUnsafeGuaranteedRef { $0.cancelLink() }
                endFedBySubject()
                return
            }
            // Ended first, so that nothing the upstream sends while it is cancelled gets through.
            if end(countingACall: false) {
                releaseClosuresIfIdle()
            }
            // From inside a delivery of a subject's conduit (this thread holds its lock), the
            // conduit says when that one is over (`conduitEnded`).
            SubscriberState.cancel(object, of: type)
        }

        /// Ends the sink once the subject's conduit that fed it has been cancelled and no delivery
        /// of it is under way: marks the end, clears `fedBySubject` and, if no call is in progress,
        /// lets the closures go, with one compare-and-swap.
        func endFedBySubject() {
            var seen = flow.load(ordering: .relaxed)
            while true {
                let idle = seen & (SinkFlow.released | SinkFlow.fedSerially) == 0 && seen >> SinkFlow.callShift == 0
                let desired = (seen | SinkFlow.ended | (idle ? SinkFlow.released : 0)) & ~SinkFlow.fedBySubject
                let (exchanged, original) = flow.weakCompareExchange(
                    expected: seen, desired: desired, ordering: .acquiringAndReleasing
                )
                if exchanged {
                    if idle {
                        valueClosure = nil
                        completionClosure = nil
                    }
                    return
                }
                seen = original
            }
        }
    }
}

/// A subject's conduit (directly, or through forwarding subscribers) feeds a sink uncounted.
extension Subscribers.Sink: SubjectFedSubscriber {
    @usableFromInline
    func receive(conduit: Subscription) {
        accept(conduit, fedBySubject: true)
    }
}

/// The bits of `Subscribers.Sink.flow`.
@usableFromInline
internal enum SinkFlow {
    /// Completed, or cancelled after the subscription arrived.
    @usableFromInline static let ended: UInt = 1
    /// The closures have been (or are being) let go.
    @usableFromInline static let released: UInt = 2
    /// A subject's conduit delivers the values, uncounted, until it says it has ended.
    @usableFromInline static let fedBySubject: UInt = 4
    /// flatMap's or switchToLatest's subscription delivers the values, uncounted, until it says it
    /// has let the sink go.
    @usableFromInline static let fedSerially: UInt = 8
    /// Where the count of calls in progress starts.
    @usableFromInline static let callShift: UInt = 4
    /// One call in progress.
    @usableFromInline static let call: UInt = 1 << callShift
}

/// A `Subscribers.Sink`'s two closures seen as constants, so that calling one does not retain
/// and release what it captures (two atomic operations per value). Never created: a sink is
/// viewed as one (`Sink.closures`). Swift lays a class's stored properties out in the order they
/// are declared, right after the object header, and a root class's generic arguments first in its
/// type metadata: with the same generic parameters as the sink, both classes have the closures
/// and the generic arguments (which unspecialised code reads through the view) at the same
/// places. Every delivery test calls through this view.
@usableFromInline
internal final class SinkClosures<Input, Failure: Error> {
    // An optional closure is laid out as the closure, with a null function for `nil`: these read
    // the sink's `valueClosure` and `completionClosure` while they are set.
    @usableFromInline let receiveValue: (Input) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    private init() {
        fatalError("SinkClosures is a view of a sink's fields, never created")
    }
}

extension Publisher {
    /// Attaches a subscriber with closure-based behaviour; it requests an unlimited number of values.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .sink(receiveCompletion: { print("end:", $0) }, receiveValue: { print($0) })
    /// // Prints "1", "2", "end: finished".
    /// ```
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once, with the completion: `.finished` or `.failure(error)`.
    ///   - receiveValue: Called with each element.
    /// - Returns: A cancellable that keeps the subscription alive: cancel it, or let it go, to end the
    ///   subscription.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyCancellable(object: sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behaviour to a publisher that never fails.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher.sink { print($0) }
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Parameter receiveValue: Called with each element.
    /// - Returns: A cancellable that keeps the subscription alive: cancel it, or let it go, to end the
    ///   subscription.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
