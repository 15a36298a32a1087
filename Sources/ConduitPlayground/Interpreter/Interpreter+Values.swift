import Conduit

/// Plain values by name (`let x = 5`, `var names = ["a"]`) and Swift's collection methods on
/// values: what `let` makes when its right side gives a value rather than a publisher, how a
/// `var` is assigned and mutated, and a chain of calls run as `Array`'s methods.
extension Interpreter {
    /// What a `let` whose pipeline starts from a value gives, run now: nil if it starts from a
    /// source, or `.publisher` with the publisher its expression gave.
    enum DefinedValue {
        case value(Value)
        case publisher(Value)
    }

    /// Whether `syntax` starts from a value (a value's name, or an expression that gives no
    /// publisher) and, if so, the value its chain of calls gives.
    func definedValue(of syntax: PipelineSyntax) throws -> DefinedValue? {
        let base: Expression
        if let made = caseMadeAsOperator(syntax) {
            // `let e = LoadError.timeout(seconds: 3)`, `Subscribers.Demand.max(1)`: a case named as an operator is.
            return .value(try made.evaluate([]))
        }
        if isTakingCall(syntax) {
            // `let top = stack.popLast()`: the element, taken out of the variable.
            let start = Token(kind: .end, offset: syntax.startOffset, length: max(1, syntax.text.count))
            let taking = try boundTakingCall(syntax)
            return .value(try located(at: start) { try taking.evaluate([]) })
        }
        switch syntax.source {
        case .name(let token):
            guard case .value? = entries[token.display] else { return nil }
            base = .name(token.display, token)
        case .expression(.pipeline(let inner)) where inner.operators.first?.name == Parser.promiseFuture:
            // A Swift `Future` is a publisher; its closure runs once, when the pipeline is built.
            return nil
        case .expression(let expression):
            base = expression
        default:
            return nil
        }
        let start = Token(kind: .end, offset: syntax.startOffset, length: max(1, syntax.text.count))
        let checked = try checkedBind(base, in: syntax)
        let value = try located(at: start) { try checked.evaluate([]) }
        if case .publisher = value { return .publisher(value) }
        if case .object = value, !syntax.operators.isEmpty { return nil }
        let operators = try syntax.operators.map(bind)
        return .value(try applyMethods(operators, to: value, written: base.writtenText, arguments: [], locating: true))
    }

