import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax

/// One statement of a body (a closure's, a function's, a block's), as Swift's parser reads it: what kind
/// of statement it is, which chooses the playground's reading for it, where it ends, and whether another
/// follows it in the body. Lowered from the `CodeBlockItemSyntax` Swift's tree has at the statement's start.
struct BodyStatement {
    /// The kinds of statement the playground reads differently.
    enum Kind: Equatable {
        case ifStatement, guardStatement, switchStatement, deferStatement, doStatement, loop, jump
        /// `let NAME = value` or `var NAME: Type = value`.
        case step
        /// `let (a, b) = pair`.
        case tupleStep
        /// `return VALUE`, or `return` alone when `givesValue` is false.
        case returnStatement(givesValue: Bool)
        case throwStatement
        /// A value, a call run for its effect, or an assignment.
        case expression
    }

    let kind: Kind
    /// The character offset where Swift's statement ends (before a `;` after it).
    let end: Int
    /// What Swift reads as the statement, for messages.
    let written: String
    /// Whether the statement is the body's last (its `}`, or a `case` label, follows).
    let isLast: Bool
    /// Where Swift's statement starts.
    let start: Int
    /// Swift's tree and statement, where Swift's tree has an error in it: the playground may read its own
    /// syntax there (`{name: "ace"}`); when its reading fails, swiftc's message comes first.
    let erroneous: (tree: SwiftTree, item: CodeBlockItemSyntax)?
    /// Whether the rest of the body has been read inside the statement (as the alternative of an `if … else
    /// if` whose last block returns early).
    var restRead = false
    /// What follows swiftc's message about a body's statement where the playground reads nothing else there.
    static let hint = "the playground reads a body's statements as Swift's parser reads them"

    /// The statement `item` of Swift's tree `tree`, with Swift's error inside it, if any.
    init(_ item: CodeBlockItemSyntax, in tree: SwiftTree) {
        erroneous = item.hasError ? (tree, item) : nil
        start = tree.offset(of: item.positionAfterSkippingLeadingTrivia)
        kind = BodyStatement.kind(of: item.item)
        end = tree.offset(of: item.item.endPositionBeforeTrailingTrivia)
        written = item.item.trimmedDescription
        isLast = BodyStatement.isLast(item)
    }

    /// Whether `item` is its body's last statement, or a case's last before the `fallthrough` ending it
    /// (the case's statements are read without it).
    private static func isLast(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), let last = list.last else { return false }
        if last.id == item.id { return true }
        guard last.item.is(FallThroughStmtSyntax.self), list.parent?.is(SwitchCaseSyntax.self) == true,
            let index = list.index(of: item)
        else { return false }
        return list.index(after: index) == list.index(of: last)
    }

    /// The kind of statement Swift's parser reads `item` as.
    private static func kind(of item: CodeBlockItemSyntax.Item) -> Kind {
        switch item {
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self) else { return .expression }
            let tuple = variable.bindings.first?.pattern.is(TuplePatternSyntax.self) == true
            return tuple ? .tupleStep : .step
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return kind(of: expression) }
            if let returned = statement.as(ReturnStmtSyntax.self) {
                return .returnStatement(givesValue: returned.expression != nil)
            }
            if statement.is(ThrowStmtSyntax.self) { return .throwStatement }
            if statement.is(DeferStmtSyntax.self) { return .deferStatement }
            if statement.is(GuardStmtSyntax.self) { return .guardStatement }
            if statement.is(DoStmtSyntax.self) { return .doStatement }
            if statement.is(BreakStmtSyntax.self) || statement.is(ContinueStmtSyntax.self) { return .jump }
            if statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self)
                || statement.is(RepeatStmtSyntax.self)
            {
                return .loop
            }
            return .expression
        case .expr(let expression):
            return kind(of: expression)
        }
    }

    /// The kind of a statement that is an expression: `if` and `switch` are statements of their own.
    private static func kind(of expression: ExprSyntax) -> Kind {
        if expression.is(IfExprSyntax.self) { return .ifStatement }
        if expression.is(SwitchExprSyntax.self) { return .switchStatement }
        return .expression
    }
}

