import Conduit

/// The operators with one upstream that the property tests check, each as the engine builds it
/// and as the reference model below describes it.
enum SingleUpstreamOperator: String, CaseIterable {
    case map, filter, compactMap, scan, removeDuplicates, dropFirst, prefix, first, last, collect, reduce
    case buffer, `catch`, retry, replaceError

    /// Attaches the operator to `upstream` and subscribes `sink`, through the engine.
    func subscribe(_ upstream: ProgramPublisher, recorder: SinkRecorder) {
        switch self {
        case .map: upstream.map { $0 * 2 }.subscribe(recorder.sink())
        case .filter: upstream.filter { $0 % 2 == 0 }.subscribe(recorder.sink())
        case .compactMap: upstream.compactMap { $0 % 3 == 0 ? nil : $0 }.subscribe(recorder.sink())
        case .scan: upstream.scan(0, +).subscribe(recorder.sink())
        case .removeDuplicates: upstream.removeDuplicates().subscribe(recorder.sink())
        case .dropFirst: upstream.dropFirst(2).subscribe(recorder.sink())
        case .prefix: upstream.prefix(3).subscribe(recorder.sink())
        case .first: upstream.first().subscribe(recorder.sink())
        case .last: upstream.last().subscribe(recorder.sink())
        case .collect: upstream.collect().subscribe(recorder.sink())
        case .reduce: upstream.reduce(0, +).subscribe(recorder.sink())
        case .buffer:
            upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder.sink())
        case .catch: upstream.catch { _ in Just(-1) }.subscribe(recorder.sink())
        case .retry: upstream.retry(1).subscribe(recorder.sink())
        case .replaceError: upstream.replaceError(with: -1).subscribe(recorder.sink())
        }
    }
}

/// A reference model of Combine's documented semantics for one operator between a
/// `ProgramPublisher` and a `ProgramSink`: plain state, no engine code. It tracks what the sink
/// sees and the demand the upstream has been given, step by step.
///
/// Demand rules it follows (Combine's): an operator that passes values one for one forwards the
/// downstream's requests, and one that drops a value asks the upstream for one more in its place;
/// `first`, `last`, `collect` and `reduce` ask for everything at once and hold their result until
/// the downstream has asked for something (a finish with no result too); `dropFirst(n)` asks for
/// `n` at subscription and drops those without asking again; `buffer(prefetch: .keepFull)` asks
/// for its size at once and for one more each time a value leaves it, hands a failure on at once
/// and finishes once it is empty and there is demand; `catch` and `replaceError` hand over the
/// replacement value when there is demand for it; `retry` subscribes again and asks the new
/// subscription for the demand still outstanding.
final class SingleUpstreamModel {
    let op: SingleUpstreamOperator
    // The sink.
    private(set) var outputs: [String] = []
    private(set) var completion: String?
    private var demand: Subscribers.Demand = .none
    private var sinkCancelled = false
    private var demandPerValue = 0
    private var onNextValue: (() -> Void)?
    // The upstream subscriptions, newest last.
    private(set) var upstreams: [UpstreamState] = []
    // Operator state.
    private var accumulator = 0
    private var previous: Int?
    private var toDrop = 2
    private var taken = 0
    private var collected: [Int] = []
    private var buffered: [String] = []
    private var held: [String] = []
    private var heldCompletion: String?
    private var retriesLeft = 1

    /// One upstream subscription as the model sees it.
    struct UpstreamState: Equatable {
        var outstanding: Subscribers.Demand = .none
        var cancelled = false
        var completed = false
        var isLive: Bool { !cancelled && !completed }
    }

    init(_ op: SingleUpstreamOperator) {
        self.op = op
        subscribeUpstream()
    }

    // MARK: Program steps

    func run(_ step: Step) {
        switch step {
        case .send(let value, _): upstreamSends(value)
        case .finish: upstreamCompletes(failed: false)
        case .fail: upstreamCompletes(failed: true)
        case .request(let n): sinkRequests(n.map { .max($0) } ?? .unlimited)
        case .demandPerValue(let n): demandPerValue = n
        case .cancel: sinkCancels()
        case .sendFromSink(let value, _): onNextValue = { [unowned self] in self.upstreamSends(value) }
        }
    }

    private var current: UpstreamState {
        get { upstreams[upstreams.count - 1] }
        set { upstreams[upstreams.count - 1] = newValue }
    }

    private var downstreamIsOpen: Bool { completion == nil && !sinkCancelled }

    private func subscribeUpstream() {
        upstreams.append(UpstreamState())
        switch op {
        case .first, .last, .collect, .reduce: current.outstanding = .unlimited
        case .buffer: current.outstanding = .max(2)
        case .dropFirst: current.outstanding = .max(toDrop)
        default: break
        }
    }

    private func requestUpstream(_ more: Subscribers.Demand) {
        if current.isLive, more > 0 { current.outstanding += more }
    }