    /// Runs `body`, giving a failure of a value (not of the syntax) the place `token` in the line.
    func located<T>(at token: Token, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SyntaxError {
            throw error
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, at: token)
        }
    }

    /// `let NAME = VALUE` or `var NAME = VALUE`: names the value, and says what it holds as
    /// Swift's REPL does (`x: Int = 5`, `daily: Standup = {title: "Daily"}`).
    func defineValue(
        _ name: Token, _ value: Value, isConstant: Bool, typeName: String? = nil, staticType: ValueType? = nil
    ) throws {
        if case .object(let object) = value {
            // `let child = model.child`: a reference to the object, as Swift's `let` of a class instance.
            try define(name, as: .value(NamedValue(value, isConstant: isConstant)))
            info("\(name.display): \(object.typeName ?? object.name) = \(objectSummary(object))")
            return
        }
        // The type Swift would give it: as declared, else as its expression is typed where that
        // knows more than the value does (`[Int]()` is an `[Int]` while it is empty).
        var type = typeName.map(ValueType.init(written:)) ?? staticType
        if let known = type, !known.isKnownPlainType {
            // `let e: LoadError? = .offline` stays an optional (it prints `Optional(LoadError.offline)`).
            type = known.isOptional ? .optional(.value) : nil
        }
        if isConstant, typeName?.trimmingWhitespace() == "Any", let staticType, staticType.holdsOptional {
            // `let any: Any = opt as Any` holds the optional itself: it prints `Optional("ann")`, as Swift's.
            type = staticType
        }
        var value = value.converted(to: type)
        // `let e: LoadError = .offline`: the case, not the text "offline".
        if let cases = ImpliedCases(typeName.map(ValueType.init(written:)), enums: enums) {
            value = cases.resolve(value)
        }
        try define(name, as: .value(NamedValue(value, isConstant: isConstant, type: type)))
        var shown = typeName ?? structName(of: value) ?? (type ?? ValueType(of: value)).description
        if typeName == nil, let staticType, staticType.isOptional {
            // `let d = text.data(using: .utf8)` is a `Data?`, though it holds data now.
            shown = staticType != .optional(.value) ? staticType.description
                : structName(of: value).map { $0 + "?" } ?? shown
        }
        info("\(name.display): \(shown) = \(value)")
    }

    /// The struct a value expression makes (`Standup(title: "Daily")`), for the type it shows.
    func structName(of expression: Expression) -> String? {
        guard case .namedCall(let name, _, _) = expression, classes[name]?.isValueType == true else { return nil }
        return name
    }

    /// The struct whose fields a record has, in order (`var copy = daily` is a `Standup`), or an
    /// array of such records (`[Standup]`), if one does.
    func structName(of value: Value) -> String? {
        if case .array(let items) = value, let first = items.first, let name = structName(of: first),
            items.allSatisfy({ structName(of: $0) == name })
        {
            return "[\(name)]"
        }
        // A struct's value or an enumeration's case carries its type's name.
        guard case .record(let fields) = value, case .instance(let name) = fields.kind else { return nil }
        return name
    }

    /// Runs a chain of calls on a value as Swift's collection methods (`xs.filter { ... }.map { ... }`);
    /// where a call gives a publisher, the rest of the chain are its operators. A call written with
    /// `&` first is a mutating method whose result is written back. `locating` points a failure at
    /// the call that failed, for a line typed at the top level.
    func applyMethods(
        _ operators: [OperatorCall], to value: Value, written base: String, arguments: [Value], locating: Bool = false
    ) throws -> Value {
        guard locating else { return try applyMethods(operators, to: value, written: base, arguments: arguments) }
        var current = value
        for (index, call) in operators.enumerated() {
            if case .publisher = current {
                return try applyMethods(Array(operators[index...]), to: current, written: base, arguments: arguments)
            }
            current = try located(at: call.span) {
                try applyMethods([call], to: current, written: index == 0 ? base : "", arguments: arguments)
            }
        }
        return current
    }

    private func applyMethods(_ operators: [OperatorCall], to value: Value, written base: String, arguments: [Value])
        throws -> Value
    {
        var current = value
        for (index, call) in operators.enumerated() {
            if case .publisher(let publisher) = current {
                let rest = PipelineSyntax(
                    source: .expression(.literal(current)), operators: Array(operators[index...]),
                    text: publisher.description)
                let pipe = try build(rest, chain: ChainState(), arguments: arguments, bound: true)
                return .publisher(PublisherValue(pipe, description: publisher.description))
            }
            let mutating = call.name.hasPrefix("&")
            let name = mutating ? String(call.name.dropFirst()) : call.name
            var isObjectMethod = false
            if case .object(let object) = current { isObjectMethod = object.methods[name] != nil }
            if name == "get", call.arguments.isEmpty, call.trailingClosure == nil, let got = try current.resultGet() {
                // `result.get()`: Swift's `Result` gives its success or throws its failure.
                current = got
                continue
            }
            if !mutating, call.trailingClosure == nil, current.dateSeconds != nil || current.setElements != nil {
                // `start.addingTimeInterval(90)`, `Date().timeIntervalSince(start)`: Foundation's `Date`'s;
                // `a.union(b)`, `a.isSubset(of: b)`: Swift's `Set`'s.
                let given = try call.arguments.map { try methodArgument($0, named: name, arguments: arguments) }
                let values = given.compactMap { if case .value(let value) = $0.content { value } else { nil } }
                if let result = try current.dateMethod(name, values) ?? current.setMethod(name, values) {
                    current = result
                    continue
                }
            }
            guard isObjectMethod || CollectionMethods.names.contains(name) else {
                throw notAMethod(name, on: current, written: index == 0 && !base.isEmpty ? base : nil)
            }
            var given = try call.arguments.map { try methodArgument($0, named: name, arguments: arguments) }
            if let closure = call.trailingClosure { given.append(.init(label: nil, content: .closure(closure))) }
            if isObjectMethod, case .object(let object) = current {
                // `model.remove(x)`: the object's own method of that name.
                let values = given.compactMap { if case .value(let value) = $0.content { value } else { nil } }
                current = try object.call(name, values)
                continue
            }
            current = try CollectionMethods.call(name, on: current, given, mutating: mutating)
        }
        return current
    }

    /// One argument of a collection method, evaluated with the closure's arguments.
    func methodArgument(_ argument: Argument, named name: String, arguments: [Value]) throws
        -> CollectionMethods.Argument
    {
        switch argument.content {
        case .expression(let expression):
            return .init(label: argument.label, content: .value(try expression.evaluate(arguments)))
        case .closure(let closure):
            return .init(label: argument.label, content: .closure(closure))
        case .enumCase(let word, let inner) where inner.isEmpty:
            return .init(label: argument.label, content: .value(.string(word)))
        case .swiftName(let written) where written.hasSuffix(".self") && written.first?.isUppercase == true:
            // `decode(Post.self, from: data)`: the type as a value.
            return .init(label: argument.label, content: .value(.metatype(String(written.dropLast(5)))))
        case .name(let word):
            throw PlaygroundError("`\(word)` in `\(name)(...)` names no value: a value's name is made with "
                + "`let \(word) = ...`, and a closure's parameters are its own")
        default:
            throw PlaygroundError("`\(name)(...)` takes values and closures, as Swift's collection methods do")
        }
    }

    /// The error for a call a value does not have: a publisher's operator says how to make a
    /// publisher of the value; anything else suggests the closest method.
    func notAMethod(_ name: String, on value: Value, written base: String?) -> PlaygroundError {
        let shown = base.map { "`\($0)` is " } ?? "this is "
        if OperatorTable.spec(named: name) != nil {
            let fix = value.isArray
                ? "`\(base ?? "array").publisher.\(name)(...)` sends its elements through it"
                : "`Just(\(base ?? "value")).\(name)(...)` makes a publisher of it"
            return PlaygroundError("`\(name)` is a publisher operator, and \(shown)\(value.kindName) \(value), "
                + "not a publisher: \(fix)")
        }
        let hint = Suggestion.closest(to: name, in: Array(CollectionMethods.names)).map { "; did you mean `\($0)`?" }
            ?? "; `help functions` lists the methods values have"
        return PlaygroundError("\(value.kindName) \(value) has no method `\(name)`\(hint)")
    }
}

