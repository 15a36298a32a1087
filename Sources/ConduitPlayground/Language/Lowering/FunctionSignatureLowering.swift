import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax

/// One parameter of a function or initialiser as Swift's parser reads it (`for term: String = ""`,
/// `_ values: Int...`, `_ n: inout Int`, `completion: @escaping (String) -> Void`).
struct DeclaredParameter {
    /// The label a call writes (`for`; `_` where calls write none; the name where only one is written).
    let label: String
    /// The name the body uses.
    let name: String
    /// The type written, without `inout` and attributes (`[Int]`, `(String) -> Void`); nil where none
    /// is, as in the playground's `func twice(x) = x * 2`.
    let type: String?
    /// `inout`: the body's last value of it goes back to the caller's `&variable`.
    let isInout: Bool
    /// `Int...`: the arguments from here on, as an array.
    let isVariadic: Bool
    /// The value a call that leaves the argument out gives it (`= 1`).
    let defaultValue: Expression?
    /// The name as written, for messages.
    let token: Token

    /// The type of the value the body has for it: the type written, or for a variadic parameter an
    /// array of it (`[Int]` of `Int...`).
    var passedType: String? { type.map { isVariadic ? "[\($0)]" : $0 } }
}

/// A function's or initialiser's signature as Swift's parser reads it: its parameters, its effects
/// and the type it returns. The playground runs any function as one that may throw and does not wait.
struct DeclaredSignature {
    let parameters: [DeclaredParameter]
    /// `async` is written.
    let isAsync: Bool
    /// `throws`, `rethrows` or `throws(E)` as written; nil for neither.
    let throwsClause: String?
    /// The type after `->`, as written.
    let returnType: String?

    /// The parameters' names, in order.
    var names: [String] { parameters.map(\.name) }
    /// The position of the variadic parameter, if there is one.
    var variadicSlot: Int? { parameters.firstIndex(where: \.isVariadic) }
}

extension Parser {
    /// The declaration Swift's parser reads for the top-level `func` whose keyword is `keyword` and whose
    /// name is `name`, the parser being just after the name. The playground's dotted name (`func
    /// service.search(term)`) is not Swift's: the tree is then of the text with the name's dots and
    /// what follows them blanked, so that Swift reads `func s(term)` at the same offsets.
    func functionDeclaration(
        at keyword: Token, named name: Token
    ) throws -> (tree: SwiftTree, declaration: FunctionDeclSyntax) {
        let declaration = { (token: TokenSyntax) -> FunctionDeclSyntax? in
            guard let found = token.parent?.as(FunctionDeclSyntax.self), found.funcKeyword.id == token.id else {
                return nil
            }
            return found
        }
        var found: (tree: SwiftTree, declaration: FunctionDeclSyntax)?
        if name.display.contains(".") {
            var blanked = characters
            for index in name.offset + 1..<min(current.offset, blanked.count) where !blanked[index].isNewline {
                blanked[index] = " "
            }
            guard let tree = SwiftTree(text: String(blanked), tokens: tokens) else {
                throw SyntaxError(Parser.unreadableStatement, at: keyword)
            }
            found = tree.token(at: keyword.offset).flatMap(declaration).map { (tree, $0) }
        } else {
            found = try swiftNode(at: keyword, declaration).map { ($0.tree, $0.node) }
        }
        guard let found else {
            throw SyntaxError(
                "Swift reads no function declaration here: write `func \(name.display)(PARAMETER) = VALUE`",
                at: keyword)
        }
        return found
    }

    /// The declaration of kind `T` that starts at the current token (its attributes and modifiers
    /// included) in Swift's tree of the statement (a member of a type's body); nil (moving nothing)
    /// where Swift reads none there.
    func declarationStarting<T: SyntaxProtocol>(_ type: T.Type) throws -> (tree: SwiftTree, declaration: T)? {
        let tree = try swiftTree()
        guard let found = tree.node(T.self, holdingTokenAt: current.offset),
            tree.offset(of: found.positionAfterSkippingLeadingTrivia) == current.offset
        else { return nil }
        return (tree, found)
    }

