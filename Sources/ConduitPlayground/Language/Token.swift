/// One lexical token of a playground line, with where it starts and how long it is (in
/// characters), so that errors can point at it.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case integer(Int)
        case decimal(Double)
        case string(String)
        /// A string literal with `\(value)` parts, from its opening delimiter to the first value: the
        /// literal's parts as Swift reads them. The values' own tokens follow, each up to a `stringPiece`.
        case interpolatedString([StringLiteralPart])
        /// The rest of a string literal around its values: from an interpolation's `)` to the next
        /// value, or to the closing delimiter.
        case stringPiece
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
        case .interpolatedString: return "\"…\\(…)…\""
        case .stringPiece: return "string"
        case .duration: return "duration"
        case .dollar(let index): return "$\(index)"
        case .symbol(let symbol): return symbol
        case .end: return "end of line"
        }
    }

    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol(symbol)
    }

    /// Whether the token starts a string literal (with or without interpolations).
    var isString: Bool {
        switch kind {
        case .string, .interpolatedString: return true
        default: return false
        }
    }

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }
}
