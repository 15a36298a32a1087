import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Turns the lexemes Swift's lexer gives into the playground's tokens: a string becomes one `.string`
/// (or, with interpolations, pieces around its values' tokens), a number with a unit one `.duration`, a run of
/// punctuation the symbols the parser reads, and a `#` (not of a raw string) ends the statement.
struct TokenAssembly {
    let lexer: SwiftLexer
    private var index = 0
    private var result: [Token] = []
    /// The character offset the lexemes being assembled stop before: the end of an interpolation's
    /// value, whose `)` is the literal's, not an operator's (`\(x!)`).
    private var stop = Int.max
    /// The trees of the statement parsed to read its string literals, handed on to the parser.
    let trees = SwiftTreeCache()

    init(lexer: SwiftLexer) {
        self.lexer = lexer
    }

    private var lexemes: [SwiftLexer.Lexeme] { lexer.lexemes }

    /// Whether `lexeme` is a `#` that starts the playground's comment (not a raw string's or a regular
    /// expression's delimiter).
    private static func isComment(_ lexeme: SwiftLexer.Lexeme, in bytes: [UInt8]) -> Bool {
        guard lexeme.start < bytes.count, bytes[lexeme.start] == UInt8(ascii: "#") else { return false }
        switch lexeme.kind {
        case .rawStringPoundDelimiter, .regexPoundDelimiter, .stringSegment: return false
        default: return true
        }
    }

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
            if TokenAssembly.isComment(lexeme, in: lexer.bytes) { break }
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

