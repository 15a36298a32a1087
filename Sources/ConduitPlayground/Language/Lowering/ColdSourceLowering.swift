import SwiftSyntax

/// `cold("-a--b-|", {a: 1, b: 2}, frame: 50ms)`, the playground's cold marble source, as Swift's parser reads
/// the call: its arguments, where each starts and ends, and their labels are Swift's tree's. The timeline, the
/// frame's duration and the legend (the playground's record of what the symbols stand for, which Swift reads
/// as a closure) are read where Swift puts them by the parser's readings.
extension Parser {
    /// `cold("-a--b-|")`, `cold("-a--b-|", {a: 1, b: 2})`, `cold("-x|", {x: $0}, frame: 50ms)` at the current
    /// token (`cold`, which Swift reads called), moved past its `)`. Where the call's own punctuation is wrong
    /// (`cold("-a|" {a: 1})`), swiftc's message.
    mutating func coldSource() throws -> ColdTimelineSyntax {
        let usage = "write `cold(\"-a--b-|\", {a: 1, b: 2})`: a timeline, and what its symbols stand for"
        guard let (tree, call) = swiftCall(at: position) else { throw SyntaxError(usage, at: current) }
        guard Parser.hasWellFormedPunctuation(call), let open = call.leftParen, let close = call.rightParen else {
            // What Swift finds wrong inside a legend is the playground's record syntax, not the call's error.
            let legends = call.arguments.map(\.expression).filter { $0.is(ClosureExprSyntax.self) }.map(Syntax.init)
            throw tree.firstError(in: call, hint: usage, skipping: legends)
                ?? SyntaxError(usage, at: tree.token(covering: call))
        }
        let arguments = Array(call.arguments)
        let firstStart = arguments.first.map(Syntax.init) ?? Syntax(close)
        moveToToken(atOrAfter: tree.offset(of: firstStart.positionAfterSkippingLeadingTrivia))
        guard let first = arguments.first, first.label == nil else {
            // `cold()`, `cold(frame: 50ms)`: the timeline comes first.
            _ = try marbleTimeline(after: "cold")
            throw SyntaxError(usage, at: tree.token(covering: open))
        }
        let timeline = try read(first.expression, in: tree, as: "the timeline") { try $0.marbleTimeline(after: "cold") }
        var legend: Expression?
        var legendText: String?
        var frame = MarbleOptions().frame
        for argument in arguments.dropFirst() {
            moveToToken(atOrAfter: tree.offset(of: argument.expression.positionAfterSkippingLeadingTrivia))
            if argument.label?.text == "frame" {
                frame = try read(argument.expression, in: tree, as: "the frame") {
                    try $0.positiveDuration(for: "frame:")
                }
            } else if argument.label == nil, legend == nil, current.isSymbol("{") {
                let start = current
                legend = try read(argument.expression, in: tree, as: "what the timeline's symbols stand for") {
                    try $0.primary()
                }
                let end = tree.offset(of: argument.expression.endPositionBeforeTrailingTrivia)
                legendText = Parser.singleLine(source_text(start.offset, end))
                try Parser.checkMarbleLegend(legend, at: start)
            } else {
                throw SyntaxError(usage + " (and `frame: 50ms`)", at: tree.token(covering: argument))
            }
        }
        moveToToken(atOrAfter: tree.offset(of: close.endPositionBeforeTrailingTrivia))
        try Parser.checkTimeline(timeline)
        return ColdTimelineSyntax(timeline: timeline, legend: legend, legendText: legendText, frame: frame)
    }
}
