import SwiftSyntax

/// What Swift's parser reads a top-level statement as, where the playground's command table does not
/// read it (its first word is no command, or a command's word used as Swift code uses a name): which of
/// the playground's readings it is given. Lowered from the first `CodeBlockItemSyntax` of the statement's tree.
enum TopLevelStatement: Equatable {
    /// A declaration with modifiers (`private let x = 1`, `final class A {}`), which change nothing here: read
    /// from its keyword on, at this character offset.
    case modifiedDeclaration(keywordAt: Int)
    /// `break` or `continue`, outside any loop here.
    case loopJump
    /// The first word alone (`player`, `current`).
    case name
    /// The first word called with trailing closures and no parentheses (`register { print("first") }`).
    case trailingClosureCall
    /// The first word called with parentheses (`load(after: 1) { ... }`, `tick(100)`).
    case call
    /// An assignment to the first word (`current = 3`, `count += 1`).
    case assignment
    /// Any other expression statement: an assignment to a member or an element, a call of a member, a member
    /// access, a subscript, an optional chain, a force unwrap (`player.volume = 5`, `s.send(1)`, `names[0]`).
    case expression
    /// Anything else (two statements without `;`, a declaration without modifiers): no Swift reading here.
    case other

    /// Swift's keywords among the command words: Swift never reads them as a name, so a line starting with one is
    /// the command's, whatever follows (`repeat = 3` is a `repeat` missing its block).
    static let keywords = Parser.swiftKeywords.union([
        "switch", "while", "repeat", "do", "protocol", "extension", "typealias", "import",
    ])

    /// The compound assignment operators: `count += 1` sets `count`.
    static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%="]

    /// What Swift's tree `tree` reads as the statement starting with the playground's token `first`.
    init(_ tree: SwiftTree, startingAt first: Token) {
        guard let item = tree.tree.statements.first,
            tree.offset(of: item.positionAfterSkippingLeadingTrivia) == first.offset
        else {
            self = .other
            return
        }
        let alone = tree.tree.statements.count == 1
        switch item.item {
        case .decl(let declaration):
            self = TopLevelStatement(declaration, in: tree)
        case .stmt(let statement):
            if statement.is(BreakStmtSyntax.self) || statement.is(ContinueStmtSyntax.self) {
                self = .loopJump
            } else if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                self = TopLevelStatement(expression, alone: alone, in: tree, startingAt: first)
            } else {
                self = .other
            }
        case .expr(let expression):
            self = TopLevelStatement(expression, alone: alone, in: tree, startingAt: first)
        }
    }

    /// A declaration whose modifiers are all Swift's that change nothing here (`Parser.declarationModifiers`):
    /// read from the token after them; any other declaration is `other`.
    private init(_ declaration: DeclSyntax, in tree: SwiftTree) {
        guard let modifiers = declaration.asProtocol(WithModifiersSyntax.self)?.modifiers, let last = modifiers.last,
            modifiers.allSatisfy({ Parser.declarationModifiers.contains($0.name.text) }),
            let keyword = last.nextToken(viewMode: .sourceAccurate), keyword.tokenKind != .endOfFile,
            keyword.presence == .present
        else {
            self = .other
            return
        }
        self = .modifiedDeclaration(keywordAt: tree.offset(of: keyword.positionAfterSkippingLeadingTrivia))
    }

    /// The kind of an expression statement; `alone`: whether it is the tree's only statement.
    private init(_ expression: ExprSyntax, alone: Bool, in tree: SwiftTree, startingAt first: Token) {
        let isFirstWord = { (node: ExprSyntax) in
            node.is(DeclReferenceExprSyntax.self)
                && tree.offset(of: node.positionAfterSkippingLeadingTrivia) == first.offset
        }
        if isFirstWord(expression) {
            self = alone ? .name : .other
        } else if let call = expression.as(FunctionCallExprSyntax.self), isFirstWord(call.calledExpression) {
            self = call.leftParen == nil && call.trailingClosure != nil ? .trailingClosureCall : .call
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            // The tree is not folded: an assignment is the sequence's first operator, after what it sets.
            let elements = Array(sequence.elements.prefix(2))
            guard elements.count == 2 else {
                self = .other
                return
            }
            let assigns = elements[1].is(AssignmentExprSyntax.self)
                || elements[1].as(BinaryOperatorExprSyntax.self).map {
                    TopLevelStatement.compoundAssignments.contains($0.operator.text)
                } == true
            if !assigns {
                self = .other
            } else {
                self = isFirstWord(elements[0]) ? .assignment : .expression
            }
        } else if expression.is(FunctionCallExprSyntax.self) || expression.is(MemberAccessExprSyntax.self)
            || expression.is(SubscriptCallExprSyntax.self) || expression.is(OptionalChainingExprSyntax.self)
            || expression.is(ForceUnwrapExprSyntax.self) || expression.is(GenericSpecializationExprSyntax.self)
        {
            self = .expression
        } else {
            self = .other
        }
    }
}

extension Parser {
    /// What Swift's parser reads the statement starting at the current token as; nil where Swift's parser is
    /// not given the text (too long, or thousands of brackets).
    func topLevelStatement() -> TopLevelStatement? {
        guard let tree = treeCache.tree(text: text, tokens: tokens) else { return nil }
        return TopLevelStatement(tree, startingAt: current)
    }

    /// The member `PlaygroundPage.current.X` names where Swift's tree reads the statement's first word as the
    /// base of that chain of member accesses (`needsIndefiniteExecution`, `finishExecution`); nil otherwise.
    func playgroundPageMember() -> String? {
        guard let tree = treeCache.tree(text: text, tokens: tokens),
            let base = tree.token(at: current.offset)?.parent?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == "PlaygroundPage", let page = SwiftMemberUse(base: base), page.name.text == "current",
            let access = SwiftMemberUse(base: page.access)
        else { return nil }
        let member = access.name.text
        return ["needsIndefiniteExecution", "finishExecution"].contains(member) ? member : nil
    }
}
