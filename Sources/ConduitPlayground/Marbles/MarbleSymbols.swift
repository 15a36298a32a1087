/// The one-character symbol of every value in a diagram, chosen so that no symbol means two
/// things: a value whose text is one character is drawn as itself unless another value (or a
/// glyph) would be drawn the same; every other value gets a letter that nothing else uses, and the
/// legend explains it.
public struct MarbleSymbols: Sendable {
    /// Characters with a meaning of their own in the notation.
    public static let reserved: Set<Character> = ["-", "|", "#", "(", ")", "^", "!", " ", "'", "\t"]

    private var symbols: [Value: Character] = [:]
    /// The symbols that stand for something other than their own text, in order of first use.
    public private(set) var legend: [(symbol: Character, value: Value)] = []

    /// Assigns symbols to `values` (in the order they first appear in the diagram).
    ///
    /// - Parameter values: The values drawn, in the order they first appear.
    public init(values: [Value]) {
        var distinct: [Value] = []
        var seen = Set<Value>()
        for value in values where seen.insert(value).inserted { distinct.append(value) }
        var byText: [Character: Int] = [:]
        for value in distinct { if let text = MarbleSymbols.ownText(value) { byText[text, default: 0] += 1 } }
        var used = Set<Character>()
        for value in distinct {
            if let text = MarbleSymbols.ownText(value), byText[text] == 1, !MarbleSymbols.reserved.contains(text) {
                symbols[value] = text
                used.insert(text)
            }
        }
        var pool = MarbleSymbols.pool.makeIterator()
        for value in distinct where symbols[value] == nil {
            var symbol = pool.next() ?? "?"
            while used.contains(symbol), let next = pool.next() { symbol = next }
            used.insert(symbol)
            symbols[value] = symbol
            legend.append((symbol, value))
        }
    }

    /// The symbol of `value`.
    ///
    /// - Parameter value: A value of the diagram.
    /// - Returns: Its symbol, or `?` for a value the diagram does not have.
    public func symbol(for value: Value) -> Character {
        symbols[value] ?? "?"
    }

    /// `where a = "ab", b = 12`, or `nil` when every value is drawn as itself.
    public var legendLine: String? {
        legend.isEmpty ? nil : "where " + legend.map { "\($0.symbol) = \($0.value)" }.joined(separator: ", ")
    }

    /// The character a value would be drawn as by itself: a one-character string or a digit.
    static func ownText(_ value: Value) -> Character? {
        switch value {
        case .string(let text) where text.count == 1: return text.first
        case .int(let number) where (0...9).contains(number): return Character(String(number))
        default: return nil
        }
    }

    /// Letters first, then Greek, for values that need a symbol.
    private static let pool: [Character] =
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") + Array("αβγδεζηθικλμνξοπρστυφχψω")
}
