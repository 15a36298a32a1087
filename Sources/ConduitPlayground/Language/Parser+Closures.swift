/// Closures as Swift writes them: `{ $0 * 2 }`, `{ a, b in a + b }`, `{ (name: String) -> Int in ... }`,
/// a capture list, `return`, and `let` steps before the value (`{ x in let y = x * 2; return y + 1 }`).
/// The signature before `in` is lowered from Swift's syntax tree (`ClosureSignature`); types written in
/// the body are read and skipped (`skipType`): the playground's values carry their own.
extension Parser {
    /// Reads a closure; `asLoopBody` reads a top-level loop's body, where `break` and `continue`
    /// end a turn.
    mutating func closure(asLoopBody: Bool = false) throws -> Closure {
        let open = current
        try expectSymbol("{", "a closure starts with `{`")
        let savedParameters = parameters
        let savedHighest = highestArgument
        let savedCondition = readingCondition
        let savedStatementBlock = readingStatementBlock
        let savedInstanceLocals = instanceLocals
        let savedAccumulator = accumulatorSlot
        let accumulates = accumulatesNextClosure
        accumulatesNextClosure = false
        // `forEach`'s and `sink`'s closures give nothing: their bodies end as a block's may; closures inside do not.
        let givesNothing = closuresGiveNothing
        closuresGiveNothing = false
        accumulatorSlot = nil
        let savedBody = enterBody()
        if asLoopBody { loopDepth = 1 }
        // A loop's body is a block, which may end with a `let` step; so is a closure whose result is thrown
        // away; any other closure's gives a value.
        readingStatementBlock = asLoopBody || givesNothing
        instanceLocals = []
        enclosingParameters.append(parameters)
        parameters = [:]
        highestArgument = -1
        readingCondition = false
        defer {
            parameters = savedParameters
            highestArgument = savedHighest
            readingCondition = savedCondition
            readingStatementBlock = savedStatementBlock
            closuresGiveNothing = givesNothing
            instanceLocals = savedInstanceLocals
            accumulatorSlot = savedAccumulator
            enclosingParameters.removeLast()
            leaveBody(savedBody)
        }
        // The signature (`[weak self] (name: String) async throws -> Bool in`), as Swift's parser reads it.
        let signature = try readClosureSignature()
        if let names = signature?.parameterNames {
            for (index, name) in names.enumerated() where name != "_" { parameters[name] = index }
            // `_ in` and `(_, b) in` still take their arguments: each name holds its position.
            if parameters.count < names.count {
                for index in names.indices where names[index] == "_" { parameters["_ \(index)"] = index }
            }
        }
        let named = parameters.count
        // `{ _ in }`: a closure that does nothing, as Swift allows once its parameters are named.
        let doesNothing = current.isSymbol("}") && signature != nil
        guard !current.isSymbol("}") || doesNothing else {
            throw SyntaxError("this closure is empty; write what it returns, for example `{ $0 * 2 }`", at: current)
        }
        // `let` steps keep their values after every argument the closure takes.
        let firstLocal = max(named, highestDollar(inClosureOpenedBy: open) + 1)
        // A top-level loop's `return` is no function's: it reaches the loop, which refuses it as Swift does.
        let body = doesNothing ? Expression.literal(.void)
            : accumulates ? try accumulatorBody(firstLocal: firstLocal)
            : asLoopBody ? try closureBody(nextLocal: firstLocal) : try statementsBody(nextLocal: firstLocal)
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the closure opened here", at: open)
        }
        if highestArgument >= firstLocal, firstLocal > named {
            throw SyntaxError(
                "this closure uses `$\(highestArgument)` inside a string along with `let`; name its parameters "
                    + "instead, for example `{ a, b in ... }`",
                at: open
            )
        }
        let close = current
        advance()
        let count = max(named, highestArgument + 1)
        let span = Token(kind: open.kind, offset: open.offset, length: close.offset + 1 - open.offset)
        var closure = Closure(body: body, parameterCount: count, token: span, namesParameters: named > 1)
        closure.declaresOptionalResult = signature?.returnType?.hasSuffix("?") == true
        return closure
    }

}

extension Parser {
    /// `self.standups.removeAll { $0 == standup }`, `items.sort()`, `self.names.remove(at: 0)` in a method:
    /// sets the object's property to the changed copy the mutating method makes, as Swift's mutating
    /// methods change the property in place. Nil for anything else.
    static func propertyMutation(_ body: Expression) throws -> Expression? {
        guard case .pipeline(let syntax) = body, syntax.operators.count == 1, let call = syntax.operators.first,
            CollectionMethods.mutating[call.name] != nil, case .expression(let source) = syntax.source
        else { return nil }
        if case .optionalMember(let owner, let property) = source {
            // `self?.standups.removeAll { ... }` in a `[weak self]` closure: nothing when `self` is gone.
            let unwrapped = PipelineSyntax(source: .expression(.member(owner, property)), operators: syntax.operators,
                text: syntax.text, startOffset: syntax.startOffset)
            guard let changed = try propertyMutation(.pipeline(unwrapped)) else { return nil }
            return .conditional(.binary(.notEqual, owner, .literal(.null)), changed, .literal(.void))
        }
        guard case .member(let owner, let property) = source else { return nil }
        if call.name == "remove", call.trailingClosure != nil || call.arguments.first?.label == "where" {
            throw SyntaxError(
                "Swift's Array has no `remove { ... }`: `removeAll(where:)` removes every element that matches, "
                    + "as in `self.\(property).removeAll { $0 == x }` (and `remove(at: i)` the one at a position)",
                at: call.span)
        }
        let marked = OperatorCall(
            name: "&" + call.name, token: call.token, arguments: call.arguments, trailingClosure: call.trailingClosure,
            span: call.span)
        let changed = PipelineSyntax(
            source: syntax.source, operators: [marked], text: syntax.text, startOffset: syntax.startOffset)
        if let throughElement = ElementUpdate.mutatingThroughElement(of: owner, property, to: .pipeline(changed)) {
            return throughElement
        }
        return try setting(property, of: owner, to: .pipeline(changed), immutable: false, at: call.token)
    }

