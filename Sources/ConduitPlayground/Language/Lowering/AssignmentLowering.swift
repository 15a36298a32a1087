import SwiftSyntax

/// An assignment's operator and, for a closure given to a property (`model.onTap = { ... }`), the closure after
/// it, as Swift reads them: `=` is an assignment where Swift's tree has an `AssignmentExprSyntax` (not `==`, an
/// infix operator), and `+=` is one operator to Swift's lexer.
extension Parser {
    /// Whether the current token is an assignment's operator: a compound one (`+=`), or `=` where Swift's tree
    /// reads an assignment. Only a tree parsed already is asked (a body's); a plain line (`x = 5`) parses none,
    /// and its `=`, one token to Swift's lexer as `==` is another, is the assignment's.
    var atAssignment: Bool {
        if atCompoundAssignment { return true }
        guard current.isSymbol("=") else { return false }
        for start in [swiftPartStart, 0].compactMap({ $0 }) {
            guard let tree = treeCache.parsedTree(from: start), let token = tree.token(at: current.offset),
                token.tokenKind == .equal
            else { continue }
            if token.parent?.is(AssignmentExprSyntax.self) == true { return true }
            // An `=` Swift could not place (in the playground's own syntax around it): another tree may read it.
            if token.parent?.is(UnexpectedNodesSyntax.self) == true { continue }
            return false
        }
        return true
    }

    /// At an assignment's `=`: the closure after it (`{ [weak self] in ... }`), read as the value of the property
    /// `property`, and moved past; nil, reading nothing, where no closure follows (a record `{name: "ace"}`, or
    /// any other value); `{}` is a closure where `emptyIsClosure`, and the empty record otherwise.
    mutating func assignedClosure(for property: String, emptyIsClosure: Bool) throws -> Closure? {
        guard current.isSymbol("=") else { return nil }
        let equals = position
        advance()
        guard current.isSymbol("{"), !looksLikeRecord(emptyIsRecord: !emptyIsClosure) else {
            position = equals
            return nil
        }
        return try closureValue(for: property)
    }
}
