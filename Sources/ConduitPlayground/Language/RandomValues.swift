/// Swift's random values as the playground has them: `Int.random(in: 1...6)`,
/// `Double.random(in: 0..<1)`, `Bool.random()`, `xs.randomElement()`, `xs.shuffled()`. A range,
/// written or named (`Int.random(in: r)`), is read by its bounds alone.
enum RandomValues {
    /// `Int.random(in:)`, `Double.random(in:)`, `Bool.random()`: `type` is the type's name. An empty
    /// range (`5..<5`) is Swift's precondition failure, said as an error.
    static func random(_ type: String, _ arguments: [Value]) throws -> Value {
        var generator = RandomSource.Generator()
        let range = arguments.count == 1 ? arguments[0].rangeBounds : nil
        switch (type, range) {
        case ("Bool", nil) where arguments.isEmpty:
            return .bool(Bool.random(using: &generator))
        case ("Int", let (lower, upper, closed)?):
            guard case .int(let low) = lower, case .int(let high) = upper else { break }
            guard closed || low < high else {
                throw PlaygroundError("`Int.random(in:)` needs a range that is not empty, such as `1...6`")
            }
            return .int(closed ? Int.random(in: low...high, using: &generator)
                : Int.random(in: low..<high, using: &generator))
        case ("Double", let (lower, upper, closed)?):
            // `Double.random(in: 0..<1)`: Swift reads the literals as decimals.
            guard let low = lower.numeric, let high = upper.numeric else { break }
            guard closed || low < high else {
                throw PlaygroundError("`Double.random(in:)` needs a range that is not empty, such as `0..<1`")
            }
            return .double(closed ? Double.random(in: low...high, using: &generator)
                : Double.random(in: low..<high, using: &generator))
        default:
            break
        }
        let usage = type == "Bool" ? "`Bool.random()`" : type == "Int" ? "`Int.random(in: 1...6)`"
            : "`Double.random(in: 0..<1)`"
        let given = arguments.map(\.description).joined(separator: ", ")
        throw PlaygroundError("`\(type).random` was given (\(given)); write \(usage)")
    }

    /// `xs.randomElement()` (nil for an empty array, as Swift's optional) and `xs.shuffled()`.
    static func method(_ name: String, on value: Value) -> Value? {
        var generator = RandomSource.Generator()
        switch (name, value) {
        case ("randomElement", .array(let items)): return items.randomElement(using: &generator) ?? .null
        case ("shuffled", .array(let items)): return .array(items.shuffled(using: &generator))
        case ("randomElement", .string(let text)):
            return text.randomElement(using: &generator).map { .string(String($0)) } ?? .null
        case ("shuffled", .string(let text)):
            return .array(text.shuffled(using: &generator).map { .string(String($0)) })
        default: return nil
        }
    }
}
