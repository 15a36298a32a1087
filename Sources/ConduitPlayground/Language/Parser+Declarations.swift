import SwiftSyntax

/// Declarations: the properties of `object` and `class` bodies, and `func` parameters, read as Swift
/// writes them (`@Published private(set) var songs: [Song] = []`); types are read and skipped, as
/// playground values carry their own.
extension Parser {
    /// The properties between `{` and `}`, separated by `;` or new lines (an `object`, which has no
    /// methods).
    mutating func propertyDeclarations(in what: String) throws -> [PropertyDeclaration] {
        let body = try typeBody(in: what, methodsMay: false)
        if let method = body.methods.first {
            throw SyntaxError(
                "\(what) holds properties here; a method such as `func \(method.name.display)` belongs to a `class`",
                at: method.name
            )
        }
        return body.properties
    }

    /// A class's properties and methods between `{` and `}`, separated by `;` or new lines.
    mutating func typeBody(in what: String, methodsMay: Bool = true) throws
        -> (properties: [PropertyDeclaration], methods: [MethodDeclaration])
    {
        let savedStruct = readingStruct
        readingStruct = what == "a struct"
        defer { readingStruct = savedStruct }
        let open = current
        try expectSymbol(
            "{", "the properties of \(what) go between `{` and `}`, such as `{ @Published var song = \"\" }`")
        let members = memberNames(ofBodyAt: open).union(knownMembers)
        var properties: [PropertyDeclaration] = []
        var methods: [MethodDeclaration] = []
        while !current.isSymbol("}") {
            if current.isSymbol(";") {
                advance()
                continue
            }
            guard current.kind != .end else {
                throw SyntaxError("expected `}` to close the body opened here", at: open)
            }
            if current.identifier == "deinit", peek(1).isSymbol("{"),
                let deinitialiser = try swiftTree().node(DeinitializerDeclSyntax.self, holdingTokenAt: current.offset)
            {
                // `deinit { ... }`: run when a variable holding the object lets go of it (`b = nil`); one whose
                // body is not read here is left out, as the playground keeps most objects for the session.
                if let method = try? deinitialiserBody(members: members) { methods.append(method) }
                skip(past: deinitialiser, in: try swiftTree())
                continue
            }
            if current.identifier == "typealias",
                let alias = try swiftTree().node(TypeAliasDeclSyntax.self, holdingTokenAt: current.offset)
            {
                // `typealias Input = Int` (a `Subscriber`'s): the playground's values carry their own types.
                skip(past: alias, in: try swiftTree())
                continue
            }
            if let initialiser = try initialiserDeclaration(members: members) {
                methods.append(initialiser)
            } else if let method = try methodDeclaration(members: members) {
                methods.append(method)
            } else {
                properties += try memberProperties(members: members, inObject: what == "an object")
            }
        }
        advance()
        methods = try MethodOverloads.named(methods, in: swiftTree())
        var seen = Set<String>()
        for name in properties.map(\.name) + methods.map(\.name) {
            guard seen.insert(name.display).inserted else {
                throw SyntaxError("`\(name.display)` is declared twice", at: name)
            }
        }
        return (properties, methods)
    }

    /// A member of an enum other than its cases, read as a struct's (`self` is the value): a method,
    /// or a computed property as the method that reads it (`var title: String { switch self { ... } }`).
    mutating func enumMember(members: Set<String>) throws -> MethodDeclaration {
        let saved = readingStruct
        readingStruct = true
        defer { readingStruct = saved }
        if let method = try methodDeclaration(members: members) { return method }
        let declared = try memberProperties(members: members, inObject: false)
        let property = declared[0]
        guard declared.count == 1, let getter = property.getterMethod, property.computed?.setter == nil else {
            throw SyntaxError(
                "an enum holds cases, methods and computed properties here (`var title: String { ... }`); "
                    + "`\(property.name.display)` is not run: compute it, or write a function outside the enum",
                at: property.name)
        }
        return getter
    }

