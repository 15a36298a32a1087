extension Parser {
    /// A string literal with `\(value)` parts (the current token, an `.interpolatedString` laid out from
    /// Swift's tree): its text parts, and each value read by this parser where Swift's parser puts it,
    /// joined as Swift interpolates (`String(describing:)` of each value).
    mutating func interpolatedString(_ parts: [StringLiteralPart]) throws -> Expression {
        var pieces: [Expression] = []
        for part in parts {
            switch part {
            case .text(let text):
                pieces.append(.literal(.string(text)))
            case .value(let range):
                let value = try read(range, as: "the value put into the string") { try $0.expression() }
                pieces.append(.call("string", [value]))
            }
        }
        // The value read last is followed by the rest of the literal, its last piece.
        advance()
        if case .call = pieces.first { pieces.insert(.literal(.string("")), at: 0) }
        return Parser.joined(pieces[...])
    }

    /// `pieces` joined with `+`, halves first: a string with thousands of values nests a dozen levels
    /// deep, not thousands (each a level of recursion when it is checked and evaluated).
    private static func joined(_ pieces: ArraySlice<Expression>) -> Expression {
        guard pieces.count > 1 else { return pieces.first ?? .literal(.string("")) }
        let middle = pieces.startIndex + pieces.count / 2
        return .binary(.plus, joined(pieces[..<middle]), joined(pieces[middle...]))
    }
}
