/// A line that is plain ASCII without a carriage return, read as bytes: each byte is one
/// character, so the lexer needs no grapheme breaking and no Unicode tables.
struct ASCIILexerSource: LexerSource {
    private let bytes: [UInt8]

    /// The line as bytes, or nil if it has a non-ASCII byte or a carriage return (`\r\n` is one
    /// character made of two bytes).
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func byte(at index: Int) -> UInt8? { bytes[index] }

    func character(at index: Int) -> Character { Character(Unicode.Scalar(bytes[index])) }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
