import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// What a closure's signature (`[weak self] (name: String, age: Int) async throws -> Bool in`) says
/// to the playground, lowered from Swift's syntax tree: the names of its parameters, and the types
/// written for them and for its result, which a closure given a name converts what it is given and
/// gives to (`{ (v: Double) in v / 2 }` called with 5 halves 5.0). Captures, attributes and effects
/// are Swift's business: a closure reads the names around it as they are when it runs.
///
/// Only the signature is given to Swift's parser, as `{ SIGNATURE in }`: it is short whatever the
/// body, and the body may hold the playground's own notations (`300ms`), which are not Swift.
struct ClosureSignature {
    /// The parameters' names in order; `_` for one the closure does not name.
    let parameterNames: [String]
    /// The type written for each parameter (`(v: Double)`), nil where none is.
    let parameterTypes: [String?]
    /// The type written for its result (`-> Double`), if one is.
    let returnType: String?

    /// The signature of the closure whose `{` is `tokens[open]` and whose first `in` outside brackets
    /// is `tokens[inIndex]`, in the statement `text`; nil when Swift reads no signature there (the
    /// `in` belongs to a `for` loop of the body: `{ for x in xs { ... } }`).
    init?(tokens: [Token], open: Int, inIndex: Int, text: [Character]) throws {
        let start = tokens[open].offset
        let end = tokens[inIndex].offset + tokens[inIndex].length
        // The signature's characters, with what lies between tokens (a playground comment) blanked.
        var kept = [Character](repeating: " ", count: end - start)
        for token in tokens[open...inIndex] {
            for index in token.offset..<min(token.offset + token.length, end) where index < text.count {
                kept[index - start] = text[index]
            }
        }
        for index in start..<min(end, text.count) where text[index].isNewline { kept[index - start] = text[index] }
        let prefix = "_ = "
        let source = prefix + String(kept) + " }"
        guard let tree = StatementShape.parse(source) else {
            throw SyntaxError("this closure's parameter list is too long to read", at: tokens[open])
        }
        guard let closure = tree.tokens(viewMode: .sourceAccurate).first(where: { $0.tokenKind == .leftBrace })?
            .parent?.as(ClosureExprSyntax.self), let signature = closure.signature
        else { return nil }
        if signature.hasError {
            let error = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
                $0.diagMessage.severity == .error && $0.position >= signature.position
                    && $0.position <= signature.endPosition
            }
            var message = error?.message ?? "this closure's parameter list is not Swift"
            if let fixIt = error?.fixIts.first?.message.message { message += " (fix-it: \(fixIt))" }
            let byte = (error?.position.utf8Offset ?? prefix.utf8.count) - prefix.utf8.count
            let offset = start + String(decoding: Array(String(kept).utf8).prefix(max(0, byte)), as: UTF8.self).count
            throw SyntaxError(
                message + "; a closure names its parameters before `in`: `{ name, age in ... }` or "
                    + "`{ (name: String, age: Int) -> Bool in ... }`",
                offset: min(offset, end - 1), length: 1)
        }
        if let capture = signature.capture?.items.first(where: { $0.initializer != nil }) {
            let offset = start + capture.positionAfterSkippingLeadingTrivia.utf8Offset - prefix.utf8.count
            throw SyntaxError(
                "a capture with a value (`[\(capture.trimmedDescription)]`) is not read here: use the name it "
                    + "copies inside the closure, or `[weak self]`, which is accepted",
                offset: offset, length: capture.trimmedLength.utf8Length)
        }
        switch signature.parameterClause {
        case .simpleInput(let names)?:
            parameterNames = names.map(\.name.text)
            parameterTypes = names.map { _ in nil }
        case .parameterClause(let clause)?:
            parameterNames = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            parameterTypes = clause.parameters.map { $0.type?.trimmedDescription }
        case nil:
            parameterNames = []
            parameterTypes = []
        }
        returnType = signature.returnClause?.type.trimmedDescription
    }
}

extension Parser {
    /// Reads the signature of the closure whose `{` was just read, if it has one, up to and with its
    /// `in`; the names of its parameters, or nil when the body starts at once (`{ $0 * 2 }`).
    mutating func closureSignature() throws -> [String]? {
        try closureSignatureRead()?.parameterNames
    }

    /// Reads the signature of the closure whose `{` was just read, if it has one, up to and with its
    /// `in`: its parameters' names and the types written; nil when the body starts at once (`{ $0 * 2 }`).
    mutating func readClosureSignature() throws -> ClosureSignature? {
        try closureSignatureRead()
    }

    /// Reads the signature of the closure whose `{` was just read, if it has one, up to and with its
    /// `in`; nil when the body starts at once (`{ $0 * 2 }`).
    private mutating func closureSignatureRead() throws -> ClosureSignature? {
        guard let inIndex = try signatureEnd() else { return nil }
        guard let signature = try ClosureSignature(tokens: tokens, open: position - 1, inIndex: inIndex,
            text: characters)
        else { return nil }
        position = inIndex + 1
        return signature
    }

    /// The names of the parameters of the closure that starts at the current token, read ahead
    /// without moving; nil if its signature names none.
    func parameterNamesOfClosure() throws -> [String]? {
        try signatureOfClosure()?.parameterNames
    }

    /// The signature of the closure that starts at the current token, read ahead without moving; nil
    /// if it has none.
    func signatureOfClosure() throws -> ClosureSignature? {
        var ahead = self
        ahead.advance()
        return try ahead.closureSignatureRead()
    }

    /// The index of the `in` that ends the signature of the closure being read (whose `{` is the token
    /// before the current one), as Swift's tree has it (`ClosureExprSyntax.signature`); nil if Swift reads
    /// no signature there (`{ $0 * 2 }`, the playground's record `{name: "ace"}`, `{ for x in xs { } }`).
    private func signatureEnd() throws -> Int? {
        // A closure with no `in` after its `{` has no signature: no tree is parsed for it (`s.map { $0 }`).
        guard position > 0, tokens[position...].contains(where: { $0.identifier == "in" }) else { return nil }
        let open = tokens[position - 1]
        guard let found = try swiftNode(at: open, { $0.parent?.as(ClosureExprSyntax.self) }),
            let keyword = found.node.signature?.inKeyword, keyword.presence == .present
        else { return nil }
        let offset = found.tree.offset(of: keyword.positionAfterSkippingLeadingTrivia)
        return tokens[position...].firstIndex { $0.offset == offset && $0.identifier == "in" }
    }
}
