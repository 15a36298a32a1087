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

    /// `Int.random(in:)`, `Double.random(in:)`, `Bool.random()`: `type` is the type's name.
    static func random(_ type: String, _ arguments: [Value]) throws -> Value {
        switch (type, arguments.first) {
        case ("Bool", nil):
            return .bool(Bool.random())
        case ("Int", .array(let numbers)?) where arguments.count == 1:
            guard let number = numbers.randomElement() else {
                throw PlaygroundError("`Int.random(in:)` needs a range that is not empty, such as `1...6`")
            }
            return number
        case ("Double", let range?) where arguments.count == 1:
            if let low = range.field("lowerBound")?.numeric, let high = range.field("upperBound")?.numeric {
                return .double(range.field("isClosed") == .bool(true)
                    ? Double.random(in: low...high) : Double.random(in: low..<high))
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
        switch (name, value) {
        case ("randomElement", .array(let items)): return items.randomElement() ?? .null
        case ("shuffled", .array(let items)): return .array(items.shuffled())
        case ("randomElement", .string(let text)): return text.randomElement().map { .string(String($0)) } ?? .null
        case ("shuffled", .string(let text)): return .array(text.shuffled().map { .string(String($0)) })
        default: return nil
        }
    }
}
