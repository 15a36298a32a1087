import SwiftSyntax

/// Swift's initialisers of an empty or filled collection, written with its type (`[Int]()`,
/// `[String: Int]()`, `Array<Int>()`, `[Double](repeating: 0, count: 3)`, `Array(1...3)`,
/// `Dictionary(grouping: words, by: { $0.first })`), as Swift's parser reads them: the call, its labels
/// and where its arguments start and end are Swift's tree's; the values are read there by the parser.
extension Parser {
    /// The call Swift's parser reads whose called expression starts at the current token: a collection's
    /// type in brackets (`[Int]` in `[Int]()`) or a name (`Array` in `Array<Int>()`), with its tree.
    func swiftCollectionCall() -> (tree: SwiftTree, call: FunctionCallExprSyntax)? {
        if current.identifier != nil { return swiftCall(at: position) }
        let found = try? swiftNode(at: current) { (token: TokenSyntax) -> FunctionCallExprSyntax? in
            let brackets = token.parent?.as(ArrayExprSyntax.self).map(Syntax.init)
                ?? token.parent?.as(DictionaryExprSyntax.self).map(Syntax.init)
            guard let brackets, brackets.firstToken(viewMode: .sourceAccurate)?.id == token.id else { return nil }
            return brackets.callOfCallee
        }
        return found.map { ($0.tree, $0.node) }
    }

    /// Reads `[TYPE](...)`, `Array<TYPE>(...)`, `Array(repeating:count:)` or `Dictionary<K, V>()`
    /// at the current token, or reads nothing and returns nil where Swift reads no call of a collection's
    /// type there (`[S(name: "a")].publisher.map(...)` is a value with a chain).
    mutating func collectionInitialiser() throws -> Expression? {
        let start = position
        guard ["Array", "Dictionary", "Set"].contains(current.identifier ?? "") || current.isSymbol("["),
            let (tree, call) = swiftCollectionCall()
        else { return nil }
        // The called expression is a type, as the playground reads types, and ends where Swift ends it.
        let calleeEnd = tree.offset(of: call.calledExpression.endPositionBeforeTrailingTrivia)
        guard (try? skipType()) != nil, position > start, tokens[position - 1].end == calleeEnd else {
            position = start
            return nil
        }
        let written = String(source_text(tokens[start].offset, calleeEnd))
        let isDictionary = written.hasPrefix("Dictionary") || call.calledExpression.is(DictionaryExprSyntax.self)
        let labels = call.arguments.map { $0.label?.text }
        let usage = "`\(written)(...)` takes nothing (`\(written)()`, an empty one)"
            + (isDictionary ? ", `uniqueKeysWithValues: PAIRS` or `grouping: SEQUENCE, by: { KEY }`"
                : " or `repeating: VALUE, count: N`")
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError,
            let error = tree.firstError(in: call, hint: usage)
        {
            throw error
        }
        if isDictionary, labels.first == "grouping" {
            return try groupingInitialiser(call, written: written, from: tokens[start], in: tree)
        }
        guard call.trailingClosure == nil else { throw SyntaxError(usage, at: tree.token(covering: call)) }
        let made: Expression
        switch labels {
        case []:
            // The type written is kept for the checker: `[Int]()` is an `[Int]`, not an array of anything.
            made = .call("#typed", [.literal(.string(written)), isDictionary ? .dictionary([]) : .array([])])
        case [nil] where !isDictionary:
            // `Array(1...3)`, `[Int](r)`: the elements of a sequence.
            let argument = call.arguments[call.arguments.startIndex].expression
            let sequence = try read(argument, in: tree, as: "the sequence") { try $0.expression() }
            let elements = Expression.call("#array", [sequence])
            made = written == "Array" ? elements : .call("#typed", [.literal(.string(written)), elements])
        case ["uniqueKeysWithValues"] where isDictionary:
            // `Dictionary(uniqueKeysWithValues: zip(keys, values))`: a dictionary of `(key, value)` pairs.
            let argument = call.arguments[call.arguments.startIndex].expression
            let pairs = try read(argument, in: tree, as: "the pairs") { try $0.expression() }
            let dictionary = Expression.call("#dictionary", [pairs])
            made = written == "Dictionary" ? dictionary : .call("#typed", [.literal(.string(written)), dictionary])
        case ["repeating", "count"] where !isDictionary:
            let arguments = Array(call.arguments)
            let element = try read(arguments[0].expression, in: tree, as: "the repeated value") { try $0.expression() }
            let count = try read(arguments[1].expression, in: tree, as: "the count") { try $0.expression() }
            made = .call("#typed", [.literal(.string(written)), .call("#repeating", [element, count])])
        default:
            let first = call.arguments.first.map(Syntax.init) ?? Syntax(call)
            throw SyntaxError(usage, at: tree.token(covering: first))
        }
        skip(past: call, in: tree)
        return made
    }

    /// The collection method `Dictionary(grouping:by:)` is read as: the sequence's elements grouped
    /// into arrays under the key the closure gives each, written as a name no one can type.
    static let groupingMethod = "=grouping"

    /// `Dictionary(grouping: SEQUENCE, by: { KEY })` or `Dictionary(grouping: SEQUENCE) { KEY }`: a chain
    /// calling `groupingMethod` on the sequence with the closure.
    private mutating func groupingInitialiser(
        _ call: FunctionCallExprSyntax, written: String, from start: Token, in tree: SwiftTree
    ) throws -> Expression {
        let usage = "write `\(written)(grouping: SEQUENCE, by: { $0.KEY })`"
        let arguments = Array(call.arguments)
        let key: ClosureExprSyntax?
        switch arguments.count {
        case 1 where call.additionalTrailingClosures.isEmpty: key = call.trailingClosure
        case 2 where call.trailingClosure == nil && arguments[1].label?.text == "by":
            key = arguments[1].expression.as(ClosureExprSyntax.self)
        default: key = nil
        }
        guard let key else {
            let wrong = arguments.count > 1 ? Syntax(arguments[1]) : Syntax(call)
            throw SyntaxError(usage, at: tree.token(covering: wrong))
        }
        let sequence = try read(arguments[0].expression, in: tree, as: "the sequence") { try $0.expression() }
        moveToToken(atOrAfter: tree.offset(of: key.positionAfterSkippingLeadingTrivia))
        let name = current
        let closure = try read(key, in: tree, as: "the closure") { try $0.closure() }
        skip(past: call, in: tree)
        let grouping = OperatorCall(
            name: Parser.groupingMethod, token: name, arguments: [], trailingClosure: closure,
            span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(sequence), operators: [grouping], text: "\(written)(grouping:by:)",
            startOffset: start.offset))
    }
}
