@_spi(RawSyntax) import SwiftSyntax

/// Turns the lexemes Swift's lexer gives into the playground's tokens: a string with its escapes
/// and interpolations becomes one `.string`, a number with a unit one `.duration`, a run of
/// punctuation the symbols the parser reads, and a `#` (not of a raw string) ends the statement.
struct TokenAssembly {
    let lexer: SwiftLexer
    private var index = 0
    private var result: [Token] = []

    init(lexer: SwiftLexer) {
        self.lexer = lexer
    }

    private var lexemes: [SwiftLexer.Lexeme] { lexer.lexemes }

    /// All tokens, ending with `.end`.
    mutating func tokens() throws -> [Token] {
        result.reserveCapacity(lexemes.count + 1)
        while index < lexemes.count {
            let lexeme = lexemes[index]
            if lexeme.kind == .endOfFile {
                if let diagnostic = lexeme.diagnostic { throw unreadable(diagnostic, at: lexeme) }
                break
            }
            // `# note` is the playground's comment; `#selector` and `#if` are refused before this.
            if lexeme.kind != .rawStringPoundDelimiter, lexeme.kind != .regexPoundDelimiter,
                lexer.bytes[lexeme.start] == UInt8(ascii: "#")
            {
                break
            }
            if let diagnostic = lexeme.diagnostic, !TokenAssembly.isReadWithItsLexeme(diagnostic) {
                throw unreadable(diagnostic, at: lexeme)
            }
            try assemble(lexeme)
        }
        result.append(Token(kind: .end, offset: lexer.endOffset, length: 0))
        return result
    }

    private mutating func assemble(_ lexeme: SwiftLexer.Lexeme) throws {
        switch lexeme.kind {
        case .identifier, .keyword, .wildcard:
            var name = lexer.text(of: lexeme)
            if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 { name = String(name.dropFirst().dropLast()) }
            append(.identifier(name), lexeme.start, lexeme.end)
            index += 1
        case .dollarIdentifier:
            guard let number = Int(lexer.text(of: lexeme).dropFirst()) else {
                throw lexer.error("`$` must be followed by an argument number such as `$0`", from: lexeme.start,
                    to: lexeme.start + 1)
            }
            append(.dollar(number), lexeme.start, lexeme.end)
            index += 1
        case .integerLiteral, .floatLiteral:
            try number(lexeme)
        case .stringQuote, .multilineStringQuote, .rawStringPoundDelimiter:
            try string()
        case .singleQuote:
            throw lexer.error(
                "Swift writes a string in double quotes (`\"text\"`); a single quote `'` starts nothing",
                from: lexeme.start, to: lexeme.end
            )
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            try regex()
        default:
            try symbols()
        }
    }

    private mutating func append(_ kind: Token.Kind, _ start: Int, _ end: Int) {
        let offset = lexer.character(start)
        result.append(Token(kind: kind, offset: offset, length: lexer.character(end) - offset))
    }

    // MARK: Numbers

    /// A number, with the unit that makes it a duration (`300ms` is one lexeme with a diagnostic,
    /// `1.5s` a decimal with the unit straight after it).
    private mutating func number(_ lexeme: SwiftLexer.Lexeme) throws {
        var end = lexeme.end
        index += 1
        if lexeme.diagnostic == nil, index < lexemes.count, lexemes[index].start == end,
            lexemes[index].kind == .identifier || lexemes[index].kind == .keyword
        {
            end = lexemes[index].end
            index += 1
        }
        let kind = try NumberLiteral.read(lexer.text(lexeme.start..<end)) { message in
            lexer.error(message, from: lexeme.start, to: end)
        }
        append(kind, lexeme.start, end)
    }

    // MARK: Strings

