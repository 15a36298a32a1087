/// Swift's library functions and initialisers whose argument labels say which one is meant
/// (`String(repeating: "ab", count: 2)`, `stride(from: 0, to: 10, by: 3)`): the parser reads the
/// labels and calls the playground's function for that signature.
enum LabelledFunctions {
    /// The playground's function for a call of `name` with `labels`, if it is one of these.
    static func function(named name: String, labels: [String?]) -> String? {
        // `String(format: "%.2f", x, ...)`: a format and any number of values.
        if name == "String", labels.first == "format", labels.dropFirst().allSatisfy({ $0 == nil }) {
            return "#format"
        }
        return signatures[Signature(name: name, labels: labels.map { $0 ?? "_" })]
    }

    /// A function's name and its argument labels (`_` for none).
    private struct Signature: Hashable {
        let name: String
        let labels: [String]
    }

    private static let signatures: [Signature: String] = [
        Signature(name: "String", labels: ["repeating", "count"]): "#repeatedText",
        Signature(name: "String", labels: ["describing"]): "String",
        Signature(name: "String", labels: ["data", "encoding"]): "#textOfData",
        Signature(name: "String", labels: ["decoding", "as"]): "#textDecoding",
        Signature(name: "stride", labels: ["from", "to", "by"]): "#strideTo",
        Signature(name: "stride", labels: ["from", "through", "by"]): "#strideThrough",
    ]

    /// The functions `stride(from:to:by:)` and `stride(from:through:by:)` stand for.
    static let strides: Set<String> = ["#strideTo", "#strideThrough"]

    /// The most elements a `stride` here makes (it is made at once, as an array).
    static let maximumStride = 1_000_000

    /// Runs one of the functions above; nil for any other name.
    static func call(_ name: String, _ arguments: [Value]) throws -> Value? {
        switch name {
        case "#repeatedText":
            guard arguments.count == 2, case .string(let text) = arguments[0], case .int(let count) = arguments[1],
                count >= 0
            else {
                throw PlaygroundError("`String(repeating:count:)` takes a string and a count of at least 0")
            }
            guard text.count * count <= 1_000_000 else {
                throw PlaygroundError("a string here holds at most 1,000,000 characters")
            }
            return .string(String(repeating: text, count: count))
        case "#textOfData", "#textDecoding":
            // `String(data: json, encoding: .utf8)`: the bytes' text, or nil when they are not UTF-8 (Swift's
            // initialiser is failable); `String(decoding: json, as: UTF8.self)` never fails. What the
            // `encode` operator makes is text already.
            guard arguments.count == 2 else {
                throw PlaygroundError("`String(data:encoding:)` takes data and an encoding")
            }
            if case .string = arguments[0] { return arguments[0] }
            guard name == "#textDecoding", let bytes = arguments[0].dataBytes else {
                return try Value.text(decoding: arguments[0], encoding: arguments[1])
            }
            return .string(String(decoding: bytes, as: UTF8.self))
        case "#format":
            guard case .string(let format)? = arguments.first else {
                throw PlaygroundError("`String(format:)` takes a format string first, such as `\"%.2f\"`")
            }
            return .string(try FormattedText.format(format, Array(arguments.dropFirst())))
        case "#strideTo", "#strideThrough":
            return .array(try stride(arguments, through: name == "#strideThrough"))
        case "#dictionary":
            // `Dictionary(uniqueKeysWithValues: pairs)`: each `(key, value)`, a key given once.
            guard arguments.count == 1 else {
                throw PlaygroundError("`Dictionary(uniqueKeysWithValues:)` takes one sequence")
            }
            var pairs: [(Value, Value)] = []
            var seen = Set<String>()
            for pair in try elements(of: arguments[0]) {
                guard let parts = pair.destructured, parts.count == 2 else {
                    throw PlaygroundError("`Dictionary(uniqueKeysWithValues:)` takes `(key, value)` pairs, not "
                        + "\(pair.kindName) \(pair)")
                }
                guard seen.insert(Value.dictionaryName(of: parts[0])).inserted else {
                    throw PlaygroundError("Duplicate values for key: '\(Functions.text(parts[0]))' (Swift stops "
                        + "there): `Dictionary(uniqueKeysWithValues:)` takes each key once")
                }
                pairs.append((parts[0], parts[1]))
            }
            return try Value.dictionary(pairs)
        case "#array":
            // `Array(1...3)`, `Array("abc")`: the elements of a sequence, as an array.
            guard arguments.count == 1 else { throw PlaygroundError("`Array(...)` takes one sequence") }
            return .array(try elements(of: arguments[0]))
        default:
            return nil
        }
    }

    /// What `Array(x)` makes of `x`: a range's numbers, a string's characters, an array itself.
    private static func elements(of value: Value) throws -> [Value] {
        if let numbers = try value.rangeElements() { return numbers }
        if let elements = value.setElements { return elements }
        switch value {
        case .array(let items): return items
        case .string(let text): return text.map { .string(String($0)) }
        default:
            throw PlaygroundError("`Array(...)` takes a sequence (a range, an array, a string) or "
                + "`repeating: VALUE, count: N`, not \(value.kindName) \(value)")
        }
    }

    /// `stride(from:to:by:)` (the end left out) or `stride(from:through:by:)` (the end kept when it is
    /// reached), in integers or, when any bound is a decimal, in decimals.
    private static func stride(_ arguments: [Value], through: Bool) throws -> [Value] {
        let usage = through ? "stride(from: 0, through: 10, by: 2)" : "stride(from: 0, to: 10, by: 2)"
        let numbers = arguments.compactMap(\.numeric)
        guard arguments.count == 3, numbers.count == 3 else {
            throw PlaygroundError("`stride` takes three numbers: `\(usage)`")
        }
        let (start, end, step) = (numbers[0], numbers[1], numbers[2])
        guard step != 0 else { throw PlaygroundError("`stride`'s step `by:` cannot be 0") }
        let count = ((end - start) / step).rounded(.down) + 1
        guard count <= Double(maximumStride) else {
            throw PlaygroundError("a stride here makes at most \(maximumStride) values")
        }
        let decimals = arguments.contains { if case .double = $0 { return true } else { return false } }
        var values: [Value] = []
        var index = 0.0
        while index < count {
            let value = start + index * step
            let reachesEnd = step > 0 ? value >= end : value <= end
            if reachesEnd, !(through && value == end) { break }
            values.append(decimals ? .double(value) : .int(Int(value)))
            index += 1
        }
        return values
    }
}
