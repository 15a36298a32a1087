@_spi(Testing) @_spi(RawSyntax) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Splits a statement into the playground's tokens with Swift's own lexer (SwiftParser's), so
/// that literals, strings, comments and operators are read exactly as swiftc reads them.
///
/// On top of Swift, the playground reads a duration (`300ms`, `1.5s`) as one token and a `#`
/// that does not start a raw string as a comment to the end of the statement. Offsets count
/// characters, for the caret under a message.
///
/// The lexer is SwiftParser's `@_spi(Testing)` interface: the public way to its tokens is a whole
/// parse, which costs ten times as much on the short lines a script replays (see `Package.swift`
/// for the pinned version).
struct SwiftLexer {
    /// One lexeme as Swift's lexer gives it: its kind, where its text starts and ends (UTF-8
    /// offsets, trivia excluded) and, if the lexer found something wrong, what and where.
    struct Lexeme {
        let kind: RawTokenKind
        let start: Int
        let end: Int
        let diagnostic: TokenDiagnostic.Kind?
        let diagnosticOffset: Int
    }

    /// The statement, and its UTF-8 bytes.
    let text: String
    let bytes: [UInt8]
    private(set) var lexemes: [Lexeme] = []
    /// The character index of each UTF-8 offset, or nil when every character is one byte.
    private let characterIndex: [Int]?
    private let characterCount: Int

    /// `text`, cut into lexemes by Swift's lexer (which never fails: what is wrong is a diagnostic).
    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        // ASCII without a carriage return (`\r\n` is one character of two bytes): a byte is a
        // character, and no grapheme needs counting.
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            characterCount = bytes.count
            characterIndex = nil
        } else {
            characterCount = text.count
            var index = [Int]()
            index.reserveCapacity(bytes.count + 1)
            for (number, character) in text.enumerated() {
                for _ in 0..<character.utf8.count { index.append(number) }
            }
            index.append(characterCount)
            characterIndex = index
        }
        lexemes = bytes.withUnsafeBufferPointer(SwiftLexer.lexemes(of:))
    }

    /// All tokens of `text`, ending with `.end`; throws a `SyntaxError` at the first thing that is
    /// neither Swift nor the playground's.
    static func tokens(of text: String) throws -> [Token] {
        try tokensAndTrees(of: text).tokens
    }

    /// All tokens of `text`, with the cache of Swift's trees of it that holds any tree parsed to read a
    /// string literal (a literal with interpolations, a multi-line one, or a wrong one), for the parser.
    static func tokensAndTrees(of text: String) throws -> (tokens: [Token], trees: SwiftTreeCache) {
        try refuseManyInterpolations(in: text)
        var reader = TokenAssembly(lexer: SwiftLexer(text))
        return (try reader.tokens(), reader.trees)
    }

    /// Swift's lexer takes time that grows with the square of how deeply `\(value)`s nest in strings
    /// (10,000 levels: half a minute), and Swift's parser is not given a statement with more brackets
    /// than `StatementShape.maximumBrackets`, without which a string's values are not read: text with
    /// more `\(` (or `\#(`) than that is refused before it is lexed. Text too short to hold so many is
    /// not looked at.
    private static func refuseManyInterpolations(in text: String) throws {
        let limit = StatementShape.maximumBrackets
        guard text.utf8.count > 2 * limit else { return }
        var count = 0
        var afterBackslash = false
        for byte in text.utf8 {
            if afterBackslash, byte == UInt8(ascii: "(") { count += 1 }
            afterBackslash = byte == UInt8(ascii: "\\") || afterBackslash && byte == UInt8(ascii: "#")
        }
        guard count > limit else { return }
        throw SyntaxError(
            "this statement puts \(count) values into strings (`\\(value)`): at most \(limit) are read; split it "
                + "into steps",
            offset: 0, length: 1)
    }

    private static func lexemes(of buffer: UnsafeBufferPointer<UInt8>) -> [Lexeme] {
        var result: [Lexeme] = []
        result.reserveCapacity(8)
        guard !buffer.isEmpty else { return result }
        var tracker = LookaheadTracker()
        var offset = 0
        for lexeme in Lexer.tokenize(buffer, lookaheadTracker: &tracker, experimentalFeatures: []) {
            let start = offset + lexeme.leadingTriviaText.count
            // A NUL is only a warning to Swift (which reads on past it); the playground refuses it.
            let diagnostic = lexeme.diagnostic
            let refused = diagnostic?.severity == .error || diagnostic?.kind == .nulCharacter
            result.append(
                Lexeme(
                    kind: lexeme.rawTokenKind, start: start, end: start + lexeme.tokenText.count,
                    diagnostic: refused ? diagnostic?.kind : nil,
                    diagnosticOffset: offset + Int(diagnostic?.byteOffset ?? 0)
                )
            )
            offset += lexeme.byteLength
            if lexeme.rawTokenKind == .endOfFile { break }
        }
        return result
    }

    /// The character offset of the UTF-8 offset `byte`.
    func character(_ byte: Int) -> Int {
        guard let characterIndex else { return byte }
        return characterIndex[min(max(byte, 0), characterIndex.count - 1)]
    }

    /// The statement's length in characters, where `.end` stands.
    var endOffset: Int { characterCount }

    /// The text of `range` (UTF-8 offsets).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The text of a lexeme.
    func text(of lexeme: Lexeme) -> String {
        text(lexeme.start..<lexeme.end)
    }

    /// A `SyntaxError` over the UTF-8 range `start..<end`.
    func error(_ message: String, from start: Int, to end: Int) -> SyntaxError {
        let first = character(start)
        return SyntaxError(message, offset: first, length: character(max(end, start + 1)) - first)
    }

    /// The character that starts at UTF-8 offset `byte`, for a message.
    func characterText(at byte: Int) -> String {
        guard byte < bytes.count else { return "" }
        var end = byte + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return text(byte..<end)
    }
}
