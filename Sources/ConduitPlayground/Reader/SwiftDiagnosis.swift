import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A syntax error in swiftc's own words: when the playground cannot read a Swift statement (one
/// that starts with a Swift keyword, `let` or `func` or `if` ...) and Swift's parser finds its
/// first error at the same place, the message starts with Swift's (and its fix-it), and the
/// playground's own, which says what would be right in the playground's terms, follows it.
///
/// Only at the same place: an error Swift finds earlier is in what the playground adds to Swift
/// (`300ms`, `{name: "ace"}`), which the playground read; one Swift finds later (or none) means
/// the playground lacks a construct that Swift has, which the playground's own message names.
enum SwiftDiagnosis {
    /// Swift's error for `text` where `error` (the playground's) stands, or nil.
    static func inSwiftsWords(_ error: SyntaxError, text: String) -> SyntaxError? {
        // What Swift's lexer refused (a character, a duration too long) is already said precisely.
        guard startsWithSwiftKeyword(text), (try? SwiftLexer.tokens(of: text)) != nil else { return nil }
        // Swift's diagnostics grow faster than the text on hostile input (a megabyte of garbage,
        // thousands of brackets): a statement anyone writes is far below these bounds.
        let brackets = text.utf8.lazy.filter { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") }.count
        guard text.utf8.count <= maximumLength, brackets <= maximumBrackets, let tree = StatementShape.parse(text),
            tree.hasError,
            let first = ParseDiagnosticsGenerator.diagnostics(for: tree)
                .first(where: { $0.diagMessage.severity == .error })
        else { return nil }
        let bytes = first.position.utf8Offset
        let offset = String(decoding: text.utf8.prefix(bytes), as: UTF8.self).count
        let atEnd = offset >= text.count && error.offset + error.length >= text.count
        guard atEnd || (error.offset...(error.offset + error.length)).contains(offset) else { return nil }
        // The playground's message may already be Swift's (a condition's error, from its tree).
        guard !error.message.hasPrefix(first.message) else { return nil }
        var message = first.message
        if let fixIt = first.fixIts.first?.message.message {
            message += " (fix-it: \(fixIt))"
        }
        message += "; " + error.message
        return SyntaxError(message, offset: min(offset, max(0, text.count - 1)), length: 1)
    }

    /// Whether `text` starts with one of Swift's keywords that begin a statement; a line such as
    /// `sned n 1` is a mistyped playground command, which the playground's message names better.
    private static func startsWithSwiftKeyword(_ text: String) -> Bool {
        let word = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix { $0.isLetter }
        return statementKeywords.contains(String(word))
    }

    private static let statementKeywords: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "if", "guard", "while", "for", "repeat", "do", "switch",
        "return", "throw", "final", "private", "fileprivate", "internal", "static", "lazy", "weak", "import",
    ]

    /// The longest statement, in UTF-8 bytes, whose syntax error Swift words.
    static let maximumLength = 4_096
    /// The most brackets such a statement may open.
    static let maximumBrackets = 200
}
