/// Loops in a closure's or a function's body, as Swift writes them: `for x in xs where x > 0 { }`,
/// `for (i, x) in xs.enumerated() { }`, `while n > 0 { }`, `repeat { } while n > 0`, with
/// `break`, `continue` and `return` inside. The body's `var`s (`LocalVariable`) carry values from
/// one turn to the next and out of the loop.
extension Parser {
    /// What a body's reading changes and a closure inside it starts afresh.
    struct BodyState {
        let variables: Set<Int>
        let loopDepth: Int
        let returnsFromLoop: Bool
        let breakEndsSwitch: Bool
        let returnsAsSignal: Bool
    }

    /// Starts reading a new body (a closure's, a method's): no `var`s, no loop around it yet.
    mutating func enterBody() -> BodyState {
        let saved = BodyState(
            variables: variables, loopDepth: loopDepth, returnsFromLoop: returnsFromLoop,
            breakEndsSwitch: breakEndsSwitch, returnsAsSignal: returnsAsSignal)
        enclosingVariables.append(variables)
        variables = []
        loopDepth = 0
        returnsFromLoop = false
        breakEndsSwitch = false
        returnsAsSignal = false
        return saved
    }

    /// Goes back to the body read before `enterBody`.
    mutating func leaveBody(_ saved: BodyState) {
        enclosingVariables.removeLast()
        variables = saved.variables
        loopDepth = saved.loopDepth
        returnsFromLoop = saved.returnsFromLoop
        breakEndsSwitch = saved.breakEndsSwitch
        returnsAsSignal = saved.returnsAsSignal
    }

    /// A body's statements (`closureBody`), which a `return` inside one of its loops leaves.
    mutating func statementsBody(nextLocal: Int) throws -> Expression {
        let body = try closureBody(nextLocal: nextLocal)
        return returnsFromLoop ? .returning(body) : body
    }

    /// A parameter or a step of a closure around this one: its value, or, for a `var`, the value
    /// its variable holds.
    func capturedName(level: Int, index: Int) -> Expression {
        let captured = Expression.captured(level: level, index: index)
        let scopes = enclosingVariables.count
        guard level <= scopes, enclosingVariables[scopes - level].contains(index) else { return captured }
        return .variable(captured)
    }

    /// What `return VALUE` gives: the value, or, inside a loop or a `do`/`catch`, the signal that ends
    /// the body with it.
    mutating func returned(_ value: Expression) -> Expression {
        guard loopDepth > 0 || returnsAsSignal else { return value }
        returnsFromLoop = true
        return .call("#return", [value])
    }

    /// The statement `break` or `continue`: Swift's refusal outside a loop.
    mutating func loopJump() throws -> Expression {
        let token = current
        let word = token.identifier ?? ""
        if word == "break", breakEndsSwitch {
            // `break` in a `case`: it ends the switch, which is where the case's statements end anyway.
            advance()
            guard try !endStatement() else {
                throw SyntaxError("`break` ends the switch, so nothing after it in the case runs: remove what "
                    + "follows it, or put it in an `if`", at: token)
            }
            return .literal(.void)
        }
        guard loopDepth > 0 else {
            throw SyntaxError(word == "break"
                ? "'break' is only allowed inside a loop, if, do, or switch"
                : "'continue' is only allowed inside a loop", at: token)
        }
        advance()
        return .call("#" + word, [])
    }

    /// `for`, `while` or `repeat`-`while` in a body, its names at `nextLocal` and after.
    mutating func bodyLoop(nextLocal: Int) throws -> Expression {
        let keyword = current
        advance()
        let saved = (returnsRead, breakEndsSwitch)
        loopDepth += 1
        breakEndsSwitch = false
        defer {
            loopDepth -= 1
            // A `return` in the loop leaves the body as a signal: an `if` around the loop still
            // runs what follows it when the loop ends without one.
            (returnsRead, breakEndsSwitch) = saved
        }
        switch keyword.identifier {
        case "while":
            if let body = try whileConditionBody(nextLocal: nextLocal, after: keyword) {
                return .loop(BodyLoop(kind: .whileLoop(condition: .literal(.bool(true))), slot: nextLocal, body: body))
            }
            let condition = try whileCondition(after: keyword)
            let body = try block(nextLocal: nextLocal, after: keyword)
            return .loop(BodyLoop(kind: .whileLoop(condition: condition), slot: nextLocal, body: body))
        case "repeat":
            let body = try block(nextLocal: nextLocal, after: keyword)
            guard current.identifier == "while" else {
                throw SyntaxError("expected 'while' after 'repeat' body: write `repeat { ... } while CONDITION`",
                    at: current)
            }
            let condition = try repeatCondition(of: keyword)
            return .loop(BodyLoop(kind: .repeatWhile(condition: condition), slot: nextLocal, body: body))
        default:
            return try forInBodyLoop(after: keyword, nextLocal: nextLocal)
        }
    }

    /// The `for NAMES in SEQUENCE [where FILTER] { BODY }` loop whose keyword is `keyword`, as Swift's
    /// parser reads it.
    private mutating func forInBodyLoop(after keyword: Token, nextLocal: Int) throws -> Expression {
        let usage = "write `for NAME in VALUE { BODY }`, such as `for x in xs { total += x }`"
        let (tree, loop) = try swiftForLoop(at: keyword, usage: usage)
        let (names, match) = try loopNames(of: loop, in: tree, slot: nextLocal)
        let sequence = try loopSequence(of: loop, in: tree)
        let saved = (parameters, variables)
        defer { (parameters, variables) = saved }
        for (offset, name) in names.enumerated() where name != "_" {
            parameters[name] = nextLocal + offset
            variables.remove(nextLocal + offset)
        }
        let filter = try loopFilter(of: loop, in: tree)
        let body = try block(nextLocal: nextLocal + names.count, after: keyword)
        let kind = BodyLoop.Kind.forIn(sequence: sequence, names: names.count, filter: filter, match: match)
        return .loop(BodyLoop(kind: kind, slot: nextLocal, body: body))
    }

    /// `result.append(x)`, `names.sort()`, `xs.removeAll { $0 < 0 }` on a body's `var`: sets it to
    /// the changed copy the mutating method makes, as Swift's mutating methods change it in place.
    /// Nil for anything else.
    static func variableMutation(_ body: Expression) -> Expression? {
        guard case .pipeline(let syntax) = body, syntax.operators.count == 1, let call = syntax.operators.first,
            CollectionMethods.mutating[call.name] != nil, case .expression(.variable(let variable)) = syntax.source
        else { return nil }
        let marked = OperatorCall(
            name: "&" + call.name, token: call.token, arguments: call.arguments, trailingClosure: call.trailingClosure,
            span: call.span)
        let changed = PipelineSyntax(
            source: syntax.source, operators: [marked], text: syntax.text, startOffset: syntax.startOffset)
        return .setVariable(variable, .pipeline(changed), at: call.token)
    }
}
