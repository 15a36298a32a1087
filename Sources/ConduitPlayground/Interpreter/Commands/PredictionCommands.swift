/// Predict, then reveal: `hide` keeps a sink's output from the room, `predict` records the
/// timelines the room expects, and `reveal` draws what really happened with a diff against each
/// prediction (as `expect` shows one).
enum PredictionCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "hide", usage: "hide SINK",
            summary: "hides a sink's values and completion from now until `reveal`, so the room can predict its "
                + "marbles (what it sees is still recorded)",
            example: "hide out", arguments: [.sink]
        ) { parser, word in
            let name = try parser.existingName(after: "hide", usage: "hide out")
            return Statement(word.display) { session in
                try session.hideSink(name)
            }
        },
        CommandSpec(
            "predict", usage: "predict SINK \"-a-b|\" [by NAME]",
            summary: "records a prediction of a hidden sink's marbles from when it was hidden (`by ana` names whose; "
                + "predicting again by the same name replaces it); `{a: 1}` after the timeline as for `expect`",
            example: "predict out \"-1--2-|\" by ana", arguments: [.sink, .literal]
        ) { parser, word in
            let name = try parser.existingName(after: "predict", usage: "predict out \"-1--2-|\"")
            guard case .string = parser.current.kind else {
                throw SyntaxError("`predict` needs a timeline in double quotes, for example "
                    + "`predict \(name.display) \"-1--2-|\"`", at: parser.current)
            }
            let timeline = try parser.marbleTimeline(after: "predict")
            let legendToken = parser.current
            let legend = parser.current.isSymbol("{") ? try parser.primary() : nil
            try Parser.checkMarbleLegend(legend, at: legendToken)
            var author: String?
            if parser.current.identifier == "by" {
                parser.advance()
                switch parser.current.kind {
                case .identifier(let word),
                     .string(let word) where !word.isEmpty:
                    author = word
                    parser.advance()
                default:
                    throw SyntaxError("`by` needs whose prediction it is, for example `by ana`", at: parser.current)
                }
            }
            guard parser.current.kind == .end || parser.current.isSymbol(";") else {
                throw SyntaxError("`predict` takes a timeline, `{a: 1}` for its symbols and `by NAME`; not "
                    + "`\(parser.current.display)`", at: parser.current)
            }
            return Statement(word.display) { session in
                try session.predict(name, timeline: timeline, legend: legend, author: author)
            }
        },
        CommandSpec(
            "reveal", usage: "reveal SINK",
            summary: "shows a hidden sink's marbles from when it was hidden, and compares each prediction with them: "
                + "a match, or both lanes with a caret under the first frame that differs",
            example: "reveal out", arguments: [.sink]
        ) { parser, word in
            let name = try parser.existingName(after: "reveal", usage: "reveal out")
            return Statement(word.display) { session in
                try session.reveal(name)
            }
        },
    ]
}

extension Interpreter {
    /// `hide`: the sink's output goes unprinted until `reveal`; what it sees is still recorded.
    func hideSink(_ name: Token) throws {
        try requireSink(name, for: "hide")
        guard !predictions.isHidden(name.display) else {
            throw SyntaxError("\(name.display) is already hidden; `reveal \(name.display)` shows it", at: name)
        }
        let now = scheduler.now.nanoseconds
        predictions.hide(name.display, since: now)
        info("\(name.display) is hidden from \(PlaygroundClock.format(nanoseconds: Int64(now))): "
            + "`predict \(name.display) \"-1--2-|\"`, then `reveal \(name.display)`")
    }

    /// `predict`: one more prediction for a hidden sink.
    func predict(_ name: Token, timeline: MarbleTimelineText, legend: Expression?, author: String?) throws {
        try requireSink(name, for: "predict")
        guard predictions.isHidden(name.display) else {
            throw SyntaxError(
                "\(name.display) is not hidden: `hide \(name.display)` first, so nobody sees the answer", at: name)
        }
        let events = try parseTimeline(timeline, legend: try marbleLegend(legend, at: timeline.token))
        guard let number = predictions.predict(name.display, author: author, text: timeline.text, events: events) else {
            throw SyntaxError("\(name.display) has \(PredictionBoard.capacity) predictions, as many as it keeps; "
                + "`reveal \(name.display)` shows them", at: name)
        }
        info("prediction \(number) for \(name.display)\(author.map { " (\($0))" } ?? ""): \(timeline.text)")
    }

    /// `reveal`: the real diagram from when the sink was hidden, then each prediction against it.
    func reveal(_ name: Token) throws {
        try requireSink(name, for: "reveal")
        guard let hidden = predictions.reveal(name.display) else {
            throw SyntaxError("\(name.display) is not hidden; `hide \(name.display)` hides it", at: name)
        }
        let frame = Int(MarbleOptions().frame)
        let (lanes, until, _) = try marbleLanes(of: [name.display], from: hidden.since)
        let diagram = MarbleDiagram(lanes: lanes, frame: frame, from: hidden.since, until: until)
        var text = MarbleTextRenderer(diagram).lines()
        if hidden.predictions.isEmpty { text.append("nobody predicted \(name.display)") }
        let width = hidden.predictions.map(\.author.count).max() ?? 0
        for prediction in hidden.predictions {
            if let difference = marbleDifference(of: name.display, expected: prediction.events, frame: frame,
                from: hidden.since, labels: (prediction.author, "actual")) {
                text.append("✗ \(prediction.author): \(prediction.text)")
                text += difference.map { "  " + $0 }
            } else {
                text.append("✓ " + (prediction.author + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0)
                    + " " + prediction.text + "  right")
            }
        }
        if !hidden.predictions.isEmpty {
            let firstFrame = hidden.since / frame
            let actual = (recorder.timeline.lanes(of: [name.display]).first?.events ?? [])
                .filter { $0.time / frame >= firstFrame }.map { (frame: $0.time / frame - firstFrame, event: $0.event) }
            let tally = PredictionTally(sink: name.display,
                predictions: hidden.predictions.map { ($0.author, $0.events) }, actual: actual)
            predictions.record(tally)
            text.append(tally.summary)
        }
        emit(OutputRecord(kind: .marbles, text: text.joined(separator: "\n")))
    }

    /// Checks that `name` is a sink.
    private func requireSink(_ name: Token, for command: String) throws {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "sink") }
        guard case .sink = entry else {
            throw SyntaxError("`\(command)` works on sinks; `\(name.display)` is a \(entry.kindName)", at: name)
        }
    }
}
