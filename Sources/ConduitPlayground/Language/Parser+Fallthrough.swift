import SwiftSyntax

/// One case of a `switch` as read: its test (none for `default`), its body, the `fallthrough` that
/// ends it, if one does, and whether its pattern names values.
struct SwitchCaseRead {
    let test: Expression?
    var body: Expression
    let fallthroughAt: Token?
    let binds: Bool
}

/// `fallthrough` as a case's last statement: the next case's statements run after the case's, as in
/// Swift, whatever that case's pattern.
extension Parser {
    /// The `fallthrough` that ends `switchCase`, if one does; fails for one elsewhere in the case (inside
    /// an `if`, or before other statements), which the playground does not read.
    func endsWithFallthrough(_ switchCase: SwitchCaseSyntax, in tree: SwiftTree) throws -> Token? {
        let last = switchCase.statements.last?.item.as(FallThroughStmtSyntax.self)
        for token in switchCase.statements.tokens(viewMode: .sourceAccurate)
        where token.tokenKind == .keyword(.fallthrough) {
            guard let statement = token.parent?.as(FallThroughStmtSyntax.self), statement != last,
                Parser.enclosingCase(of: statement) == switchCase
            else { continue }
            throw SyntaxError(
                "the playground reads `fallthrough` only as the last statement of a case, such as `case 0: "
                    + "print(\"zero\"); fallthrough`: move it there, or repeat the next case's statements here",
                at: tree.token(covering: statement))
        }
        return last.map { tree.token(covering: $0) }
    }

    /// Each case that ends with `fallthrough` followed by the statements of the case after it (already
    /// followed by the next, when that one falls through too); `slot` is the first free one inside a case.
    func fallThrough(_ cases: inout [SwitchCaseRead], in tree: SwiftTree, slot: Int) throws {
        for index in cases.indices.reversed() {
            guard let keyword = cases[index].fallthroughAt else { continue }
            guard index + 1 < cases.count else {
                throw SyntaxError(
                    "'fallthrough' without a following 'case' or 'default' block: the last case of a switch has "
                        + "no case to fall through to; leave `fallthrough` out", at: keyword)
            }
            guard !cases[index + 1].binds else {
                throw SyntaxError(
                    "'fallthrough' from a case cannot transfer control to a case label that declares variables: "
                        + "the next case's pattern names values, which falling through gives none; write its "
                        + "statements here instead", at: keyword)
            }
            cases[index].body = .local(slot: slot, value: cases[index].body, body: cases[index + 1].body)
        }
    }

    /// The case of a switch a statement is in, the nearest one around it.
    private static func enclosingCase(of statement: FallThroughStmtSyntax) -> SwitchCaseSyntax? {
        var node = statement.parent
        while let current = node {
            if let found = current.as(SwitchCaseSyntax.self) { return found }
            node = current.parent
        }
        return nil
    }
}
