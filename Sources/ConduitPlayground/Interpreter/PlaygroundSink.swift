import Conduit
import Foundation

/// The subscriber behind `sink NAME = ...`: a real engine subscriber that reports each value and
/// completion as output, starts with the demand it was given, and keeps what `subs` shows.
///
/// For `sink NAME = PIPELINE.assign(to: \.value, on: SUBJECT)` it hands the subscription and the
/// values to the engine's `Subscribers.Assign`, which asks for every value and writes each one
/// into the subject; the values are then not printed (the subject's own sinks show them).
final class PlaygroundSink: Subscriber, Cancellable, @unchecked Sendable {
    typealias Input = Value
    typealias Failure = PlaygroundError

    enum State: Equatable {
        case subscribing, active, finished, failed(String), cancelled

        var label: String {
            switch self {
            case .subscribing: return "subscribing"
            case .active: return "active"
            case .finished: return "finished"
            case .failed: return "failed"
            case .cancelled: return "cancelled"
            }
        }
    }

    let name: String
    let pipelineText: String
    private let lock = NSLock()
    private var subscription: Subscription?
    private var _state = State.subscribing
    private var _requested = Subscribers.Demand.none
    private var _received = 0
    private let initialDemand: Subscribers.Demand
    private let emit: @Sendable (OutputRecord) -> Void
    private let stamp: @Sendable () -> String
    /// Where the sink's subscription, demand, values and ending are recorded.
    private let recorder: EventRecorder
    /// Asks the session's budget whether a value may still be delivered in this step: nil if it
    /// may, else why the step stopped.
    private let admit: @Sendable (Value) -> EvaluationBudget.Stop?
    /// The subject an `.assign(to:on:)` sink writes into.
    let writesInto: String?
    /// Where values go instead of the output, for `.assign(to:on:)`.
    private let assign: ForwardedSubscriber?
    /// Whether the pipeline's Failure is `Never` as Swift types it: a closure that goes wrong at run
    /// time (`10 / 0`) is then Swift's fatal error, said as such, never a failure it could send.
    private let failureIsNever: Bool
    /// The text of a failure as Swift prints its error: a thrown value's own `description` where its type
    /// declares one (`code 2` for a `CodeError` that says so), else the error's message.
    private let describe: @Sendable (PlaygroundError) -> String

    init(
        name: String,
        pipelineText: String,
        initialDemand: Subscribers.Demand,
        emit: @escaping @Sendable (OutputRecord) -> Void,
        stamp: @escaping @Sendable () -> String,
        recorder: EventRecorder,
        assign: ForwardedSubscriber? = nil,
        writesInto: String? = nil,
        failureIsNever: Bool = false,
        admit: @escaping @Sendable (Value) -> EvaluationBudget.Stop? = { _ in nil },
        describe: @escaping @Sendable (PlaygroundError) -> String = { $0.message }
    ) {
        self.failureIsNever = failureIsNever
        self.describe = describe
        self.assign = assign
        self.writesInto = writesInto
        self.admit = admit
        self.recorder = recorder
        self.name = name
        self.pipelineText = pipelineText
        self.initialDemand = initialDemand
        self.emit = emit
        self.stamp = stamp
    }

    var state: State { lock.withLock { _state } }
    var requested: Subscribers.Demand { lock.withLock { _requested } }
    var received: Int { lock.withLock { _received } }
    /// Requested so far, delivered, outstanding.
    var demand: DemandLevel { lock.withLock { DemandLevel(requested: _requested, delivered: _received) } }
    var isLive: Bool { lock.withLock { _state == .active || _state == .subscribing } }

    func receive(subscription: Subscription) {
        let asksForEverything = assign.map { !$0.asksForItself } ?? false
        lock.withLock {
            self.subscription = subscription
            _state = .active
            if asksForEverything { _requested = .unlimited }
        }
        if asksForEverything {
            recorder.record(.requested(lane: name, demand: .unlimited, level: DemandLevel(requested: .unlimited)))
        }
        recorder.record(.subscribed(lane: name))
        if let assign {
            // The engine's subscriber asks for what it wants (everything) itself; a subscriber of the
            // session's asks through the sink, which records each request.
            assign.receiveSubscription(assign.asksForItself ? RequestsThroughSink(sink: self) : subscription)
            return
        }
        if initialDemand > 0 {
            request(initialDemand)
        }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        // Past the step's budget (a loop through names) values are dropped here; Ctrl-C cancels.
        if let stop = admit(input) {
            if stop == .interrupted { cancelByInterrupt() }
            return .none
        }
        let level = lock.withLock {
            _received += 1
            return DemandLevel(requested: _requested, delivered: _received)
        }
        let event = recorder.record(.received(lane: name, value: input, level: level))
        if let assign {
            let more = assign.receiveValue(input)
            if assign.asksForItself, more > 0 { recordMore(more) }
            return more
        }
        if let record = TerminalLine.record(for: event) { emit(record) }
        return .none
    }

