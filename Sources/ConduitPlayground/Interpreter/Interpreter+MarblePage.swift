import Foundation

/// `marbles --html "FILE"`: the session's diagrams as one self-contained page (see `MarbleHTMLPage`).
extension Interpreter {
    /// Writes the page for `requested` names, or for every subject, pipeline and sink if none.
    func writeMarblePage(_ requested: [Token], options: MarbleOptions, to path: String) throws {
        try requireDrawable(requested, for: "marbles", cold: true)
        let names = requested.isEmpty ? order : requested.map(\.display)
        let from = Int(options.from ?? 0)
        let frame = Int(options.frame)
        var sections: [MarbleHTMLPage.Section] = []
        var everything: [MarbleLane] = []
        var until = scheduler.now.nanoseconds
        for name in names {
            let kind: String
            switch entries[name] {
            case .subject(let subject)?:
                kind = subject.summary
            case .sink(let sink)?:
                kind = "sink ← \(sink.pipelineText) (\(sink.state.label); \(sink.demand.summary))"
            case .pipeline(let pipeline)?:
                guard let cold = coldSyntax(of: name) else {
                    sections.append(.init(name: name, kind: "pipeline: \(pipeline.chain)", svg: nil))
                    continue
                }
                kind = "cold source \(cold.written)"
            default:
                continue
            }
            let (lanes, end, own) = try marbleLanes(of: [name], from: from)
            var diagram = MarbleDiagram(lanes: lanes, frame: frame, from: from, until: max(end, until))
            if options.demand, case .sink? = entries[name], let lane = own[name] {
                diagram.addRow(demandRow(of: name, in: diagram), below: lane)
            }
            sections.append(.init(name: name, kind: kind, svg: MarbleSVGRenderer(diagram).document()))
            everything += lanes
            until = max(until, end)
        }
        let overview = everything.count > 1
            ? MarbleSVGRenderer(MarbleDiagram(lanes: everything, frame: frame, from: from, until: until)).document()
            : nil
        let page = MarbleHTMLPage(
            title: "Conduit session", clock: PlaygroundClock.format(nanoseconds: Int64(scheduler.now.nanoseconds)),
            overview: overview, sections: sections, tree: subscriptionTree().text
        )
        do {
            try page.document().write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw SyntaxError("cannot write `\(path)`: \(error.localizedDescription)", offset: 0, length: 7)
        }
        info("wrote \(path) (\(sections.count) name\(sections.count == 1 ? "" : "s"), \(everything.count) lanes)")
    }
}
