import Foundation

/// The methods closures may call on a value, as Swift names them: `$0.isMultiple(of: 2)`,
/// `name.hasPrefix("a")`, `text.components(separatedBy: ",")`. Written `value.name(arguments)`;
/// the parser makes each an `Expression.call` of `.name` with the value first.
enum Methods {
    /// Every method with a one-line description, for `help functions`.
    static let all: [(name: String, summary: String)] = [
        ("isMultiple", "n.isMultiple(of: k): whether k divides n"),
        ("hasPrefix", "s.hasPrefix(t), s.hasSuffix(t): whether s starts or ends with t"),
        ("hasSuffix", "s.hasSuffix(t): whether s ends with t"),
        ("contains", "s.contains(t), array.contains(x): whether t is in s, or x in the array"),
        ("components", "s.components(separatedBy: \",\"): the parts of s between the separators"),
        ("split", "s.split(separator: \" \"): the non-empty parts of s between the separators"),
        ("joined", "array.joined(separator: \", \"): the elements as one text"),
        ("replacingOccurrences", "s.replacingOccurrences(of: a, with: b): s with every a replaced by b"),
        ("trimmingCharacters", "s.trimmingCharacters(in: .whitespaces): s without the blanks at either end "
            + "(`.whitespacesAndNewlines`: line breaks too)"),
        ("prefix", "x.prefix(n), x.suffix(n): the first or last n characters or elements"),
        ("suffix", "x.suffix(n): the last n characters or elements"),
        ("dropFirst", "x.dropFirst(), x.dropLast(n): all but the first or last 1 (or n)"),
        ("dropLast", "x.dropLast(n): all but the last 1 (or n)"),
        ("reversed", "x.reversed(): the elements or characters in reverse order"),
        ("sorted", "array.sorted(): the elements in increasing order"),
        ("randomElement", "array.randomElement(): one element chosen at random (nil if it is empty)"),
        ("shuffled", "array.shuffled(): the elements in a random order"),
        ("data", "s.data(using: .utf8): the text's bytes, as Data (for a JSONDecoder)"),
    ]

    static let names = Set(all.map(\.name))

    static func call(_ name: String, on value: Value, _ arguments: [Value]) throws -> Value {
        func argument(_ index: Int, default fallback: Value? = nil) throws -> Value {
            if index < arguments.count { return arguments[index] }
            if let fallback { return fallback }
            throw PlaygroundError("\(name) takes \(index + 1) argument\(index == 0 ? "" : "s")")
        }
        func count(_ index: Int) throws -> Int {
            let written = try argument(index, default: .int(1))
            guard case .int(let count) = written, count >= 0 else {
                throw PlaygroundError("\(name) needs a count of 0 or more, not \(written)")
            }
            return count
        }
        func text(_ index: Int) throws -> String {
            guard case .string(let text) = try argument(index) else {
                throw PlaygroundError("\(name) needs text, not \(try argument(index))")
            }
            return text
        }
        if case .object(let object) = value {
            return try object.call(name, arguments)
        }
        if name == "get", arguments.isEmpty, let got = try value.resultGet() { return got }
        if name == "send" {
            guard case .publisher(let publisher) = value else {
                throw PlaygroundError("\(value.kindName) \(value) is not a subject: it has no `send`")
            }
            return try publisher.send(arguments)
        }
        if name == "contains", arguments.count == 1, let inside = value.rangeContains(arguments[0]) {
            return .bool(inside)
        }
        if let result = try value.dateMethod(name, arguments) ?? value.setMethod(name, arguments) { return result }
        if let items = try value.rangeElements() {
            // `(1...8).shuffled()`, `r.reversed()`: a range's methods are its elements'.
            return try call(name, on: .array(items), arguments)
        }
        switch (name, value) {
        case ("isMultiple", .int(let number)):
            guard case .int(let divisor) = try argument(0) else {
                throw PlaygroundError("isMultiple(of:) needs an integer, not \(try argument(0))")
            }
            return .bool(divisor == 0 ? number == 0 : number.isMultiple(of: divisor))
        case ("hasPrefix", .string(let string)): return .bool(string.hasPrefix(try text(0)))
        case ("hasSuffix", .string(let string)): return .bool(string.hasSuffix(try text(0)))
        case ("contains", .string(let string)): return .bool(string.contains(try text(0)))
        case ("contains", .array(let items)):
            let wanted = try argument(0)
            return .bool(items.contains { $0.looselyEquals(wanted) })
        case ("data", .string(let string)): return try Value.data(encoding: string, using: try argument(0))
        case ("components", .string(let string)):
            return .array(string.components(separatedBy: try text(0)).map(Value.string))
        case ("split", .string(let string)):
            let separator = try text(0)
            guard separator.count == 1, let character = separator.first else {
                throw PlaygroundError("split(separator:) takes one character, such as \" \"")
            }
            return .array(string.split(separator: character).map { .string(String($0)) })
        case ("joined", .array(let items)):
            let separator = arguments.isEmpty ? "" : try text(0)
            return .string(items.map(Functions.text).joined(separator: separator))
        case ("replacingOccurrences", .string(let string)):
            let target = try text(0)
            guard !target.isEmpty else { return value }
            return .string(string.replacingOccurrences(of: target, with: try text(1)))
        case ("trimmingCharacters", .string(let string)):
            switch try text(0) {
            case "whitespaces": return .string(string.trimmingWhitespace())
            case "whitespacesAndNewlines": return .string(string.trimmingWhitespaceAndNewlines())
            case let set:
                throw PlaygroundError("trimmingCharacters(in:) takes `.whitespaces` or `.whitespacesAndNewlines` "
                    + "here, not `.\(set)`")
            }
        case ("prefix", .string(let string)): return .string(String(string.prefix(try count(0))))
        case ("suffix", .string(let string)): return .string(String(string.suffix(try count(0))))
        case ("dropFirst", .string(let string)): return .string(String(string.dropFirst(try count(0))))
        case ("dropLast", .string(let string)): return .string(String(string.dropLast(try count(0))))
        case ("prefix", .array(let items)): return .array(Array(items.prefix(try count(0))))
        case ("suffix", .array(let items)): return .array(Array(items.suffix(try count(0))))
        case ("dropFirst", .array(let items)): return .array(Array(items.dropFirst(try count(0))))
        case ("dropLast", .array(let items)): return .array(Array(items.dropLast(try count(0))))
        case ("reversed", .string(let string)): return .string(String(string.reversed()))
        case ("reversed", .array(let items)): return .array(items.reversed())
        case ("sorted", .array(let items)):
            var failed = false
            let sorted = items.sorted { left, right in
                guard let order = left.compare(to: right) else {
                    failed = true
                    return false
                }
                return order == .orderedAscending
            }
            if failed { throw PlaygroundError("cannot sort \(value): its elements do not compare") }
            return .array(sorted)
        default:
            if arguments.isEmpty, let chosen = RandomValues.method(name, on: value) { return chosen }
            throw PlaygroundError("\(value.kindName) \(value) has no method `\(name)`")
        }
    }
}