    /// A string literal (`"…"`, `"""…"""`, `#"…"#`): its escapes resolved and each `\(expression)`
    /// kept as source between the `Interpolation` markers, for the parser to read.
    private mutating func string() throws {
        let start = lexemes[index].start
        var isRaw = false
        if lexemes[index].kind == .rawStringPoundDelimiter {
            isRaw = true
            index += 1
        }
        guard index < lexemes.count,
            lexemes[index].kind == .stringQuote || lexemes[index].kind == .multilineStringQuote
        else { throw unclosedString(from: start) }
        let isMultiline = lexemes[index].kind == .multilineStringQuote
        index += 1
        var value = ""
        while true {
            guard index < lexemes.count else { throw unclosedString(from: start) }
            let lexeme = lexemes[index]
            switch lexeme.kind {
            case .stringSegment:
                if let diagnostic = lexeme.diagnostic { throw unreadable(diagnostic, at: lexeme) }
                let text = lexer.text(of: lexeme)
                value += isRaw ? text : try StringEscapes.resolve(text) { message, at in
                    lexer.error(message, from: lexeme.start + at, to: lexeme.start + at + 2)
                }
                index += 1
            case .backslash:
                value += try interpolation(isRaw: isRaw, stringStart: start)
            case .stringQuote, .multilineStringQuote:
                index += 1
                if isRaw, index < lexemes.count, lexemes[index].kind == .rawStringPoundDelimiter { index += 1 }
                let end = lexemes[index - 1].end
                if isMultiline {
                    value = try StringEscapes.removingIndentation(value) { message in
                        lexer.error(message, from: lexeme.start, to: lexeme.end)
                    }
                }
                append(.string(value), start, end)
                return
            default:
                throw unclosedString(from: start)
            }
        }
    }

