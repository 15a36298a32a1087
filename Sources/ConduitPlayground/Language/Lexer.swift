/// Splits a statement into tokens. Stops at a `#` that starts a comment.
struct Lexer {
    private let characters: [Character]
    private var position = 0

    init(_ source: String) {
        characters = Array(source)
    }

    /// All tokens of the source, ending with `.end`; throws a `SyntaxError` at the first bad character.
    static func tokens(of source: String) throws -> [Token] {
        var lexer = Lexer(source)
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
        while position < characters.count, characters[position].isWhitespace {
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
        if character.isNumber {
            return try number(from: start)
        }
        if character == "$" {
            position += 1
            var digits = ""
            while position < characters.count, characters[position].isNumber {
                digits.append(characters[position])
                position += 1
            }
            guard let index = Int(digits) else {
                throw SyntaxError("`$` must be followed by an argument number such as `$0`", offset: start, length: 1)
            }
            return Token(kind: .dollar(index), offset: start, length: position - start)
        }
        if character.isLetter || character == "_" {
            var name = ""
            while position < characters.count, characters[position].isLetter || characters[position].isNumber
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
            if character.isNumber || character == "_" {
                if character != "_" { text.append(character) }
                position += 1
            } else if character == ".", !isDecimal, position + 1 < characters.count, characters[position + 1].isNumber {
                isDecimal = true
                text.append(character)
                position += 1
            } else {
                break
            }
        }
        var unit = ""
        var unitEnd = position
        while unitEnd < characters.count, characters[unitEnd].isLetter {
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
}
