import Conduit
import Foundation

/// The commands of marble diagrams: `marbles` draws what subjects and sinks saw (as text, or as
/// an SVG picture), `hot` plays a timeline written in marble notation into a subject, and
/// `expect` checks that a subject or sink saw a given timeline, frame by frame.
enum MarbleCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "marbles", usage: "marbles NAME... [OPTIONS]",
            summary: "draws what subjects were sent and sinks received over time: `^` subscribed, `|` finished, "
                + "`#` failed, `!` cancelled; --frame 50ms sets a column's time, --from 2s where to start, "
                + "--svg \"FILE\" writes a picture, --demand adds each sink's demand lane (outstanding demand after "
                + "each request and delivery, `∞` unlimited); `marbles --html \"FILE\"` writes a page of every "
                + "subject, pipeline and sink (or of the names given)",
            example: "marbles query out --frame 50ms", arguments: [.subjectOrSink]
        ) { parser, word in
            // `marbles --html "FILE"` alone writes every name.
            let names = parser.current.identifier == nil
                ? [] : try parser.names(after: "marbles", usage: "marbles query search")
            let optionsStart = parser.current
            let options = try parser.marbleOptions(allowed: ["frame", "from", "svg", "html", "demand"], for: "marbles")
            if names.isEmpty, options.html == nil {
                throw SyntaxError("`marbles` needs one or more names, for example `marbles query search` (or "
                    + "`marbles --html \"session.html\"` for every name)", at: optionsStart)
            }
            if options.svg != nil, options.html != nil {
                throw SyntaxError("`--svg` and `--html` write one file each: choose one", at: optionsStart)
            }
            return Statement(word.display) { session in
                if let path = options.html {
                    try session.writeMarblePage(names, options: options, to: path)
                } else {
                    try session.drawMarbles(names, options: options)
                }
            }
        },
        CommandSpec(
            "hot", usage: "hot SUBJECT \"-a-b|\" [{a: 1}]",
            summary: "sends a timeline written in marble notation into a subject on the virtual clock, from now: "
                + "`-` a frame, `(ab)` one frame, `'ace'` an inline value, `|` complete, `#` fail; --frame 50ms",
            example: "hot taps \"-a--b-|\" {a: \"ace\", b: \"queen\"}", arguments: [.subject, .literal]
        ) { parser, word in
            let name = try parser.existingName(after: "hot", usage: "hot taps \"-a-b-|\"")
            let timeline = try parser.marbleTimeline(after: "hot")
            let legend = parser.current.isSymbol("{") ? try parser.primary() : nil
            let options = try parser.marbleOptions(allowed: ["frame"], for: "hot")
            return Statement(word.display) { session in
                try session.playHot(into: name, timeline: timeline, legend: legend, options: options)
            }
        },
        CommandSpec(
            "cold", usage: "cold NAME = \"-a-b|\" [{a: 1}]",
            summary: "names a cold source written in marble notation: each subscriber gets the timeline played from "
                + "when it subscribes (`marbles NAME` draws each playback); `cold(\"-a|\", {a: 1})` writes one "
                + "inside a pipeline or a closure; --frame 50ms",
            example: "cold c = \"-a--b-|\" {a: \"ace\", b: \"queen\"}", arguments: [.newName, .literal]
        ) { parser, word in
            let name = try parser.newName(after: "cold")
            try parser.expectSymbol("=", "write `cold \(name.display) = \"-a--b-|\" {a: 1, b: 2}`")
            let start = parser.current.offset
            guard case .string = parser.current.kind else {
                throw SyntaxError("`cold` needs a timeline in double quotes, for example "
                    + "`cold \(name.display) = \"-a--b-|\" {a: 1, b: 2}`", at: parser.current)
            }
            let timeline = try parser.marbleTimeline(after: "cold")
            let legendToken = parser.current
            let legend = parser.current.isSymbol("{") ? try parser.primary() : nil
            try Parser.checkMarbleLegend(legend, at: legendToken)
            let legendText = legend == nil ? nil : Parser.singleLine(parser.source_text(legendToken.offset,
                parser.tokens[parser.position - 1].offset + parser.tokens[parser.position - 1].length))
            let options = try parser.marbleOptions(allowed: ["frame"], for: "cold")
            try Parser.checkTimeline(timeline)
            let cold = ColdTimelineSyntax(timeline: timeline, legend: legend, legendText: legendText,
                frame: options.frame)
            let syntax = PipelineSyntax(source: .cold(cold), operators: [], text: cold.written, startOffset: start)
            return Statement(word.display, defines: name) { session in
                try session.defineCold(name, cold, syntax: syntax)
            }
        },
        CommandSpec(
            "expect", usage: "expect NAME \"-a-b|\" [{a: 1}]",
            summary: "checks that a subject or sink saw exactly this timeline (--frame and --from as for marbles); "
                + "a difference shows both lanes with a caret under the first frame that differs",
            example: "expect out \"-a--b\" {a: \"ace\", b: \"queen\"}", arguments: [.subjectOrSink, .literal]
        ) { parser, word in
            let name = try parser.existingName(after: "expect", usage: "expect out \"-a-b\"")
            let timeline = try parser.marbleTimeline(after: "expect")
            let legend = parser.current.isSymbol("{") ? try parser.primary() : nil
            let options = try parser.marbleOptions(allowed: ["frame", "from"], for: "expect")
            return Statement(word.display) { session in
                try session.expectMarbles(name, timeline: timeline, legend: legend, options: options)
            }
        },
    ]
}