    private func sinkRequests(_ more: Subscribers.Demand) {
        guard downstreamIsOpen else { return }
        demand += more
        switch op {
        case .first, .last, .collect, .reduce, .buffer: break
        default: requestUpstream(more)
        }
        drain()
    }

    private func sinkCancels() {
        guard downstreamIsOpen else { return }
        sinkCancelled = true
        if current.isLive { current.cancelled = true }
    }

    private func upstreamSends(_ value: Int) {
        guard current.isLive, current.outstanding > 0 else { return }
        current.outstanding -= 1
        let more = receive(value)
        current.outstanding += more
    }

    private func upstreamCompletes(failed: Bool) {
        guard current.isLive else { return }
        current.completed = true
        let ending = failed ? "failure" : "finished"
        switch op {
        case .first:
            if failed { complete(ending) } else { hold([], then: ending) }
        case .last:
            if failed { complete(ending) } else { hold(previous.map { ["\($0)"] } ?? [], then: ending) }
        case .collect:
            if failed { complete(ending) } else { hold(["\(collected)"], then: ending) }
        case .reduce:
            if failed { complete(ending) } else { hold(["\(accumulator)"], then: ending) }
        case .buffer:
            if failed { complete(ending) } else { hold([], then: ending) }
        case .catch, .replaceError:
            if failed { hold(["-1"], then: "finished") } else { complete(ending) }
        case .retry where failed && retriesLeft > 0:
            retriesLeft -= 1
            subscribeUpstream()
            requestUpstream(demand)
        default:
            complete(ending)
        }
    }

    // MARK: The operator

    /// The operator receives an upstream value; returns the demand it gives back to the upstream.
    private func receive(_ value: Int) -> Subscribers.Demand {
        switch op {
        case .map: return deliver("\(value * 2)")
        case .filter: return value % 2 == 0 ? deliver("\(value)") : .max(1)
        case .compactMap: return value % 3 == 0 ? .max(1) : deliver("\(value)")
        case .scan:
            accumulator += value
            return deliver("\(accumulator)")
        case .removeDuplicates:
            if value == previous { return .max(1) }
            previous = value
            return deliver("\(value)")
        case .dropFirst:
            // The elements to drop were asked for at subscription, so no new request replaces them.
            if toDrop > 0 {
                toDrop -= 1
                return .none
            }
            return deliver("\(value)")
        case .prefix:
            // A value sent from inside the downstream while the last one is delivered is not taken.
            guard taken < 3 else { return .none }
            taken += 1
            let more = deliver("\(value)")
            if taken == 3 {
                complete("finished")
                return .none
            }
            return more
        case .first:
            // The upstream is cancelled at once; the value waits for demand if there is none.
            current.cancelled = true
            hold(["\(value)"], then: "finished")
            return .none
        case .last:
            previous = value
            return .none
        case .collect:
            collected.append(value)
            return .none
        case .reduce:
            accumulator += value
            return .none
        case .buffer:
            if buffered.isEmpty, demand > 0 {
                _ = deliver("\(value)")
                // What the sink sent from inside that delivery went into the buffer; it goes out now.
                drain()
                return .max(1)
            }
            buffered.append("\(value)")
            return .none
        case .catch, .retry, .replaceError:
            return deliver("\(value)")
        }
    }

    /// The sink receives a value: it records it, runs a pending re-entrant send, and returns its demand.
    private func deliver(_ output: String) -> Subscribers.Demand {
        if demand > 0 { demand -= 1 }
        outputs.append(output)
        if let action = onNextValue {
            onNextValue = nil
            action()
        }
        demand += .max(demandPerValue)
        return .max(demandPerValue)
    }

    private func complete(_ ending: String) {
        guard downstreamIsOpen else { return }
        completion = ending
        if current.isLive { current.cancelled = true }
    }

    /// Keeps outputs and a completion until the downstream has demand for them.
    private func hold(_ outputs: [String], then ending: String) {
        held += outputs
        heldCompletion = ending
        drain()
    }

    /// A held completion goes out with the held result; with no result it waits for demand, as
    /// buffer's finish always does.
    private func drain() {
        var deliveredHeld = false
        while downstreamIsOpen, demand > 0, let next = buffered.first ?? held.first {
            if buffered.isEmpty {
                held.removeFirst()
                deliveredHeld = true
            } else {
                buffered.removeFirst()
            }
            let wasBuffered = op == .buffer
            _ = deliver(next)
            if wasBuffered { requestUpstream(.max(1)) }
        }
        let endIsDue = op == .buffer ? demand > 0 : deliveredHeld || demand > 0
        if buffered.isEmpty, held.isEmpty, let ending = heldCompletion, downstreamIsOpen, endIsDue {
            heldCompletion = nil
            completion = ending
        }
    }
}
