import SwiftDiagnostics
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Swift's own syntax tree of the statement being read, for the declarations the playground lowers
/// from it rather than reading token by token (`enum`, `struct`): their shape is Swift's parser's,
/// and a syntax error in them is swiftc's diagnostic.
///
/// The tree is parsed from the statement with its playground comments (`# note`) blanked and an
/// `object` declaration read as a class, so that offsets are unchanged; positions are turned into
/// the character offsets the playground's messages use.
struct SwiftTree {
    let tree: SourceFileSyntax
    /// The character offset of each UTF-8 offset of the text parsed (one past the end included).
    private let characterOfByte: [Int]

    /// The first token of the tree at each character offset.
    private let tokenAtOffset: [Int: TokenSyntax]
    /// What Swift's operator table could not group, in a tree whose sequences are folded.
    private(set) var foldErrors: [OperatorError] = []
    /// A sequence of more than `maximumSequence` operands and operators, which is not folded.
    private(set) var tooLongSequence: SequenceExprSyntax?
    /// The most operands and operators a sequence folded may have: twice the operators an expression
    /// may nest (`Parser.maximumDepth`), and one.
    static let maximumSequence = 2 * Parser.maximumDepth + 1

    /// The tree of `text`, whose playground tokens are `tokens`, with the characters before `start`
    /// blanked (an expression read on its own); nil for text Swift's parser is not given (thousands
    /// of brackets: hostile input, never a declaration anyone writes).
    init?(text: String, tokens: [Token], from start: Int = 0) {
        // `object player { ... }`, the playground's own declaration, is read as the class it is like.
        let object = tokens.first.flatMap { $0.identifier == "object" && $0.length == 6 ? $0.offset : nil }
        let covered = tokens.lazy.filter { $0.kind != .end && $0.offset >= start }.map { $0.offset..<$0.end }
        let durations = tokens.lazy.filter { token in
            if case .duration = token.kind { token.offset >= start } else { false }
        }.map { $0.offset..<$0.end }
        self.init(text: text, covering: covered, objectAt: object, durations: durations)
    }

    /// The tree of `text` with the characters outside the `covered` ranges blanked (new lines are
    /// kept), the word `object` at character `object` read as `class ` and the units of the `durations`
    /// (`300ms`) as `_` (the same lengths, so offsets stay); nil for text Swift's parser is not given.
    init?(
        text: String, covering covered: some Sequence<Range<Int>>, objectAt object: Int?,
        durations: some Sequence<Range<Int>> = EmptyCollection<Range<Int>>()
    ) {
        guard text.utf8.count <= StatementShape.maximumLength else { return nil }
        let characters = Array(text)
        var isCovered = [Bool](repeating: false, count: characters.count)
        for range in covered {
            for index in range.clamped(to: 0..<characters.count) { isCovered[index] = true }
        }
        var parsed = ""
        var characterOfByte: [Int] = []
        let classWord = Array("class ")
        // A duration (`300ms`, `1.5s`) is the playground's number with a unit: Swift's parser is given it as
        // the number it is like, its unit's letters as `_` (`300__`, `1.5_`), so offsets stay.
        var unit = [Bool](repeating: false, count: characters.count)
        for range in durations {
            for index in range.clamped(to: 0..<characters.count) where characters[index].isLetter { unit[index] = true }
        }
        for (index, character) in characters.enumerated() {
            var kept: Character = isCovered[index] || character.isNewline ? character : " "
            if unit[index] { kept = "_" }
            if let object, (object..<object + 6).contains(index) { kept = classWord[index - object] }
            parsed.append(kept)
            characterOfByte.append(contentsOf: repeatElement(index, count: kept.utf8.count))
        }
        characterOfByte.append(characters.count)
        guard let tree = StatementShape.parse(parsed) else { return nil }
        self.tree = tree
        self.characterOfByte = characterOfByte
        tokenAtOffset = SwiftTree.tokensByOffset(of: tree, characterOfByte: characterOfByte)
    }

    /// `original` with each sequence of operands and operators folded into a tree by Swift's standard
    /// operator table (`a + b * c` as `a + (b * c)`); a sequence that cannot be folded (`1 < 2 < 3`)
    /// stays a sequence, and its error is in `foldErrors`. The text, and so every offset, is unchanged.
    init(folding original: SwiftTree) {
        var errors: [OperatorError] = []
        let longest = LongestSequence(viewMode: .sourceAccurate)
        longest.walk(original.tree)
        if longest.elements > SwiftTree.maximumSequence {
            // Folding a run of thousands of operators takes time that grows faster than the run: the
            // reading says it is too long instead (`tooLongSequence`).
            tree = original.tree
            tooLongSequence = longest.sequence
        } else {
            let folded = SwiftOperators.OperatorTable.standardOperators.foldAll(original.tree) { errors.append($0) }
            tree = folded.as(SourceFileSyntax.self) ?? original.tree
        }
        characterOfByte = original.characterOfByte
        tokenAtOffset = SwiftTree.tokensByOffset(of: tree, characterOfByte: characterOfByte)
        foldErrors = errors
    }

