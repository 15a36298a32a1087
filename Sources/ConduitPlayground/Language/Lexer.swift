/// Splits a statement into tokens. Stops at a `#` that starts a comment.
struct Lexer {
    private let characters: [Character]
    private var position = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    /// All tokens of the source (its characters), ending with `.end`; throws a `SyntaxError` at
    /// the first bad character.
    static func tokens(of characters: [Character]) throws -> [Token] {
        var lexer = Lexer(characters)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]
    private static let oneCharacterSymbols: Set<Character> = [
        "{", "}", "(", ")", "[", "]", ",", ":", ".", ";", "?", "=", "<", ">", "+", "-", "*", "/", "%", "!",
    ]

    private mutating func next() throws -> Token {
        while position < characters.count, Lexer.isWhitespace(characters[position]) {
            position += 1
        }
        guard position < characters.count, characters[position] != "#" else {
            return Token(kind: .end, offset: characters.count, length: 0)
        }
        let start = position
        let character = characters[position]
        if character == "\"" {
            return try string(from: start)
        }
        if Lexer.isDigit(character) {
            return try number(from: start)
        }
        if character == "$" {
            position += 1
            var digits = ""
            while position < characters.count, Lexer.isDigit(characters[position]) {
                digits.append(characters[position])
                position += 1
            }
            guard let index = Int(digits) else {
                throw SyntaxError("`$` must be followed by an argument number such as `$0`", offset: start, length: 1)
            }
            return Token(kind: .dollar(index), offset: start, length: position - start)
        }
        if Lexer.isLetter(character) || character == "_" {
            var name = ""
            while position < characters.count, Lexer.isLetter(characters[position]) || Lexer.isDigit(characters[position])
                || characters[position] == "_"
            {
                name.append(characters[position])
                position += 1
            }
            return Token(kind: .identifier(name), offset: start, length: position - start)
        }
        if position + 1 < characters.count {
            let pair = String([character, characters[position + 1]])
            if Lexer.twoCharacterSymbols.contains(pair) {
                position += 2
                return Token(kind: .symbol(pair), offset: start, length: 2)
            }
        }
        if Lexer.oneCharacterSymbols.contains(character) {
            position += 1
            return Token(kind: .symbol(String(character)), offset: start, length: 1)
        }
        throw SyntaxError("unexpected character `\(character)`", offset: start, length: 1)
    }

    private mutating func string(from start: Int) throws -> Token {
        position += 1
        var text = ""
        while position < characters.count {
            let character = characters[position]
            position += 1
            switch character {
            case "\"":
                return Token(kind: .string(text), offset: start, length: position - start)
            case "\\":
                guard position < characters.count else { break }
                let escaped = characters[position]
                position += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
            default:
                text.append(character)
            }
        }
        throw SyntaxError("this string has no closing `\"`", offset: start, length: characters.count - start)
    }

    private mutating func number(from start: Int) throws -> Token {
        var text = ""
        var isDecimal = false
        while position < characters.count {
            let character = characters[position]
            if Lexer.isDigit(character) || character == "_" {
                if character != "_" { text.append(character) }
                position += 1
            } else if character == ".", !isDecimal, position + 1 < characters.count, Lexer.isDigit(characters[position + 1]) {
                isDecimal = true
                text.append(character)
                position += 1
            } else {
                break
            }
        }
        var unit = ""
        var unitEnd = position
        while unitEnd < characters.count, Lexer.isLetter(characters[unitEnd]) {
            unit.append(characters[unitEnd])
            unitEnd += 1
        }
        if !unit.isEmpty {
            let scale: Double
            switch unit {
            case "ns": scale = 1
            case "us", "µs": scale = 1_000
            case "ms": scale = 1_000_000
            case "s": scale = 1_000_000_000
            case "m", "min": scale = 60_000_000_000
            default:
                throw SyntaxError(
                    "unknown time unit `\(unit)`; use ns, us, ms, s or min (for example `300ms`)",
                    offset: position, length: unitEnd - position
                )
            }
            position = unitEnd
            let amount = Double(text) ?? 0
            return Token(kind: .duration(Int64(amount * scale)), offset: start, length: position - start)
        }
        if isDecimal {
            return Token(kind: .decimal(Double(text) ?? 0), offset: start, length: position - start)
        }
        guard let value = Int(text) else {
            throw SyntaxError("the number \(text) is too large", offset: start, length: position - start)
        }
        return Token(kind: .integer(value), offset: start, length: position - start)
    }

    // Character classes with an ASCII fast path; beyond ASCII, Swift's own Unicode properties.

    /// `Character.isWhitespace`: for ASCII, tab, line feed, vertical tab, form feed, return, space.
    private static func isWhitespace(_ character: Character) -> Bool {
        if let byte = character.asciiValue { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        return character.isWhitespace
    }

    /// `Character.isLetter`: for ASCII, `A`-`Z` and `a`-`z`.
    private static func isLetter(_ character: Character) -> Bool {
        if let byte = character.asciiValue { return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        return character.isLetter
    }

    /// `Character.isNumber`: for ASCII, `0`-`9`.
    private static func isDigit(_ character: Character) -> Bool {
        if let byte = character.asciiValue { return byte >= 0x30 && byte <= 0x39 }
        return character.isNumber
    }
}
