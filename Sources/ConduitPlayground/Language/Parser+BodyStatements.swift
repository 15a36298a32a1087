/// The statements of a body (a closure's, a function's or a method's, a block's), each read as Swift's parser
/// reads it: Swift's tree says what kind of statement starts at each point (`BodyStatement`), which chooses
/// the playground's reading for it, and where it ends, which is where the next one starts.
extension Parser {
    /// The body's statements from the current one on: `let NAME = value` steps, calls such as `print(...)` run
    /// for their effect, assignments, `if`, `guard`, `switch`, loops, `defer`, `do`, then the value, with or
    /// without `return`. Each step's value is kept at position `nextLocal`, after the closure's arguments.
    mutating func closureBody(nextLocal: Int) throws -> Expression {
        // Each statement's reading holds the rest of the body, and so does its value when it runs: a body's
        // length is bounded as its nesting is (a `let` step too: 1,000 of them overflowed the stack when run).
        guard statementsHeld < Parser.maximumStatements else {
            throw SyntaxError("this body is too long to read: at most \(Parser.maximumStatements) statements in "
                + "one body, with the bodies around it (split it into functions)", at: current)
        }
        try enter()
        statementsHeld += 1
        defer {
            depth -= 1
            statementsHeld -= 1
        }
        let statement = try bodyStatementHere()
        let saved = statementRead
        statementRead = statement
        defer { statementRead = saved }
        return try reading(statement) { try $0.statement(statement?.kind ?? .expression, nextLocal: nextLocal) }
    }

    /// The statement of kind `kind` at the current token, and the rest of the body.
    private mutating func statement(_ kind: BodyStatement.Kind, nextLocal: Int) throws -> Expression {
        switch kind {
        case .ifStatement: return try ifStatement(nextLocal: nextLocal)
        case .guardStatement: return try guardStatement(nextLocal: nextLocal)
        case .switchStatement: return try switchStatement(nextLocal: nextLocal)
        case .deferStatement: return try deferStatement(nextLocal: nextLocal)
        case .doStatement: return try doStatement(nextLocal: nextLocal)
        case .loop: return try followed(try bodyLoop(nextLocal: nextLocal), at: nextLocal)
        case .jump: return try followed(try loopJump(), at: nextLocal)
        case .throwStatement: return try throwStatement()
        case .tupleStep, .step:
            if let step = try localDeclaration(nextLocal: nextLocal) { return step }
            throw SyntaxError("a step names its value: write `let NAME = value`", at: current)
        case .returnStatement(let givesValue):
            advance()
            returnsRead += 1
            // `return` alone (`guard x else { return }`): a closure that gives nothing.
            guard givesValue else {
                _ = try endStatement()
                return returned(.literal(.void))
            }
            return try expressionStatement(nextLocal: nextLocal, returns: true)
        case .expression: return try expressionStatement(nextLocal: nextLocal, returns: false)
        }
    }