    /// `\(expression)` in a string: its source, between the markers.
    private mutating func interpolation(isRaw: Bool, stringStart: Int) throws -> String {
        let backslash = lexemes[index]
        index += 1
        if isRaw, index < lexemes.count, lexemes[index].kind == .rawStringPoundDelimiter { index += 1 }
        guard index < lexemes.count, lexemes[index].kind == .leftParen else {
            throw lexer.error("a `\\` in a string starts an escape such as `\\n` or `\\(value)`",
                from: backslash.start, to: backslash.end)
        }
        let inner = lexemes[index].end
        var depth = 1
        index += 1
        while index < lexemes.count, lexemes[index].kind != .endOfFile {
            if lexemes[index].kind == .leftParen { depth += 1 }
            if lexemes[index].kind == .rightParen {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard depth == 0 else { throw unclosedString(from: stringStart) }
        let source = lexer.text(inner..<lexemes[index].start)
        index += 1
        return String(Interpolation.start) + source + String(Interpolation.end)
    }

    private func unclosedString(from start: Int) -> SyntaxError {
        var end = start + 1
        while end < lexer.bytes.count, lexer.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return lexer.error("this string has no closing `\"`", from: start, to: end)
    }

    // MARK: Symbols

    /// A run of punctuation and operator characters with nothing between them, split into the
    /// parser's symbols, longest first (`..<`, `...`, then `==` `!=` `<=` `>=` `&&` `||` `??`).
    private mutating func symbols() throws {
        let start = lexemes[index].start
        var end = lexemes[index].end
        index += 1
        while index < lexemes.count, lexemes[index].start == end,
            TokenAssembly.isPunctuation(lexemes[index], in: lexer.bytes)
        {
            if let diagnostic = lexemes[index].diagnostic, !TokenAssembly.isReadWithItsLexeme(diagnostic) {
                throw unreadable(diagnostic, at: lexemes[index])
            }
            end = lexemes[index].end
            index += 1
        }
        var position = start
        while position < end {
            let length = SymbolSplit.length(of: lexer.bytes, at: position, before: end)
            guard length > 0 else {
                throw lexer.error("unexpected character `\(lexer.characterText(at: position))`", from: position,
                    to: position + 1)
            }
            append(.symbol(lexer.text(position..<position + length)), position, position + length)
            position += length
        }
    }

    private static func isPunctuation(_ lexeme: SwiftLexer.Lexeme, in bytes: [UInt8]) -> Bool {
        switch lexeme.kind {
        case .identifier, .keyword, .wildcard, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringQuote,
            .multilineStringQuote, .rawStringPoundDelimiter, .singleQuote, .stringSegment, .regexSlash,
            .regexPoundDelimiter, .regexLiteralPattern, .endOfFile:
            return false
        default:
            return bytes[lexeme.start] != UInt8(ascii: "#")
        }
    }

    /// A lone `/` where Swift would start a regular expression is the division sign the parser
    /// reports on; a whole `/…/` literal is not part of the playground.
    private mutating func regex() throws {
        let start = lexemes[index].start
        var end = start
        while index < lexemes.count,
            [.regexSlash, .regexPoundDelimiter, .regexLiteralPattern].contains(lexemes[index].kind)
        {
            end = lexemes[index].end
            index += 1
        }
        if lexer.text(start..<end) == "/" {
            append(.symbol("/"), start, end)
            return
        }
        throw lexer.error("a regular expression literal (`/…/`) is not part of the playground", from: start,
            to: end)
    }

    // MARK: Diagnostics

    /// Whether a diagnostic of Swift's lexer is read with its lexeme (a number's unit, an escape)
    /// or accepted (`x =1`, which the playground has always read), rather than refused at once.
    private static func isReadWithItsLexeme(_ kind: TokenDiagnostic.Kind) -> Bool {
        switch kind {
        case .invalidDecimalDigitInIntegerLiteral, .invalidFloatingPointExponentDigit,
            .invalidFloatingPointExponentCharacter, .expectedDigitInFloatLiteral, .invalidHexDigitInIntegerLiteral,
            .invalidOctalDigitInIntegerLiteral, .invalidBinaryDigitInIntegerLiteral, .expectedHexDigitInHexLiteral,
            .expectedBinaryExponentInHexFloatLiteral, .invalidEscapeSequenceInStringLiteral,
            .expectedClosingBraceInUnicodeEscape, .expectedHexCodeInUnicodeEscape,
            .invalidNumberOfHexDigitsInUnicodeEscape, .equalMustHaveConsistentWhitespaceOnBothSides:
            return true
        default:
            return false
        }
    }

    /// The message for what Swift's lexer found wrong at `lexeme`.
    private func unreadable(_ kind: TokenDiagnostic.Kind, at lexeme: SwiftLexer.Lexeme) -> SyntaxError {
        let at = lexeme.diagnosticOffset
        let character = lexer.characterText(at: at)
        switch kind {
        case .invalidCharacter, .unprintableAsciiCharacter, .invalidUtf8, .nulCharacter,
            .invalidIdentifierStartCharacter:
            // Input that is not UTF-8 arrives with U+FFFD in place of each bad byte.
            let hint = character == "\u{FFFD}" ? " (the input has bytes that are not UTF-8 text)" : ""
            return lexer.error("unexpected character `\(character)`\(hint)", from: at, to: at + 1)
        case .unicodeCurlyQuote:
            return lexer.error(
                "`\(character)` is a curly quote, which Swift does not read: write a string in straight quotes "
                    + "(`\"text\"`)", from: at, to: at + 1
            )
        case .unterminatedBlockComment:
            return lexer.error("this comment (`/*`) has no closing `*/`", from: at, to: at + 2)
        case .unexpectedBlockCommentEnd:
            return lexer.error("`*/` closes no comment", from: at, to: at + 2)
        case .invalidEscapeSequenceInStringLiteral:
            return lexer.error(
                "`\\\(lexer.characterText(at: at + 1))` is not an escape Swift knows: write `\\\\` for a backslash, "
                    + "or `\\n`, `\\t`, `\\\"`, `\\u{…}`", from: at, to: at + 2
            )
        case .expectedClosingBraceInUnicodeEscape, .expectedHexCodeInUnicodeEscape,
            .invalidNumberOfHexDigitsInUnicodeEscape:
            return lexer.error("a Unicode escape is written `\\u{1F600}`: one to eight hexadecimal digits in braces",
                from: at, to: at + 1)
        case .editorPlaceholder:
            return lexer.error("an editor placeholder (`<#…#>`) stands where a value goes: write the value",
                from: lexeme.start, to: lexeme.end)
        default:
            return lexer.error("Swift cannot read this (\(kind))", from: at, to: at + 1)
        }
    }
}
