/// Enumerations declared with `enum` (EnumDeclaration.swift): declaring one, and what its name means
/// in an expression (`Direction.up`, `Load.loaded(5)`, `Suit(rawValue: "♥")`).
extension Interpreter {
    /// Declares `declaration`; an enumeration declared again replaces the old one, as in Swift's REPL.
    func declareEnum(_ declaration: EnumDeclaration, at name: Token) throws {
        // Its methods' names first, so that they may call one another.
        structMethods.declare(declaration.methods.map(\.name.display))
        try declareType(name) {
            enums[declaration.name] = declaration
            // A case's value is a record of its type, whose methods are run as a struct's are.
            structMethods.register(try boundStructMethods(declaration.methods), for: declaration.name)
        }
        info(declaration.summary + declaration.methods.map { ", " + $0.summary }.joined())
    }

    /// `extension Level: CustomStringConvertible { var description: String { ... } }`: the methods and
    /// computed properties it adds (read as methods of the case's value, as the enumeration's own are)
    /// replace any of the same name; the cases the enumeration has stay as they are.
    func extendEnum(with extension: TypeExtension) throws {
        guard var declaration = enums[`extension`.name.display] else { return }
        if let stored = `extension`.properties.first(where: { $0.isStatic }) {
            throw SyntaxError(
                "the playground adds methods and computed properties to an enum, not `static` properties: "
                    + "declare `\(stored.name.display)` in the enum, or at top level", at: stored.name)
        }
        let added = `extension`.properties.compactMap(\.getterMethod) + `extension`.methods
        let names = Set(added.map(\.name.display))
        declaration.methods = declaration.methods.filter { !names.contains($0.name.display) } + added
        structMethods.declare(declaration.methods.map(\.name.display))
        structMethods.register(try boundStructMethods(declaration.methods), for: declaration.name)
        enums[declaration.name] = declaration
        info("extension \(declaration.name): " + added.map(\.name.display).joined(separator: ", "))
    }

    /// `Direction.up`: the case's value; a case that carries values must be given them.
    func enumCase(_ root: String, _ name: String, at token: Token) throws -> Expression? {
        guard entries[root] == nil, let declaration = enums[root] else { return nil }
        if name == "allCases", declaration.case(named: name) == nil,
            declaration.cases.allSatisfy({ $0.associatedCount == 0 })
        {
            // `Direction.allCases`, CaseIterable's: every case, in the order declared.
            return .literal(.array(declaration.cases.map { declaration.value(of: $0) }))
        }
        if name == "none", declaration.name == EnumDeclaration.demandName {
            return .literal(Value(demand: .none))
        }
        guard let enumCase = declaration.case(named: name) else {
            // `Level.all` of `static var all: [Level] { ... }`: the type's computed property, run as its
            // static method is.
            if declaration.methods.contains(where: { $0.isStatic && $0.readsAsProperty && $0.name.display == name }),
                let read = try staticMethodCall("\(root).\(name)", [], at: token)
            {
                return read
            }
            throw noCase(name, in: declaration, at: token)
        }
        let count = enumCase.associatedCount
        guard count == 0 else {
            throw SyntaxError(
                "`\(root).\(name)` carries \(count) value\(count == 1 ? "" : "s"): write `\(root).\(name)(...)`",
                at: token)
        }
        return .literal(declaration.value(of: enumCase))
    }

    /// `.circle` written where Swift infers the enumeration: `Shape.circle`, when exactly one declared
    /// enumeration has that case (the playground does not know the type the context expects).
    func implicitMember(_ name: String, at token: Token) throws -> String {
        let caseName = String(name.dropFirst())
        var owners = enums.keys.sorted().filter { enums[$0]?.case(named: caseName) != nil }
        if owners.count > 1 { owners.removeAll { enums[$0]?.isBuiltIn == true } }
        guard owners.count == 1, let owner = owners.first else {
            throw SyntaxError(owners.isEmpty
                ? "no enumeration declared here has a case `\(caseName)`; declare one (`enum Shape { case "
                    + "\(caseName)(Double) }`), or write the type's name before the case"
                : "cannot infer which enumeration `\(name)` is: \(owners.map { "`\($0)`" }.joined(separator: ", ")) "
                    + "each have it; write `\(owners[0])\(name)`", at: token)
        }
        return owner + name
    }

    /// `Load.loaded(5)` or `Suit(rawValue: "♥")`: the value it makes when the expression runs; nil
    /// if `name` is no enumeration's.
    func enumCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression? {
        if name.hasPrefix(".") { return try enumCall(try implicitMember(name, at: token), arguments, at: token) }
        let parts = enumNameParts(name)
        guard entries[parts[0]] == nil, let declaration = enums[parts[0]], parts.count <= 2 else { return nil }
        guard parts.count == 2 else {
            guard arguments.count == 1, case .record(let fields) = arguments[0], fields.count == 1,
                fields[0].0 == "rawValue", declaration.hasRawValues
            else {
                throw SyntaxError(
                    declaration.hasRawValues
                        ? "make a `\(name)` from its raw value, `\(name)(rawValue: ...)`, or name a case, "
                            + "`\(name).CASE`"
                        : "`\(name)` has no raw values; name a case: `\(name).\(declaration.cases[0].name.display)`",
                    at: token)
            }
            let raw = try bind(fields[0].1)
            return .bound(BoundExpression { values in declaration.value(rawValue: try raw.evaluate(values)) })
        }
        guard let enumCase = declaration.case(named: parts[1]) else {
            throw noCase(parts[1], in: declaration, at: token)
        }
        guard arguments.count == enumCase.associatedCount else {
            throw SyntaxError(
                "`\(name)` carries \(enumCase.associatedCount) value\(enumCase.associatedCount == 1 ? "" : "s"), "
                    + "not \(arguments.count)", at: token)
        }
        // `.loaded(.idle)`: a bare case as the declared associated type's; `Result`'s `.failure(.offline)`:
        // the case of the one declared enumeration that has it (a `let r: Result<Int, E>` says which).
        let bound = try arguments.enumerated().map { index, argument in
            if declaration.isSwiftsResult {
                return try bind(impliedCase(argument, of: nil, inferred: parts[1] == "failure"))
            }
            return try bind(impliedCase(argument, of: enumCase.associatedTypes[index]))
        }
        return .bound(BoundExpression { values in
            declaration.value(of: enumCase, associated: try bound.map { try $0.evaluate(values) })
        })
    }

