/// Swift's initialisers of an empty or filled collection, written with its type: `[Int]()`,
/// `[String: Int]()`, `Array<Int>()`, `[Double](repeating: 0, count: 3)`, `Array(1...3)`.
extension Parser {
    /// Reads `[TYPE](...)`, `Array<TYPE>(...)`, `Array(repeating:count:)` or `Dictionary<K, V>()`
    /// at the current token, or reads nothing and returns nil when the brackets are not a type
    /// followed by `(`.
    mutating func collectionInitialiser() throws -> Expression? {
        let start = position
        let isNamed = ["Array", "Dictionary", "Set"].contains(current.identifier ?? "")
            && (peek(1).isSymbol("<") || peek(1).isSymbol("("))
        guard isNamed || current.isSymbol("[") else { return nil }
        // A type ends in `]` or `>` (or is the bare `Array(`): `[S(name: "a")].publisher.map(`
        // is a value with a chain, which ends in a name.
        guard (try? skipType()) != nil, current.isSymbol("("), position > start,
            tokens[position - 1].isSymbol("]") || tokens[position - 1].isSymbol(">") || position == start + 1
        else {
            position = start
            return nil
        }
        let written = source_text(tokens[start].offset, current.offset)
        let isDictionary = written.hasPrefix("Dictionary") || (written.hasPrefix("[") && written.contains(":"))
        let open = current
        advance()
        if isDictionary, current.identifier == "grouping", peek(1).isSymbol(":") {
            return try groupingInitialiser(written: String(written), from: tokens[start])
        }
        if isDictionary, current.identifier == "uniqueKeysWithValues", peek(1).isSymbol(":") {
            // `Dictionary(uniqueKeysWithValues: zip(keys, values))`: a dictionary of `(key, value)` pairs.
            advance()
            advance()
            let pairs = try expression()
            try expectSymbol(")", "`\(written)(uniqueKeysWithValues:)` takes one sequence of `(key, value)` pairs, "
                + "such as `\(written)(uniqueKeysWithValues: [(1, \"a\")])`")
            let made = Expression.call("#dictionary", [pairs])
            return written == "Dictionary" ? made : .call("#typed", [.literal(.string(String(written))), made])
        }
        if current.isSymbol(")") {
            advance()
            // The type written is kept for the checker: `[Int]()` is an `[Int]`, not an array of anything.
            return .call("#typed", [.literal(.string(String(written))), isDictionary ? .dictionary([]) : .array([])])
        }
        if !isDictionary, current.identifier != "repeating" || !peek(1).isSymbol(":") {
            // `Array(1...3)`, `[Int](r)`: the elements of a sequence.
            let sequence = try expression()
            try expectSymbol(")", "`\(written)(...)` takes one sequence, such as `\(written)(1...3)`")
            let elements = Expression.call("#array", [sequence])
            return written == "Array" ? elements : .call("#typed", [.literal(.string(String(written))), elements])
        }
        guard !isDictionary, current.identifier == "repeating", peek(1).isSymbol(":") else {
            throw SyntaxError(
                "`\(written)(...)` takes nothing (`\(written)()`, an empty one)"
                    + (isDictionary ? ", `uniqueKeysWithValues: PAIRS` or `grouping: SEQUENCE, by: { KEY }`"
                        : " or `repeating: VALUE, count: N`"), at: open)
        }
        advance()
        advance()
        let element = try expression()
        try expectSymbol(",", "write `\(written)(repeating: VALUE, count: N)`")
        guard current.identifier == "count", peek(1).isSymbol(":") else {
            throw SyntaxError("write `\(written)(repeating: VALUE, count: N)`", at: current)
        }
        advance()
        advance()
        let count = try expression()
        try expectSymbol(")", "close `\(written)(repeating:count:)` with `)`")
        return .call("#typed", [.literal(.string(String(written))), .call("#repeating", [element, count])])
    }

    /// The collection method `Dictionary(grouping:by:)` is read as: the sequence's elements grouped
    /// into arrays under the key the closure gives each, written as a name no one can type.
    static let groupingMethod = "=grouping"

    /// Reads `grouping: SEQUENCE, by: { KEY }` after `Dictionary(` up to its `)`: a chain calling
    /// `groupingMethod` on the sequence with the closure.
    private mutating func groupingInitialiser(written: String, from start: Token) throws -> Expression {
        let usage = "write `\(written)(grouping: SEQUENCE, by: { $0.KEY })`"
        advance()
        advance()
        let sequence = try expression()
        let name: Token
        let closure: Closure
        if current.isSymbol(")"), peek(1).isSymbol("{") {
            // `Dictionary(grouping: words) { $0.first }`: the closure trailing.
            advance()
            name = current
            closure = try self.closure()
        } else {
            try expectSymbol(",", usage)
            guard current.identifier == "by", peek(1).isSymbol(":"), peek(2).isSymbol("{") else {
                throw SyntaxError(usage, at: current)
            }
            advance()
            advance()
            name = current
            closure = try self.closure()
            try expectSymbol(")", "close `\(written)(grouping:by:` with `)`")
        }
        let call = OperatorCall(
            name: Parser.groupingMethod, token: name, arguments: [], trailingClosure: closure,
            span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(sequence), operators: [call], text: "\(written)(grouping:by:)",
            startOffset: start.offset))
    }
}
