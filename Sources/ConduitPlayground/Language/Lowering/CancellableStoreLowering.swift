import SwiftSyntax

/// The store Swift code keeps subscriptions in (`Set<AnyCancellable>()`, `[AnyCancellable]()`, or `[]`
/// and `Set()` after a declared type naming `AnyCancellable`), as Swift's parser reads it: an empty
/// array, or a call with no arguments of a type that names `AnyCancellable`.
extension Parser {
    /// Reads `Set<AnyCancellable>()`, `[AnyCancellable]()` (or `[]` and `Set()` after a declared type
    /// naming `AnyCancellable`) wherever it stands, as a property's first value in a class body; says
    /// whether it was one, reading nothing if not.
    mutating func skipCancellableStoreValue(declaredType: String) -> Bool {
        guard current.isSymbol("[") || current.identifier == "Set" else { return false }
        let declared = declaredType.contains("AnyCancellable")
        if declared, current.isSymbol("["),
            let (tree, array) = try? swiftNode(at: current, { (token: TokenSyntax) -> ArrayExprSyntax? in
                guard let array = token.parent?.as(ArrayExprSyntax.self), array.leftSquare.id == token.id else {
                    return nil
                }
                return array
            }), array.elements.isEmpty, !array.hasError,
            array.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != array.id
        {
            // `var cancellables: Set<AnyCancellable> = []`.
            skip(past: array, in: tree)
            return true
        }
        guard let (tree, call) = swiftCollectionCall(), call.arguments.isEmpty, call.trailingClosure == nil,
            call.leftParen != nil, !call.hasError
        else { return false }
        let callee = call.calledExpression.trimmedDescription
        let isStore = declared && callee == "Set"
            || callee.contains("AnyCancellable") && (callee.hasSuffix(">") || callee.hasSuffix("]"))
        guard isStore else { return false }
        skip(past: call, in: tree)
        return true
    }
}