    private static func tokensByOffset(of tree: SourceFileSyntax, characterOfByte: [Int]) -> [Int: TokenSyntax] {
        var tokens: [Int: TokenSyntax] = [:]
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind != .endOfFile {
            let byte = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let offset = characterOfByte[min(byte, characterOfByte.count - 1)]
            if tokens[offset] == nil { tokens[offset] = token }
        }
        return tokens
    }

    /// The token that starts at character `offset`, if one does.
    func token(at offset: Int) -> TokenSyntax? { tokenAtOffset[offset] }

    /// The character offset of `position`.
    func offset(of position: AbsolutePosition) -> Int {
        characterOfByte[min(max(0, position.utf8Offset), characterOfByte.count - 1)]
    }

    /// A token covering `node`'s text (trivia excluded), for a message's caret.
    func token(covering node: some SyntaxProtocol, kind: Token.Kind? = nil) -> Token {
        let start = offset(of: node.positionAfterSkippingLeadingTrivia)
        let end = offset(of: node.endPositionBeforeTrailingTrivia)
        return Token(kind: kind ?? .identifier(node.trimmedDescription), offset: start, length: max(1, end - start))
    }

    /// The innermost node of type `T` holding the token that starts at character `offset`.
    func node<T: SyntaxProtocol>(_ type: T.Type, holdingTokenAt offset: Int) -> T? {
        innermost(holdingTokenAt: offset) { $0.as(T.self) }
    }

    /// What `match` gives for the innermost node that holds the token starting at character `offset`
    /// and for which it gives something.
    func innermost<Found>(holdingTokenAt offset: Int, _ match: (Syntax) -> Found?) -> Found? {
        var node = tokenAtOffset[offset].map(Syntax.init)
        while let current = node {
            if let found = match(current) { return found }
            node = current.parent
        }
        return nil
    }

    /// The declaration of type `T` whose name is `name` (a token of the playground's), if Swift's
    /// parser read one there.
    func declaration<T: NamedDeclSyntax>(_ type: T.Type, named name: Token) -> T? {
        guard let found = node(T.self, holdingTokenAt: name.offset), found.name.text == name.identifier else {
            return nil
        }
        return found
    }

    /// Swift's first error inside `node`, in swiftc's words with its fix-it, followed by `hint`
    /// (what the playground would read there); nil if Swift's parser found none. Errors inside the nodes
    /// `skipped` (the playground's own syntax there, such as a record `{a: 1}`) are passed over.
    func firstError(in node: some SyntaxProtocol, hint: String, skipping skipped: [Syntax] = []) -> SyntaxError? {
        guard node.hasError else { return nil }
        let start = node.position
        let end = node.endPosition
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
        let inside = { (position: AbsolutePosition) in
            position >= start && position <= end
                && !skipped.contains { $0.positionAfterSkippingLeadingTrivia <= position && position < $0.endPosition }
        }
        guard let first = diagnostics.first(where: { inside($0.position) }) ?? diagnostics.first else { return nil }
        var message = first.message
        if let fixIt = first.fixIts.first?.message.message { message += " (fix-it: \(fixIt))" }
        return SyntaxError(message + "; " + hint, offset: offset(of: first.position), length: 1)
    }
}

/// Finds the sequence of operands and operators with the most elements in a tree.
private final class LongestSequence: SyntaxVisitor {
    private(set) var elements = 0
    private(set) var sequence: SequenceExprSyntax?

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count > elements {
            elements = node.elements.count
            sequence = node
        }
        return .visitChildren
    }
}

/// The statement's tree, parsed the first time a reading needs it and shared by the copies a parser
/// makes of itself to look ahead.
final class SwiftTreeCache {
    /// The trees parsed, by the offset their text was read from (0 for the whole statement).
    private var parsed: [Int: SwiftTree?] = [:]
    /// The same trees with their operators grouped.
    private var folded: [Int: SwiftTree?] = [:]
    /// Whether Swift's parser found the statement nested past its limit: its calls are then read by
    /// the playground's own reading, which refuses them at its own limit, without asking the tree again.
    var nestsPastSwiftsLimit = false

    /// Whether any tree of the statement has been parsed: a hot line (`send s 1`, `s.send(1)`) parses none.
    var isEmpty: Bool { parsed.isEmpty && folded.isEmpty }