extension Interpreter {
    /// A line that calls a mutating method on a `var` or an object's property (`names.append("d")`,
    /// `model.standups.removeAll { $0 == s }`): the changed value is written back. False if the
    /// line is no such call.
    func runMutation(_ expression: Expression, at start: Token, written: String) throws -> Bool {
        guard case .pipeline(let syntax) = expression, syntax.operators.count == 1, let call = syntax.operators.first,
            CollectionMethods.mutating[call.name] != nil, case .expression(let target) = syntax.source,
            let root = target.rootName, isAssignable(target)
        else { return false }
        switch entries[root] {
        case .value?, .object?: break
        // `subject.value.append(4)`: a CurrentValueSubject's value, changed and sent.
        case .subject? where target.isSubjectValue: break
        default: return false
        }
        let token = Token(kind: .end, offset: start.offset, length: max(1, written.count))
        if case .name(let name, _) = target, case .value(let named)? = entries[name],
            try located(at: call.span, { try mutateInPlace(named, try bind(call), arguments: []) })
        {
            return true
        }
        let current = try located(at: token) { try bind(target).evaluate([]) }
        if case .object(let object) = current, object.methods[call.name] != nil { return false }
        let marked = OperatorCall(
            name: "&" + call.name, token: call.token, arguments: call.arguments, trailingClosure: call.trailingClosure,
            span: call.span)
        let changed = try applyMethods(
            [try bind(marked)], to: current, written: target.writtenText, arguments: [], locating: true)
        try assign(changed, to: target, at: token, verb: "use mutating member `\(call.name)` on immutable value")
        return true
    }

    /// Whether `expression` is a place a value can be written: a name, and its members and indexes.
    func isAssignable(_ expression: Expression) -> Bool {
        switch expression {
        case .name: return true
        case .member(let base, _), .index(let base, _): return isAssignable(base)
        default: return false
        }
    }

