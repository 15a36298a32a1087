import SwiftSyntax

/// `Task { ... }` written as a statement (`Task { @MainActor in ... }` too): the statements of its
/// body, which the session runs in order as its own, so that `for await v in subject.values { ... }`
/// inside it runs as it does at the top level. The playground's clock and main queue stand for
/// Swift's executors: the body starts at once, where Swift would start it a moment later.
struct TaskBlock {
    /// The body's text, its first line padded with blanks so that every column is the statement's.
    let body: String
    /// How many lines after the statement's first line the body starts.
    let firstLine: Int

    /// The body of `text` if the whole statement is `Task { ... }`; nil for anything else.
    init?(_ text: String) {
        // Every statement passes here: only one that starts with `Task` is parsed (its first byte is
        // looked at before the generic comparison of four).
        guard text.utf8.first == UInt8(ascii: "T"), text.utf8.starts(with: "Task".utf8),
            let tree = StatementShape.parse(text), !tree.hasError,
            tree.statements.count == 1, let call = tree.statements.first?.item.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task",
            call.arguments.isEmpty, call.leftParen == nil, call.additionalTrailingClosures.isEmpty,
            let closure = call.trailingClosure
        else { return nil }
        let utf8 = Array(text.utf8)
        guard let first = closure.statements.first else {
            body = ""
            firstLine = 0
            return
        }
        let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = closure.statements.last!.endPositionBeforeTrailingTrivia.utf8Offset
        let before = utf8[..<start]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: utf8[lineStart..<start], as: UTF8.self).count
        body = String(repeating: " ", count: column) + String(decoding: utf8[start..<end], as: UTF8.self)
        firstLine = before.filter { $0 == UInt8(ascii: "\n") }.count
    }
}
