import Foundation
import SwiftParser
import SwiftSyntax

/// What Swift's own lexer and parser say about the text of a statement being read: where a
/// playground comment starts, which `;` end statements, and what the text leaves open at its end
/// (a bracket, a string, a trailing `=` or operator). The reader decides from this alone whether
/// a statement is complete; it never scans characters itself.
///
/// Offsets are UTF-8 offsets into the text.
struct StatementShape: Equatable {
    /// A bracket (`(`, `[`, `{`) the text opens and does not close, with where it opens.
    struct OpenBracket: Equatable {
        let symbol: UInt8
        let offset: Int
    }

    /// A bracket left open where a closing bracket of another kind stands (`(` and then `}`).
    struct Mismatch: Equatable {
        let open: OpenBracket
        /// The closing bracket that came first.
        let closer: UInt8
    }

    /// Where a playground comment (`# note`) starts, if the text has one. Everything after it is
    /// the comment.
    private(set) var comment: Int?
    /// The `;` tokens outside brackets and strings, at or after the offset the shape was read from.
    private(set) var semicolons: [Int] = []
    /// The brackets left open at the end, outermost first.
    private(set) var open: [OpenBracket] = []
    /// The first bracket closed by a bracket of another kind (`(1 }`): the statement cannot be
    /// completed by more lines, whatever follows.
    private(set) var mismatch: Mismatch?
    /// The opening quote of a string literal that is never closed.
    private(set) var openString: Int?
    /// Whether that string is a multi-line one (`"""`), which may go on over lines.
    private(set) var openStringIsMultiline = false
    /// The `=` or infix operator the text ends with: its right-hand side is still to come.
    private(set) var dangling: Int?
    /// Whether the text holds no token at all (blanks and comments only).
    private(set) var isEmpty = true
    /// Whether the text is a `guard` with no `else` yet (`guard let n = Int(text)`): Swift reads its
    /// `else { ... }` on the next line as part of it, as it reads the braces of one left open.
    private(set) var awaitsElse = false
    /// Whether the statement declares a type or function (`final class Model {`): its braces hold
    /// members and blank lines, and a line inside them never starts a playground command.
    private(set) var startsDeclaration = false

    /// Reads `text`. Semicolons and comments are looked for from `start` on (earlier lines were
    /// read before and have neither).
    init(_ text: String, from start: Int = 0) {
        if StatementShape.isPlain(text) {
            // Nothing open, no comment, no `;`, no declaration: only whether it holds a word.
            self.init(plainIsEmpty: text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        } else {
            self.init(parsing: text, from: start)
        }
    }

    private init(plainIsEmpty: Bool) {
        isEmpty = plainIsEmpty
    }

    /// Reads `text` with Swift's parser, whatever it holds.
    init(parsing text: String, from start: Int = 0) {
        guard let tree = StatementShape.parse(text) else {
            // Hostile input (thousands of brackets): no real statement; it is handed out whole,
            // and the playground's reading refuses it as nesting too deeply.
            isEmpty = text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return
        }
        let bytes = Array(text.utf8)
        var last: TokenSyntax?
        var first = true
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
            // Swift's `// note`: the playground's reading stops at it, so it is cut like `# note`.
            if let lineComment = StatementShape.lineComment(before: token, from: start) {
                comment = lineComment
                break
            }
            if token.tokenKind == .endOfFile { break }
            if offset >= start, StatementShape.startsComment(bytes, poundAt: offset, kind: token.tokenKind) {
                comment = offset
                break
            }
            isEmpty = false
            if first {
                first = false
                startsDeclaration = StatementShape.declares(tree)
            }
            switch token.tokenKind {
            case .leftParen: open.append(OpenBracket(symbol: UInt8(ascii: "("), offset: offset))
            case .leftSquare: open.append(OpenBracket(symbol: UInt8(ascii: "["), offset: offset))
            case .leftBrace: open.append(OpenBracket(symbol: UInt8(ascii: "{"), offset: offset))
            case .rightParen, .rightSquare, .rightBrace:
                guard let innermost = open.popLast() else { break }
                let closer = StatementShape.closer(of: token.tokenKind)
                if mismatch == nil, StatementShape.closer(opening: innermost.symbol) != closer {
                    mismatch = Mismatch(open: innermost, closer: closer)
                }
            case .semicolon where open.isEmpty && offset >= start:
                semicolons.append(offset)
            case .stringQuote, .multilineStringQuote, .singleQuote:
                if openString == nil, let literal = token.parent?.as(StringLiteralExprSyntax.self),
                    literal.openingQuote.id == token.id, literal.closingQuote.presence == .missing
                {
                    openString = offset
                    openStringIsMultiline = token.tokenKind == .multilineStringQuote
                }
            default:
                break
            }
            last = token
            if let lineComment = StatementShape.lineComment(after: token, from: start) {
                comment = lineComment
                break
            }
        }
        if open.isEmpty, openString == nil, mismatch == nil,
            let guardStatement = tree.statements.last?.item.as(GuardStmtSyntax.self),
            guardStatement.elseKeyword.presence == .missing
        {
            awaitsElse = true
        }
        if open.isEmpty, openString == nil, let last {
            switch last.tokenKind {
            case .equal, .binaryOperator, .arrow:
                dangling = last.positionAfterSkippingLeadingTrivia.utf8Offset
            default:
                break
            }
        }
    }

