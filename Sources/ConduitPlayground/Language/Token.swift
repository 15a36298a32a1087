/// One lexical token of a playground line, with where it starts and how long it is (in
/// characters), so that errors can point at it.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case integer(Int)
        case decimal(Double)
        case string(String)
        /// A duration such as `300ms` or `1.5s`, in nanoseconds.
        case duration(Int64)
        /// `$0`, `$1`, ...
        case dollar(Int)
        /// Punctuation and operators: `{ } ( ) [ ] , : . ; ? = == != < <= > >= + - * / % && || !`
        case symbol(String)
        case end
    }

    let kind: Kind
    let offset: Int
    let length: Int

    /// The character offset just past the token.
    var end: Int { offset + length }

    /// How the token reads in a message.
    var display: String {
        switch kind {
        case .identifier(let name): return name
        case .integer(let value): return String(value)
        case .decimal(let value): return String(value)
        case .string(let value): return Value.quote(value)
        case .duration: return "duration"
        case .dollar(let index): return "$\(index)"
        case .symbol(let symbol): return symbol
        case .end: return "end of line"
        }
    }

    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol(symbol)
    }

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }
}