    /// Writes `value` into the place `target` names: a `var`, a field of a record a `var` holds,
    /// an element of its array, or an object's property. A `let` refuses, as Swift does.
    func assign(_ value: Value, to target: Expression, at token: Token, verb: String = "assign to value") throws {
        if try assignElementInPlace(value, to: target, at: token) { return }
        if case .member(.name(let name, _), "value") = target, case .subject(let subject)? = entries[name],
            case .current = subject.storage
        {
            // `subject.value.append(4)`, `subject.value[0] = 1`: Swift's CurrentValueSubject sends its new value.
            guard try FeedbackGuard.run({ try subject.send(value) }) else {
                throw SyntaxError("\(name).value feeds itself (a loop of \(FeedbackGuard.limit) sends): stopped",
                    at: token)
            }
            return
        }
        switch target {
        case .name(let name, let nameToken):
            switch entries[name] {
            case .value(let named)?:
                guard !named.isConstant else {
                    throw SyntaxError(
                        "cannot \(verb): `\(name)` is a `let` constant; declare it with `var \(name) = ...` "
                            + "to change it", at: nameToken)
                }
                let checked = try located(at: token) { try Value.nested(value) }
                named.set(try sameType(checked, as: named.value, at: token))
            case .binding(let entry)?:
                entry.binding.wrappedValue = value
            case .object?:
                throw SyntaxError("`\(name)` names an object, which stays; set its properties "
                    + "(`\(name).PROPERTY = VALUE`)", at: nameToken)
            case let other?:
                throw SyntaxError("`\(name)` is a \(other.kindName), which cannot be assigned", at: nameToken)
            case nil:
                throw try unknownValueName(name, at: nameToken)
            }
        case .member(let base, let property):
            let owner = try located(at: token) { try bind(base).evaluate([]) }
            if case .object(let object) = owner {
                guard object.has(property) else {
                    let hint = Suggestion.closest(to: property, in: object.propertyNames)
                        .map { "; did you mean `\($0)`?" } ?? ""
                    throw SyntaxError("\(object.name) has no property `\(property)`\(hint)", at: token)
                }
                object.set(property, to: value)
                return
            }
            guard case .record(var fields) = owner else {
                throw SyntaxError("cannot set `\(property)` of \(owner.kindName) \(owner): only a struct's "
                    + "(a record's) fields and an object's properties can be set", at: token)
            }
            guard let current = fields[property] else {
                let hint = Suggestion.closest(to: property, in: fields.map(\.name)).map { "; did you mean `\($0)`?" }
                    ?? "; it has \(fields.map { "`\($0.name)`" }.joined(separator: ", "))"
                throw SyntaxError("\(owner) has no field `\(property)`\(hint)", at: token)
            }
            fields[property] = try sameType(value, as: current, at: token)
            let outer = verb == "assign to value" ? "assign to property" : verb
            try assign(.record(fields), to: base, at: token, verb: outer)
        case .index(let base, let indexExpression):
            let (owner, key) = try located(at: token) {
                (try bind(base).evaluate([]), try bind(indexExpression).evaluate([]))
            }
            switch (owner, key) {
            case (.array(var items), .int(let position)):
                guard items.indices.contains(position) else {
                    throw SyntaxError("index \(position) is out of range for \(owner) (\(items.count) element"
                        + "\(items.count == 1 ? "" : "s"))", at: token)
                }
                items[position] = try sameType(value, as: items[position], at: token)
                try assign(.array(items), to: base, at: token, verb: verb)
            case (.record(var fields), .string(let name)):
                // A dictionary's `d["key"] = value` (nil removes the key), as Swift's does.
                fields[name] = value == .null ? nil : value
                try assign(.record(fields), to: base, at: token, verb: verb)
            case (.record(var fields), _) where fields.kind == .dictionary && key.isDictionaryKey:
                // `d[3] = "three"`, `d[Level.low] = 1`: a key of another type.
                fields[key: key] = value == .null ? nil : value
                try assign(.record(fields), to: base, at: token, verb: verb)
            default:
                throw SyntaxError(
                    "cannot set \(owner.kindName) \(owner) at \(key.kindName) \(key): an array's elements are set "
                        + "by position (`xs[0] = VALUE`) and a dictionary's by key (`d[\"key\"] = VALUE`)", at: token)
            }
        default:
            throw SyntaxError("only a `var`, its fields and elements, and an object's properties can be assigned",
                at: token)
        }
    }

    /// `value` as what a place holding `old` takes, as Swift keeps a variable's type: a number
    /// written for a `Double` is one (`price = 3` is 3.0); another kind is refused. Nil on either
    /// side passes, as the playground cannot tell an optional from what it wraps.
    func sameType(_ value: Value, as old: Value, at token: Token) throws -> Value {
        let value = impliedCase(value, as: old) ?? value.converted(toTypeOf: old)
        guard old != .null, value != .null, old.kindName != value.kindName else { return value }
        let (newType, oldType) = (ValueType(of: value).swiftName, ValueType(of: old).swiftName)
        throw SyntaxError("cannot assign value of type '\(newType)' to type '\(oldType)'", at: token)
    }

