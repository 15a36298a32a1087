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
        /// `for case PATTERN in`: which elements the body runs for, and the values of the pattern's names.
        var match: LoopMatch?
    }

    /// Reads the `for NAME in SEQUENCE { BODY }` loop whose keyword is `keyword`, as Swift's parser
    /// reads it.
    mutating func forInLoop(at keyword: Token) throws -> ForInLoop {
        let usage = "write `for NAME in VALUE { BODY }`, such as `for name in names { print(name) }`"
        let (tree, loop) = try swiftForLoop(at: keyword, usage: usage)
        let (names, match) = try loopNames(of: loop, in: tree, slot: 0)
        moveToToken(atOrAfter: tree.offset(of: loop.pattern.positionAfterSkippingLeadingTrivia))
        let variable = current
        let saved = highestArgument
        let sequence = try loopSequence(of: loop, in: tree)
        if highestArgument != saved {
            throw SyntaxError("`$0` only means something inside a closure `{ ... }`", at:
                tree.token(covering: loop.sequence))
        }
        let savedParameters = parameters
        parameters = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        defer { parameters = savedParameters }
        // `for i in 1...10 where i % 3 == 0 { ... }`: the body runs for the elements that pass.
        let filter = try loopFilter(of: loop, in: tree)
        let body = try closure(asLoopBody: true)
        var forIn = ForInLoop(sequence: sequence, body: body, variable: variable)
        forIn.filter = filter
        forIn.patternCount = names.count
        forIn.match = match
        return forIn
    }

    /// The `for await` loop whose `for` is `word`, as Swift's parser reads it, with its tree; nil if it
    /// reads none there, or reads it with no body.
    func swiftAsyncLoop(at word: Token) throws -> (tree: SwiftTree, loop: ForStmtSyntax)? {
        let tree = try swiftTree()
        guard let loop = tree.node(ForStmtSyntax.self, holdingTokenAt: word.offset), loop.awaitKeyword != nil,
            loop.body.leftBrace.presence == .present
        else { return nil }
        return (tree, loop)
    }
}
