import Conduit

/// Reaches a `ProgramSink` whatever its input and failure types: the operator picks the types,
/// the program runner only needs the sink's record and its controls.
final class SinkRecorder {
    private(set) var outputs: () -> [String] = { [] }
    private(set) var completion: () -> String? = { nil }
    private(set) var violations: () -> [String] = { [] }
    private(set) var request: (Int?) -> Void = { _ in }
    private(set) var cancel: () -> Void = {}
    private(set) var setDemandPerValue: (Int) -> Void = { _ in }
    private(set) var setOnNextValue: (@escaping () -> Void) -> Void = { _ in }

    /// Makes the sink to subscribe and connects this recorder to it.
    func sink<Input, Failure: Error>() -> ProgramSink<Input, Failure> {
        let sink = ProgramSink<Input, Failure>()
        outputs = { sink.outputs }
        completion = { sink.completion }
        violations = { sink.violations }
        request = { sink.request($0) }
        cancel = { sink.cancel() }
        setDemandPerValue = { sink.demandPerValue = $0 }
        setOnNextValue = { sink.onNextValue = $0 }
        return sink
    }

    /// Carries out a sink step of a program; upstream steps go to `upstream`.
    func run(_ step: Step, upstream: @escaping (Int) -> ProgramPublisher?) {
        switch step {
        case .send(let value, let source): upstream(source)?.send(value)
        case .finish(let source): upstream(source)?.complete(.finished)
        case .fail(let source): upstream(source)?.complete(.failure(ProgramError()))
        case .request(let n): request(n)
        case .demandPerValue(let n): setDemandPerValue(n)
        case .cancel: cancel()
        case .sendFromSink(let value, let source):
            setOnNextValue { upstream(source)?.send(value) }
        }
    }
}
