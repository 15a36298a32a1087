import SwiftSyntax

/// A `let` or `var` step of a function's, a method's or a closure's body, lowered from the declaration
/// Swift's parser reads there (`VariableDeclSyntax`): each binding's pattern (a name, `_`, or a tuple of
/// names), its type and its value are where Swift's tree puts them, the value read there by the parser's
/// readings. Each name is a step of the body holding its value (a `var`'s a variable, `LocalVariable`);
/// a tuple is kept as a step of its own, and each of its names holds the element at its position.
extension Parser {
    /// What a body's declaration looks like, after swiftc's message on a wrong one.
    private static let localUsage =
        "a step in a body reads `let NAME = VALUE`, `var total: Double = 0` or `let (first, second) = pair`"

    /// One binding of a body's declaration: the names it declares (nil for `_`), whether they take a
    /// tuple apart, and its value.
    private struct LocalBinding {
        let names: [String?]
        let takesTupleApart: Bool
        let value: Expression
    }

    /// Reads the `let` or `var` declaration at the current token and what follows it in the body, its
    /// first step kept at `nextLocal`; nil, reading nothing, when no declaration is next.
    mutating func localDeclaration(nextLocal: Int) throws -> Expression? {
        guard let word = current.identifier, word == "let" || word == "var" else { return nil }
        let keyword = current
        let found = try variableDeclaration(at: keyword)
        guard let (tree, declaration) = found else { throw SyntaxError(Parser.localUsage, at: keyword) }
        if let error = DeclarationShape.firstError(in: declaration, tree: tree, hint: Parser.localUsage) { throw error }
        let declaresVar = word == "var"
        let bindings = Array(declaration.bindings)
        var read: [LocalBinding] = []
        var endedEarly = false
        // Each step after the first (a name, or a tuple's element) nests the rest of the body one level deeper,
        // as a declaration of its own would.
        var entered = 0
        var stepCount = 0
        defer { depth -= entered }
        for (index, binding) in bindings.enumerated() {
            let next = try localBinding(binding, at: index, of: bindings, declaresVar: declaresVar, tree: tree)
            for _ in 0..<(next.takesTupleApart ? next.names.count + 1 : 1) {
                if stepCount > 0 {
                    entered += 1
                    try enter()
                }
                stepCount += 1
            }
            read.append(next)
            endedEarly = binding.initializer?.value.hasError == true
        }
        if !endedEarly { moveToToken(atOrAfter: tree.offset(of: declaration.endPositionBeforeTrailingTrivia)) }
        if current.isSymbol(";") { advance() }
        return try steps(read, declaresVar: declaresVar, keyword: word, nextLocal: nextLocal)
    }

