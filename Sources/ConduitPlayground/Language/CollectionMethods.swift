import Foundation

/// Swift's Sequence and Collection methods, for a chain written on a value rather than a publisher:
/// `$0.filter { $0 > 2 }` where `$0` is an array is `Array.filter`, as Swift reads it. A string is
/// a sequence of its characters and a record a dictionary of its fields (`(key, value)` pairs);
/// `map` and `flatMap` on any other value are `Optional`'s (nil stays nil).
///
/// The mutating methods (`append`, `removeAll(where:)`, ...) give the changed copy here; the
/// session writes it back into the `var` or the property they were called on.
enum CollectionMethods {
    /// One argument of a method call: its label, and its value or its closure.
    struct Argument {
        enum Content {
            case value(Value)
            case closure(Closure)
        }

        let label: String?
        let content: Content
    }

    /// The methods that take a closure or read the whole collection, with a line each for
    /// `help functions` (those taking plain values are `Methods`').
    static let all: [(name: String, summary: String)] = [
        ("map", "xs.map { $0 * 2 }: each element transformed; on an optional, the value if not nil"),
        ("filter", "xs.filter { $0 > 2 }: the elements the closure keeps (a string's characters, a record's pairs)"),
        ("compactMap", "xs.compactMap { Int($0) }: each element transformed, nils left out"),
        ("flatMap", "xs.flatMap { [$0, $0] }: the arrays the closure gives, joined"),
        ("reduce", "xs.reduce(0, +), xs.reduce(0) { $0 + $1 }: the elements combined into one value"),
        ("contains", "xs.contains(where: { $0 > 2 }), xs.contains(3): whether some element matches"),
        ("first", "xs.first(where: { $0 > 2 }), xs.first: the first (matching) element, or nil"),
        ("last", "xs.last(where: { $0 > 2 }), xs.last: the last (matching) element, or nil"),
        ("firstIndex", "xs.firstIndex(of: x), xs.firstIndex(where: { ... }): its position, or nil"),
        ("allSatisfy", "xs.allSatisfy { $0 > 0 }: whether every element matches"),
        ("count", "xs.count, xs.count(where: { ... }): how many elements (that match)"),
        ("min", "xs.min(), xs.max(), xs.min(by: <): the smallest or largest element, or nil"),
        ("max", "xs.max(), xs.max(by: { $0.count < $1.count }): the largest element, or nil"),
        ("enumerated", "xs.enumerated(): (offset:, element:) pairs, `{ i, x in ... }` takes them apart"),
        ("forEach", "xs.forEach { print($0) }: runs the closure for each element"),
        ("mapValues", "record.mapValues { $0 * 2 }: a dictionary's values transformed, its keys kept"),
        ("append", "names.append(\"d\"), names.append(contentsOf: [...]): adds to a `var` (mutating)"),
        ("insert", "names.insert(\"z\", at: 0): inserts into a `var` at a position (mutating)"),
        ("removeAll", "names.removeAll(where: { ... }), names.removeAll(): removes from a `var` (mutating)"),
        ("remove", "names.remove(at: 1): removes the element at a position (mutating)"),
        ("removeFirst", "names.removeFirst(), names.removeLast(n): removes from an end (mutating)"),
        ("removeLast", "names.removeLast(): removes the last element (mutating)"),
        ("popLast", "stack.popLast(): removes the last element and gives it, nil when empty (mutating)"),
        ("sort", "names.sort(), names.sort(by: >): sorts a `var` in place (mutating; `sorted()` gives a copy)"),
        ("reverse", "names.reverse(): reverses a `var` in place (mutating; `reversed()` gives a copy)"),
        ("removeValue", "dictionary.removeValue(forKey: \"k\"): removes a key (mutating)"),
    ]

    /// The methods that change the value they are called on, with what gives a new value instead.
    static let mutating: [String: String] = [
        "append": "`xs + [x]`", "insert": "a new array built with `+`", "remove": "`filter`",
        "removeAll": "`filter { ... }` with the opposite test", "removeFirst": "`dropFirst()`",
        "removeLast": "`dropLast()`", "sort": "`sorted()`", "reverse": "`reversed()`", "removeValue": "`filter`",
        "popLast": "`last` with `dropLast()`",
        "toggle": "`!flag`", "formUnion": "`union`", "formIntersection": "`intersection`",
        "subtract": "`subtracting`", "formSymmetricDifference": "`symmetricDifference`", "update": "`union`",
    ]

    /// The names a chain on a value may call: these, the mutating ones and `Methods`'.
    static let names: Set<String> = Set(all.map(\.name)).union(mutating.keys).union(Methods.names)
        .union(["sorted", "reversed", "prefix", "suffix", "dropFirst", "dropLast", "drop", "joined", "isEmpty",
            "lastIndex", "compactMapValues", "shuffled", Parser.groupingMethod])
        // Swift's `Result`'s own (`Value.resultMapped`).
        .union(["mapError", "flatMapError"])