/// The `--frame`, `--from` and `--svg` options of the marble commands.
struct MarbleOptions: Sendable {
    var frame: Int64 = 100_000_000
    var from: Int64?
    var svg: String?
    /// `--html "FILE"`: a page of every diagram.
    var html: String?
    /// `--demand`: a demand lane under each sink.
    var demand = false
}

/// A marble string as written, with its token for error carets.
struct MarbleTimelineText: Sendable {
    let text: String
    let token: Token
}

extension Parser {
    /// The marble string after `hot` or `expect`.
    mutating func marbleTimeline(after command: String) throws -> MarbleTimelineText {
        guard case .string(let text) = current.kind else {
            throw SyntaxError(
                "`\(command)` needs a timeline in double quotes, for example `\(command) taps \"-a-b-|\"`", at: current
            )
        }
        let token = current
        advance()
        return MarbleTimelineText(text: text, token: token)
    }

    /// Options written `--frame 50ms`, `--from 2s`, `--svg "file.svg"`, in any order.
    mutating func marbleOptions(allowed: [String], for command: String) throws -> MarbleOptions {
        var options = MarbleOptions()
        let list = allowed.map { "--\($0)" }.joined(separator: ", ")
        while current.isSymbol("-") {
            let start = current
            advance()
            guard current.isSymbol("-") else {
                throw SyntaxError("options of `\(command)` start with `--`: \(list)", at: start)
            }
            advance()
            guard let option = current.identifier, allowed.contains(option) else {
                throw SyntaxError("`\(command)` takes \(list)", at: current)
            }
            advance()
            if option == "demand" {
                options.demand = true
                continue
            }
            switch option {
            case "frame", "from":
                guard case .duration(let nanoseconds) = current.kind, option == "from" || nanoseconds > 0 else {
                    throw SyntaxError("`--\(option)` needs a duration such as `50ms` or `2s`", at: current)
                }
                if option == "frame" { options.frame = nanoseconds } else { options.from = nanoseconds }
            default:
                guard case .string(let path) = current.kind, !path.isEmpty else {
                    let example = option == "svg" ? "flow.svg" : "session.html"
                    throw SyntaxError(
                        "`--\(option)` needs a file name in double quotes, for example `--\(option) \"\(example)\"`",
                        at: current)
                }
                if option == "svg" { options.svg = path } else { options.html = path }
            }
            advance()
        }
        guard current.kind == .end || current.isSymbol(";") else {
            throw SyntaxError("`\(command)` does not take `\(current.display)` here; it takes \(list)", at: current)
        }
        return options
    }
}

