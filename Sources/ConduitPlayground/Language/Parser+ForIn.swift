import SwiftSyntax

/// Swift's `for NAME in SEQUENCE { BODY }` over a value: an array's elements, a string's characters,
/// a dictionary's `[key, value]` pairs, or a range `0..<3` (`1...3`), with or without a `where`
/// clause. The body is read as a closure whose outer parameter is NAME, so closures inside it may
/// use NAME too.
extension Parser {
    /// What a loop reads: the sequence (a range `0..<3` is a value as any other) and the body.
    struct ForInLoop {
        let sequence: Expression
        let body: Closure
        let variable: Token
        /// How many names a tuple pattern takes apart (`for (i, x) in ...`: 2); 1 for one name.
        var patternCount = 1
        /// The `where` clause, read with the loop's names as its arguments: the body runs for the
        /// elements it holds for.
        var filter: Expression?
    }

    /// Reads `NAME in SEQUENCE { BODY }`, after `for`.
    mutating func forInLoop() throws -> ForInLoop {
        let usage = "write `for NAME in VALUE { BODY }`, such as `for name in names { print(name) }`"
        let variable = current
        let names = try loopPattern(usage: usage)
        // As in an `if` condition, a `{` after the sequence opens the body, not a trailing closure.
        let savedCondition = readingCondition
        readingCondition = true
        defer { readingCondition = savedCondition }
        let sequence = try valueExpression()
        let saved = parameters
        parameters = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        defer { parameters = saved }
        // `for i in 1...10 where i % 3 == 0 { ... }`: the body runs for the elements that pass.
        let filter = try whereClause()
        guard current.isSymbol("{") else {
            throw SyntaxError("the loop's body goes in braces: \(usage)", at: current)
        }
        readingCondition = savedCondition
        let body = try closure(asLoopBody: true)
        var loop = ForInLoop(sequence: sequence, body: body, variable: variable)
        loop.filter = filter
        loop.patternCount = names.count
        return loop
    }

    /// The names a loop gives each element, up to and past `in`: one name, `_`, or a tuple pattern
    /// `(i, x)` whose names take the element apart.
    mutating func loopPattern(usage: String) throws -> [String] {
        let start = current
        var names: [String] = []
        if current.isSymbol("(") {
            advance()
            names = try list(until: ")", what: "the loop's names") { parser -> String in
                guard let name = parser.current.identifier else {
                    throw SyntaxError("a loop's pattern is names in parentheses, such as `for (i, x) in "
                        + "xs.enumerated()`", at: parser.current)
                }
                parser.advance()
                return name
            }
        } else if let name = start.identifier, name != "in" {
            names = [name]
            advance()
        }
        guard !names.isEmpty else { throw SyntaxError(usage, at: start) }
        guard current.identifier == "in" else { throw SyntaxError(usage, at: current) }
        advance()
        return names
    }

    /// The index of the `{` that opens the body of the `for await` loop whose `for` is `word`, as Swift's
    /// parser reads the loop; nil if it reads none there.
    func asyncLoopBody(of word: Token) throws -> Int? {
        let tree = try swiftTree()
        guard let loop = tree.node(ForStmtSyntax.self, holdingTokenAt: word.offset), loop.awaitKeyword != nil else {
            return nil
        }
        let brace = tree.offset(of: loop.body.leftBrace.positionAfterSkippingLeadingTrivia)
        return tokens.firstIndex { $0.offset == brace && $0.isSymbol("{") }
    }

    /// `where CONDITION` after a loop's sequence, if it has one.
    mutating func whereClause() throws -> Expression? {
        guard current.identifier == "where" else { return nil }
        advance()
        guard !current.isSymbol("{") else {
            throw SyntaxError("expected a condition after `where`, such as `for i in 1...10 where i % 2 == 0 { }`",
                at: current)
        }
        return try condition()
    }
}
