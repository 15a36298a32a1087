/// A cold marble source as written, `cold("-a--b-|", {a: 1, b: 2})`: the timeline text (checked
/// when the line is read), what its symbols stand for (a record that may use a closure's `$0`)
/// and the length of a frame. Each subscriber gets the timeline played from when it subscribes.
struct ColdTimelineSyntax {
    /// The marble string as written, with its token for carets.
    let timeline: MarbleTimelineText
    /// `{a: 1, b: "ace"}`, evaluated when the source is built (so `{x: $0}` takes a closure's value).
    let legend: Expression?
    /// The legend as written, for `subs` and `inspect`.
    let legendText: String?
    /// The time of one frame, in nanoseconds.
    let frame: Int64

    /// `cold("-a--b-|", {a: 1})`, as `subs` and `inspect` show it.
    var written: String {
        "cold(" + Value.quote(timeline.text) + (legendText.map { ", " + $0 } ?? "")
            + (frame == MarbleOptions().frame ? "" : ", frame: " + PlaygroundClock.format(nanoseconds: frame)) + ")"
    }

    /// The events the timeline plays, with `legend` saying what its symbols stand for.
    func events(legend values: [Character: Value]) throws -> [(frame: Int, event: MarbleEvent)] {
        try MarbleNotation.parse(timeline.text, values: values)
    }
}

extension Parser {
    /// Reads a marble string's structure (groups, ends, inline values) when the line is typed, so
    /// a mistake is pointed at before anything is built.
    static func checkTimeline(_ timeline: MarbleTimelineText) throws {
        do {
            _ = try MarbleNotation.parse(timeline.text)
        } catch let problem as MarbleNotation.Problem {
            // The string's token starts at its opening quote.
            throw SyntaxError(problem.message, offset: timeline.token.offset + 1 + problem.offset, length: 1)
        }
    }

    /// A legend must be a record of one-character symbols that mean nothing else in the notation.
    static func checkMarbleLegend(_ legend: Expression?, at token: Token) throws {
        guard let legend else { return }
        guard case .record(let fields) = legend else {
            throw SyntaxError("what the symbols stand for is a record, for example `{a: 1, b: \"ace\"}`", at: token)
        }
        for (name, _) in fields where name.count != 1 || MarbleSymbols.reserved.contains(name.first!) {
            throw SyntaxError("`\(name)` is not a one-character symbol of the timeline", at: token)
        }
    }
}
