/// Swift's random values and ranges as the playground has them: `Int.random(in: 1...6)`,
/// `Double.random(in: 0..<1)`, `Bool.random()`, `xs.randomElement()`, `xs.shuffled()`, and a range
/// of whole numbers written as a value (`(1...5).publisher`), which is the array of its numbers.
enum RandomValues {
    /// The most numbers a range written as a value may hold (a publisher of `1...1_000_000` is the
    /// largest; anything more would take the memory of an array of it).
    static let largestRange = 1_000_000

    /// `lower...upper` (`closed`) or `lower..<upper`: whole numbers make the array of the numbers in
    /// it; decimals make a record of the bounds that only `Double.random(in:)` takes.
    static func range(_ lower: Value, _ upper: Value, closed: Bool) throws -> Value {
        let written = "\(lower)\(closed ? "..." : "..<")\(upper)"
        if case .int(let low) = lower, case .int(let high) = upper {
            guard closed ? low <= high : low <= high else {
                throw PlaygroundError("the range \(written) ends before it starts: write the lower bound first")
            }
            let (count, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, count < largestRange else {
                throw PlaygroundError(
                    "the range \(written) holds more than \(largestRange) numbers, too many for the playground")
            }
            return .array((closed ? Array(low...high) : Array(low..<high)).map(Value.int))
        }
        guard let low = lower.numeric, let high = upper.numeric, !low.isNaN, !high.isNaN else {
            throw PlaygroundError(
                "a range's bounds are numbers, not \(lower.kindName) \(lower) and \(upper.kindName) \(upper)")
        }
        guard closed ? low <= high : low < high else {
            throw PlaygroundError("the range \(written) is empty: write the lower bound first")
        }
        return .record([.init("lowerBound", .double(low)), .init("upperBound", .double(high)),
            .init("isClosed", .bool(closed))])
    }

    /// The bounds of a range of whole numbers, for `Int.random(in:)`, which needs no array of them.
    static func bounds(_ lower: Value, _ upper: Value, closed: Bool) throws -> Value {
        guard case .int(let low) = lower, case .int(let high) = upper else {
            return try range(lower, upper, closed: closed)
        }
        guard closed ? low <= high : low < high else {
            throw PlaygroundError("`Int.random(in:)` needs a range that is not empty, such as `1...6`")
        }
        return .record([.init("lowerBound", .int(low)), .init("upperBound", .int(high)),
            .init("isClosed", .bool(closed))])
    }

    /// `Int.random(in:)`, `Double.random(in:)`, `Bool.random()`: `type` is the type's name.
    static func random(_ type: String, _ arguments: [Value]) throws -> Value {
        var generator = RandomSource.Generator()
        switch (type, arguments.first) {
        case ("Bool", nil):
            return .bool(Bool.random(using: &generator))
        case ("Int", .array(let numbers)?) where arguments.count == 1:
            guard let number = numbers.randomElement(using: &generator) else {
                throw PlaygroundError("`Int.random(in:)` needs a range that is not empty, such as `1...6`")
            }
            return number
        case ("Int", let range?) where arguments.count == 1:
            if case .int(let low)? = range.field("lowerBound"), case .int(let high)? = range.field("upperBound") {
                return .int(range.field("isClosed") == .bool(true)
                    ? Int.random(in: low...high, using: &generator) : Int.random(in: low..<high, using: &generator))
            }
        case ("Double", let range?) where arguments.count == 1:
            if let low = range.field("lowerBound")?.numeric, let high = range.field("upperBound")?.numeric {
                if range.field("isClosed") == .bool(true) {
                    return .double(Double.random(in: low...high, using: &generator))
                }
                return .double(Double.random(in: low..<high, using: &generator))
            }
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