    /// `LoadError.timeout(seconds: 3)`, read as the operator `timeout` of `LoadError` (a case named as an
    /// operator is): the case it makes; nil for any other pipeline.
    func caseMadeAsOperator(_ syntax: PipelineSyntax) -> Expression? {
        let source: Expression
        switch syntax.source {
        case .expression(let expression): source = expression
        case .name(let token): source = .name(token.display, token)
        default: return nil
        }
        guard syntax.operators.count == 1, let (root, token) = Interpreter.enumRoot(of: source),
            entries[root] == nil, let declaration = enums[root], let call = syntax.operators.first,
            call.trailingClosure == nil, declaration.case(named: call.name) != nil
        else { return nil }
        var arguments: [Expression] = []
        for argument in call.arguments {
            guard case .expression(let expression) = argument.content else { return nil }
            arguments.append(expression)
        }
        return try? enumCall(root + "." + call.name, arguments, at: token)
    }

    /// The enumeration's name an expression's text is (`LoadError`, `Subscribers.Demand`).
    private static func enumRoot(of source: Expression) -> (String, Token)? {
        switch source {
        case .name(let root, let token): return (root, token)
        case .member(.name("Subscribers", let token), "Demand"): return (EnumDeclaration.demandName, token)
        default: return nil
        }
    }

    /// `argument` as the case of the enumeration `typeName` it names when written bare (`.offline`, read
    /// as the text "offline"); with no type known and `inferred`, the case of the one declared
    /// enumeration that has it. Any other argument as it is.
    func impliedCase(_ argument: Expression, of typeName: String?, inferred: Bool = false) -> Expression {
        guard case .literal(.string(let name)) = argument else { return argument }
        if let typeName {
            let cases = ImpliedCases(ValueType(written: typeName), enums: enums)
            return cases.map { .literal($0.resolve(.string(name))) } ?? argument
        }
        guard inferred else { return argument }
        let owners = enums.values.filter { !$0.isBuiltIn && $0.case(named: name)?.associatedCount == 0 }
        guard owners.count == 1, let owner = owners.first, let found = owner.case(named: name) else { return argument }
        return .literal(owner.value(of: found))
    }

    /// An array literal's elements with each bare `.b` (read as the text "b") made the case of the
    /// enumeration another element is a case of: `[E.a, .b]` is an `[E]`, as Swift infers it.
    func impliedCases(among items: [Expression]) -> [Expression] {
        let owner = items.lazy.compactMap { item -> String? in
            guard case .literal(.record(let fields)) = item, case .instance(let name) = fields.kind,
                self.enums[name] != nil
            else { return nil }
            return name
        }.first
        guard let owner else { return items }
        return items.map { impliedCase($0, of: owner) }
    }

    /// `name` as the enumeration's name and, if it has one, the case after it: `Load.loaded` is
    /// `Load` and `loaded`, `Subscribers.Demand.max` is `Subscribers.Demand` and `max`.
    private func enumNameParts(_ name: String) -> [String] {
        if let dot = name.lastIndex(of: "."), enums[String(name[..<dot])] != nil {
            return [String(name[..<dot]), String(name[name.index(after: dot)...])]
        }
        return name.split(separator: ".").map(String.init)
    }

    private func noCase(_ name: String, in declaration: EnumDeclaration, at token: Token) -> SyntaxError {
        let names = declaration.cases.map(\.name.display)
        let hint = Suggestion.closest(to: name, in: names).map { "; did you mean `\($0)`?" }
            ?? "; it has \(names.map { "`\($0)`" }.joined(separator: ", "))"
        return SyntaxError("`\(declaration.name)` has no case `\(name)`\(hint)", at: token)
    }
}

extension Interpreter {
    /// A type (`class`, `struct`, `enum`) may be declared again, as in Swift's REPL: the new
    /// declaration serves from then on, and what was made with the old one keeps it. A name that
    /// holds a value, subject or pipeline is refused. `declare` registers the type (and may read it
    /// while it checks it); when it fails, the earlier declaration is kept.
    func declareType(_ name: Token, _ declare: () throws -> Void) throws {
        let key = name.display
        if let entry = entries[key] {
            throw SyntaxError("`\(key)` already names a \(entry.kindName); choose another name, or `drop \(key)` "
                + "first", at: name)
        }
        let (earlierClass, earlierEnum) = (classes.removeValue(forKey: key), enums.removeValue(forKey: key))
        forgetStaticValues(of: key)
        do {
            try declare()
        } catch {
            classes[key] = earlierClass
            enums[key] = earlierEnum
            throw error
        }
        if earlierClass != nil || earlierEnum != nil {
            info("\(key) is declared again: the new declaration serves from now on")
        }
    }

    /// `drop TYPE`: forgets a declared type; values made with it keep it. False when `name` is no type.
    func dropType(_ name: Token) -> Bool {
        let key = name.display
        guard classes.removeValue(forKey: key) != nil || enums.removeValue(forKey: key) != nil else { return false }
        forgetStaticValues(of: key)
        info("\(key) dropped: the type is no longer declared")
        return true
    }
}
