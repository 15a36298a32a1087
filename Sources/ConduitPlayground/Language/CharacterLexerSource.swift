/// Any line, read as Swift characters (grapheme clusters): what the lexer uses when a line is not
/// plain ASCII.
struct CharacterLexerSource: LexerSource {
    private let characters: [Character]

    init(_ characters: [Character]) {
        self.characters = characters
    }

    var count: Int { characters.count }

    func byte(at index: Int) -> UInt8? {
        let utf8 = characters[index].utf8
        return utf8.count == 1 ? utf8.first : nil
    }

    func character(at index: Int) -> Character { characters[index] }

    func text(_ range: Range<Int>) -> String { String(characters[range]) }
}