    /// Whether `lexeme` starts before `stop` (always, outside an interpolation).
    private func isBeforeStop(_ lexeme: SwiftLexer.Lexeme) -> Bool {
        stop == Int.max || lexer.character(lexeme.start) < stop
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
        if lexeme.diagnostic == nil, index < lexemes.count, lexemes[index].start == end, isBeforeStop(lexemes[index]),
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

    /// A string literal (`"…"`, `"""…"""`, `#"…"#`). A one-line literal without interpolations is
    /// one `.string` (its escapes resolved by swift-syntax, no tree parsed); a multi-line one takes its
    /// meaning from Swift's tree, and one with `\(value)` parts is laid out from it
    /// (`interpolatedString`). What Swift's parser finds wrong in a literal is swiftc's message.
    private mutating func string() throws {
        let start = lexemes[index].start
        var next = index
        var delimiterLength = 0
        if lexemes[next].kind == .rawStringPoundDelimiter {
            delimiterLength = lexemes[next].end - lexemes[next].start
            next += 1
        }
        guard next < lexemes.count, lexemes[next].kind == .stringQuote || lexemes[next].kind == .multilineStringQuote
        else { throw stringError(at: start) }
        let isMultiline = lexemes[next].kind == .multilineStringQuote
        next += 1
        var value = ""
        while next < lexemes.count, lexemes[next].kind == .stringSegment {
            if let diagnostic = lexemes[next].diagnostic {
                throw stringError(at: start, lexeme: lexemes[next], diagnostic)
            }
            if !isMultiline {
                value += StringLiteralLowering.resolved(lexer.text(of: lexemes[next]), delimiterLength: delimiterLength)
            }
            next += 1
        }
        guard next < lexemes.count else { throw stringError(at: start) }
        switch lexemes[next].kind {
        case .stringQuote, .multilineStringQuote:
            next += 1
            if delimiterLength > 0 {
                guard next < lexemes.count, lexemes[next].kind == .rawStringPoundDelimiter else {
                    throw stringError(at: start)
                }
                next += 1
            }
            if isMultiline {
                guard let (_, literal) = literal(at: start), let represented = literal.representedLiteralValue else {
                    throw stringError(at: start)
                }
                value = represented
            }
            index = next
            append(.string(value), start, lexemes[next - 1].end)
        case .backslash:
            try interpolatedString(at: start)
        default:
            throw stringError(at: start)
        }
    }

    /// A literal with `\(value)` parts, laid out from Swift's tree: an `.interpolatedString` token up to
    /// the first value's `(`, then each value's own tokens followed by a `.stringPiece` for the rest of
    /// the literal up to the next value (or its end). The parser reads each value where it stands.
    private mutating func interpolatedString(at start: Int) throws {
        guard let (tree, literal) = literal(at: start) else {
            guard tree(from: lexer.character(start)) != nil else {
                // Text Swift's parser is not given (longer than 64 KB, thousands of brackets): no tree says
                // where the values are.
                throw lexer.error(
                    "this statement is too long or nests too deeply for Swift's parser to read its string's "
                        + "`\\(value)` parts: split it into steps", from: start, to: start + 1)
            }
            throw stringError(at: start)
        }
        if let error = tree.firstError(in: literal, hint: StringLiteralLowering.hint) { throw error }
        let shape = try StringLiteralLowering.shape(of: literal, in: tree)
        var pieceStart = lexer.character(start)
        var kind = Token.Kind.interpolatedString(shape.parts)
        let outerStop = stop
        defer { stop = outerStop }
        for interpolation in shape.interpolations {
            result.append(Token(kind: kind, offset: pieceStart, length: interpolation.open - pieceStart))
            kind = .stringPiece
            skipLexemes(before: interpolation.value.lowerBound)
            stop = interpolation.value.upperBound
            while index < lexemes.count, lexer.character(lexemes[index].start) < stop {
                let lexeme = lexemes[index]
                if let diagnostic = lexeme.diagnostic, !TokenAssembly.isReadWithItsLexeme(diagnostic) {
                    throw unreadable(diagnostic, at: lexeme)
                }
                try assemble(lexeme)
            }
            pieceStart = interpolation.close
        }
        result.append(Token(kind: kind, offset: pieceStart, length: shape.end - pieceStart))
        skipLexemes(before: shape.end)
    }

    /// Moves past the lexemes that start before character `offset` (a literal's quotes, segments and
    /// interpolations' brackets, which its tokens cover).
    private mutating func skipLexemes(before offset: Int) {
        while index < lexemes.count, lexemes[index].kind != .endOfFile,
            lexer.character(lexemes[index].start) < offset
        {
            index += 1
        }
    }

    /// The string literal that starts at UTF-8 offset `start` in Swift's tree of the statement, or,
    /// where Swift reads the statement otherwise (a playground command), of the text from `start` on.
    private mutating func literal(at start: Int) -> (SwiftTree, StringLiteralExprSyntax)? {
        let offset = lexer.character(start)
        for from in [0, offset] {
            guard let tree = tree(from: from),
                let literal = tree.node(StringLiteralExprSyntax.self, holdingTokenAt: offset),
                tree.offset(of: literal.positionAfterSkippingLeadingTrivia) == offset
            else { continue }
            return (tree, literal)
        }
        return nil
    }

    /// Swift's tree of the statement from character `from` on, parsed from its lexemes (the playground's
    /// `#` comment and what Swift's lexer skips blanked) once, and kept for the parser.
    private mutating func tree(from: Int) -> SwiftTree? {
        let lexer = lexer
        let lexemes = lexemes
        return trees.tree(from: from) {
            let end = lexemes.firstIndex { TokenAssembly.isComment($0, in: lexer.bytes) } ?? lexemes.count
            // A segment of a string covers what Swift's lexer leaves after it too: the `\` of an escaped
            // line break in a multi-line literal is its trivia, not its text.
            let covered = lexemes.indices[..<end].lazy.map { index in
                let lexeme = lexemes[index]
                let next = lexeme.kind == .stringSegment && index + 1 < lexemes.count ? lexemes[index + 1].start : 0
                return lexer.character(lexeme.start)..<lexer.character(max(lexeme.end, next))
            }.filter { $0.lowerBound >= from }
            let object = lexemes.first.flatMap { lexer.text(of: $0) == "object" ? lexer.character($0.start) : nil }
            return SwiftTree(text: lexer.text, covering: covered, objectAt: object)
        }
    }

    /// What is wrong with the literal that starts at UTF-8 offset `start`: swiftc's message where Swift's
    /// parser reads it (or the text from it) with an error; else what Swift's lexer found wrong in
    /// `lexeme`, or that the literal is not closed.
    private mutating func stringError(
        at start: Int, lexeme: SwiftLexer.Lexeme? = nil, _ diagnostic: TokenDiagnostic.Kind? = nil
    ) -> SyntaxError {
        let offset = lexer.character(start)
        for from in [0, offset] {
            guard let tree = tree(from: from) else { continue }
            if let literal = tree.node(StringLiteralExprSyntax.self, holdingTokenAt: offset),
                let error = tree.firstError(in: literal, hint: StringLiteralLowering.hint)
            {
                return error
            }
            if from == offset, let error = tree.firstError(in: tree.tree, hint: StringLiteralLowering.hint) {
                return error
            }
        }
        if let lexeme, let diagnostic { return unreadable(diagnostic, at: lexeme) }
        var end = start + 1
        while end < lexer.bytes.count, lexer.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return lexer.error("expected '\"' to end string literal; " + StringLiteralLowering.hint, from: start, to: end)
    }

    // MARK: Symbols

    /// A run of punctuation and operator characters with nothing between them, split into the
    /// parser's symbols, longest first (`..<`, `...`, then `==` `!=` `<=` `>=` `&&` `||` `??`).
    private mutating func symbols() throws {
        let start = lexemes[index].start
        var end = lexemes[index].end
        index += 1
        while index < lexemes.count, lexemes[index].start == end, isBeforeStop(lexemes[index]),
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
        while index < lexemes.count, isBeforeStop(lexemes[index]),
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