    /// `func NAME(PARAMETERS) { BODY }`, after any modifiers; nil (reading nothing) if no `func` is next.
    private mutating func methodDeclaration(members: Set<String>) throws -> MethodDeclaration? {
        var ahead = 0
        while let word = peek(ahead).identifier, Parser.modifiers.contains(word) || word == "override"
            || word == "mutating" && readingStruct
        {
            ahead += 1
        }
        guard peek(ahead).identifier == "func" else { return nil }
        let mutates = (0..<ahead).contains { peek($0).identifier == "mutating" }
        let isStatic = (0..<ahead).contains { peek($0).identifier == "static" }
        for _ in 0...ahead { advance() }
        let name = current
        guard let word = name.identifier else {
            throw SyntaxError("`func` needs a name, such as `func deleteButtonTapped() { ... }`", at: name)
        }
        advance()
        let declared = try self.parameters(of: word)
        let parameters = declared.map(\.name)
        let defaults = declared.map(\.value)
        var returnType: ValueType?
        if current.isSymbol("-"), peek(1).isSymbol(">") {
            advance()
            advance()
            returnType = ValueType(written: try skipType())
        }
        guard current.isSymbol("{") else {
            throw SyntaxError(
                "`func \(word)` needs its body in braces, such as `func \(word)() { print(\"\(word)\") }`: "
                    + "the playground runs what a method does",
                at: current
            )
        }
        var scope = ["self": 0]
        for (index, parameter) in parameters.enumerated() { scope[parameter] = index + 1 }
        // A struct's method has its value as `self`: a `mutating` one sets it (a variable of the
        // body), any other only reads it.
        let body = try memberBody(
            parameters: scope, members: members, of: "func \(word)",
            self: readingStruct ? (mutates ? .variable : .immutable) : .object)
        var method = MethodDeclaration(name: name, parameters: parameters, body: body)
        method.isMutating = readingStruct && mutates
        method.isStatic = isStatic
        method.parameterTypes = declared.map { $0.type.map(ValueType.init(written:)) ?? .value }
        method.returnType = returnType
        method.defaults = defaults
        return method
    }

    /// `init(PARAMETERS) { BODY }`, after any modifiers; nil (reading nothing) if no `init` is next.
    /// Its parameters may have labels (`_ name`, `for name`) and defaults (`standups: [Standup] = []`).
    private mutating func initialiserDeclaration(members: Set<String>) throws -> MethodDeclaration? {
        var ahead = 0
        while let word = peek(ahead).identifier, Parser.modifiers.union(Parser.initModifiers).contains(word) {
            ahead += 1
        }
        guard peek(ahead).identifier == "init" else { return nil }
        for _ in 0..<ahead { advance() }
        let name = current
        advance()
        if current.isSymbol("?") || current.isSymbol("!") {
            throw SyntaxError(
                "a failable `init?` is not run here: write `init(...) { ... }`, which always makes the object",
                at: current)
        }
        try expectSymbol(
            "(", "write `init() { ... }` or `init(name: String) { self.name = name }`: its parameters go in `(` `)`")
        var parameters: [(label: String, name: String, value: Expression?, type: String)] = []
        parameters = try list(until: ")", what: "the parameters of `init`") { parser in
            guard let first = parser.current.identifier else {
                throw SyntaxError(
                    "expected a parameter such as `name: String` or `standups: [Standup] = []`", at: parser.current)
            }
            parser.advance()
            var parameter = first
            if let second = parser.current.identifier {
                // `_ name: String` or `for name: String`: a label, then the name.
                parameter = second
                parser.advance()
            }
            guard parameter != "_" else { throw SyntaxError("expected a parameter name after `_`", at: parser.current) }
            guard parser.current.isSymbol(":") else {
                throw SyntaxError(
                    "`\(parameter)` needs its type, as Swift's do: `\(parameter): String`", at: parser.current)
            }
            parser.advance()
            let type = try parser.skipType()
            var value: Expression?
            if parser.current.isSymbol("=") {
                parser.advance()
                value = try parser.valueExpression()
            }
            return (first, parameter, value, type)
        }
        if current.identifier == "throws" || current.identifier == "async" {
            throw SyntaxError("the playground's `init` neither throws nor waits: leave `\(current.display)` out",
                at: current)
        }
        guard current.isSymbol("{") else {
            throw SyntaxError(
                "`init` needs its body in braces, such as `init(name: String) { self.name = name }`", at: current)
        }
        var seen = Set<String>()
        for parameter in parameters where !seen.insert(parameter.name).inserted {
            throw SyntaxError("`init` has two parameters named `\(parameter.name)`", at: name)
        }
        var scope = ["self": 0]
        for (index, parameter) in parameters.enumerated() { scope[parameter.name] = index + 1 }
        let body = try memberBody(parameters: scope, members: members, of: "init")
        var declaration = MethodDeclaration(name: name, parameters: parameters.map(\.name), body: body)
        declaration.labels = parameters.map(\.label)
        declaration.defaults = parameters.map(\.value)
        declaration.parameterTypes = parameters.map { ValueType(written: $0.type) }
        return declaration
    }

    private static let initModifiers: Set<String> = ["convenience", "required", "override"]

    /// What `self` is in a method's body: an object, or a struct's value, which a `mutating` method
    /// may set and any other only reads.
    enum SelfKind {
        case object, variable, immutable
    }