    /// The methods the parser reads as a call in a chain (their arguments may be closures and
    /// operators, `sorted(by: <)`), rather than as one of `Methods`' calls of plain values.
    static let chained: Set<String> = names.subtracting(Methods.names).union(["sorted"])

    /// Whether `syntax` may be a chain of these methods on a value, decided when it runs: it starts
    /// from an expression and calls only names of methods (`&` marks a mutating call written back).
    static func mayApply(to syntax: PipelineSyntax) -> Bool {
        guard case .expression = syntax.source else { return false }
        return syntax.operators.allSatisfy { call in
            names.contains(call.name.hasPrefix("&") ? String(call.name.dropFirst()) : call.name)
        }
    }

    /// Calls `name` on `value`. A mutating method gives the changed copy when `mutating` says its
    /// result is written back; otherwise it is refused, as Swift refuses it on a `let`.
    static func call(_ name: String, on value: Value, _ arguments: [Argument], mutating: Bool = false) throws
        -> Value
    {
        if value.rangeBounds != nil {
            return try rangeCall(name, on: value, arguments, mutating: mutating)
        }
        let call = Call(name: name, receiver: value, arguments: arguments)
        if value == .null, !["map", "flatMap"].contains(name) {
            throw PlaygroundError("`\(name)` is called on nil: unwrap the optional first "
                + "(`x?.\(name)(...)`, `if let x { ... }` or `(x ?? [])`)")
        }
        if let alternative = CollectionMethods.mutating[name] {
            guard mutating else {
                throw PlaygroundError(
                    "cannot use mutating member `\(name)` on an immutable value (\(value.kindName) \(value)): it "
                        + "changes a `var` in place, on a line of its own (`names.\(name)(...)`) or in a method "
                        + "(`self.PROPERTY.\(name)(...)`); here \(alternative) gives a new value")
            }
            return try call.mutated()
        }
        if let closure = call.closure {
            return try call.withClosure(closure)
        }
        return try call.withValues()
    }
}

extension CollectionMethods {
    /// A method called on a range (`r.contains(2)`, `r.map { ... }`): what its bounds answer alone
    /// (`contains`, `count`, `first`...) is read from them; anything else goes through its elements,
    /// as Swift's `ClosedRange<Int>` is a collection of them. A range has no mutating method.
    fileprivate static func rangeCall(_ name: String, on range: Value, _ arguments: [Argument], mutating: Bool)
        throws -> Value
    {
        let values = arguments.compactMap { if case .value(let value) = $0.content { value } else { nil } }
        let plain = values.count == arguments.count
        if mutating || CollectionMethods.mutating[name] != nil {
            throw PlaygroundError("value of type '\(ValueType(of: range))' has no member '\(name)'")
        }
        switch name {
        case "contains" where plain && values.count == 1 && arguments[0].label == nil:
            return .bool(range.rangeContains(values[0]) ?? false)
        case _ where arguments.isEmpty && ["count", "isEmpty", "first", "last"].contains(name):
            return try range.rangeMember(name) ?? .null
        default:
            let items = try range.rangeElements() ?? []
            return try call(name, on: .array(items), arguments, mutating: false)
        }
    }
}

/// One call of a collection method, with what it reads from its arguments.
private struct Call {
    let name: String
    let receiver: Value
    let arguments: [CollectionMethods.Argument]

    init(name: String, receiver: Value, arguments: [CollectionMethods.Argument]) {
        self.name = name
        self.receiver = receiver
        self.arguments = arguments
    }

    /// The closure it was given (trailing, or as an argument such as `where:` or `by:`).
    var closure: Closure? {
        for argument in arguments { if case .closure(let closure) = argument.content { return closure } }
        return nil
    }

    /// The plain values it was given, in order.
    var values: [Value] {
        arguments.compactMap { if case .value(let value) = $0.content { value } else { nil } }
    }

    func label(_ index: Int) -> String? {
        index < arguments.count ? arguments[index].label : nil
    }

    /// What the receiver has as a sequence: an array's elements, a string's characters, a
    /// record's `[key, value]` pairs; nil for anything else.
    var elements: [Value]? {
        switch receiver {
        case .array(let items): return items
        case .string(let text): return text.map { .string(String($0)) }
        case .record(let fields):
            if fields.kind == .tuple { return nil }
            if fields.kind == .set { return fields.map(\.value) }
            return fields.map { .tuple([$0.keyValue, $0.value], labels: ["key", "value"]) }
        default: return nil
        }
    }

