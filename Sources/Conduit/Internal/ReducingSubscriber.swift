/// The shared core of the operators that turn a whole stream into at most one value: `reduce`,
/// `count`, `collect`, `min`, `max`, `contains`, `allSatisfy`, `first`, `last`, `ignoreOutput`,
/// `replaceEmpty`...
///
/// It asks the upstream for everything as soon as it is subscribed, feeds each value to
/// `accumulate` (which may end the stream early), and when the upstream finishes sends the
/// `result` (if any) and the finish once the downstream has asked for something: as in Combine,
/// even a bare finish waits for demand. A thrown error or an
/// upstream failure fails the downstream. No lock is held while a closure or subscriber runs.
@usableFromInline
internal final class ReducingSubscriber<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline
    typealias Failure = UpstreamFailure
    @usableFromInline
    typealias Output = Downstream.Input

    /// Whether to keep reading the upstream after a value.
    @usableFromInline
    enum Control {
        case more
        case done
    }

    @usableFromInline
    enum Phase {
        case waiting
        case subscribed(Subscription)
        /// The result is known and waits for demand.
        case holding(Output?)
        case finished
    }

    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var phase = Phase.waiting
    @usableFromInline
    @exclusivity(unchecked) var demanded = false
    /// The downstream cancelled before the upstream's subscription came: Combine still asks that
    /// subscription for everything when it comes (and ignores what arrives), so this does too.
    @usableFromInline
    @exclusivity(unchecked) var cancelledWhileWaiting = false
    @usableFromInline
    let accumulate: (Input) throws -> Control
    @usableFromInline
    let result: () -> Output?
    @usableFromInline
    let mapFailure: (UpstreamFailure) -> Downstream.Failure
    @usableFromInline
    let wrapError: (Error) -> Downstream.Failure
    /// What reflection shows instead of Combine's reduce-like children, if anything (`collect`).
    @usableFromInline
    let reflectedChildren: (() -> [Mirror.Child])?
    /// The value the reduction started from, for reflection (`reduce`'s initial result).
    @usableFromInline
    let initial: Any?
    @usableFromInline
    let description: String

    @inlinable
    init(
        downstream: Downstream,
        name: String,
        mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        wrapError: @escaping (Error) -> Downstream.Failure,
        accumulate: @escaping (Input) throws -> Control,
        result: @escaping () -> Output?,
        initial: Any? = nil,
        reflectedChildren: (() -> [Mirror.Child])? = nil
    ) {
        self.initial = initial
        self.reflectedChildren = reflectedChildren
        self.downstream = downstream
        self.description = name
        self.mapFailure = mapFailure
        self.wrapError = wrapError
        self.accumulate = accumulate
        self.result = result
    }

    /// Combine's children for its reduce-like operators: the downstream, the result so far, the
    /// initial value and where the stream stands; `nil` values once the stream has ended.
    @usableFromInline
    var customMirror: Mirror {
        if let reflectedChildren { return Mirror(self, children: reflectedChildren()) }
        let (downstream, status): (Downstream?, String) = lock.withLock {
            switch phase {
            case .waiting: return (self.downstream, "awaiting subscription")
            case .subscribed: return (self.downstream, "subscribed")
            case .holding: return (self.downstream, "holding result")
            case .finished: return (self.downstream, "terminal")
            }
        }
        let current: Output? = downstream == nil ? nil : result()
        let children: [Mirror.Child] = [
            ("downstream", downstream as Any), ("result", current as Any), ("initial", initial as Any),
            ("status", status),
        ]
        return Mirror(self, children: children)
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .waiting = phase, let downstream else {
            let lateAfterCancel = cancelledWhileWaiting
            cancelledWhileWaiting = false
            lock.unlock()
            if lateAfterCancel {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
            return
        }
        phase = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed(let upstream) = phase else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        do {
            if try accumulate(input) == .done {
                upstream.cancel()
                conclude()
            }
        } catch {
            upstream.cancel()
            fail(wrapError(error))
        }
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished: conclude()
        case .failure(let error): fail(mapFailure(error))
        }
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        demanded = true
        switch phase {
        case .holding(let output):
            lock.unlock()
            deliver(output)
        default:
            lock.unlock()
        }
    }

    @usableFromInline
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                phase = .finished
                downstream = nil
            }
            if case .waiting = phase { cancelledWhileWaiting = true }
            if case .subscribed(let upstream) = phase { return upstream }
            return nil
        }
        upstream?.cancel()
    }

    /// The upstream is done: hold the result until there is demand, or send it now.
    @usableFromInline
    func conclude() {
        lock.lock()
        guard case .subscribed = phase else {
            lock.unlock()
            return
        }
        let output = result()
        phase = .holding(output)
        let ready = demanded
        lock.unlock()
        if ready { deliver(output) }
    }

    @usableFromInline
    func deliver(_ output: Output?) {
        lock.lock()
        guard case .holding = phase, let downstream else {
            lock.unlock()
            return
        }
        phase = .finished
        self.downstream = nil
        lock.unlock()
        if let output { _ = downstream.receive(output) }
        downstream.receive(completion: .finished)
    }

    @usableFromInline
    func fail(_ error: Downstream.Failure) {
        lock.lock()
        guard case .subscribed = phase, let downstream else {
            lock.unlock()
            return
        }
        phase = .finished
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: .failure(error))
    }
}

extension Publisher {
    /// Subscribes `subscriber` through a reducing core; shared by the reducing operators.
    @inlinable
    internal func reduceInto<S: Subscriber>(
        _ subscriber: S,
        name: String,
        accumulate: @escaping (Output) throws -> ReducingSubscriber<Output, Failure, S>.Control,
        result: @escaping () -> S.Input?,
        initial: Any? = nil,
        reflectedChildren: (() -> [Mirror.Child])? = nil
    ) where S.Failure == Failure {
        subscribe(ReducingSubscriber<Output, Failure, S>(
            downstream: subscriber, name: name, mapFailure: { $0 },
            wrapError: { _ in fatalError("a non-throwing reducer threw") },
            accumulate: accumulate, result: result, initial: initial, reflectedChildren: reflectedChildren
        ))
    }

    /// Like `reduceInto`, for the `try` operators: thrown errors fail the stream.
    @inlinable
    internal func tryReduceInto<S: Subscriber>(
        _ subscriber: S,
        name: String,
        accumulate: @escaping (Output) throws -> ReducingSubscriber<Output, Failure, S>.Control,
        result: @escaping () -> S.Input?,
        initial: Any? = nil
    ) where S.Failure == Error {
        subscribe(ReducingSubscriber<Output, Failure, S>(
            downstream: subscriber, name: name, mapFailure: { $0 }, wrapError: { $0 },
            accumulate: accumulate, result: result, initial: initial
        ))
    }
}
