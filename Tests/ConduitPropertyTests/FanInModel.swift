import Conduit

/// The operators with several upstreams that the property tests check. `merge`, `zip` and
/// `combineLatest` join upstreams #0 and #1; `flatMap` and `switchToLatest` turn each value of
/// #0 into a new inner publisher, which programs address as #1 (the newest) and #2 (the one
/// before it).
enum FanInOperator: String, CaseIterable {
    case merge, zip, combineLatest, flatMap, switchToLatest

    var sources: Int { self == .flatMap || self == .switchToLatest ? 3 : 2 }
    var hasInners: Bool { sources == 3 }
}

/// The engine side of a fan-in program: the upstream publishers it made, in order.
final class FanInUpstreams {
    let first = ProgramPublisher()
    let second = ProgramPublisher()
    /// The inner publishers made by `flatMap`/`switchToLatest`, oldest first.
    private(set) var inners: [ProgramPublisher] = []

    func makeInner() -> ProgramPublisher {
        let inner = ProgramPublisher()
        inners.append(inner)
        return inner
    }

    func subscribe(_ op: FanInOperator, recorder: SinkRecorder) {
        switch op {
        case .merge: first.merge(with: second).subscribe(recorder.sink())
        case .zip: first.zip(second).subscribe(recorder.sink())
        case .combineLatest: first.combineLatest(second).subscribe(recorder.sink())
        case .flatMap: first.flatMap { _ in self.makeInner() }.subscribe(recorder.sink())
        case .switchToLatest: first.map { _ in self.makeInner() }.switchToLatest().subscribe(recorder.sink())
        }
    }

    /// The publisher a program's source number stands for.
    func publisher(_ op: FanInOperator, source: Int) -> ProgramPublisher? {
        guard op.hasInners else { return source == 0 ? first : second }
        if source == 0 { return first }
        let index = inners.count - source
        return index >= 0 ? inners[index] : nil
    }

    /// Every subscription made, in the order the model lists them.
    func subscriptions(_ op: FanInOperator) -> [ProgramSubscription] {
        let publishers = op.hasInners ? [first] + inners : [first, second]
        return publishers.flatMap(\.subscriptions)
    }
}

/// A reference model of Combine's documented semantics for the fan-in operators, for a sink
/// with unlimited demand: `merge` passes every value on and finishes when all upstreams have;
/// `zip` pairs values in order and finishes when an upstream has finished and nothing it sent is
/// left to pair; `combineLatest` sends the latest of each once both have sent and finishes when
/// both have; `flatMap` passes on every inner value and finishes when the outer and every inner
/// have; `switchToLatest` cancels the previous inner at each new one and finishes when the outer
/// and the latest inner have. A failure anywhere fails the whole and cancels the rest.
final class FanInModel {
    let op: FanInOperator
    private(set) var outputs: [String] = []
    private(set) var completion: String?
    private var sinkCancelled = false
    private var onNextValue: (() -> Void)?
    /// Upstream subscriptions in creation order: #0 and #1, or the outer then each inner.
    private(set) var upstreams: [SingleUpstreamModel.UpstreamState]
    private var queues: [[Int]] = [[], []]
    private var latest: [Int?] = [nil, nil]

    init(_ op: FanInOperator) {
        self.op = op
        let live = SingleUpstreamModel.UpstreamState(outstanding: .unlimited)
        upstreams = op.hasInners ? [live] : [live, live]
    }

    func run(_ step: Step) {
        switch step {
        case .send(let value, let source): send(value, to: source)
        case .finish(let source): complete(source, failed: false)
        case .fail(let source): complete(source, failed: true)
        case .request, .demandPerValue: break
        case .cancel:
            guard isOpen else { return }
            sinkCancelled = true
            cancelAll()
        case .sendFromSink(let value, let source):
            onNextValue = { [unowned self] in self.send(value, to: source) }
        }
    }

    private var isOpen: Bool { completion == nil && !sinkCancelled }

    /// The index in `upstreams` of a program's source number, if that upstream exists.
    private func index(of source: Int) -> Int? {
        guard op.hasInners else { return source }
        if source == 0 { return 0 }
        let index = upstreams.count - source
        return index >= 1 ? index : nil
    }

    private func send(_ value: Int, to source: Int) {
        guard let index = index(of: source), upstreams[index].isLive else { return }
        switch op {
        case .merge:
            deliver("\(value)")
        case .zip:
            queues[index].append(value)
            while isOpen, !queues[0].isEmpty, !queues[1].isEmpty {
                let pair = (queues[0].removeFirst(), queues[1].removeFirst())
                deliver("\(pair)")
            }
            finishZipIfDrained()
        case .combineLatest:
            latest[index] = value
            if let a = latest[0], let b = latest[1] { deliver("\((a, b))") }
        case .flatMap, .switchToLatest:
            if index == 0 {
                // After the end, a value of the outer publisher (left live by flatMap) makes nothing.
                guard isOpen else { return }
                if op == .switchToLatest, upstreams.count > 1, upstreams[upstreams.count - 1].isLive {
                    upstreams[upstreams.count - 1].cancelled = true
                }
                upstreams.append(SingleUpstreamModel.UpstreamState(outstanding: .unlimited))
            } else {
                deliver("\(value)")
            }
        }
    }

    private func complete(_ source: Int, failed: Bool) {
        guard let index = index(of: source), upstreams[index].isLive else { return }
        upstreams[index].completed = true
        if failed {
            // As in Combine: zip cancels the failed upstream with the others, and flatMap lets go
            // of its outer publisher without cancelling it when an inner one fails.
            if op == .zip { upstreams[index].cancelled = true }
            end("failure", sparingOuter: op == .flatMap && index > 0)
            return
        }
        switch op {
        case .merge, .combineLatest:
            if upstreams.allSatisfy(\.completed) { end("finished") }
        case .zip:
            finishZipIfDrained()
        case .flatMap:
            if upstreams.allSatisfy(\.completed) { end("finished") }
        case .switchToLatest:
            if upstreams[0].completed, upstreams.count == 1 || upstreams[upstreams.count - 1].completed {
                end("finished")
            }
        }
    }

    private func finishZipIfDrained() {
        if (upstreams[0].completed && queues[0].isEmpty) || (upstreams[1].completed && queues[1].isEmpty) {
            end("finished")
        }
    }

    private func deliver(_ output: String) {
        guard isOpen else { return }
        outputs.append(output)
        if let action = onNextValue {
            onNextValue = nil
            action()
        }
    }

    private func end(_ ending: String, sparingOuter: Bool = false) {
        guard isOpen else { return }
        completion = ending
        cancelAll(from: sparingOuter ? 1 : 0)
    }

    private func cancelAll(from first: Int = 0) {
        for index in upstreams.indices.dropFirst(first) where upstreams[index].isLive {
            upstreams[index].cancelled = true
        }
    }
}