    /// A value, a call run for its effect or an assignment (after `return` when `returns`), then the rest of
    /// the body.
    private mutating func expressionStatement(nextLocal: Int, returns: Bool) throws -> Expression {
        if let append = try propertyAppend() { return try followed(append, at: nextLocal) }
        let body = try expression()
        let assigns = atAssignment
        if immutableSelf, assigns || Parser.callsMutatingMethod(body), Parser.isRooted(body, at: selfReference) {
            throw SyntaxError("cannot assign to property: 'self' is immutable; mark the method `mutating` to set "
                + "a struct's properties", at: current)
        }
        if !returns, case .variable(let variable) = body, assigns {
            // `total += x`, `best = max(best, x)`: sets the body's `var`, for what follows and for
            // the loop's next turn.
            let operatorToken = current
            return try followed(.setVariable(variable, try assignedValue(to: body), at: operatorToken), at: nextLocal)
        }
        if !returns, case .argument(let slot) = body, assigns {
            throw constantAssignment(to: slot)
        }
        if !returns, assigns, let (variable, _) = ElementUpdate.update(of: ElementUpdate.place(of: body), to: body) {
            // `xs[i] = v`, `counts[w, default: 0] += 1`: the `var` gets its value with the element changed.
            let operatorToken = current
            let value = try assignedValue(to: body)
            let whole = ElementUpdate.update(of: ElementUpdate.place(of: body), to: value)?.value ?? value
            return try followed(.setVariable(variable, whole, at: operatorToken), at: nextLocal)
        }
        if !returns, let mutation = Parser.variableMutation(body) {
            // `result.append(x)`, `names.sort()`: sets the `var` to the changed copy.
            return try followed(mutation, at: nextLocal)
        }
        if case .name(let name, let token) = body, assigns {
            // `count += 1`, `latest = $0`: sets a top-level `var` the closure captures.
            let value = try assignedValue(to: body)
            let assignment = Expression.namedCall(Parser.variableAssignment, [.literal(.string(name)), value], token)
            return try followed(assignment, at: nextLocal)
        }
        if assigns, selfReference != nil,
            ElementUpdate.throughObject(ElementUpdate.place(of: body), to: .literal(.null)) != nil
        {
            // `users[index].name = name` in a method: the object's `users` set to a copy with that
            // element changed, as Swift changes a value held in a class's property in place.
            let value = try assignedValue(to: body)
            let update = ElementUpdate.throughObject(ElementUpdate.place(of: body), to: value) ?? value
            return try followed(update, at: nextLocal)
        }
        if Parser.setsElement(ElementUpdate.place(of: body)), assigns {
            // `xs[i] = i * 2`, `d[key] += 1`, `grid[r][c] = v`, `people[0].name = n`: sets an
            // element of a top-level `var` each time the closure (or a loop's body) runs.
            let token = current
            let value = try assignedValue(to: body)
            let call = Expression.namedCall(Parser.elementAssignment, [ElementUpdate.place(of: body), value], token)
            return try followed(call, at: nextLocal)
        }
        if selfReference != nil || Parser.changesNamedObject(body), let mutation = try Parser.propertyMutation(body) {
            return try followed(mutation, at: nextLocal)
        }
        let equals = current
        if selfReference != nil, let (owner, property) = Parser.assignedMember(body),
            let closure = try assignedClosure(for: property, emptyIsClosure: true)
        {
            // `self.child?.onDeleteButtonTapped = { [weak self] in ... }`: a closure given to a property,
            // which may use the method's `self` and parameters.
            let call = OperatorCall(
                name: Parser.closureAssignment, token: equals, arguments: [], trailingClosure: closure, span: equals)
            let target = PipelineSyntax(
                source: .expression(.member(owner, property)), operators: [call], text: property,
                startOffset: equals.offset)
            return try followed(.pipeline(target), at: nextLocal)
        }
        if case .member(let owner, let property) = body, assigns,
            selfReference != nil || Parser.isRootedAtName(owner) || isInstanceLocal(owner)
                || Parser.isRootedAtArgument(owner)
        {
            // `self.count = 0`, `count += 1` in a method or an observer, `label.text = $0` in a sink,
            // `formatter.numberStyle = .ordinal` in a function, `node.value += 1` for a parameter that
            // is an object (a struct's value says it cannot change): sets the object's property.
            let value = try assignedValue(to: body)
            return try followed(.call(".set", [owner, .literal(.string(property)), value]), at: nextLocal)
        }
        if case .optionalMember(let owner, let property) = body, assigns {
            // `self?.total += v` in a `[weak self]` closure: sets the property unless the owner is nil.
            let value = try assignedValue(to: body)
            let set = Expression.call(".set", [owner, .literal(.string(property)), value])
            let assignment = Expression.conditional(.binary(.equal, owner, .literal(.null)), .literal(.void), set)
            return try followed(assignment, at: nextLocal)
        }
        if current.isSymbol(";") { advance() }
        if current.isSymbol("="), selfReference != nil {
            throw SyntaxError(
                "a method or an observer sets a property as `self.NAME = VALUE` or `NAME = VALUE`; "
                    + "a `?.` chain on the left is not set here (unwrap it first: `if let child = self.child { ... }`)",
                at: current
            )
        }
        if current.isSymbol("=") {
            throw SyntaxError(
                "a closure here gives a value and cannot set one; to write each value into a property, "
                    + "end the chain with `.assign(to: \\.PROPERTY, on: OBJECT)`",
                at: current
            )
        }
        return returns ? returned(body) : try followed(body, at: nextLocal)
    }
}