extension Parser {
    /// The statement of a body that starts at the current token, as Swift's parser reads it; swiftc's
    /// message where Swift's tree has an error in it. Nil where Swift's tree has no statement there (a body
    /// in the playground's own syntax), which is then read as a value.
    func bodyStatementHere() throws -> BodyStatement? {
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        // A command's Swift part (`func f(x) = VALUE`) is read by Swift on its own; where the statement as a
        // whole has an error around the body, the tree of that part, if it has none, is the one to follow.
        var candidates: [(tree: SwiftTree, item: CodeBlockItemSyntax)] = []
        for start in [swiftPartStart, 0].compactMap({ $0 }) {
            guard let found = treeCache.tree(text: text, tokens: tokens, from: start),
                let enclosing = found.innermost(holdingTokenAt: current.offset, { node in
                    node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) ? node : nil
                }),
                // A member of a type's body is nearer (`case a, b` of an enum inside a struct): a declaration's.
                let item = enclosing.as(CodeBlockItemSyntax.self)
            else { continue }
            candidates.append((found, item))
            if !item.hasError { break }
        }
        guard let (found, item) = candidates.first(where: { !$0.item.hasError }) ?? candidates.first else {
            return nil
        }
        let start = found.offset(of: item.positionAfterSkippingLeadingTrivia)
        guard start == current.offset else {
            // The playground's reading of the statement before ended inside the one Swift reads here.
            guard start < current.offset else { return nil }
            if let error = swiftErrors.first(in: item, of: found, hint: BodyStatement.hint) { throw error }
            throw SyntaxError(
                "expected a new statement here: Swift reads `\(item.item.trimmedDescription)` as one "
                    + "statement, and the playground read it only up to `\(tokens[max(position - 1, 0)].display)`",
                at: current)
        }
        // Two statements on a line without `;` between them: swiftc's error, whatever the playground reads.
        if item.semicolon?.presence == .missing,
            let error = swiftErrors.first(in: item, of: found, hint: BodyStatement.hint)
        {
            throw error
        }
        return BodyStatement(item, in: found)
    }

    /// `reading` of the statement `statement`: where it fails inside a statement in which Swift's tree has
    /// an error, swiftc's message, followed by the playground's.
    mutating func reading(
        _ statement: BodyStatement?, _ reading: (inout Parser) throws -> Expression
    ) throws -> Expression {
        do {
            return try reading(&self)
        } catch let error as SyntaxError {
            guard let statement, let (tree, item) = statement.erroneous,
                let swift = swiftErrors.first(in: item, of: tree, hint: ""),
                // Where Swift misses a part at the statement's end, its error stands after the end (`throw }`).
                (statement.start...max(statement.end, swift.offset)).contains(error.offset)
            else { throw error }
            let words = String(swift.message.dropLast(2))  // without the empty hint's "; "
            guard !error.message.hasPrefix(words) else { throw error }
            throw SyntaxError(words + "; " + error.message, offset: swift.offset, length: swift.length)
        }
    }

    /// Ends the statement just read (and the `;` after it): fails where the playground's reading ended
    /// elsewhere than Swift's statement does. Whether another statement follows it in the body.
    mutating func endStatement() throws -> Bool {
        if current.isSymbol(";") { advance() }
        guard let statement = statementRead else { return moreStatementsFollow }
        guard !statement.restRead else { return false }
        let last = tokens[max(position - 1, 0)]
        let readEnd = last.isSymbol(";") && position >= 2 ? tokens[position - 2].end : last.end
        guard readEnd == statement.end else {
            throw SyntaxError(
                "expected the end of the statement here: Swift reads `\(statement.written)` as one statement",
                at: readEnd < statement.end ? current : last)
        }
        return !statement.isLast
    }
}

/// swiftc's words for the errors of Swift's trees, worked out once for each tree: on hostile input (a thousand
/// closures nested) every level of a body would otherwise ask again, and each time takes longer than the parse.
final class SwiftErrorWords {
    /// The errors of each tree asked about, by its root.
    private var errors: [SyntaxIdentifier: [Diagnostic]] = [:]

    /// Swift's first error inside `node` of `tree` (or its first anywhere), in swiftc's words with its fix-it,
    /// followed by `hint`; nil where Swift's parser found none.
    func first(in node: some SyntaxProtocol, of tree: SwiftTree, hint: String) -> SyntaxError? {
        guard node.hasError else { return nil }
        let all = errors[tree.tree.id] ?? ParseDiagnosticsGenerator.diagnostics(for: tree.tree).filter {
            $0.diagMessage.severity == .error
        }
        errors[tree.tree.id] = all
        let (start, end) = (node.position, node.endPosition)
        guard let first = all.first(where: { $0.position >= start && $0.position <= end }) ?? all.first else {
            return nil
        }
        var message = first.message
        if let fixIt = first.fixIts.first?.message.message { message += " (fix-it: \(fixIt))" }
        return SyntaxError(message + "; " + hint, offset: tree.offset(of: first.position), length: 1)
    }
}
