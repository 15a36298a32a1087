/// Splits a statement into tokens. Stops at a `#` that starts a comment.
///
/// Offsets count characters. A line that is all ASCII (and has no carriage return, the one ASCII
/// pair that is a single character) is read byte by byte, where a byte is a character; any other
/// line is read as Swift characters, with the same rules.
struct Lexer<Source: LexerSource> {
    private let source: Source
    private var position = 0

    init(_ source: Source) {
        self.source = source
    }

    private var count: Int { source.count }

    /// All tokens of the source, ending with `.end`; throws a `SyntaxError` at the first bad character.
    mutating func tokens() throws -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(8)
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// Whether the character at `index` is the ASCII character `ascii`; false past the end, so a
    /// look-ahead (the second `/` of `//`) needs no bounds check of its own.
    private func at(_ index: Int, is ascii: Unicode.Scalar) -> Bool {
        index < count && source.byte(at: index) == UInt8(ascii: ascii)
    }

    private mutating func next() throws -> Token {
        while position < count, source.isWhitespace(at: position) {
            position += 1
        }
        // `#` and Swift's `//` start a comment, which runs to the end of the line.
        guard position < count, !at(position, is: "#"), !(at(position, is: "/") && at(position + 1, is: "/")) else {
            return Token(kind: .end, offset: count, length: 0)
        }
        let start = position
        if at(position, is: "\"") {
            return try string(from: start)
        }
        if source.isDigit(at: position) {
            return try number(from: start)
        }
        if at(position, is: "$"), position + 1 < count,
           source.isLetter(at: position + 1) || at(position + 1, is: "_") {
            // `$currentSong`: a `@Published` property's publisher, or `$player` for a binding.
            position += 1
            while position < count,
                  source.isLetter(at: position) || source.isDigit(at: position) || at(position, is: "_") {
                position += 1
            }
            return Token(kind: .identifier(source.text(start..<position)), offset: start, length: position - start)
        }
        if at(position, is: "$") {
            position += 1
            while position < count, source.isDigit(at: position) {
                position += 1
            }
            guard let index = Int(source.text(start + 1..<position)) else {
                throw SyntaxError("`$` must be followed by an argument number such as `$0`", offset: start, length: 1)
            }
            return Token(kind: .dollar(index), offset: start, length: position - start)
        }
        if source.isLetter(at: position) || at(position, is: "_") {
            while position < count, source.isLetter(at: position) || source.isDigit(at: position) || at(position,
                is: "_") {
                position += 1
            }
            return Token(kind: .identifier(source.text(start..<position)), offset: start, length: position - start)
        }
        // `...` and `..<`, the range operators.
        if position + 2 < count, at(position, is: "."), at(position + 1, is: "."), at(position + 2, is: ".") || at(
            position + 2, is: "<") {
            position += 3
            return Token(kind: .symbol(source.text(start..<position)), offset: start, length: 3)
        }
        if position + 1 < count, let first = source.byte(at: position), let second = source.byte(at: position + 1),
            Lexer.isTwoCharacterSymbol(first, second)
        {
            position += 2
            return Token(kind: .symbol(source.text(start..<position)), offset: start, length: 2)
        }
        if let byte = source.byte(at: position), Lexer.isOneCharacterSymbol(byte) {
            position += 1
            return Token(kind: .symbol(source.text(start..<position)), offset: start, length: 1)
        }
        let character = source.character(at: start)
        // Input that is not UTF-8 arrives with U+FFFD in place of each bad byte.
        let hint = character == "\u{FFFD}" ? " (the input has bytes that are not UTF-8 text)" : ""
        throw SyntaxError("unexpected character `\(character)`\(hint)", offset: start, length: 1)
    }

