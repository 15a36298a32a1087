import SwiftSyntax

/// Declarations: the bodies of `object`, `class`, `struct` and `enum` declarations, and their methods;
/// their properties are lowered from Swift's tree (`PropertyLowering`). Types are read and skipped, as
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
            if current.identifier == "deinit",
                let deinitialiser = try swiftTree().node(DeinitializerDeclSyntax.self, holdingTokenAt: current.offset),
                let body = deinitialiser.body, body.leftBrace.presence == .present
            {
                let head = deinitialiser.children(viewMode: .all).filter { $0.id != body.id }
                if head.contains(where: \.hasError) || body.rightBrace.presence == .missing,
                    let error = try swiftTree().firstError(
                        in: deinitialiser, hint: "a deinitialiser reads `deinit { ... }`")
                {
                    // `deinit() { }`: swiftc's message, rather than the deinitialiser left out unread.
                    throw error
                }
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
        guard declared.count == 1, var getter = property.getterMethod, property.computed?.setter == nil else {
            throw SyntaxError(
                "an enum holds cases, methods and computed properties here (`var title: String { ... }`); "
                    + "`\(property.name.display)` is not run: compute it, or write a function outside the enum",
                at: property.name)
        }
        // `static var all: [Level] { [.low, .high] }`: the type's, read as `Level.all`.
        getter.isStatic = property.isStatic
        return getter
    }

    /// `func NAME(PARAMETERS) { BODY }`, after any modifiers, as Swift's parser reads it; nil (reading
    /// nothing) if no method is declared here.
    private mutating func methodDeclaration(members: Set<String>) throws -> MethodDeclaration? {
        guard let (tree, declaration) = try declarationStarting(FunctionDeclSyntax.self),
            declaration.attributes.isEmpty
        else { return nil }
        let modifiers = declaration.modifiers.map(\.name.text)
        let allowed = Parser.modifiers.union(["override"]).union(readingStruct ? ["mutating"] : [])
        guard modifiers.allSatisfy(allowed.contains) else { return nil }
        guard let word = declaration.name.identifier?.name else {
            throw SyntaxError(
                "`func` needs a name, such as `func deleteButtonTapped() { ... }`",
                at: tree.token(covering: declaration.name))
        }
        let name = tree.token(covering: declaration.name, kind: .identifier(word))
        try refuseGenerics(declaration.genericParameterClause, of: word, in: tree)
        let signature = try declaredSignature(
            declaration.signature, in: tree, of: word, usage: "a method reads `func \(word)(_ value: Int) { BODY }`")
        guard current.isSymbol("{") else {
            throw SyntaxError(
                "`func \(word)` needs its body in braces, such as `func \(word)() { print(\"\(word)\") }`: "
                    + "the playground runs what a method does",
                at: current
            )
        }
        let parameters = signature.names
        let mutates = modifiers.contains("mutating")
        var scope = ["self": 0]
        for (index, parameter) in parameters.enumerated() { scope[parameter] = index + 1 }
        // A struct's method has its value as `self`: a `mutating` one sets it (a variable of the
        // body), any other only reads it.
        let body = try memberBody(
            parameters: scope, members: members, of: "func \(word)",
            self: readingStruct ? (mutates ? .variable : .immutable) : .object)
        var method = MethodDeclaration(name: name, parameters: parameters, body: body)
        method.isMutating = readingStruct && mutates
        method.isStatic = modifiers.contains("static")
        method.parameterTypes = signature.parameters.map { $0.passedType.map(ValueType.init(written:)) ?? .value }
        method.returnType = signature.returnType.map(ValueType.init(written:))
        method.defaults = signature.parameters.map(\.defaultValue)
        method.variadicSlot = signature.variadicSlot
        return method
    }

    /// `init(PARAMETERS) { BODY }`, after any modifiers, as Swift's parser reads it; nil (reading nothing)
    /// if no initialiser is declared here. Its parameters may have labels (`_ name`, `for name`) and
    /// defaults (`standups: [Standup] = []`).
    private mutating func initialiserDeclaration(members: Set<String>) throws -> MethodDeclaration? {
        guard let (tree, declaration) = try declarationStarting(InitializerDeclSyntax.self),
            declaration.attributes.isEmpty,
            declaration.modifiers.allSatisfy({ Parser.modifiers.union(Parser.initModifiers).contains($0.name.text) })
        else { return nil }
        let name = tree.token(covering: declaration.initKeyword, kind: .identifier("init"))
        if let mark = declaration.optionalMark {
            throw SyntaxError(
                "a failable `init\(mark.text)` is not run here: write `init(...) { ... }`, which always makes "
                    + "the object",
                at: tree.token(covering: mark))
        }
        let usage = "write `init() { ... }` or `init(name: String) { self.name = name }`"
        try refuseGenerics(declaration.genericParameterClause, of: "init", in: tree)
        let signature = try declaredSignature(
            declaration.signature, in: tree, of: "init", usage: usage, typesRequired: true)
        try refuseVariadic(signature, of: "init")
        if let effects = declaration.signature.effectSpecifiers {
            throw SyntaxError(
                "the playground's `init` neither throws nor waits: leave `\(effects.trimmedDescription)` out",
                at: tree.token(covering: effects))
        }
        guard current.isSymbol("{") else {
            throw SyntaxError(
                "`init` needs its body in braces, such as `init(name: String) { self.name = name }`", at: current)
        }
        var scope = ["self": 0]
        for (index, parameter) in signature.names.enumerated() { scope[parameter] = index + 1 }
        let body = try memberBody(parameters: scope, members: members, of: "init")
        var initialiser = MethodDeclaration(name: name, parameters: signature.names, body: body)
        initialiser.labels = signature.parameters.map(\.label)
        initialiser.defaults = signature.parameters.map(\.defaultValue)
        initialiser.parameterTypes = signature.parameters.map { ValueType(written: $0.type ?? "") }
        return initialiser
    }

    /// Fails for a variadic parameter of an initialiser (`_ xs: Int...`), whose arguments the playground
    /// matches to its parameters by label and does not gather: it takes an array instead.
    private func refuseVariadic(_ signature: DeclaredSignature, of method: String) throws {
        guard let variadic = signature.parameters.first(where: \.isVariadic) else { return }
        let type = variadic.type ?? "Int"
        throw SyntaxError(
            "a variadic parameter of `\(method)` is not run here: take an array (`_ \(variadic.name): [\(type)]`) "
                + "and pass one (`[1, 2, 3]`)",
            at: variadic.token)
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
        functionType(written: type)?.parameters.count ?? 0
    }

    /// The type the function type written as `type` returns (`() -> State`: `State`), as Swift's parser
    /// reads it, for a closure held by a name declared with it; nil if it is no function type.
    static func returnType(ofFunctionType type: String) -> String? {
        functionType(written: type)?.returnClause.type.trimmedDescription
    }

    /// The function type Swift's parser reads in `type`, through optionals, parentheses and attributes
    /// (`(@escaping (Int) -> Void)?`); nil where it reads none, or anything else around it.
    private static func functionType(written type: String) -> FunctionTypeSyntax? {
        guard let tree = StatementShape.parse("let f: \(type)"), !tree.hasError,
            let variable = tree.statements.first?.item.as(VariableDeclSyntax.self),
            var written = variable.bindings.first?.typeAnnotation?.type
        else { return nil }
        while true {
            if let function = written.as(FunctionTypeSyntax.self) { return function }
            if let optional = written.as(OptionalTypeSyntax.self) {
                written = optional.wrappedType
            } else if let optional = written.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                written = optional.wrappedType
            } else if let attributed = written.as(AttributedTypeSyntax.self) {
                written = attributed.baseType
            } else if let tuple = written.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.firstName == nil
            {
                written = only.type
            } else {
                return nil
            }
        }
    }
}
