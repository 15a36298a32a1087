/// What a number literal as Swift's lexer cuts it means to the playground: a whole number, a
/// decimal, or, with a unit after it (`300ms`, `1.5s`, `2min`), a duration in nanoseconds.
enum NumberLiteral {
    /// The token kind of `text`; `fail` makes the error for a message.
    static func read(_ text: String, fail: (String) -> SyntaxError) throws -> Token.Kind {
        if let value = Int(text) { return .integer(value) }
        let characters = Array(text)
        if characters.count > 2, characters[0] == "0", let radix = radix(of: characters[1]) {
            let digits = String(characters.dropFirst(2).filter { $0 != "_" })
            guard let value = Int(digits, radix: radix) else {
                if digits.allSatisfy({ $0.isHexDigit && Int(String($0), radix: 16)! < radix }) {
                    throw fail("the number \(text) is too large: whole numbers go up to 9223372036854775807")
                }
                throw fail("`\(text)` is not a number: after `0\(characters[1])` come digits of base \(radix)")
            }
            return .integer(value)
        }
        var number = ""
        var position = 0
        var isDecimal = false
        while position < characters.count {
            let character = characters[position]
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if character == "_" {
            } else if character == ".", !isDecimal, position + 1 < characters.count,
                characters[position + 1].isASCII, characters[position + 1].isNumber
            {
                isDecimal = true
                number.append(".")
            } else {
                break
            }
            position += 1
        }
        // An exponent, as in Swift: `1e3`, `2.5e-3`.
        if position < characters.count, characters[position] == "e" || characters[position] == "E" {
            var digit = position + 1
            if digit < characters.count, characters[digit] == "+" || characters[digit] == "-" { digit += 1 }
            if digit < characters.count, characters[digit].isASCII, characters[digit].isNumber {
                number += String(characters[position..<digit])
                position = digit
                while position < characters.count, characters[position].isASCII, characters[position].isNumber {
                    number.append(characters[position])
                    position += 1
                }
                isDecimal = true
            }
        }
        let unit = String(characters[position...])
        if !unit.isEmpty {
            return try duration(number, unit: unit, isDecimal: isDecimal, fail: fail)
        }
        if isDecimal {
            guard let value = Double(number), value.isFinite else {
                throw fail("the number \(number) is too large for a decimal")
            }
            return .decimal(value)
        }
        guard let value = Int(number) else {
            throw fail(
                "the number \(number) is too large: whole numbers go up to 9223372036854775807 (write a decimal such "
                    + "as 1e20 for more)"
            )
        }
        return .integer(value)
    }

    private static func radix(of character: Character) -> Int? {
        switch character {
        case "x": return 16
        case "o": return 8
        case "b": return 2
        default: return nil
        }
    }

    private static func duration(_ number: String, unit: String, isDecimal: Bool, fail: (String) -> SyntaxError)
        throws -> Token.Kind
    {
        let scale: Int64
        switch unit {
        case "ns": scale = 1
        case "us", "µs": scale = 1_000
        case "ms": scale = 1_000_000
        case "s": scale = 1_000_000_000
        case "m", "min": scale = 60_000_000_000
        default:
            // `1x` is as likely a name that starts with a digit as a time with a typo.
            throw fail(
                "`\(number)\(unit)` is neither a time nor a name: a time ends in ns, us, ms, s or min "
                    + "(`300ms`), and a name starts with a letter or `_` (`\(unit)\(number)`)"
            )
        }
        guard let nanoseconds = nanoseconds(number, isDecimal: isDecimal, scale: scale) else {
            throw fail("the duration \(number)\(unit) is too long: at most 9223372036s (about 292 years)")
        }
        return .duration(nanoseconds)
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