    /// The receiver's elements, or a message saying it has none.
    func sequence() throws -> [Value] {
        guard let elements else {
            throw PlaygroundError("\(receiver.kindName) \(receiver) is not a collection: it has no method `\(name)`")
        }
        return elements
    }

    /// Elements of the receiver's kind made into one again: a string's characters into a string,
    /// a record's pairs into a record.
    func rebuilt(_ elements: [Value]) -> Value {
        switch receiver {
        case .string: return .string(elements.map(Functions.text).joined())
        case .record(let record) where record.kind == .set: return .set(elements)
        case .record(let record):
            return .record(RecordFields(elements.compactMap { pair in
                guard let parts = pair.destructured, parts.count == 2 else { return nil }
                if record.kind == .dictionary, parts[0].isDictionaryKey {
                    return Value.dictionaryField(key: parts[0], value: parts[1])
                }
                guard case .string(let key) = parts[0] else { return nil }
                return Value.Field(key, parts[1])
            }, kind: record.kind))
        default: return .array(elements)
        }
    }

    func isTrue(_ value: Value, of what: String) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw PlaygroundError("the closure of `\(name)` must give true or false, not \(value.kindName) \(value)"
                + " (for \(what))")
        }
        return flag
    }

    /// Whether `left` comes before `right` by the closure `by:` gives, or by `<`.
    func ordered(_ closure: Closure?) -> (Value, Value) throws -> Bool {
        { left, right in
            if let closure { return try isTrue(try closure.call(left, right), of: "\(left) and \(right)") }
            guard let order = left.compare(to: right) else {
                throw PlaygroundError("cannot order \(receiver): \(left) and \(right) do not compare; "
                    + "give the order, such as `\(name)(by: { $0.name < $1.name })`")
            }
            return order == .orderedAscending
        }
    }

    func position(_ value: Value) throws -> Int {
        guard case .int(let index) = value else {
            throw PlaygroundError("`\(name)` needs a position (an integer), not \(value.kindName) \(value)")
        }
        return index
    }

    func argument(_ index: Int) throws -> Value {
        let values = self.values
        guard index < values.count else {
            throw PlaygroundError("`\(name)` takes \(index + 1) argument\(index == 0 ? "" : "s") here")
        }
        return values[index]
    }

    /// A method given a closure.
    func withClosure(_ closure: Closure) throws -> Value {
        if let mapped = try receiver.resultMapped(name, through: { try closure.call($0) }) { return mapped }
        if ["map", "flatMap"].contains(name), elements == nil || receiver == .null {
            // `Optional.map`: nil stays nil, any other single value goes through the closure.
            if receiver == .null { return .null }
            return try closure.call(receiver)
        }
        let items = try sequence()
        switch name {
        case "map": return .array(try items.map { try closure.call($0) })
        case "filter":
            return rebuilt(try items.filter { try isTrue(try closure.call($0), of: "\($0)") })
        case "compactMap": return .array(try items.map { try closure.call($0) }.filter { $0 != .null })
        case "flatMap":
            var joined: [Value] = []
            for item in items {
                let result = try closure.call(item)
                switch result {
                case .array(let inner): joined += inner
                case .null: continue
                default: joined.append(result)
                }
                guard joined.count <= 1_000_000 else { throw PlaygroundError("flatMap would pass 1,000,000 elements") }
            }
            return .array(joined)
        case "reduce":
            guard !values.isEmpty else {
                throw PlaygroundError("`reduce` takes a first value and a closure, as in `reduce(0, +)` or "
                    + "`reduce(0) { $0 + $1 }`")
            }
            var result = try argument(0)
            for item in items { result = try closure.call(result, item) }
            return result
        case "contains": return .bool(try items.contains { try isTrue(try closure.call($0), of: "\($0)") })
        case "allSatisfy": return .bool(try items.allSatisfy { try isTrue(try closure.call($0), of: "\($0)") })
        case "first": return try items.first { try isTrue(try closure.call($0), of: "\($0)") } ?? .null
        case "last": return try items.last { try isTrue(try closure.call($0), of: "\($0)") } ?? .null
        case "firstIndex":
            return try items.firstIndex { try isTrue(try closure.call($0), of: "\($0)") }.map(Value.int) ?? .null
        case "lastIndex":
            return try items.lastIndex { try isTrue(try closure.call($0), of: "\($0)") }.map(Value.int) ?? .null
        case "count": return .int(try items.filter { try isTrue(try closure.call($0), of: "\($0)") }.count)
        case "prefix": return rebuilt(try items.prefix { try isTrue(try closure.call($0), of: "\($0)") }.map { $0 })
        case "drop": return rebuilt(try items.drop { try isTrue(try closure.call($0), of: "\($0)") }.map { $0 })
        case "sorted": return .array(try items.sorted(by: ordered(closure)))
        case "min": return try items.min(by: ordered(closure)) ?? .null
        case "max": return try items.max(by: ordered(closure)) ?? .null
        case "forEach":
            for item in items { _ = try closure.call(item) }
            return .void
        case Parser.groupingMethod:
            // `Dictionary(grouping: people, by: { $0.city })`: each key's elements, in their order.
            var groups = RecordFields([], kind: .dictionary)
            for item in items {
                let key = try closure.call(item)
                guard key.isDictionaryKey else {
                    throw PlaygroundError("a dictionary's key is a `Hashable` value (a number, a string, a boolean, "
                        + "an enumeration's case, an array of them); the closure of `Dictionary(grouping:by:)` gave "
                        + "\(key.kindName) \(key) (for \(item))")
                }
                guard case .array(let group)? = groups[key: key] else {
                    groups[key: key] = .array([item])
                    continue
                }
                groups[key: key] = .array(group + [item])
            }
            return .record(groups)
        case "mapValues", "compactMapValues":
            guard case .record(let fields) = receiver else {
                throw PlaygroundError("`\(name)` is a dictionary's; \(receiver.kindName) \(receiver) is not one")
            }
            let mapped = try fields.map { Value.Field($0.name, try closure.call($0.value), key: $0.key) }
            let kept = name == "mapValues" ? mapped : mapped.filter { $0.value != .null }
            return .record(RecordFields(kept, kind: fields.kind))
        default:
            throw PlaygroundError("\(receiver.kindName) \(receiver) has no method `\(name)` taking a closure")
        }
    }

    /// A method given only values: the collection's own, then `Methods`'.
    func withValues() throws -> Value {
        switch name {
        case _ where label(0) == "where" && ["count", "first", "last", "allSatisfy", "contains"].contains(name):
            throw PlaygroundError("`\(name)(where:)` takes a closure, as in `\(name)(where: { $0 > 2 })`")
        case "count" where elements != nil && values.isEmpty: return .int(try sequence().count)
        case "isEmpty" where elements != nil && values.isEmpty: return .bool(try sequence().isEmpty)
        case "first" where elements != nil && values.isEmpty: return try sequence().first ?? .null
        case "last" where elements != nil && values.isEmpty: return try sequence().last ?? .null
        case "min" where values.isEmpty, "max" where values.isEmpty:
            let items = try sequence()
            return try (name == "min" ? items.min(by: ordered(nil)) : items.max(by: ordered(nil))) ?? .null
        case "sorted" where elements != nil && !(receiver.isArray):
            // A string's characters or a record's pairs, sorted into an array, as Swift's `sorted()` gives.
            return .array(try sequence().sorted(by: ordered(nil)))
        case "enumerated":
            return .array(try sequence().enumerated().map {
                .tuple([.int($0.offset), $0.element], labels: ["offset", "element"])
            })
        case "firstIndex", "lastIndex":
            let wanted = try argument(0)
            let items = try sequence()
            let found = name == "firstIndex"
                ? items.firstIndex { $0.looselyEquals(wanted) } : items.lastIndex { $0.looselyEquals(wanted) }
            return found.map(Value.int) ?? .null
        case "contains" where receiver.isRecord:
            throw PlaygroundError("a dictionary's `contains` takes a test: `contains(where: { $0.1 == ... })`; "
                + "`dictionary[\"key\"] != nil` asks for a key")
        case "shuffled":
            var generator = RandomSource.Generator()
            return .array(try sequence().shuffled(using: &generator))
        case "joined" where elements != nil && !receiver.isArray:
            return .string(try sequence().map(Functions.text).joined(separator: values.first.map(Functions.text) ?? ""))
        case "reduce":
            throw PlaygroundError("`reduce` takes a first value and a closure, as in `reduce(0, +)` or "
                + "`reduce(0) { $0 + $1 }`")
        case "map", "filter", "compactMap", "flatMap", "allSatisfy", "forEach", "mapValues", "compactMapValues":
            throw PlaygroundError("`\(name)` takes a closure, as in `\(name) { $0 ... }`")
        default:
            if Methods.names.contains(name) { return try Methods.call(name, on: receiver, values) }
            throw PlaygroundError("\(receiver.kindName) \(receiver) has no method `\(name)`")
        }
    }

    /// The changed copy a mutating method makes (`MutatingCall` changes it), checked again for its
    /// nesting, as a new value is.
    func mutated() throws -> Value {
        var copy = receiver
        try MutatingCall(name: name, arguments: arguments).apply(to: &copy)
        return try Value.nested(copy)
    }
}

extension Value {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    var isRecord: Bool {
        if case .record = self { return true }
        return false
    }
}