    /// The names and the value of one binding of a body's declaration.
    private mutating func localBinding(
        _ binding: PatternBindingSyntax, at index: Int, of bindings: [PatternBindingSyntax], declaresVar: Bool,
        tree: SwiftTree
    ) throws -> LocalBinding {
        let word = declaresVar ? "var" : "let"
        if let block = binding.accessorBlock {
            throw SyntaxError(
                "a variable of a body has no accessors here: give it a value (`\(word) NAME = VALUE`), or declare a "
                    + "computed property in a class or a struct",
                at: tree.token(covering: block.leftBrace, kind: .symbol("{")))
        }
        let names: [String?]
        let takesTupleApart: Bool
        if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
            guard tuple.elements.count >= 2 else {
                throw SyntaxError(
                    "write `\(word) (first, second) = (1, 2)`: names (or `_`) between parentheses, then a tuple",
                    at: tree.token(covering: tuple))
            }
            names = try tuple.elements.map { try Parser.localName($0.pattern, in: tree) }
            takesTupleApart = true
        } else {
            names = [try Parser.localName(binding.pattern, in: tree)]
            takesTupleApart = false
        }
        let type = Parser.declaredType(of: index, in: bindings).map(\.trimmedDescription)
        let shown = names.first.flatMap { $0 } ?? "value"
        guard let value = binding.initializer?.value else {
            // `var result: String` alone starts as nil until a block sets it.
            guard declaresVar, let type, !takesTupleApart else {
                throw SyntaxError(
                    type == nil ? "type annotation missing in pattern: write `\(word) \(shown) = VALUE`"
                        : "`let \(shown)` needs its value here: write `let \(shown) = VALUE`",
                    at: tree.token(covering: binding.pattern))
            }
            return LocalBinding(
                names: names, takesTupleApart: false,
                value: .call("#typed", [.literal(.string(type)), .literal(.null)]))
        }
        let written: Expression
        if value.hasError {
            // A value Swift's parser does not read (the playground's `300ms`) is read as the playground reads it.
            moveToToken(atOrAfter: tree.offset(of: value.positionAfterSkippingLeadingTrivia))
            written = try expression()
        } else {
            written = try read(value, in: tree, as: "the value of `\(shown)`") { try $0.expression() }
        }
        guard let type, !takesTupleApart else {
            return LocalBinding(names: names, takesTupleApart: takesTupleApart, value: written)
        }
        // `var total: Double = 0`: the value has the type written; where it is written is the caret of the
        // checker's `cannot convert value of type 'String' to specified type 'Int'` (`checkDeclaredValue`).
        let start = tree.offset(of: value.positionAfterSkippingLeadingTrivia)
        let end = tokens[max(position - 1, 0)].end
        let span = [start, max(1, end - start)].map { Expression.literal(.int($0)) }
        return LocalBinding(
            names: names, takesTupleApart: false,
            value: .call("#typed", [.literal(.string(type)), written] + span))
    }

    /// The name `pattern` declares, nil for `_`; fails for a pattern of another kind.
    private static func localName(_ pattern: PatternSyntax, in tree: SwiftTree) throws -> String? {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.text.trimmingCharacters(in: ["`"])
        }
        if pattern.is(WildcardPatternSyntax.self) { return nil }
        throw SyntaxError(
            "a body's `let` declares a name, `_`, or names (or `_`) between parentheses, such as "
                + "`let (first, second) = pair`",
            at: tree.token(covering: pattern))
    }

    /// The bindings as steps of the body, each name's value at a slot from `nextLocal` on (a tuple's
    /// whole value first), with the rest of the body after them in their scope.
    private mutating func steps(
        _ bindings: [LocalBinding], declaresVar: Bool, keyword: String, nextLocal: Int
    ) throws -> Expression {
        var steps: [(name: String?, slot: Int, value: Expression, makesInstance: Bool)] = []
        for binding in bindings {
            let slot = nextLocal + steps.count
            guard binding.takesTupleApart else {
                let value = declaresVar ? Expression.newVariable(binding.value) : binding.value
                steps.append((binding.names[0], slot, value, Parser.isInitialiserCall(binding.value)))
                continue
            }
            steps.append((nil, slot, binding.value, false))
            for (index, name) in binding.names.enumerated() {
                let element = Expression.index(.argument(slot), .literal(.int(index)))
                steps.append((name, nextLocal + steps.count, declaresVar ? .newVariable(element) : element, false))
            }
        }
        let named = bindings.flatMap(\.names).compactMap { $0 }
        let saved = (parameters, variables, instanceLocals)
        defer { (parameters, variables, instanceLocals) = saved }
        for step in steps {
            guard let name = step.name else { continue }
            parameters[name] = step.slot
            if declaresVar { variables.insert(step.slot) } else { variables.remove(step.slot) }
            if step.makesInstance { instanceLocals.insert(step.slot) }
        }
        let rest: Expression
        if try endStatement() {
            rest = try closureBody(nextLocal: nextLocal + steps.count)
        } else if readingStatementBlock {
            // `if ok { let c = p.sink { ... } }`, `for x in xs { let y = x * 2 }`, `case 1: let z = 3`: the
            // step runs for its effect, as Swift's (which warns that the value is unused).
            rest = .literal(.void)
        } else {
            throw SyntaxError(
                "the closure ends after `\(keyword) \(named.first ?? "_") = ...`; write the value it gives, "
                    + "for example `return \(named.first ?? "value")`",
                at: current)
        }
        return steps.reversed().reduce(rest) { body, step in
            Expression.local(slot: step.slot, value: step.value, body: body)
        }
    }
}