    /// The byte of a closing bracket's token.
    private static func closer(of kind: TokenKind) -> UInt8 {
        kind == .rightParen ? UInt8(ascii: ")") : kind == .rightSquare ? UInt8(ascii: "]") : UInt8(ascii: "}")
    }

    /// The closing bracket for an opening one.
    static func closer(opening symbol: UInt8) -> UInt8 {
        symbol == UInt8(ascii: "(") ? UInt8(ascii: ")")
            : symbol == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
    }

    /// Whether the text leaves a bracket open, a multi-line string open or a right-hand side to come:
    /// the statement goes on on the next line.
    var isOpen: Bool {
        !open.isEmpty || dangling != nil || (openString != nil && openStringIsMultiline) || awaitsElse
    }

    /// How deeply Swift's parser follows brackets before it reads the rest as unexpected tokens
    /// (still counted here): deep enough for any real statement, shallow enough for its recursion
    /// to stay far from the end of a thread's stack in a debug build.
    static let maximumNesting = 64

    /// The most opening brackets a statement's text may hold to be read by Swift's parser.
    static let maximumBrackets = 8_000
    /// The deepest `[` may nest in a statement read by Swift's parser: its look-ahead for an array
    /// type (`[[[[...`) takes twice as long for each level (2 s at 18 levels in a debug build, a
    /// minute at 24), so text nested deeper (no real statement is) is not parsed at all.
    static let maximumSquareNesting = 12
    /// The longest text (in UTF-8 bytes) Swift's parser reads: its recovery from a long run of
    /// garbage (a megabyte of `@`) takes time that grows faster than the text.
    static let maximumLength = 65_536

    /// Swift's syntax tree of `text`, with brackets followed `maximumNesting` deep.
    ///
    /// The parser's look-ahead for a type (`[[[[...`) recurses once a bracket whatever the limit,
    /// and takes time that grows faster than the brackets: long text, or text with many brackets,
    /// is parsed on a thread of its own with a stack large enough for it, and text with more than
    /// `maximumBrackets`, or longer than `maximumLength` (hostile input, never a real statement),
    /// is not parsed at all (nil).
    static func parse(_ text: String) -> SourceFileSyntax? {
        if let tree = lastParsed.withLock({ $0.first { $0.text == text }?.tree }) { return tree }
        let tree = parseAnew(text)
        if let tree {
            lastParsed.withLock { parsed in
                if parsed.count == 4 { parsed.removeFirst() }
                parsed.append((text, tree))
            }
        }
        return tree
    }

    /// The texts parsed last, with their trees: the reader parses a statement to know it is complete (and a
    /// script's next line to know it does not continue it), and the playground's reading then asks for the same
    /// text's tree, which is not parsed a second time.
    private static let lastParsed = LockedValue<[(text: String, tree: SourceFileSyntax)]>([])

