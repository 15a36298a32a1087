import Conduit
import PropertyBased
import Testing

/// Random event programs run through each single-upstream operator and through the reference
/// model; after every step the sink's record, the upstream's outstanding demand, its cancellation
/// and the number of subscriptions must agree. A failure is shrunk to a minimal program.
@Suite struct SingleUpstreamPropertyTests {
    /// What both sides show after a step.
    struct Observation: Equatable, CustomStringConvertible {
        var outputs: [String]
        var completion: String?
        var subscriptions: Int
        /// The current upstream subscription's outstanding demand, while it can still send.
        var upstreamDemand: Subscribers.Demand?
        var upstreamCancelled: Bool

        var description: String {
            let demand = upstreamDemand.map { "\($0)" } ?? "-"
            return "out \(outputs) end \(completion ?? "-") subs \(subscriptions) "
                + "upstream demand \(demand)\(upstreamCancelled ? " cancelled" : "")"
        }
    }

    /// Runs `program` through the engine and the model and reports the first step they differ at.
    static func check(_ op: SingleUpstreamOperator, _ program: EventProgram) {
        let upstream = ProgramPublisher()
        let recorder = SinkRecorder()
        op.subscribe(upstream, recorder: recorder)
        let model = SingleUpstreamModel(op)

        func engineObservation() -> Observation {
            let live = upstream.current?.isLive ?? false
            return Observation(
                outputs: recorder.outputs(), completion: recorder.completion(),
                subscriptions: upstream.subscriptions.count,
                upstreamDemand: live ? upstream.current?.outstanding : nil,
                upstreamCancelled: upstream.current?.cancelled ?? false)
        }
        func modelObservation() -> Observation {
            let current = model.upstreams[model.upstreams.count - 1]
            return Observation(
                outputs: model.outputs, completion: model.completion, subscriptions: model.upstreams.count,
                upstreamDemand: current.isLive ? current.outstanding : nil, upstreamCancelled: current.cancelled)
        }

        #expect(engineObservation() == modelObservation(), "\(op) at subscription")
        for (index, step) in program.steps.enumerated() {
            recorder.run(step) { _ in upstream }
            model.run(step)
            let engine = engineObservation()
            let expected = modelObservation()
            if engine != expected {
                Issue.record("""
                    \(op): after step \(index + 1) (\(step)) of \(program)
                      engine: \(engine)
                      model:  \(expected)
                    \(PropertySeed.replayHint)
                    """)
                return
            }
        }
        #expect(
            recorder.violations().isEmpty,
            "\(op) \(program): \(recorder.violations()); \(PropertySeed.replayHint)")
    }

    @Test(arguments: SingleUpstreamOperator.allCases)
    func operatorAgreesWithTheModel(_ op: SingleUpstreamOperator) async {
        await Self.checkMany(op)
    }

    static func checkMany(_ op: SingleUpstreamOperator) async {
        await propertyCheck(count: 1000, input: EventProgram.generator(sources: 1, label: "\(op)")) { program in
            check(op, program)
        }
    }
}
