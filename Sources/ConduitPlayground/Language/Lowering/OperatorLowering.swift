import SwiftOperators
import SwiftSyntax

/// Expressions with operators, read by Swift's parser and grouped by Swift's own operator table:
/// infix operators, `? :`, `as`, `is`, `try` and `await` are lowered from the folded tree
/// (SwiftOperators), so precedence, associativity and what `try` covers are swiftc's. The operands
/// are read where they start by the readings of the kinds not lowered yet (`unary()`), and must
/// end where Swift's parser says they end.
extension Parser {
    /// Swift's standard operators and precedence groups, which fold a sequence of operands and
    /// operators into a tree.
    private static let operators = SwiftOperators.OperatorTable.standardOperators

    /// Infix operators whose precedence group is assignment (`=`, `+=`, `??=`...): an expression
    /// stops before them, where the statement reads its assignment.
    private static func isAssignment(_ node: ExprSyntax) -> Bool {
        guard let infix = node.as(InfixOperatorExprSyntax.self) else { return false }
        if infix.operator.is(AssignmentExprSyntax.self) { return true }
        guard let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return operators.infixOperator(named: name)?.precedenceGroup == "AssignmentPrecedence"
    }

    /// A whole expression: an operand and whatever operators follow it, as Swift groups them.
    mutating func expression() throws -> Expression {
        try enter()
        defer { depth -= 1 }
        let start = position
        let first = try unary()
        guard operatorFollows else { return first }
        return try loweredOperators(from: start, firstOperand: (first, position))
    }

    /// Whether the token after an operand continues the expression with an operator that Swift's
    /// tree must group: an infix operator (not an assignment), the ternary's `?`, a range with
    /// both bounds, `as` or `is`.
    private var operatorFollows: Bool {
        if current.identifier == "as" || current.identifier == "is" { return true }
        guard case .symbol(let symbol) = current.kind else { return false }
        switch symbol {
        case "?": return !currentIsAttached
        case "...", "..<":
            // `2...` in `xs[2...]` is a range with no upper bound: Swift's lexer reads a postfix operator there.
            if case .postfixOperator? = swiftKindOfCurrentToken(parsing: true) { return false }
            return true
        default:
            return BinaryOperator(rawValue: symbol) != nil
                || Parser.otherInfixOperators.contains(symbol)
        }
    }

    /// The infix operators the playground evaluates, for messages about one it does not.
    static var knownOperators: String {
        let evaluated = BinaryOperator.allCases.map { "`\($0.rawValue)`" }.joined(separator: " ")
        return "it evaluates \(evaluated), `...` and `..<`"
    }

    /// Swift's infix operators that the playground does not evaluate: read, so that the message
    /// names the operator rather than the token after an operand.
    private static let otherInfixOperators: Set<String> = ["&", "|", "^", "<<", ">>", "===", "!==", "~="]

    /// The expression that starts at token `start`, lowered from Swift's folded tree. `firstOperand`
    /// is the operand already read there and the position after it, used again if Swift's operand
    /// is the same.
    private mutating func loweredOperators(
        from start: Int, firstOperand: (expression: Expression, end: Int)
    ) throws -> Expression {
        let offset = tokens[start].offset
        let operandEnd = tokens[max(firstOperand.end - 1, 0)].end
        guard let (tree, expression) = try groupedExpression(at: offset, longerThan: operandEnd) else {
            if case .prefixOperator? = swiftKindOfCurrentToken(parsing: false),
                case .symbol(let symbol) = current.kind
            {
                throw SyntaxError(
                    "Swift reads `\(symbol)` here as the sign of a new value, not as an operator: write the same "
                        + "space on both sides of it (`a \(symbol) b`)",
                    at: current)
            }
            return firstOperand.expression
        }
        let lowering = OperatorLowering(
            tree: tree, firstOperand: (offset, operandEnd, firstOperand.expression, firstOperand.end))
        let lowered = try lowering.lower(expression, with: &self)
        moveToToken(atOrAfter: tree.offset(of: expression.endPositionBeforeTrailingTrivia))
        return lowered
    }

