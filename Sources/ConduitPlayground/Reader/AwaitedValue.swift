import SwiftSyntax

/// A statement of a `Task` that awaits a publisher's value: `let n = await loadNumber().value`,
/// `var user = try await fetch(id: 1).value`. Read from Swift's syntax tree; the task runs it by
/// subscribing to the publisher and going on when the value arrives (`Interpreter+TaskBlocks`).
struct AwaitedValue {
    /// The name declared, where it is in the statement, and whether it is a `let`.
    let name: String
    let nameOffset: Int
    let isConstant: Bool
    /// The expression before `.value`, which makes the publisher (`loadNumber()`).
    let publisherText: String

    /// The awaited value `text` declares, or nil for any other statement.
    init?(_ text: String) {
        // Every statement of a task passes here: only a declaration that awaits is parsed.
        let utf8 = text.utf8
        guard utf8.starts(with: "let ".utf8) || utf8.starts(with: "var ".utf8), text.contains("await"),
            let tree = StatementShape.parse(text), !tree.hasError, tree.statements.count == 1,
            let declaration = tree.statements.first?.item.as(VariableDeclSyntax.self),
            declaration.bindings.count == 1, let binding = declaration.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), var value = binding.initializer?.value
        else { return nil }
        if let tried = value.as(TryExprSyntax.self) { value = tried.expression }
        guard let awaited = value.as(AwaitExprSyntax.self),
            let member = awaited.expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "value", member.declName.argumentNames == nil, let base = member.base
        else { return nil }
        name = pattern.identifier.text
        nameOffset = String(decoding: Array(utf8)[..<pattern.positionAfterSkippingLeadingTrivia.utf8Offset],
            as: UTF8.self).count
        isConstant = declaration.bindingSpecifier.tokenKind == .keyword(.let)
        publisherText = base.trimmedDescription
    }
}
