/// What the lexer reads: a line's characters by position, with a quick answer for the ones that
/// are a single ASCII scalar. Character classes are Swift's (`isWhitespace`, `isLetter`,
/// `isNumber`), answered from the byte for ASCII.
protocol LexerSource {
    /// How many characters the line has.
    var count: Int { get }
    /// The character's byte when it is a single ASCII scalar, else nil.
    func byte(at index: Int) -> UInt8?
    func character(at index: Int) -> Character
    /// The characters in `range`, as text.
    func text(_ range: Range<Int>) -> String
}

extension LexerSource {
    /// `Character.isWhitespace`: for ASCII, tab, line feed, vertical tab, form feed, return, space.
    func isWhitespace(at index: Int) -> Bool {
        if let byte = byte(at: index) { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        return character(at: index).isWhitespace
    }

    /// `Character.isLetter`: for ASCII, `A`-`Z` and `a`-`z`.
    func isLetter(at index: Int) -> Bool {
        if let byte = byte(at: index) { return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        return character(at: index).isLetter
    }

    /// `Character.isNumber`: for ASCII, `0`-`9`.
    func isDigit(at index: Int) -> Bool {
        if let byte = byte(at: index) { return byte >= 0x30 && byte <= 0x39 }
        return character(at: index).isNumber
    }
}