    /// The kind of token Swift's lexer makes of the current one in the statement's folded tree (`a -b` has the
    /// prefix operator `-`, `xs[2...]` the postfix operator `...`); nil where there is no such tree, or
    /// (`parsing` false) where it is not parsed already.
    private func swiftKindOfCurrentToken(parsing: Bool) -> TokenKind? {
        let tree = parsing
            ? treeCache.foldedTree(text: text, tokens: tokens) : treeCache.parsedFoldedTree(from: 0)
        return tree?.token(at: current.offset)?.tokenKind
    }

    /// The largest expression with operators that starts at character `offset` and ends after
    /// `operandEnd`, with its folded tree: in the statement's tree, or, where Swift reads the
    /// statement otherwise (a playground command such as `send s 1 + 2`), in the text from `offset`
    /// on read as an expression of its own. Nil where Swift reads no operator after the operand.
    private func groupedExpression(at offset: Int, longerThan operandEnd: Int) throws -> (SwiftTree, ExprSyntax)? {
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        for start in [0, offset] {
            guard let tree = treeCache.foldedTree(text: text, tokens: tokens, from: start) else { continue }
            if let long = tree.tooLongSequence {
                throw SyntaxError(
                    "this expression has too many operators to read: at most \(Parser.maximumDepth) (split it into "
                        + "steps)",
                    at: tree.token(covering: long))
            }
            if let expression = Parser.expression(startingAt: offset, in: tree),
                tree.offset(of: expression.endPositionBeforeTrailingTrivia) > operandEnd
            {
                if let error = Parser.foldError(in: expression, of: tree) { throw error }
                return (tree, expression)
            }
        }
        return nil
    }

    /// The largest expression of `tree` that starts at character `offset` and is not an assignment.
    private static func expression(startingAt offset: Int, in tree: SwiftTree) -> ExprSyntax? {
        var found: ExprSyntax?
        var node = tree.token(at: offset)?.parent
        while let current = node, tree.offset(of: current.positionAfterSkippingLeadingTrivia) == offset {
            if !current.is(ExprListSyntax.self) {
                guard let expression = current.as(ExprSyntax.self), !isAssignment(expression) else { break }
                found = expression
            }
            node = current.parent
        }
        return found
    }

    /// What Swift's operator table could not group inside `expression` (`1 < 2 < 3`), in its words.
    private static func foldError(in expression: ExprSyntax, of tree: SwiftTree) -> SyntaxError? {
        let inside = tree.foldErrors.first {
            let node = $0.asDiagnostic.node
            return node.position >= expression.position && node.endPosition <= expression.endPosition
        }
        guard let error = inside else { return nil }
        let at = tree.token(covering: error.asDiagnostic.node)
        if case .missingOperator(let name, _) = error {
            return SyntaxError(
                "Swift has no operator `\(name)`, and nor does the playground: \(Parser.knownOperators)", at: at)
        }
        return SyntaxError(error.message + " (write brackets to say which comes first)", at: at)
    }

    /// Moves to the first token at or after character `offset`.
    mutating func moveToToken(atOrAfter offset: Int) {
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        position = low
    }
}

/// One lowering of a folded operator tree into the playground's `Expression`: operators here,
/// operands by the parser's own readings.
private struct OperatorLowering {
    let tree: SwiftTree
    /// The operand the parser read before it knew operators follow: the character offsets where it
    /// starts and ends, what it is, and the token position after it.
    let firstOperand: (offset: Int, endOffset: Int, expression: Expression, end: Int)

