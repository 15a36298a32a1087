import SwiftSyntax

/// The patterns of `case` (in a `switch`, `if case`, `guard case` and `while case`), lowered from
/// Swift's tree: what a pattern is (a name bound, `_`, a tuple, an optional's `?`, an enumeration's
/// case and the values it names, a completion, a one-sided range, `is TYPE`, `as TYPE`, or a value
/// compared with `~=`) is Swift's parser's reading. The values inside are read where Swift puts them.
extension Parser {
    /// The pattern Swift's parser reads as `pattern`, moved past.
    mutating func lowered(_ pattern: PatternSyntax, in tree: SwiftTree) throws -> CasePattern {
        let lowering = PatternLowering(tree: tree)
        let lowered = try lowering.lower(pattern, binds: false, with: &self)
        moveToToken(atOrAfter: tree.offset(of: pattern.endPositionBeforeTrailingTrivia))
        return lowered
    }
}

/// One lowering of a pattern of Swift's tree into the playground's `CasePattern`.
private struct PatternLowering {
    let tree: SwiftTree

    /// `pattern` as a `CasePattern`; `binds` inside `let` or `var`, where a name binds a value.
    func lower(_ pattern: PatternSyntax, binds: Bool, with parser: inout Parser) throws -> CasePattern {
        try parser.enter()
        defer { parser.depth -= 1 }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return try lower(binding.pattern, binds: true, with: &parser)
        }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return CasePattern(kind: .any, name: PatternLowering.name(identifier.identifier))
        }
        if pattern.is(WildcardPatternSyntax.self) { return CasePattern(kind: .any, name: nil) }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            let elements = try tuple.elements.map { try lower($0.pattern, binds: binds, with: &parser) }
            return elements.count == 1 ? elements[0] : CasePattern(kind: .tuple(elements), name: nil)
        }
        if let check = pattern.as(IsTypePatternSyntax.self) {
            return CasePattern(kind: .isType(check.type.trimmedDescription), name: nil)
        }
        if let expression = pattern.as(ExpressionPatternSyntax.self) {
            return try lower(expression.expression, binds: binds, with: &parser)
        }
        throw unread(pattern)
    }

    /// The expression of a pattern (`.loaded(let n)`, `(0, _)`, `let x?`, `..<0`, `1...9`, a value).
    private func lower(_ expression: ExprSyntax, binds: Bool, with parser: inout Parser) throws -> CasePattern {
        try parser.enter()
        defer { parser.depth -= 1 }
        if let inner = expression.as(PatternExprSyntax.self) {
            return try lower(inner.pattern, binds: binds, with: &parser)
        }
        if expression.is(DiscardAssignmentExprSyntax.self) { return CasePattern(kind: .any, name: nil) }
        if let tuple = expression.as(TupleExprSyntax.self), PatternLowering.isPattern(tuple) {
            let elements = try tuple.elements.map { try lower($0.expression, binds: binds, with: &parser) }
            return elements.count == 1 ? elements[0] : CasePattern(kind: .tuple(elements), name: nil)
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self) {
            return CasePattern(kind: .optionalSome(try lower(optional.expression, binds: binds, with: &parser)),
                name: nil)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = PatternLowering.name(member.declName.baseName)
            let kind: CasePattern.Kind = name == "finished" || name == "failure" ? .completion(name) : .caseName(name)
            return CasePattern(kind: kind, name: nil)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let type = PatternLowering.enumType(member.base) {
            // `APIError.unknown`: that case of that type, whatever values it carries.
            let name = PatternLowering.name(member.declName.baseName)
            return CasePattern(kind: .caseValues(type: type, name, []), name: nil)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.is(DeclReferenceExprSyntax.self) == true
        {
            return try enumCase(
                PatternLowering.name(member.declName.baseName), of: member.base?.trimmedDescription, call: call,
                binds: binds, with: &parser)
        }
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            // `let e as APIError`: the value as one of that type.
            return CasePattern(kind: .cast(try lower(cast.expression, binds: binds, with: &parser),
                cast.type.trimmedDescription), name: nil)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), ["..<", "..."].contains(prefix.operator.text) {
            let bound = try value(prefix.expression, with: &parser)
            return CasePattern(kind: .oneSided(prefix.operator.text == "..<" ? .less : .lessOrEqual, bound), name: nil)
        }
        if let postfix = expression.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            return CasePattern(kind: .oneSided(.greaterOrEqual, try value(postfix.expression, with: &parser)),
                name: nil)
        }
        guard !PatternLowering.bindsInside(expression) else { throw unread(expression) }
        return CasePattern(kind: .equal(try value(expression, with: &parser)), name: nil)
    }

    /// `.NAME(...)`: `.some(PATTERN)` of an optional, `.failure(let error)` of a completion or a
    /// result (`as TYPE` matching a failure of that type only), or an enumeration's case whose values
    /// match patterns by position (a label only says which position).
    private func enumCase(
        _ name: String, of type: String?, call: FunctionCallExprSyntax, binds: Bool, with parser: inout Parser
    ) throws -> CasePattern {
        let arguments = Array(call.arguments)
        if name == "some", arguments.count == 1, type == nil || type == "Optional" {
            return CasePattern(kind: .optionalSome(try lower(arguments[0].expression, binds: binds, with: &parser)),
                name: nil)
        }
        if name == "failure", arguments.count == 1, type == nil {
            var argument = arguments[0].expression
            var binding = binds
            if let pattern = argument.as(PatternExprSyntax.self)?.pattern.as(ValueBindingPatternSyntax.self),
                let inner = pattern.pattern.as(ExpressionPatternSyntax.self)
            {
                (argument, binding) = (inner.expression, true)
            }
            if let cast = argument.as(AsExprSyntax.self) {
                // `.failure(let error as ParseError)`: a failure of that type only, bound as one.
                let bound = try boundName(cast.expression, binds: binding, usage: "`.failure(let error as TYPE)`")
                return CasePattern(kind: .completion(name), name: bound, cast: cast.type.trimmedDescription)
            }
            let bound = try boundName(arguments[0].expression, binds: binds, usage: "`.failure(let error)` or "
                + "`.failure(_)`")
            return CasePattern(kind: .completion(name), name: bound)
        }
        let values = try arguments.map { try lower($0.expression, binds: binds, with: &parser) }
        return CasePattern(kind: .caseValues(type: type, name, values), name: nil)
    }

    /// The name a failure's error is bound to (`let error`, or `error` inside `let .failure(error)`), or
    /// nil for `_`; fails for any other pattern there, which the playground does not match.
    private func boundName(_ expression: ExprSyntax, binds: Bool, usage: String) throws -> String? {
        if expression.is(DiscardAssignmentExprSyntax.self) { return nil }
        var pattern = expression.as(PatternExprSyntax.self)?.pattern
        var binding = binds
        if let value = pattern?.as(ValueBindingPatternSyntax.self) { (pattern, binding) = (value.pattern, true) }
        if pattern?.is(WildcardPatternSyntax.self) == true { return nil }
        guard binding, let identifier = pattern?.as(IdentifierPatternSyntax.self) else {
            throw SyntaxError(
                "the playground names a failure's error here, and does not match it with another pattern: write "
                    + usage + ", and test the error in the case's body",
                at: tree.token(covering: expression))
        }
        return PatternLowering.name(identifier.identifier)
    }

    /// A value of a pattern, read by the parser's own reading where Swift puts it.
    private func value(_ expression: ExprSyntax, with parser: inout Parser) throws -> Expression {
        try parser.read(expression, in: tree, as: "a value") { try $0.condition() }
    }

    /// What a pattern of this kind is not read as, in the playground's words.
    private func unread(_ node: some SyntaxProtocol) -> SyntaxError {
        SyntaxError(
            "the playground does not read this pattern: it reads `let x`, `_`, `(0, let y)`, `let x?`, "
                + "`.some(let x)`, `.failure(let error)`, `.loaded(let n)`, `..<0`, `10...`, `is Int`, "
                + "`let e as APIError` and values such as `1...9` or `\"a\"`",
            at: tree.token(covering: node))
    }

    /// Whether a tuple is a pattern rather than a value in brackets (`case (1 + 2):`): it has more than
    /// one element, or a label, or its one element binds a name or is `_`.
    private static func isPattern(_ tuple: TupleExprSyntax) -> Bool {
        guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return true }
        return only.expression.is(DiscardAssignmentExprSyntax.self) || bindsInside(only.expression)
    }

    /// Whether a pattern's expression names a value anywhere inside (`let x`, or `x` after `let`).
    private static func bindsInside(_ expression: ExprSyntax) -> Bool {
        bindsInside(Syntax(expression))
    }

    private static func bindsInside(_ node: Syntax) -> Bool {
        node.is(PatternExprSyntax.self) || node.children(viewMode: .sourceAccurate).contains(where: bindsInside)
    }

    /// The type a member pattern names (`APIError` of `APIError.unknown`), read as an enumeration's;
    /// nil for no type, or one of Swift's value types, whose members are values (`Int.max`).
    private static func enumType(_ base: ExprSyntax?) -> String? {
        guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true,
            !valueTypes.contains(name)
        else { return nil }
        return name
    }

    private static let valueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "String", "Character", "Bool", "Date", "TimeInterval", "CGFloat", "Decimal",
    ]

    /// A name as written, without the backticks that let a keyword be one.
    private static func name(_ token: TokenSyntax) -> String {
        token.text.trimmingCharacters(in: ["`"])
    }
}