extension Interpreter {
    /// Checks that every name is a subject, a sink or a cold source (what a timeline is kept for).
    func requireDrawable(_ names: [Token], for command: String, cold allowsCold: Bool = false) throws {
        for name in names {
            guard let entry = entries[name.display] else { throw unknown(name, expected: "subject or sink") }
            if case .pipeline = entry, !(allowsCold && coldSyntax(of: name.display) != nil) {
                throw SyntaxError(
                    "`\(command)` works on subjects and sinks\(allowsCold ? " and cold sources" : ""); "
                        + "`\(name.display)` is a pipeline (use a sink that reads it)",
                    at: name
                )
            }
        }
    }

    /// The timeline of a name made with `cold NAME = ...`.
    func coldSyntax(of name: String) -> ColdTimelineSyntax? {
        guard case .pipeline(let pipeline)? = entries[name], pipeline.syntax.operators.isEmpty,
              case .cold(let cold) = pipeline.syntax.source else { return nil }
        return cold
    }

    /// The lanes `marbles` draws for `names`: each subject or sink with its inner subscriptions
    /// (`out:1`, `out:2`, the latest eight), and each cold source's playbacks (`c:1`, `c:2`), or,
    /// before anything subscribed, its timeline as written, played from `from`.
    func marbleLanes(of names: [String], from: Int) throws -> (lanes: [MarbleLane], until: Int, own: [String: Int]) {
        var lanes: [MarbleLane] = []
        var own: [String: Int] = [:]
        var until = scheduler.now.nanoseconds
        let timeline = recorder.timeline
        for name in names {
            let played = timeline.names(startingWith: name + ":", limit: 8)
            if let cold = coldSyntax(of: name) {
                if !played.isEmpty {
                    lanes += timeline.lanes(of: played)
                    continue
                }
                let events = try parseTimeline(cold.timeline, legend: try marbleLegend(cold.legend,
                    at: cold.timeline.token))
                let frame = Int(cold.frame)
                lanes.append(MarbleLane(name: name, events: events.map { (from + $0.frame * frame, $0.event) }))
                until = max(until, from + (events.last?.frame ?? 0) * frame)
                continue
            }
            own[name] = lanes.count
            lanes += timeline.lanes(of: [name] + played)
        }
        return (lanes, until, own)
    }

    /// `marbles`: the diagram as text, or written to an SVG file.
    func drawMarbles(_ requested: [Token], options: MarbleOptions) throws {
        try requireDrawable(requested, for: "marbles", cold: true)
        let from = Int(options.from ?? 0)
        let (lanes, until, own) = try marbleLanes(of: requested.map(\.display), from: from)
        var diagram = MarbleDiagram(lanes: lanes, frame: Int(options.frame), from: from, until: until)
        if options.demand {
            let sinks = requested.filter { if case .sink? = entries[$0.display] { return true } else { return false } }
            guard !sinks.isEmpty else {
                throw SyntaxError("`--demand` draws a sink's demand; none of these is a sink", at: requested[0])
            }
            for sink in sinks {
                if let lane = own[sink.display] {
                    diagram.addRow(demandRow(of: sink.display, in: diagram), below: lane)
                }
            }
        }
        if let path = options.svg {
            let svg = MarbleSVGRenderer(diagram, title: requested.map(\.display).joined(separator: ", ")).document()
            do {
                try svg.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw SyntaxError("cannot write `\(path)`: \(error.localizedDescription)", offset: 0, length: 7)
            }
            info("wrote \(path) (\(diagram.lanes.count) lanes, \(diagram.frameCount) frames)")
            return
        }
        emit(OutputRecord(kind: .marbles, text: MarbleTextRenderer(diagram).lines().joined(separator: "\n")))
    }

