import Foundation
import SwiftSyntax

/// Swift's optional spelled with its generic type: `Optional<Int>.none`, `Optional<Int>.some(1)`
/// and `Optional<String>("a")`, read as the value (nil, or the one given) with the written type, as
/// `let x: Int? = ...` is, so that it prints and is typed as Swift's `Int?`. Which of the three is written
/// is Swift's tree's: what its parser reads around `Optional<...>`.
extension Parser {
    /// Reads from `Optional` (the current token, `token`) to the end of its `.none`, `.some(VALUE)` or
    /// `(VALUE)`.
    mutating func optionalOfWrittenType(at token: Token) throws -> Expression {
        let (tree, type, wrapped) = try genericSpecialisation(of: token)
        let written = Expression.literal(.string(wrapped + "?"))
        let member = type.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.base?.id == type.id ? $0 : nil }
        let memberCall = member?.parent?.as(FunctionCallExprSyntax.self).flatMap { call in
            call.calledExpression.id == member?.id && call.leftParen?.presence == .present ? call : nil
        }
        if let member, member.declName.baseName.text == "none", memberCall == nil {
            moveToToken(atOrAfter: tree.offset(of: member.endPositionBeforeTrailingTrivia))
            return .call("#typed", [written, .literal(.null)])
        }
        let isSome = member?.declName.baseName.text == "some"
        let directCall = type.parent?.as(FunctionCallExprSyntax.self).flatMap { call in
            call.calledExpression.id == type.id && call.leftParen?.presence == .present ? call : nil
        }
        guard let call = isSome ? memberCall : directCall, let open = call.leftParen else {
            throw SyntaxError(
                "expected `.none`, `.some(VALUE)` or `(VALUE)` after `Optional<\(wrapped)>`, as in "
                    + "`Optional<\(wrapped)>.none`", at: current)
        }
        // Past `.some(` or `(`, to the value.
        moveToToken(atOrAfter: tree.offset(of: open.endPositionBeforeTrailingTrivia))
        let name = isSome ? "some" : "Optional"
        let arguments = try callArguments(of: name)
        guard arguments.count == 1 else {
            throw SyntaxError("`\(isSome ? ".some" : "Optional<\(wrapped)>")(...)` takes one value", at: token)
        }
        return .call("#typed", [written, arguments[0]])
    }
}