    /// Reads the signature Swift's parser reads for a function (`(_ xs: [Int], by step: Int = 1) throws
    /// -> Int`), moving past it: each parameter's label, name and type from Swift's tree, its default
    /// value read where Swift puts it. Where Swift finds the signature wrong, fails with swiftc's words
    /// and `usage`. A parameter without a type (`func twice(x) = x * 2`) is the playground's, unless
    /// `typesRequired`.
    mutating func declaredSignature(
        _ signature: FunctionSignatureSyntax, in tree: SwiftTree, of function: String, usage: String,
        typesRequired: Bool = false
    ) throws -> DeclaredSignature {
        if let error = tree.signatureError(in: signature, untypedAllowed: !typesRequired, hint: usage) { throw error }
        var parameters: [DeclaredParameter] = []
        for parameter in signature.parameterClause.parameters {
            parameters.append(try declaredParameter(parameter, in: tree, of: function))
        }
        var seen = Set<String>()
        for parameter in parameters where !seen.insert(parameter.name).inserted {
            throw SyntaxError("`\(function)` has two parameters named `\(parameter.name)`", at: parameter.token)
        }
        let effects = signature.effectSpecifiers
        moveToToken(atOrAfter: tree.offset(of: signature.endPositionBeforeTrailingTrivia))
        return DeclaredSignature(
            parameters: parameters, isAsync: effects?.asyncSpecifier != nil,
            throwsClause: effects?.throwsClause?.trimmedDescription,
            returnType: signature.returnClause?.type.trimmedDescription)
    }

    /// One parameter of a signature: its names and type from Swift's tree, its default value read at
    /// the offset Swift's parser gives it.
    private mutating func declaredParameter(
        _ parameter: FunctionParameterSyntax, in tree: SwiftTree, of function: String
    ) throws -> DeclaredParameter {
        let nameToken = parameter.secondName ?? parameter.firstName
        let token = tree.token(covering: nameToken)
        guard nameToken.tokenKind != .wildcard else {
            throw SyntaxError(
                "expected a parameter name: the body of `\(function)` reads each parameter by its name, "
                    + "such as `_ value: Int`",
                at: token)
        }
        var type: String?
        var isInout = false
        if parameter.colon.presence == .present, !parameter.type.is(MissingTypeSyntax.self) {
            var written = parameter.type
            if let attributed = written.as(AttributedTypeSyntax.self) {
                // `inout Int`, `@escaping (String) -> Void`: how the argument is passed, then its type.
                isInout = attributed.specifiers.contains { $0.trimmedDescription == "inout" }
                written = attributed.baseType
            }
            type = written.trimmedDescription
        }
        var value: Expression?
        if let initializer = parameter.defaultValue {
            // `by amount: Int = 1`: the value a call that leaves the argument out gives it.
            value = try read(initializer.value, in: tree, as: "the default value of `\(nameToken.text)`") {
                try $0.valueExpression()
            }
        }
        return DeclaredParameter(
            label: parameter.firstName.text, name: nameToken.text, type: type, isInout: isInout,
            isVariadic: parameter.ellipsis?.presence == .present, defaultValue: value, token: token)
    }

    /// Fails where a generic parameter clause (`<T>`) is written: the playground's values carry their
    /// own types, so `function` is written without it.
    func refuseGenerics(_ clause: GenericParameterClauseSyntax?, of function: String, in tree: SwiftTree) throws {
        guard let clause else { return }
        throw SyntaxError(
            "a generic function is not run here: the playground's values carry their own types, so write "
                + "`func \(function)` without `\(clause.trimmedDescription)` and its parameters' types "
                + "(`func \(function)(_ xs)`)",
            at: tree.token(covering: clause))
    }
}

extension SwiftTree {
    /// Swift's first error inside `signature`, in swiftc's words with its fix-it and followed by
    /// `hint`; a parameter written without a type is no error where `untypedAllowed`.
    func signatureError(in signature: FunctionSignatureSyntax, untypedAllowed: Bool, hint: String) -> SyntaxError? {
        guard signature.hasError else { return nil }
        let found = ParseDiagnosticsGenerator.diagnostics(for: tree).first { diagnostic in
            diagnostic.diagMessage.severity == .error && SwiftTree.lies(diagnostic.node, in: signature)
                && !(untypedAllowed && SwiftTree.isUntypedParameter(diagnostic))
        }
        guard let found else { return nil }
        var message = found.message
        if let fixIt = found.fixIts.first?.message.message { message += " (fix-it: \(fixIt))" }
        return SyntaxError(message + "; " + hint, offset: offset(of: found.position), length: 1)
    }

    /// Whether `node` is `container` or lies inside it.
    private static func lies(_ node: Syntax, in container: some SyntaxProtocol) -> Bool {
        var current: Syntax? = node
        while let node = current {
            if node.id == container.id { return true }
            current = node.parent
        }
        return false
    }

    /// Whether `diagnostic` says only that a parameter has no `: TYPE` (`func twice(x) = x * 2`).
    private static func isUntypedParameter(_ diagnostic: Diagnostic) -> Bool {
        var current: Syntax? = diagnostic.node
        while let node = current {
            if let parameter = node.as(FunctionParameterSyntax.self) {
                let untyped = parameter.colon.presence == .missing && parameter.type.is(MissingTypeSyntax.self)
                return untyped
                    && (diagnostic.node.id == parameter.colon.id || diagnostic.position == parameter.colon.position
                        || lies(diagnostic.node, in: parameter.type))
            }
            current = node.parent
        }
        return false
    }
}