    func receive(completion: Subscribers.Completion<PlaygroundError>) {
        var completion = completion
        if failureIsNever, case .failure(let error) = completion, PlaygroundSink.isSwiftTrap(error.message) {
            completion = .failure(PlaygroundError("Fatal error: \(error.message) (the pipeline's Failure is Never, so "
                + "it cannot fail: Swift stops the program here)"))
        }
        let recorded: SessionEvent.Completion
        switch completion {
        case .finished: recorded = .finished
        case .failure(let error): recorded = .failed(describe(error))
        }
        lock.withLock {
            subscription = nil
            switch recorded {
            case .finished: _state = .finished
            case .failed(let text): _state = .failed(text)
            }
        }
        let event = recorder.record(.completed(lane: name, completion: recorded))
        if let assign {
            // `Assign` takes no failure (in Swift its publisher cannot fail): it is let go instead.
            assign.receiveCompletion(completion)
        }
        if let record = TerminalLine.record(for: event) { emit(record) }
    }

    /// Asks for `demand` more values; returns false if the subscription has ended.
    @discardableResult
    func request(_ demand: Subscribers.Demand) -> Bool {
        let (subscription, level): (Subscription?, DemandLevel) = lock.withLock {
            guard let subscription = self.subscription else { return (nil, DemandLevel()) }
            _requested += demand
            return (subscription, DemandLevel(requested: _requested, delivered: _received))
        }
        // Recorded before the request is passed on: the values it lets through come after it.
        if subscription != nil { recorder.record(.requested(lane: name, demand: demand, level: level)) }
        subscription?.request(demand)
        return subscription != nil
    }

    /// The demand a subscriber's `receive(_:)` returned, which the engine adds to what it was asked.
    private func recordMore(_ demand: Subscribers.Demand) {
        let level: DemandLevel? = lock.withLock {
            guard subscription != nil else { return nil }
            _requested += demand
            return DemandLevel(requested: _requested, delivered: _received)
        }
        if let level { recorder.record(.requested(lane: name, demand: demand, level: level)) }
    }

    /// The subscription a subscriber of the session's is given: its requests and its cancel go
    /// through the sink, so that `subs` and the trace show them as a sink's.
    private final class RequestsThroughSink: Subscription, @unchecked Sendable {
        private weak var sink: PlaygroundSink?
        let combineIdentifier = CombineIdentifier()

        init(sink: PlaygroundSink) { self.sink = sink }

        func request(_ demand: Subscribers.Demand) { sink?.request(demand) }
        func cancel() { sink?.cancel() }
    }

    /// Ctrl-C while values were being delivered: the subscription is cancelled, so that the
    /// publisher stops at once (a sequence of 40,000 values does not run on with each dropped), and
    /// the sink says so; `inspect` then shows it cancelled.
    private func cancelByInterrupt() {
        guard isLive else { return }
        let delivered = received
        cancel()
        let values = delivered == 1 ? "value" : "values"
        emit(OutputRecord(kind: .completion, text: "\(name) ✗ cancelled by Ctrl-C after "
            + "\(delivered.groupedDigits) \(values)\(stamp())"))
    }

    func cancel() {
        let (subscription, wasLive): (Subscription?, Bool) = lock.withLock {
            defer { self.subscription = nil }
            let wasLive = _state == .active || _state == .subscribing
            if wasLive { _state = .cancelled }
            return (self.subscription, wasLive)
        }
        if wasLive { recorder.record(.cancelled(lane: name)) }
        subscription?.cancel()
        assign?.cancel()
    }
}

extension Subscribers.Completion where Failure == PlaygroundError {
    /// The completion as an event records it: its error's message, if it failed.
    var recorded: SessionEvent.Completion {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failed(error.message)
        }
    }
}

extension PlaygroundSink {
    /// Whether a closure's failure is one Swift traps on at run time (division by zero, an index out
    /// of range, a force-unwrapped nil, an overflow), rather than one its type checker would have
    /// refused before running.
    static func isSwiftTrap(_ message: String) -> Bool {
        ["division by zero", "out of range", "unexpectedly found nil", "overflow"].contains { message.contains($0) }
    }
}