    private static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "final", "weak", "static", "lazy", "nonisolated",
    ]

    /// The names the body whose `{` is `open` declares with `var`, `let` or `func`, as Swift's parser
    /// reads its members (and `objectWillChange`, which every observable object has): what its
    /// methods' and observers' bodies may name without `self.`.
    func memberNames(ofBodyAt open: Token) -> Set<String> {
        var names: Set<String> = ["objectWillChange"]
        guard let tree = treeCache.tree(text: text, tokens: tokens),
            let block = tree.node(MemberBlockSyntax.self, holdingTokenAt: open.offset)
        else { return names }
        for member in block.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    names.insert(name.identifier.text)
                }
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                names.insert(function.name.text)
            }
        }
        return names
    }

    /// A closure written as a value (`{}`, `{ print("deleted") }`, `{ [weak self] in ... }`), or
    /// `unimplemented("...")`, point-free's default that complains when it is called.
    mutating func closureValue(for property: String, declaredType: String? = nil) throws -> Closure {
        let start = current
        if current.identifier == "unimplemented", peek(1).isSymbol("(") {
            advance()
            advance()
            let message = try callArguments(of: "unimplemented").first ?? .literal(.string(property))
            let complaint = Expression.binary(.plus, .literal(.string("unimplemented: ")), .call("string", [message]))
            return Closure(body: .namedCall("print", [complaint], start), parameterCount: 0, token: start)
        }
        if current.identifier == "nil" {
            // `var onFinish: ((String) -> Void)? = nil`: no closure yet; `onFinish?(...)` does nothing.
            advance()
            let count = declaredType.map(Parser.parameterCount(ofFunctionType:)) ?? 0
            return Closure(body: .literal(.void), parameterCount: count, token: start)
        }
        guard current.isSymbol("{") else {
            throw SyntaxError(
                "`\(property)` holds a closure: write one in braces, such as `{ print(\"tapped\") }`, `{}` or `nil`",
                at: current)
        }
        if peek(1).isSymbol("}") {
            advance()
            advance()
            return Closure(body: .literal(.void), parameterCount: 0, token: start)
        }
        return try closure()
    }

    /// An observer's or a method's `{ ... }`: statements as a closure's, with `self` as `$0`, the
    /// value or the arguments after it, and the class's members by name.
    mutating func memberBody(
        parameters scope: [String: Int], members: Set<String>, of word: String, self kind: SelfKind = .object
    ) throws -> Expression {
        let open = current
        advance()
        let saved = (parameters, highestArgument, selfMembers, readingCondition, immutableSelf)
        let savedBody = enterBody()
        if kind == .variable, let slot = scope["self"] { variables.insert(slot) }
        immutableSelf = kind == .immutable
        enclosingParameters.append(parameters)
        parameters = scope
        highestArgument = -1
        selfMembers = members
        readingCondition = false
        defer {
            (parameters, highestArgument, selfMembers, readingCondition, immutableSelf) = saved
            enclosingParameters.removeLast()
            leaveBody(savedBody)
        }
        if current.isSymbol("}") {
            advance()
            return .literal(.void)
        }
        let body = try statementsBody(nextLocal: scope.count)
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the body of `\(word)` opened here", at: open)
        }
        if highestArgument >= 0 {
            let takesArguments = word.hasPrefix("func") || word == "init"
            let named = scope.filter { $0.key != "self" }.sorted { $0.value < $1.value }.map { "`\($0.key)`" }
            throw SyntaxError(
                "`\(word)` takes no `$0`: "
                    + (named.isEmpty ? "" : "its \(takesArguments ? "parameters are" : "value is") "
                        + "\(named.joined(separator: ", ")), and ")
                    + "the object is `self`",
                at: open
            )
        }
        advance()
        return body
    }
}

extension Parser {
    /// How many parameters the function type written as `type` takes (`((String, Int) -> Void)?`: 2),
    /// as Swift's parser reads it; 0 if it is no function type.
    static func parameterCount(ofFunctionType type: String) -> Int {
        guard let tree = StatementShape.parse("let f: \(type)") else { return 0 }
        let function = tree.tokens(viewMode: .sourceAccurate).lazy
            .compactMap { $0.parent?.as(FunctionTypeSyntax.self) }.first
        return function?.parameters.count ?? 0
    }

    /// The type the function type written as `type` returns (`() -> State`: `State`), as Swift's parser
    /// reads it, for a closure held by a name declared with it; nil if it is no function type.
    static func returnType(ofFunctionType type: String) -> String? {
        guard isFunctionType(type), let tree = StatementShape.parse("let f: \(type)") else { return nil }
        let function = tree.tokens(viewMode: .sourceAccurate).lazy
            .compactMap { $0.parent?.as(FunctionTypeSyntax.self) }.first
        return function?.returnClause.type.trimmedDescription
    }
}
