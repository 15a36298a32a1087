import Conduit
import PropertyBased
import Testing

/// Random event programs over two upstreams (or an outer publisher and its inner ones) run
/// through each fan-in operator: with unlimited demand against the reference model (values,
/// completion, every upstream's demand and cancellation), and with the program's own demand
/// against the rules every subscriber relies on.
@Suite struct FanInPropertyTests {
    /// What both sides show after a step.
    struct Observation: Equatable, CustomStringConvertible {
        var outputs: [String]
        var completion: String?
        /// Each upstream subscription: its outstanding demand while it can send, else "cancelled"/"done".
        var upstreams: [String]

        var description: String { "out \(outputs) end \(completion ?? "-") upstreams \(upstreams)" }
    }

    static func describe(_ demand: Subscribers.Demand, live: Bool, cancelled: Bool) -> String {
        live ? "\(demand)" : cancelled ? "cancelled" : "done"
    }

    static func checkAgainstModel(_ op: FanInOperator, _ program: EventProgram) {
        let upstreams = FanInUpstreams()
        let recorder = SinkRecorder()
        upstreams.subscribe(op, recorder: recorder)
        recorder.request(nil)
        let model = FanInModel(op)

        func engineObservation() -> Observation {
            Observation(
                outputs: recorder.outputs(), completion: recorder.completion(),
                upstreams: upstreams.subscriptions(op).map {
                    describe($0.outstanding, live: $0.isLive, cancelled: $0.cancelled)
                })
        }
        func modelObservation() -> Observation {
            Observation(
                outputs: model.outputs, completion: model.completion,
                upstreams: model.upstreams.map {
                    describe($0.outstanding, live: $0.isLive, cancelled: $0.cancelled)
                })
        }

        for (index, step) in program.steps.enumerated() {
            recorder.run(step) { upstreams.publisher(op, source: $0) }
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

    /// With limited demand: no value beyond demand, none after the completion, one completion.
    static func checkSubscriberRules(_ op: FanInOperator, _ program: EventProgram) {
        let upstreams = FanInUpstreams()
        let recorder = SinkRecorder()
        upstreams.subscribe(op, recorder: recorder)
        for step in program.steps {
            recorder.run(step) { upstreams.publisher(op, source: $0) }
        }
        #expect(
            recorder.violations().isEmpty,
            "\(op) \(program): \(recorder.violations()); \(PropertySeed.replayHint)")
    }

    @Test(arguments: FanInOperator.allCases)
    func operatorWithUnlimitedDemandAgreesWithTheModel(_ op: FanInOperator) async {
        let programs = EventProgram.generator(sources: op.sources, label: "\(op) with unlimited demand")
        await propertyCheck(count: 1000, input: programs) { program in
            Self.checkAgainstModel(op, program)
        }
    }

    @Test(arguments: FanInOperator.allCases)
    func operatorWithLimitedDemandKeepsTheSubscriberRules(_ op: FanInOperator) async {
        let programs = EventProgram.generator(sources: op.sources, label: "\(op) with limited demand")
        await propertyCheck(count: 1000, input: programs) { program in
            Self.checkSubscriberRules(op, program)
        }
    }
}