    func lower(_ node: ExprSyntax, with parser: inout Parser) throws -> Expression {
        try parser.enter()
        defer { parser.depth -= 1 }
        if let infix = node.as(InfixOperatorExprSyntax.self) {
            return try lowerInfix(infix, with: &parser)
        }
        if let ternary = node.as(TernaryExprSyntax.self) {
            return .conditional(
                try lower(ternary.condition, with: &parser), try lower(ternary.thenExpression, with: &parser),
                try lower(ternary.elseExpression, with: &parser))
        }
        if let cast = node.as(AsExprSyntax.self) {
            let operand = try lower(cast.expression, with: &parser)
            let mark = cast.questionOrExclamationMark?.text ?? ""
            let type = try writtenType(cast.type, after: cast.asKeyword, named: "as" + mark)
            return mark.isEmpty ? operand : .call("as" + mark, [operand, .literal(.string(type))])
        }
        if let check = node.as(IsExprSyntax.self) {
            let operand = try lower(check.expression, with: &parser)
            let type = try writtenType(check.type, after: check.isKeyword, named: "is")
            return .call("is", [operand, .literal(.string(type))])
        }
        if let attempt = node.as(TryExprSyntax.self), !Parser.isOperand(attempt, in: tree) {
            let inner = try lower(attempt.expression, with: &parser)
            guard attempt.questionOrExclamationMark?.text == "?" else { return inner }
            let keyword = tree.token(covering: attempt.tryKeyword, kind: .identifier("try"))
            return .namedCall(Parser.optionalTry, [inner], keyword)
        }
        if let wait = node.as(AwaitExprSyntax.self), !Parser.isOperand(wait, in: tree) {
            return try lower(wait.expression, with: &parser)
        }
        return try operand(node, with: &parser)
    }

    /// The type a cast names, as written; fails where none is written (`x as`).
    private func writtenType(_ type: TypeSyntax, after keyword: TokenSyntax, named cast: String) throws -> String {
        guard !type.hasError, !type.trimmedDescription.isEmpty else {
            throw SyntaxError(
                "expected a type after `\(cast)`, such as `Int` or `Card`",
                at: tree.token(covering: keyword, kind: .identifier(cast)))
        }
        return type.trimmedDescription
    }

    private func lowerInfix(_ infix: InfixOperatorExprSyntax, with parser: inout Parser) throws -> Expression {
        let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? infix.operator.trimmedDescription
        let left = try lower(infix.leftOperand, with: &parser)
        let right = try lower(infix.rightOperand, with: &parser)
        if let op = BinaryOperator(rawValue: name) { return .binary(op, left, right) }
        if name == "..." || name == "..<" { return .call("#range", [left, right, .literal(.bool(name == "..."))]) }
        throw SyntaxError(
            "the playground has no operator `\(name)`: \(Parser.knownOperators)",
            at: tree.token(covering: infix.operator, kind: .symbol(name)))
    }

    /// An operand, read where it starts by the parser's own readings, which must end where Swift's
    /// parser ends it.
    private func operand(_ node: ExprSyntax, with parser: inout Parser) throws -> Expression {
        let start = tree.offset(of: node.positionAfterSkippingLeadingTrivia)
        let end = tree.offset(of: node.endPositionBeforeTrailingTrivia)
        if start == firstOperand.offset, firstOperand.endOffset == end {
            parser.position = firstOperand.end
            return firstOperand.expression
        }
        parser.moveToToken(atOrAfter: start)
        let expression = try parser.unary()
        let last = parser.tokens[max(parser.position - 1, 0)]
        if last.end < end, parser.current.isSymbol("<"), parser.current.offset == last.end {
            let name = parser.source_text(start, last.end)
            throw SyntaxError(
                "the playground does not read the generic type `\(name)<...>` here: it reads Combine's publishers "
                    + "and subjects (`Just<Int>`, `PassthroughSubject<Int, Never>()`) and collections "
                    + "(`Set<AnyCancellable>()`, `[Int]()`); leave the generic arguments out where Swift infers them",
                offset: start, length: end - start)
        }
        guard last.end == end else {
            let at = last.end < end ? parser.current : last
            throw SyntaxError(
                "expected an operator or the end of the expression here: Swift reads `\(node.trimmedDescription)` "
                    + "as one operand",
                at: at)
        }
        return expression
    }
}

extension Parser {
    /// Whether `node` (a `try` or `await`) is an operand of its own, as Swift's parser read it
    /// rather than hoisted over an operator by folding: it is then read with the operand's reading.
    fileprivate static func isOperand(_ node: some ExprSyntaxProtocol, in tree: SwiftTree) -> Bool {
        guard let inner = node.children(viewMode: .sourceAccurate).compactMap({ $0.as(ExprSyntax.self) }).first
        else { return true }
        return !(inner.is(InfixOperatorExprSyntax.self) || inner.is(TernaryExprSyntax.self)
            || inner.is(AsExprSyntax.self) || inner.is(IsExprSyntax.self))
    }
}