    /// Whether `expression` is a top-level name or a member of one (`label`, `model.child`): an object
    /// a closure may set a property of (`label.text = $0`), unlike a closure's own value (`$0.name`).
    static func isRootedAtName(_ expression: Expression) -> Bool {
        switch expression {
        case .name: return true
        case .member(let base, _), .optionalMember(let base, _): return isRootedAtName(base)
        default: return false
        }
    }

    /// Whether `expression` is a parameter of the closure or function being read, or a member of one
    /// (`node`, `node.next`).
    static func isRootedAtArgument(_ expression: Expression) -> Bool {
        switch expression {
        case .argument, .variable(.argument): return true
        case .member(let base, _): return isRootedAtArgument(base)
        default: return false
        }
    }

    /// Whether `expression` is a step of the body that holds what an initialiser made, or a member of
    /// one (`formatter`, after `let formatter = NumberFormatter()`).
    func isInstanceLocal(_ expression: Expression) -> Bool {
        switch expression {
        case .argument(let slot): return instanceLocals.contains(slot)
        case .member(let base, _), .optionalMember(let base, _), .variable(let base): return isInstanceLocal(base)
        default: return false
        }
    }

    /// Whether `value` calls a type's initialiser (`NumberFormatter()`, `Player(name: "x")`): a name
    /// that starts with a capital.
    static func isInitialiserCall(_ value: Expression) -> Bool {
        if case .call("#typed", let parts) = value, parts.count >= 2 { return isInitialiserCall(parts[1]) }
        guard case .namedCall(let name, _, _) = value else { return false }
        return name.first?.isUppercase == true && !name.contains(".")
    }

    /// Whether `body` calls a mutating method on a property of a top-level name
    /// (`model.persons.append($0)` in a sink): the object's property is set to the changed copy.
    static func changesNamedObject(_ body: Expression) -> Bool {
        guard case .pipeline(let syntax) = body, case .expression(.member(let owner, _)) = syntax.source else {
            return false
        }
        return isRootedAtName(owner)
    }

    /// The name of the call that sets a top-level `var` from a closure (`count += 1`), written so that
    /// no one can type it.
    static let variableAssignment = "=variable"

    /// The name of the call that sets an element of a top-level `var` from a closure (`xs[i] = x`),
    /// written so that no one can type it.
    static let elementAssignment = "=element"

    /// Whether `target` is an element (or a field of one) of a named variable: `xs[i]`, `d["k"]`,
    /// `grid[r][c]`, `people[0].name`; the root is a name, and an index is on the way.
    static func setsElement(_ target: Expression) -> Bool {
        var sawIndex = false
        var place = target
        while true {
            switch place {
            case .index(let base, _):
                sawIndex = true
                place = base
            case .member(let base, _): place = base
            case .name: return sawIndex
            default: return false
            }
        }
    }

    /// The word that marks a closure given to a property in a method (`child.onDelete = { ... }`),
    /// written as an operator no one can type, so the session gives the closure to the object.
    static let closureAssignment = "=closure"
}

extension Parser {
    /// Sets `property` of `owner` to `value`: an object's property is set; a struct's value held in a
    /// variable (`self` in a `mutating func`) is given a copy with the property changed.
    static func setting(
        _ property: String, of owner: Expression, to value: Expression, immutable: Bool, at token: Token
    ) throws -> Expression {
        if case .variable(let variable) = owner {
            return .setVariable(variable, .call(ElementUpdate.field, [owner, .literal(.string(property)), value]),
                at: token)
        }
        if immutable {
            throw SyntaxError("cannot use mutating member on immutable value: 'self' is immutable; mark the method "
                + "`mutating`", at: token)
        }
        return .call(".set", [owner, .literal(.string(property)), value])
    }

    /// Whether `body` calls a mutating method of a collection (`items.append(x)`, `names.sort()`).
    static func callsMutatingMethod(_ body: Expression) -> Bool {
        guard case .pipeline(let syntax) = body, syntax.operators.count == 1, let call = syntax.operators.first else {
            return false
        }
        return CollectionMethods.mutating[call.name] != nil
    }

    /// Whether `expression` is `root` or a member or an element of it (`self.items[0]`).
    static func isRooted(_ expression: Expression, at root: Expression?) -> Bool {
        guard case .argument(let slot)? = root else { return false }
        switch expression {
        case .argument(let index): return index == slot
        case .member(let base, _), .optionalMember(let base, _), .index(let base, _): return isRooted(base, at: root)
        case .pipeline(let syntax):
            if case .expression(let base) = syntax.source { return isRooted(base, at: root) }
            return false
        default: return false
        }
    }

    /// Swift's refusal of an assignment to a body's `let` or to a closure's parameter.
    func constantAssignment(to slot: Int) -> SyntaxError {
        guard let name = parameters.first(where: { $0.value == slot })?.key else {
            return SyntaxError("cannot assign to `$\(slot)`: a closure's arguments are constants", at: current)
        }
        return SyntaxError("cannot assign to value: '\(name)' is a 'let' constant (declare it with `var`)", at: current)
    }
}
