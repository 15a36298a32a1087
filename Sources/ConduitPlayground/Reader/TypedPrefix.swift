@_spi(RawSyntax) import SwiftSyntax

/// The text before the cursor as Tab completion sees it, read by Swift's lexer: the word being
/// completed, and the lexemes of its statement before that word.
struct TypedPrefix {
    private let lexer: SwiftLexer
    /// The word the cursor ends (a name so far, maybe empty).
    let word: String
    /// Whether the word follows a `$` (`player.$cur`): a `@Published` property's publisher.
    let isProjected: Bool
    /// The lexemes of the statement the cursor is in (after the last `;`), before the word.
    let before: [SwiftLexer.Lexeme]
    /// The lexeme of the word, when there is one.
    private let wordLexeme: SwiftLexer.Lexeme?

    /// The text typed before the cursor.
    let text: String

    init(_ text: String) {
        self.text = text
        lexer = SwiftLexer(text)
        var lexemes = lexer.lexemes.filter { $0.kind != .endOfFile }
        if let semicolon = lexemes.lastIndex(where: { $0.kind == .semicolon }) {
            lexemes.removeSubrange(...semicolon)
        }
        var word = ""
        var isProjected = false
        var wordLexeme: SwiftLexer.Lexeme?
        let end = lexer.bytes.count
        if let last = lexemes.last, last.end == end {
            let text = lexer.text(of: last)
            switch last.kind {
            case .identifier, .keyword, .wildcard:
                word = text
                wordLexeme = lexemes.removeLast()
                if word.hasPrefix("$") {
                    isProjected = true
                    word.removeFirst()
                }
            case .dollarIdentifier where text == "$":
                isProjected = true
                wordLexeme = lexemes.removeLast()
            default:
                break
            }
        }
        self.word = word
        self.isProjected = isProjected
        self.wordLexeme = wordLexeme
        before = lexemes
    }

    /// A lexeme's text, or nil for none.
    func text(of lexeme: SwiftLexer.Lexeme?) -> String? {
        lexeme.map { lexer.text(of: $0) }
    }

    /// A lexeme's text.
    func text(of lexeme: SwiftLexer.Lexeme) -> String {
        lexer.text(of: lexeme)
    }

    /// The statement's words, as the command line's arguments: lexemes written together (`1.5s`,
    /// `s.map`, a path) make one word, a blank separates two. UTF-8 ranges.
    private var words: [Range<Int>] {
        var words: [Range<Int>] = []
        for lexeme in before + (wordLexeme.map { [$0] } ?? []) {
            if let last = words.last, last.upperBound == lexeme.start {
                words[words.count - 1] = last.lowerBound..<lexeme.end
            } else {
                words.append(lexeme.start..<lexeme.end)
            }
        }
        return words
    }

    /// The word the cursor is in (it ends there), if the cursor is not after a blank.
    private var current: Range<Int>? {
        words.last.flatMap { $0.upperBound == lexer.bytes.count ? $0 : nil }
    }

    /// The words written before the one being typed.
    var wordsBefore: [String] {
        let all = words
        return (current == nil ? all : Array(all.dropLast())).map { lexer.text($0) }
    }

    /// The argument being typed (a path for `load`), without the quote it may start with.
    var argumentText: String {
        guard let current else { return "" }
        var text = lexer.text(current)
        if text.hasPrefix("\"") { text.removeFirst() }
        return text
    }
}
