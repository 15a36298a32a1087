/// The punctuation the playground's parser reads, and how a run of it splits into symbols:
/// longest first, so `..<` and `...` are one symbol, and so are `==` `!=` `<=` `>=` `&&` `||` `??`, and the
/// compound assignments `+=` `-=` `*=` `/=` `%=` (one operator to Swift's lexer, as to the parser). Swift's
/// other operator tokens (`->`, `?.`) arrive here split into these pieces, which is how the parser reads them.
enum SymbolSplit {
    /// How many bytes the symbol at `position` takes (3, 2 or 1), or 0 for a character that is
    /// none of the playground's punctuation.
    static func length(of bytes: [UInt8], at position: Int, before end: Int) -> Int {
        let first = bytes[position]
        if position + 2 < end, first == UInt8(ascii: "."), bytes[position + 1] == UInt8(ascii: "."),
            bytes[position + 2] == UInt8(ascii: ".") || bytes[position + 2] == UInt8(ascii: "<")
        {
            return 3
        }
        if position + 1 < end, isTwoCharacterSymbol(first, bytes[position + 1]) { return 2 }
        return isOneCharacterSymbol(first) ? 1 : 0
    }

    private static func isTwoCharacterSymbol(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "!"), UInt8(ascii: "=")),
            (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: "=")),
            (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")),
            (UInt8(ascii: "?"), UInt8(ascii: "?")), (UInt8(ascii: "+"), UInt8(ascii: "=")),
            (UInt8(ascii: "-"), UInt8(ascii: "=")), (UInt8(ascii: "*"), UInt8(ascii: "=")),
            (UInt8(ascii: "/"), UInt8(ascii: "=")), (UInt8(ascii: "%"), UInt8(ascii: "=")):
            return true
        default:
            return false
        }
    }

    /// `{ } ( ) [ ] , : . ; ? = < > + - * / % !`, `\` of a key path, `&` of an inout argument and
    /// `@` of an attribute.
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
}