    /// A tree from character `start` on (folded or not) if one is parsed already: nil, parsing nothing, where
    /// none is (a plain line such as `x = 5` is read without one).
    func parsedTree(from start: Int) -> SwiftTree? {
        (parsed[start] ?? nil) ?? (folded[start] ?? nil)
    }

    /// The folded tree from character `start` on if it is parsed already: nil, parsing nothing, where
    /// it is not (a hot path such as `s.send(1)` takes a tree only where one is at hand).
    func parsedFoldedTree(from start: Int) -> SwiftTree? {
        folded[start] ?? nil
    }

    /// The folded trees parsed already from a character at or before `offset`, the one read from the
    /// latest start first (the narrowest reading of the part that holds `offset`).
    func parsedFoldedTrees(reaching offset: Int) -> [SwiftTree] {
        folded.filter { $0.key <= offset }.sorted { $0.key > $1.key }.compactMap(\.value)
    }

    /// The tree of `text` from character `start` on, its sequences of operators folded.
    func foldedTree(text: String, tokens: [Token], from start: Int = 0) -> SwiftTree? {
        if let tree = folded[start] { return tree }
        let tree = self.tree(text: text, tokens: tokens, from: start).map(SwiftTree.init(folding:))
        folded[start] = .some(tree)
        return tree
    }

    /// The tree of `text` from character `start` on (the characters before it blanked).
    func tree(text: String, tokens: [Token], from start: Int = 0) -> SwiftTree? {
        tree(from: start) { SwiftTree(text: text, tokens: tokens, from: start) }
    }

    /// The tree read from character `start` on, made by `parse` the first time it is asked for (the
    /// tokenizer parses one from the lexemes when a string literal needs Swift's reading, and the
    /// parser then uses it).
    func tree(from start: Int, orParse parse: () -> SwiftTree?) -> SwiftTree? {
        if let tree = parsed[start] { return tree }
        let tree = parse()
        parsed[start] = .some(tree)
        return tree
    }
}

extension Parser {
    /// Swift's tree of the statement being read; fails (at the current token) when Swift's parser
    /// is not given the text.
    func swiftTree() throws -> SwiftTree {
        guard let tree = treeCache.tree(text: text, tokens: tokens) else {
            throw SyntaxError(Parser.unreadableStatement, at: current)
        }
        return tree
    }

    /// What a statement Swift's parser is not given (longer than 64 KB, thousands of brackets) is told.
    static let unreadableStatement = "this statement is too long or nests too deeply to read: split it into steps"

    /// What `match` finds for the token `keyword` (a statement's keyword, or a bracket) in the statement's
    /// folded tree, with that tree; where Swift reads the statement otherwise (a closure in a playground command such
    /// as `sink out = s.map { x in switch x { ... } }`), in the text from the keyword on read as a
    /// statement of its own. Nil where neither has one.
    func swiftNode<Node>(
        at keyword: Token, _ match: (TokenSyntax) -> Node?
    ) throws -> (tree: SwiftTree, node: Node)? {
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        let written: String? =
            switch keyword.kind {
            case .identifier(let name): name
            case .symbol(let symbol): symbol
            default: nil
            }
        for start in [0, swiftPartStart, keyword.offset].compactMap({ $0 }) {
            guard let tree = treeCache.foldedTree(text: text, tokens: tokens, from: start),
                let token = tree.token(at: keyword.offset), token.text == written,
                let node = match(token)
            else { continue }
            return (tree, node)
        }
        return nil
    }

    /// The type Swift's parser reads at the current token (`((String) -> Void)?`, `[UUID: Person]`),
    /// as written, moved past; nil where it reads none there (`PassthroughSubject<Int, Never>()` is
    /// an expression to Swift's parser).
    mutating func typeFromSwiftTree() -> String? {
        guard let tree = treeCache.tree(text: text, tokens: tokens),
            var type = tree.node(TypeSyntax.self, holdingTokenAt: current.offset),
            tree.offset(of: type.positionAfterSkippingLeadingTrivia) == current.offset
        else { return nil }
        while let parent = type.parent?.as(TypeSyntax.self),
            tree.offset(of: parent.positionAfterSkippingLeadingTrivia) == current.offset
        {
            type = parent
        }
        guard !type.hasError else { return nil }
        let start = current.offset
        skip(past: type, in: tree)
        let last = tokens[max(position - 1, 0)]
        return String(source_text(start, last.offset + last.length))
    }

    /// Moves past the playground's tokens inside `node`: reading goes on after it.
    mutating func skip(past node: some SyntaxProtocol, in tree: SwiftTree) {
        let end = tree.offset(of: node.endPositionBeforeTrailingTrivia)
        while current.kind != .end, current.offset < end { advance() }
    }
}