    /// A sink's demand lane: in each frame where a request (a credit) or a delivery (a debit)
    /// happened, the demand outstanding at its end (`∞` unlimited).
    func demandRow(of name: String, in diagram: MarbleDiagram) -> MarbleRow {
        var cells = [String?](repeating: nil, count: diagram.frameCount)
        var levels = [Int?](repeating: 0, count: diagram.frameCount)
        var current: Int? = 0
        var column = 0
        for (time, level) in recorder.timeline.demandLevels(of: name) {
            let index = time / diagram.frame - diagram.firstFrame
            if index >= diagram.frameCount { break }
            while column < max(0, index) {
                levels[column] = current
                column += 1
            }
            current = level.outstanding
            if index >= 0 { cells[index] = level.shortText }
        }
        while column < diagram.frameCount {
            levels[column] = current
            column += 1
        }
        return MarbleRow(label: "demand", cells: cells, levels: levels)
    }

    /// The symbols of a timeline's legend record (`{a: 1, b: "ace"}`), one character each.
    func marbleLegend(_ expression: Expression?, at token: Token) throws -> [Character: Value] {
        guard let expression else { return [:] }
        guard case .record(let fields) = try constant(expression, at: token) else {
            throw SyntaxError("what the symbols stand for is a record, for example `{a: 1, b: \"ace\"}`", at: token)
        }
        var legend: [Character: Value] = [:]
        for field in fields {
            guard field.name.count == 1, let symbol = field.name.first,
                  !MarbleSymbols.reserved.contains(symbol) else {
                throw SyntaxError("`\(field.name)` is not a one-character symbol of the timeline", at: token)
            }
            legend[symbol] = field.value
        }
        return legend
    }

    /// Reads a marble string, pointing at the character that cannot be read.
    func parseTimeline(_ timeline: MarbleTimelineText, legend: [Character: Value]) throws
        -> [(frame: Int, event: MarbleEvent)] {
        do {
            return try MarbleNotation.parse(timeline.text, values: legend)
        } catch let problem as MarbleNotation.Problem {
            // The string's token starts at its opening quote.
            throw SyntaxError(problem.message, offset: timeline.token.offset + 1 + problem.offset, length: 1)
        }
    }

    /// `hot`: schedules each event of the timeline into the subject, frame by frame from now.
    func playHot(into name: Token, timeline text: MarbleTimelineText, legend: Expression?,
        options: MarbleOptions) throws {
        let subject = try subjectEntry(name, for: "hot")
        guard !scheduler.isRealTime else {
            throw SyntaxError("`hot` plays on the virtual clock; `clock virtual` switches back to it", at: name)
        }
        let events = try parseTimeline(text, legend: try marbleLegend(legend, at: text.token))
        let start = scheduler.now
        let label = name.display
        for (frame, event) in events {
            let at = start.advanced(by: .nanoseconds(Int(options.frame) * frame))
            scheduler.schedule(after: at, tolerance: .zero, options: nil) { [weak self, subject] in
                guard let self else { return }
                switch event {
                case .value(let value):
                    self.recorder.record(.sent(lane: label, value: value))
                    self.subjectLedgers.willSend(to: label, value: value)
                    subject.deliver(value)
                case .finished:
                    self.recorder.record(.completed(lane: label, completion: .finished))
                    subject.send(completion: .finished)
                case .failed(let message):
                    self.recorder.record(.completed(lane: label, completion: .failed(message)))
                    subject.send(completion: .failure(PlaygroundError(message)))
                case .subscribed, .cancelled:
                    break
                }
            }
        }
        let length = PlaygroundClock.format(nanoseconds: Int64((events.last?.frame ?? 0) + 1) * options.frame)
        info("\(label): \(events.count) events scheduled over \(length); `tick \(length)` plays them")
    }