    /// `==`, `!=`, `<=`, `>=`, `&&`, `||` and `??`.
    private static func isTwoCharacterSymbol(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "!"), UInt8(ascii: "=")),
            (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")),
            (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")),
            (UInt8(ascii: "?"), UInt8(ascii: "?")):
            return true
        default:
            return false
        }
    }

    /// `{ } ( ) [ ] , : . ; ? = < > + - * / % !`, and `\` of a key path
    private static func isOneCharacterSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ";"),
            UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "!"),
            UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    private mutating func string(from start: Int) throws -> Token {
        position += 1
        var text = ""
        while position < count {
            let index = position
            position += 1
            if at(index, is: "\"") {
                return Token(kind: .string(text), offset: start, length: position - start)
            }
            if at(index, is: "\\") {
                guard position < count else { break }
                let escaped = position
                position += 1
                if at(escaped, is: "(") {
                    // `\(expression)`: kept as its source text between two markers, for the
                    // parser to read as an expression. Quotes inside it are skipped whole.
                    let inner = position
                    var nesting = 1
                    var quoted = false
                    while position < count {
                        if quoted {
                            if at(position, is: "\\") {
                                position += 1
                            } else if at(position, is: "\"") {
                                quoted = false
                            }
                        } else if at(position, is: "\"") {
                            quoted = true
                        } else if at(position, is: "(") {
                            nesting += 1
                        } else if at(position, is: ")") {
                            nesting -= 1
                            if nesting == 0 { break }
                        }
                        position += 1
                    }
                    guard position < count else { break }
                    text.append(Interpolation.start)
                    text += source.text(inner..<position)
                    text.append(Interpolation.end)
                    position += 1
                } else if at(escaped, is: "n") {
                    text.append("\n")
                } else if at(escaped, is: "t") {
                    text.append("\t")
                } else {
                    text.append(source.character(at: escaped))
                }
                continue
            }
            text.append(source.character(at: index))
        }
        throw SyntaxError("this string has no closing `\"`", offset: start, length: count - start)
    }

    private mutating func number(from start: Int) throws -> Token {
        if let token = plainInteger(from: start) { return token }
        var text = ""
        var isDecimal = false
        while position < count {
            if source.isDigit(at: position) {
                text.append(source.character(at: position))
                position += 1
            } else if at(position, is: "_") {
                position += 1
            } else if at(position, is: "."), !isDecimal, position + 1 < count, source.isDigit(at: position + 1) {
                isDecimal = true
                text.append(".")
                position += 1
            } else {
                break
            }
        }
        // An exponent, as in Swift: `1e3`, `2.5e-3`.
        if position < count, at(position, is: "e") || at(position, is: "E") {
            var digit = position + 1
            if digit < count, at(digit, is: "+") || at(digit, is: "-") { digit += 1 }
            if digit < count, source.isDigit(at: digit) {
                text += source.text(position..<digit)
                position = digit
                while position < count, source.isDigit(at: position) {
                    text.append(source.character(at: position))
                    position += 1
                }
                isDecimal = true
            }
        }
        var unitEnd = position
        while unitEnd < count, source.isLetter(at: unitEnd) {
            unitEnd += 1
        }
        if unitEnd > position {
            let unit = source.text(position..<unitEnd)
            let scale: Int64
            switch unit {
            case "ns": scale = 1
            case "us", "µs": scale = 1_000
            case "ms": scale = 1_000_000
            case "s": scale = 1_000_000_000
            case "m", "min": scale = 60_000_000_000
            default:
                // `1x` is as likely a name that starts with a digit as a time with a typo.
                throw SyntaxError(
                    "`\(text)\(unit)` is neither a time nor a name: a time ends in ns, us, ms, s or min "
                        + "(`300ms`), and a name starts with a letter or `_` (`\(unit)\(text)`)",
                    offset: start, length: unitEnd - start
                )
            }
            position = unitEnd
            guard let nanoseconds = Lexer.nanoseconds(text, isDecimal: isDecimal, scale: scale) else {
                throw SyntaxError(
                    "the duration \(text)\(unit) is too long: at most 9223372036s (about 292 years)",
                    offset: start, length: position - start
                )
            }
            return Token(kind: .duration(nanoseconds), offset: start, length: position - start)
        }
        if isDecimal {
            guard let value = Double(text), value.isFinite else {
                throw SyntaxError("the number \(text) is too large for a decimal", offset: start, length: position
                    - start)
            }
            return Token(kind: .decimal(value), offset: start, length: position - start)
        }
        guard let value = Int(text) else {
            throw SyntaxError(
                "the number \(text) is too large: whole numbers go up to 9223372036854775807 (write a decimal such "
                    + "as 1e20 for more)",
                offset: start, length: position - start
            )
        }
        return Token(kind: .integer(value), offset: start, length: position - start)
    }

    /// A whole number written with digits only (the usual `send s 42`), read straight from the
    /// digits; nil, reading nothing, for anything else (`1_000`, `2.5`, `1e3`, `300ms`, overflow).
    private mutating func plainInteger(from start: Int) -> Token? {
        var end = start
        var value = 0
        while end < count, let byte = source.byte(at: end), byte >= 0x30, byte <= 0x39 {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
            if overflow || overflow2 { return nil }
            value = sum
            end += 1
        }
        if end == start { return nil }
        if end < count {
            if let byte = source.byte(at: end) {
                // `_`, `.`, a letter (exponent or unit) or a digit beyond ASCII: the full reader.
                if byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || (byte | 0x20) >= 0x61
                    && (byte | 0x20) <= 0x7A {
                    return nil
                }
            } else {
                return nil
            }
        }
        position = end
        return Token(kind: .integer(value), offset: start, length: end - start)
    }

    /// `text` (digits, maybe with a fraction or exponent) times `scale`, in nanoseconds; nil if it
    /// does not fit in 64 bits. Whole numbers are multiplied exactly.
    private static func nanoseconds(_ text: String, isDecimal: Bool, scale: Int64) -> Int64? {
        if !isDecimal {
            guard let amount = Int64(text) else { return nil }
            let (product, overflow) = amount.multipliedReportingOverflow(by: scale)
            return overflow ? nil : product
        }
        guard let amount = Double(text) else { return nil }
        let product = amount * Double(scale)
        // 2^63 is the first double past `Int64.max`.
        guard product.isFinite, product < 9_223_372_036_854_775_808.0 else { return nil }
        return Int64(product)
    }
}

/// Where a string's `\(expression)` starts and ends in the text of a string token: two
/// private-use characters around the expression's source, which the parser reads.
enum Interpolation {
    static let start: Character = "\u{E000}"
    static let end: Character = "\u{E001}"
}
