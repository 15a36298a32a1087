import Conduit

/// Cold marble sources: `cold NAME = "-a--b-|" {a: 1}` names one, `cold("...")` writes one where a
/// publisher goes (a pipeline's start, a closure's result). Both play the timeline for each
/// subscriber from when it subscribes.
extension Interpreter {
    /// The engine publisher of `cold(...)`; `arguments` are a closure's, for a legend `{x: $0}`.
    func coldSource(_ cold: ColdTimelineSyntax, arguments: [Value], trial: Bool) throws -> Pipe {
        guard !scheduler.isRealTime else {
            throw SyntaxError("a cold timeline plays on the virtual clock; `clock virtual` switches back to it",
                at: cold.timeline.token)
        }
        if trial && cold.legend != nil { return Empty().eraseToAnyPublisher() }
        var symbols: [Character: Value] = [:]
        if let legend = cold.legend {
            guard case .record(let fields) = try legend.evaluate(arguments) else {
                throw PlaygroundError("what the symbols of a timeline stand for is a record, such as `{a: 1}`")
            }
            for field in fields { if let symbol = field.name.first { symbols[symbol] = field.value } }
        }
        guard let events = try? cold.events(legend: symbols) else {
            throw PlaygroundError("the timeline \(Value.quote(cold.timeline.text)) cannot be read")
        }
        return ColdMarbleSource(events: events, frame: cold.frame, scheduler: scheduler, lanes: nil)
            .eraseToAnyPublisher()
    }

    /// `cold NAME = "-a--b-|" {a: 1}`: a named cold source, its playbacks drawn as `NAME:1`, `NAME:2`.
    func defineCold(_ name: Token, _ cold: ColdTimelineSyntax, syntax: PipelineSyntax) throws {
        guard !scheduler.isRealTime else {
            throw SyntaxError("a cold timeline plays on the virtual clock; `clock virtual` switches back to it",
                at: cold.timeline.token)
        }
        let symbols = try marbleLegend(cold.legend, at: cold.timeline.token)
        let publisher = ColdMarbleSource(
            events: try parseTimeline(cold.timeline, legend: symbols), frame: cold.frame, scheduler: scheduler,
            lanes: ColdLanes(name: name.display, recorder: recorder)
        ).eraseToAnyPublisher()
        try define(name, as: .pipeline(PipelineEntry(publisher: publisher, syntax: syntax, length: 0)))
        let events = try cold.events(legend: [:])
        let length = PlaygroundClock.format(nanoseconds: Int64((events.last?.frame ?? 0) + 1) * cold.frame)
        info("\(name.display): cold, \(events.count) events over \(length) from each subscription")
    }
}