    /// `parse(text)`, parsed here.
    private static func parseAnew(_ text: String) -> SourceFileSyntax? {
        var brackets = 0
        var square = 0
        var deepestSquare = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "["):
                brackets += 1
                square += 1
                deepestSquare = max(deepestSquare, square)
            case UInt8(ascii: "]"): square = max(0, square - 1)
            case UInt8(ascii: "("), UInt8(ascii: "{"): brackets += 1
            default: break
            }
        }
        guard brackets <= maximumBrackets, deepestSquare <= maximumSquareNesting, text.utf8.count <= maximumLength
        else { return nil }
        // Nesting needs brackets or long text (`true ? true ? ...`, which the parser also follows by
        // recursion): a short statement with few brackets is parsed on the caller's thread.
        guard brackets > 256 || text.utf8.count > 4_096 else { return parseHere(text) }
        return (try? LargeStack.run { parseHere(text) }) ?? parseHere("")
    }

    private static func parseHere(_ text: String) -> SourceFileSyntax {
        var parser = SwiftParser.Parser(text, maximumNestingLevel: maximumNesting)
        return SourceFileSyntax.parse(from: &parser)
    }

    /// Where a `//` comment in the trivia before `token` starts, at or after `start`.
    private static func lineComment(before token: TokenSyntax, from start: Int) -> Int? {
        lineComment(in: token.leadingTrivia, at: token.position.utf8Offset, from: start)
    }

    /// Where a `//` comment in the trivia after `token` (on its line) starts, at or after `start`.
    private static func lineComment(after token: TokenSyntax, from start: Int) -> Int? {
        lineComment(in: token.trailingTrivia, at: token.endPositionBeforeTrailingTrivia.utf8Offset, from: start)
    }

    /// Where a `//` comment in `trivia`, which starts at `position`, starts, at or after `start`.
    private static func lineComment(in trivia: Trivia, at position: Int, from start: Int) -> Int? {
        var position = position
        for piece in trivia {
            if case .lineComment = piece, position >= start { return position }
            position += piece.sourceLength.utf8Length
        }
        return nil
    }

    /// A `#` starts a playground comment when a blank, another `#`, `>`, `!` or the end of the line
    /// follows it; `#selector`, `#if` and every other `#` word are Swift's.
    static func startsComment(_ bytes: [UInt8], poundAt offset: Int, kind: TokenKind) -> Bool {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "#") else { return false }
        switch kind {
        case .pound, .unknown, .shebang, .poundIf, .poundElse, .poundElseif, .poundEndif, .poundSourceLocation:
            break
        default:
            return false
        }
        let next = offset + 1
        guard next < bytes.count else { return true }
        return isCommentFollower(bytes[next])
    }

    /// Whether `byte`, after a `#`, makes it a playground comment: a blank, another `#`, `>` or `!`.
    private static func isCommentFollower(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "!"):
            return true
        default:
            return false
        }
    }

    /// Whether a line that starts with `trimmed` is only a comment: `# note`, `#> output` (a
    /// script's expectation), or Swift's `// note`.
    static func isCommentLine(_ trimmed: some StringProtocol) -> Bool {
        // Every line read passes here: its first two bytes are looked at where they are, not copied.
        var bytes = trimmed.utf8.makeIterator()
        switch bytes.next() {
        case UInt8(ascii: "/"):
            guard bytes.next() == UInt8(ascii: "/") else { return false }
            // `//` then a combining mark is no `//` to `hasPrefix`, which compares characters.
            guard let third = bytes.next(), third >= 0x80 else { return true }
            return trimmed.hasPrefix("//")
        case UInt8(ascii: "#"): return bytes.next().map(isCommentFollower) ?? true
        default: return false
        }
    }

    /// Whether `text` is plain words (`send s 5`, `tick 1s`, `cancel out`, `let n = 5`): letters,
    /// digits, blanks, `_ $ . , : =` and no `=` at its end, with no word that declares. Its shape is
    /// known without the parser: replaying a script of sends spent 40% of its time parsing them.
    static func isPlain(_ text: String) -> Bool {
        // Read from the text's own bytes: a walk of its UTF-8 view and a `String` made for each word
        // looked up cost a replayed `send` line a twentieth of its instructions.
        text.utf8.withContiguousStorageIfAvailable(isPlain(bytes:)) ?? isPlain(bytes: Array(text.utf8))
    }

    /// `isPlain` of a statement's UTF-8 bytes.
    private static func isPlain(bytes: some RandomAccessCollection<UInt8>) -> Bool {
        var last: UInt8 = 0
        var wordStart = -1
        var position = 0
        // A declaring word is 3 to 9 letters; only a word of that length is compared.
        func declares(endingAt end: Int) -> Bool {
            guard wordStart >= 0, (3...9).contains(end - wordStart) else { return false }
            let word = bytes.dropFirst(wordStart).prefix(end - wordStart)
            return declaringWords.contains { $0.elementsEqual(word) }
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                if wordStart < 0 { wordStart = position }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"),
                UInt8(ascii: "="):
                if declares(endingAt: position) { return false }
                wordStart = -1
            default:
                return false
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") { last = byte }
            position += 1
        }
        return !declares(endingAt: position) && last != UInt8(ascii: "=")
    }

    /// The words that start a declaration (their UTF-8 bytes), whose braces a plain line never has
    /// but whose shape the parser decides; and `guard`, which may wait for its `else` on the next line.
    private static let declaringWords: [[UInt8]] = [
        "class", "struct", "enum", "extension", "protocol", "actor", "func", "object", "guard",
    ].map { Array($0.utf8) }

    /// Whether the first statement of `tree` declares a type or a function (or the playground's
    /// `object NAME {`).
    private static func declares(_ tree: SourceFileSyntax) -> Bool {
        guard let item = tree.statements.first?.item else { return false }
        if let declaration = item.as(DeclSyntax.self) {
            return declaration.is(ClassDeclSyntax.self) || declaration.is(StructDeclSyntax.self)
                || declaration.is(EnumDeclSyntax.self) || declaration.is(ExtensionDeclSyntax.self)
                || declaration.is(ProtocolDeclSyntax.self) || declaration.is(ActorDeclSyntax.self)
                || declaration.is(FunctionDeclSyntax.self)
        }
        // `object player {`: the playground's own declaration, which Swift reads as a name.
        let words = tree.tokens(viewMode: .sourceAccurate).prefix(2).map(\.text)
        return words.first == "object" && words.count == 2
    }
}