    /// `value` as the case of the enumeration `old` is a case of, when it is a bare `.loading` (read as
    /// the text "loading") naming one of its cases: `state = .loading` of a `State` writes the case, as
    /// Swift types the member by the place it goes. Nil for anything else.
    func impliedCase(_ value: Value, as old: Value) -> Value? {
        guard case .string = value, case .record(let fields) = old, case .instance(let name) = fields.kind,
            let resolved = ImpliedCases(.named(name), enums: enums)?.resolve(value)
        else { return nil }
        if case .string = resolved { return nil }
        return resolved
    }

    /// The `var` a closure's chain changes with a mutating method (`received.append($0)`), if it is one.
    func variableMutated(by syntax: PipelineSyntax) -> String? {
        guard syntax.operators.count == 1, let call = syntax.operators.first,
            CollectionMethods.mutating[call.name] != nil, case .expression(let target) = syntax.source,
            let root = target.rootName, isAssignable(target), case .value? = entries[root]
        else { return nil }
        return root
    }

    /// `received.append($0)` in a closure: changes the top-level `var` each time the closure runs, as a
    /// Swift closure changes a variable it captures. A `let` is refused when the line is typed.
    func boundVariableMutation(_ syntax: PipelineSyntax) throws -> Expression {
        guard case .expression(let target) = syntax.source, let call = syntax.operators.first,
            let root = variableMutated(by: syntax), case .value(let named)? = entries[root]
        else { throw SyntaxError("expected a mutating call on a variable", offset: syntax.startOffset, length: 1) }
        let token = Token(kind: .end, offset: syntax.startOffset, length: max(1, syntax.text.count))
        if named.isConstant {
            throw SyntaxError(
                "cannot use mutating member `\(call.name)` on immutable value: `\(root)` is a `let` constant; "
                    + "declare it with `var \(root) = ...` to change it", at: token)
        }
        let marked = try bind(OperatorCall(
            name: "&" + call.name, token: call.token, arguments: call.arguments, trailingClosure: call.trailingClosure,
            span: call.span))
        let place = try bind(target)
        let captures = syntax.capturesParameters
        // `received.append($0)` on the variable itself changes it in place (`mutateInPlace`).
        let inPlace = if case .name = target { true } else { false }
        let boundCall = try bind(call)
        return .bound(
            BoundExpression { [weak self] arguments in
                guard let self else { throw PlaygroundError("the session is gone") }
                if inPlace, try self.mutateInPlace(named, boundCall, arguments: arguments) { return .void }
                let scoped = captures
                    ? PipelineSyntax(source: syntax.source, operators: [marked], text: syntax.text)
                        .scopingClosures(CapturedScope(values: arguments, parent: CapturedScope.current)).operators
                    : [marked]
                let current = try place.evaluate(arguments)
                let changed = try self.applyMethods(scoped, to: current, written: target.writtenText,
                    arguments: arguments)
                do {
                    try self.assign(changed, to: target, at: token)
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
                return .void
            })
    }

    /// `NAME = VALUE` or `NAME += VALUE` in a closure (`Parser.variableAssignment`): sets the top-level
    /// `var` each time the closure runs. A `let`, or a name that is no variable, is refused now.
    func boundVariableAssignment(_ arguments: [Expression], at token: Token) throws -> Expression {
        guard arguments.count == 2, case .literal(.string(let name)) = arguments[0] else {
            throw SyntaxError("expected `NAME = VALUE`", at: token)
        }
        let value = arguments[1]
        if name == "_" {
            // `_ = try decoder.decode(...)`: runs the value for its effect (or its error), as Swift's.
            let discarded = try bind(value)
            return .bound(BoundExpression { values in
                _ = try discarded.evaluate(values)
                return .void
            })
        }
        if case .binding(let entry)? = entries[name] {
            return .bound(BoundExpression { values in
                entry.binding.wrappedValue = try value.evaluate(values)
                return .void
            })
        }
        let named = try capturedVariable(name, refusal: "sets only", example: "VALUE", verb: "assign to value",
            at: token)
        return .bound(
            BoundExpression { [weak self] values in
                guard let self else { throw PlaygroundError("the session is gone") }
                let new = try Value.nested(try value.evaluate(values))
                do {
                    named.set(try self.sameType(new, as: named.value, at: token))
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
                return .void
            })
    }

    /// The top-level `var` named `name` that a closure writes, or the error Swift's would give: a
    /// closure here "`refusal` a top-level `var`" (`var NAME = example` makes one), and a `let`
    /// refuses to `verb`.
    func capturedVariable(_ name: String, refusal: String, example: String, verb: String, at token: Token) throws
        -> NamedValue
    {
        guard case .value(let named)? = entries[name] else {
            let kind = entries[name].map { "a \($0.kindName)" } ?? "not one"
            throw SyntaxError(
                "a closure here \(refusal) a top-level `var`, and `\(name)` is \(kind): make it with "
                    + "`var \(name) = \(example)` first", at: token)
        }
        guard !named.isConstant else {
            throw SyntaxError("cannot \(verb): `\(name)` is a `let` constant; declare it with "
                + "`var \(name) = ...` to change it", at: token)
        }
        return named
    }

    /// Swift's type errors in a top-level loop, before it runs: the loop's names have the type of the
    /// sequence's elements (`for x in [1, 2] { x.uppercased() }` is refused, as swiftc refuses it).
    func checkLoop(_ loop: Parser.ForInLoop, written: String, at token: Token) throws {
        let sequence = checker.type(of: loop.sequence, arguments: [])
        // `for case`: the pattern's names are of types the checker does not follow.
        let names = loop.match == nil
            ? checker.loopNameTypes(of: sequence, count: loop.patternCount)
            : Array(repeating: ValueType.value, count: loop.patternCount)
        // In the body (a closure), the loop's names are those of the closure around it; each
        // stands here for a value of its type.
        let body = loop.body.body.rewritten(intoPipelines: true) { part in
            guard case .captured(1, let index) = part, names.indices.contains(index), names[index].isKnownPlainType
            else { return nil }
            return .call("#typed", [.literal(.string(names[index].swiftName)), part])
        }
        do {
            try checker.checkExpression(loop.sequence, arguments: [])
            if let filter = loop.filter { try checker.checkCondition(filter, arguments: names, depth: 0) }
            try checker.checkExpression(body, arguments: [])
        } catch let mismatch as TypeMismatch {
            let statement = PipelineSyntax(
                source: .expression(loop.sequence), operators: [], text: written, startOffset: 0)
            throw checker.located(mismatch, in: statement, after: token)
        }
    }

    /// `for NAME in SEQUENCE { BODY }`: runs the body for each element, its names resolved first; a
    /// failure stops the loop where it is, with what the body did until then kept, as Swift's would.
    func runLoop(_ loop: Parser.ForInLoop) throws {
        let start = loop.variable
        let elements = try located(at: start) { try BodyLoop.elements(of: try bind(loop.sequence).evaluate([])) }
        let body = try bind(loop.body)
        let filter = try loop.filter.map { try bind($0) }
        let match = try loop.match?.map { try bind($0) }
        for (index, element) in elements.enumerated() {
            // Ctrl-C stops a long loop; the step reports it.
            if index % 256 == 255, scheduler.budget.isStopped { return }
            let goesOn = try located(at: start) { () throws -> Bool in
                var values = [element]
                if let match {
                    // `for case`: an element the pattern does not fit is skipped.
                    guard let bound = try match.values([element]) else { return true }
                    values = bound
                } else if loop.patternCount > 1 {
                    guard let items = element.destructured, items.count == loop.patternCount else {
                        throw PlaygroundError("the loop's pattern takes \(loop.patternCount) values apart, but "
                            + "\(element) is not a tuple of \(loop.patternCount)")
                    }
                    values = items
                }
                if let filter {
                    let holds = try filter.evaluate(values)
                    guard case .bool(let passes) = holds else { throw Expression.notACondition(holds) }
                    if !passes { return true }
                }
                let scoped = body.scoped(CapturedScope(values: values, parent: nil))
                return try Interpreter.runTurn { try scoped.evaluate([]) }
            }
            if !goesOn { return }
        }
    }

    private func unknownValueName(_ name: String, at token: Token) throws -> SyntaxError {
        let hint = Suggestion.closest(to: name, in: order).map { "; did you mean `\($0)`?" }
            ?? "; make it first with `var \(name) = VALUE`"
        return SyntaxError("unknown name `\(name)`\(hint)", at: token)
    }
}
