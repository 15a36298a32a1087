/// Ranges in expressions: `1...3` and `0..<n` are values wherever an expression stands
/// (`let r = 1...3`, `for i in 0..<n`, `r.contains(2)`), read at Swift's RangeFormationPrecedence:
/// tighter than comparisons, `??` and casts, looser than `+` and `*` (`0..<n + 1` is `0..<(n + 1)`).
extension Parser {
    /// The precedence level of `+` and `-`, which a range's upper bound is read at.
    private static let additionLevel = precedence.firstIndex(of: [.plus, .minus]) ?? 0

    /// `lower...upper` or `lower..<upper` after `lower`: the range, as `#range` of its bounds; `lower`
    /// itself when no range operator follows. A one-sided range (`2...` before `)`, `,` or the end)
    /// is left to the reader that takes one (`output(in: 2...)`, `case 10...:`) or says it needs both
    /// bounds.
    mutating func rangeFormation(_ lower: Expression) throws -> Expression {
        guard case .symbol(let op) = current.kind, op == "..." || op == "..<" else { return lower }
        let next = peek(1)
        if next.kind == .end || [")", ",", "]", "}", ";", "{", ":"].contains(where: { next.isSymbol($0) }) {
            return lower
        }
        try enter()
        defer { depth -= 1 }
        advance()
        let upper = try binary(level: Parser.additionLevel)
        return .call("#range", [lower, upper, .literal(.bool(op == "..."))])
    }
}
