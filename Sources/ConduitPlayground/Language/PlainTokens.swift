/// The tokens of a line of plain words (`send s 42`, `cancel out`): ASCII names and whole numbers
/// apart by blanks. Swift's lexer reads each such word as one identifier, keyword or integer, so
/// the tokens are known without it; a replayed `send` line spent a seventh of its time there.
enum PlainTokens {
    /// The tokens `SwiftLexer` gives for `text`, ending with `.end`, when the text is only names
    /// (a letter or `_`, then letters, digits and `_`) and decimal digits (a whole number that
    /// fits an `Int`) apart by spaces and tabs; nil for any other text, which Swift's lexer reads.
    static func tokens(of text: String) -> [Token]? {
        let tokens = text.utf8.withContiguousStorageIfAvailable { bytes -> [Token]? in
            var tokens: [Token] = []
            var index = 0
            while index < bytes.count {
                let first = bytes[index]
                if isBlank(first) {
                    index += 1
                    continue
                }
                let isNumber = isDigit(first)
                guard isNumber || startsName(first) else { return nil }
                let start = index
                index += 1
                while index < bytes.count, isDigit(bytes[index]) || startsName(bytes[index]) {
                    // `5s`, `0x1F`, `1_000`: a number with more after it is Swift's lexer's to read.
                    if isNumber, !isDigit(bytes[index]) { return nil }
                    index += 1
                }
                // Anything but a blank after the word (`.`, `(`, `=`, `#`, a non-ASCII letter) is not plain.
                if index < bytes.count, !isBlank(bytes[index]) { return nil }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                let kind: Token.Kind
                if isNumber {
                    // Too large for an `Int`: Swift's lexer's path says so.
                    guard let value = Int(word) else { return nil }
                    kind = .integer(value)
                } else {
                    kind = .identifier(word)
                }
                tokens.append(Token(kind: kind, offset: start, length: index - start))
            }
            tokens.append(Token(kind: .end, offset: bytes.count, length: 0))
            return tokens
        }
        return tokens ?? nil
    }

    /// A space or a tab: trivia to Swift's lexer, between the words.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// A decimal digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A letter or `_`: what a name starts with (and, with digits, goes on with).
    private static func startsName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }
}