    /// `expect`: compares what `name` saw with the timeline, frame by frame.
    func expectMarbles(_ name: Token, timeline text: MarbleTimelineText, legend: Expression?,
        options: MarbleOptions) throws {
        try requireDrawable([name], for: "expect")
        let symbols = try marbleLegend(legend, at: text.token)
        let expected = try parseTimeline(text, legend: symbols)
        guard let lines = marbleDifference(of: name.display, expected: expected, frame: Int(options.frame),
            from: Int(options.from ?? 0)) else {
            info("\(name.display) saw \(text.text)")
            return
        }
        throw SyntaxError(
            "\(name.display) did not see the expected timeline:\n" + lines.joined(separator: "\n"),
            offset: text.token.offset, length: text.token.length
        )
    }

    /// Compares what `name` saw from `from` with `expected`, frame by frame: `nil` if they match,
    /// or both lanes one above the other with a caret under the first frame that differs.
    func marbleDifference(of name: String, expected: [(frame: Int, event: MarbleEvent)], frame: Int, from: Int,
        labels: (String, String) = ("expected", "actual")) -> [String]? {
        let firstFrame = from / frame
        let actual = (recorder.timeline.lanes(of: [name]).first?.events ?? [])
            .filter { $0.time / frame >= firstFrame && $0.event != .subscribed && $0.event != .cancelled }
            .map { (frame: $0.time / frame - firstFrame, event: $0.event) }
        let expectedFrames = expected.filter { $0.event != .subscribed && $0.event != .cancelled }
        let matches = expectedFrames.count == actual.count
            && zip(expectedFrames, actual).allSatisfy { $0.frame == $1.frame && $0.event.sameMarble(as: $1.event) }
        guard !matches else { return nil }
        // Draw both as lanes of one diagram, so they share symbols and columns.
        let last = max(expectedFrames.last?.frame ?? 0, actual.last?.frame ?? 0)
        let lanes = [
            MarbleLane(name: labels.0, events: expectedFrames.map { (($0.frame + firstFrame) * frame, $0.event) }),
            MarbleLane(name: labels.1, events: actual.map { (($0.frame + firstFrame) * frame, $0.event) }),
        ]
        let diagram = MarbleDiagram(lanes: lanes, frame: frame, from: from, until: (last + firstFrame) * frame)
        var lines = MarbleTextRenderer(diagram, width: 1_000).lines()
        lines.removeLast()  // the footer
        let nameWidth = max(labels.0.count, labels.1.count) + 2
        let column = MarbleCommands.firstDifference(lines[0], lines[1], nameWidth: nameWidth)
        lines.insert(String(repeating: " ", count: column) + "^ first difference, at "
            + PlaygroundClock.format(nanoseconds: Int64(MarbleCommands.frameIndex(of: column, in: diagram,
                nameWidth: nameWidth) * frame)),
                at: 2)
        return lines
    }
}

extension MarbleCommands {
    /// The first column at which two drawn lanes differ (after the names).
    static func firstDifference(_ a: String, _ b: String, nameWidth: Int) -> Int {
        let x = Array(a), y = Array(b)
        var index = nameWidth
        while index < max(x.count, y.count) {
            let left = index < x.count ? x[index] : " "
            let right = index < y.count ? y[index] : " "
            if left != right { return index }
            index += 1
        }
        return index
    }

    /// Which frame a text column (after the name column) falls in.
    static func frameIndex(of column: Int, in diagram: MarbleDiagram, nameWidth: Int = 10) -> Int {
        var x = nameWidth
        for (index, width) in diagram.columnWidths.enumerated() {
            if column < x + width { return diagram.firstFrame + index }
            x += width
        }
        return diagram.firstFrame + diagram.frameCount
    }
}

extension MarbleEvent {
    /// Equal as a diagram shows it: a failure is a failure whatever its message.
    func sameMarble(as other: MarbleEvent) -> Bool {
        switch (self, other) {
        case (.failed, .failed): return true
        default: return self == other
        }
    }
}
