import SwiftSyntax

/// `enum NAME[: RAW, PROTOCOLS] { case a, b = "x"; case loaded(Int) }`, lowered from Swift's own
/// tree of it: its cases, their raw values (given, or Swift's implicit ones: the name for `String`,
/// counting from 0 for `Int`) and the types of the values each carries.
extension Parser {
    /// Reads the enumeration whose name is the current token, and moves past it.
    mutating func enumDeclaration() throws -> EnumDeclaration {
        let nameToken = current
        let tree = try swiftTree()
        guard let declaration = tree.declaration(EnumDeclSyntax.self, named: nameToken) else {
            _ = try newName(after: "enum")
            throw SyntaxError(
                "an enum's cases go in braces: `enum \(nameToken.display) { case up, down }`", at: current)
        }
        let name = try newName(after: "enum")
        if let error = tree.firstError(in: declaration, hint: "an enum is written `enum Direction { case up, down }`") {
            throw error
        }
        if let generics = declaration.genericParameterClause {
            throw SyntaxError("the playground's enums are not generic: write `enum \(name.display) { ... }`",
                at: tree.token(covering: generics))
        }
        let rawType = declaration.inheritanceClause?.inheritedTypes
            .map(\.type.trimmedDescription)
            .first { ["String", "Int", "Character", "Double"].contains($0) }
        var cases: [EnumDeclaration.Case] = []
        var methods: [MethodDeclaration] = []
        var nextInteger = 0
        let members = memberNames(ofBodyAt: tree.token(covering: declaration.memberBlock.leftBrace))
        let (savedType, savedCases) = (enclosingTypeName, enclosingEnumCases)
        defer { (enclosingTypeName, enclosingEnumCases) = (savedType, savedCases) }
        enclosingTypeName = name.display
        enclosingEnumCases = Set(declaration.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
            .flatMap { $0.elements.map(\.name.text) })
        for member in declaration.memberBlock.members {
            if member.decl.is(FunctionDeclSyntax.self) || member.decl.is(VariableDeclSyntax.self) {
                // `var title: String { switch self { ... } }`, `func next() -> Light`: read as a struct's.
                methods.append(try enumMember(member.decl, in: tree, members: members))
                continue
            }
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else {
                throw SyntaxError(
                    "the playground's enum holds cases (`case up, down`, `case loaded(Int)`), methods and computed "
                        + "properties; `\(member.decl.firstToken(viewMode: .sourceAccurate)?.text ?? "")` is not run "
                        + "here: write a function outside it",
                    at: tree.token(covering: member.decl))
            }
            for element in caseDeclaration.elements {
                let caseName = tree.token(covering: element.name, kind: .identifier(element.name.text))
                let word = element.name.text
                let parameters = element.parameterClause.map { Array($0.parameters) } ?? []
                let associated = parameters.map(\.type.trimmedDescription)
                let labels = parameters.map { $0.firstName.map { $0.text == "_" ? "" : $0.text } ?? "" }
                if element.parameterClause != nil, rawType != nil {
                    throw SyntaxError("an enum with raw values cannot carry values: `\(word)` has both", at: caseName)
                }
                var raw: Value?
                if let written = element.rawValue?.value {
                    guard rawType != nil else {
                        throw SyntaxError(
                            "`\(word) = ...` gives a raw value, which needs the enum's raw type: "
                                + "`enum \(name.display): String { ... }`",
                            at: caseName)
                    }
                    guard let value = Parser.literal(written) else {
                        throw SyntaxError(
                            "a raw value is a literal, such as `\"♥\"` or `1`", at: tree.token(covering: written))
                    }
                    raw = value
                } else if rawType == "Int" {
                    raw = .int(nextInteger)
                } else if rawType != nil {
                    raw = .string(word)
                }
                if case .int(let number)? = raw { nextInteger = number + 1 }
                guard !cases.contains(where: { $0.name.display == word }) else {
                    throw SyntaxError("`\(word)` is declared twice", at: caseName)
                }
                cases.append(
                    .init(name: caseName, rawValue: raw, associatedTypes: associated, associatedLabels: labels))
            }
        }
        skip(past: declaration, in: tree)
        guard !cases.isEmpty else {
            throw SyntaxError("this enum has no cases: write them as `case up, down`",
                at: tree.token(covering: declaration.memberBlock.leftBrace))
        }
        var enumeration = EnumDeclaration(name: name.display, cases: cases, hasRawValues: rawType != nil)
        enumeration.methods = methods
        return enumeration
    }

    /// The method or computed property `member` declares, read by the playground's parser from its
    /// first token to its last.
    private mutating func enumMember(_ member: DeclSyntax, in tree: SwiftTree, members: Set<String>) throws
        -> MethodDeclaration
    {
        let start = tree.offset(of: member.positionAfterSkippingLeadingTrivia)
        let end = tree.offset(of: member.endPositionBeforeTrailingTrivia)
        position = tokens.firstIndex { $0.offset >= start } ?? tokens.count - 1
        let method = try enumMember(members: members)
        if current.kind != .end, current.offset < end {
            throw SyntaxError("unexpected `\(current.display)` in this member of the enum", at: current)
        }
        return method
    }

    /// The value of a literal as Swift reads it (`1`, `-2`, `0.5`, `"♥"`, `true`), or nil for
    /// anything else.
    static func literal(_ expression: ExprSyntax) -> Value? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return integer.representedLiteralValue.map(Value.int)
        }
        if let decimal = expression.as(FloatLiteralExprSyntax.self) {
            return decimal.representedLiteralValue.map(Value.double)
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.representedLiteralValue.map(Value.string)
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(boolean.literal.tokenKind == .keyword(.true))
        }
        if let negated = expression.as(PrefixOperatorExprSyntax.self), negated.operator.text == "-" {
            switch literal(negated.expression) {
            case .int(let value)?: return .int(-value)
            case .double(let value)?: return .double(-value)
            default: return nil
            }
        }
        return nil
    }
}
