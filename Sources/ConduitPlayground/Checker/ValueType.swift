/// The type of what flows through a stage, spelled as Swift would infer it (`Int`, `[String]`,
/// `(String, Bool)`, `Song?`), for `types`. Playground values carry no static type, so this is
/// worked out from literals, declarations and closures; `Value` stands for a type the playground
/// cannot know (an untyped `subject`, a closure reading something untyped).
indirect enum ValueType: Equatable, CustomStringConvertible {
    case int, double, string, bool, void
    /// `Never` as an Output: `ignoreOutput()` sends no value.
    case never
    case optional(ValueType)
    case array(ValueType)
    /// A tuple (what `combineLatest` and `zip` send), with its labels: none, or one per element
    /// (empty for an element without one), as in `(offset: Int, element: String)`.
    case tuple([ValueType], labels: [String])
    /// A playground record `{name: "ace"}`, which Swift would declare as a struct.
    case record([RecordField])
    /// A dictionary, `[String: Int]`.
    case dictionary(key: ValueType, value: ValueType)
    /// A set, `Set<String>`.
    case set(ValueType)
    /// A range of its bounds' type: `ClosedRange<Int>` (`1...3`, `closed`) or `Range<Int>` (`0..<3`).
    case range(ValueType, closed: Bool)
    /// A type written in a declaration (`Song`, `Date`, `Card`), kept as written.
    case named(String)
    /// A publisher held as a value (what a `flatMap` closure returns).
    case publisher(output: ValueType, failure: FailureType)
    /// A playground object, by its class (or its name when it has no class).
    case object(String)
    /// A type the playground cannot know.
    case value

    /// One field of a record type.
    struct RecordField: Equatable {
        let name: String
        let type: ValueType
    }

    var description: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .void: return "Void"
        case .never: return "Never"
        case .optional(let wrapped):
            if case .publisher = wrapped { return "(\(wrapped))?" }
            return "\(wrapped)?"
        case .array(let element): return "[\(element)]"
        case .tuple(let items, let labels):
            return "(" + items.enumerated().map { index, item in
                let label = index < labels.count ? labels[index] : ""
                return label.isEmpty ? item.description : "\(label): \(item)"
            }.joined(separator: ", ") + ")"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .set(let element): return "Set<\(element)>"
        case .range(let bound, let closed): return "\(closed ? "ClosedRange" : "Range")<\(bound)>"
        case .record(let fields): return "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
        case .named(let name): return name
        case .publisher(let output, let failure): return "some Publisher<\(output), \(failure)>"
        case .object(let name): return name
        case .value: return "Value"
        }
    }

    /// The type of a value the session holds (a literal, a subject's current value).
    init(of value: Value) {
        switch value {
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .bool: self = .bool
        case .null: self = .optional(.value)
        case .void: self = .void
        case .array(let items): self = .array(ValueType.join(items.map(ValueType.init(of:))))
        case .record(let fields):
            switch fields.kind {
            case .literal: self = .record(fields.map { RecordField(name: $0.name, type: ValueType(of: $0.value)) })
            case .dictionary:
                let key = fields.isEmpty ? ValueType.string : ValueType.join(fields.map { ValueType(of: $0.keyValue) })
                self = .dictionary(key: key, value: ValueType.join(fields.map { ValueType(of: $0.value) }))
            case .instance(let type): self = .named(type)
            case .tuple:
                let labels = fields.map(\.tupleLabel)
                let items = fields.map { ValueType(of: $0.value) }
                self = .tuple(items, labels: labels.allSatisfy(\.isEmpty) ? [] : labels)
            case .range(let closed):
                self = .range(fields.first.map { ValueType(of: $0.value) } ?? .int, closed: closed)
            case .set: self = .set(ValueType.join(fields.map { ValueType(of: $0.value) }))
            }
        case .publisher: self = .publisher(output: .value, failure: .error)
        case .object(let object): self = .object(object.typeName ?? object.name)
        // Its parameters' and result's types are not kept with it.
        case .closure: self = .value
        }
    }

    /// A tuple without labels, `(Int, String)`.
    static func tuple(_ items: [ValueType]) -> ValueType {
        .tuple(items, labels: [])
    }

    /// The type of a tuple's element `member`, by its label or its position (`.0`); nil when it has none.
    func tupleElement(_ member: String) -> ValueType? {
        guard case .tuple(let items, let labels) = self else { return nil }
        if let position = Int(member), items.indices.contains(position) { return items[position] }
        guard let index = labels.firstIndex(of: member), items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Whether it is a set (`Set<Int>`).
    var isSet: Bool {
        if case .set = self { return true }
        return false
    }

    /// Whether it is an optional (`Song?`).
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its optional (`Song?` gives `Song`).
    var unwrapped: ValueType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// One type for values that may be any of `types`, as Swift's literals unify: equal types give
    /// that type, `nil` beside `T` gives `T?`, `Int` beside `Double` gives `Double`, an unknown type
    /// beside `T` gives `T`; else `Value`.
    /// No types (an empty array) gives `Value`.
    static func join(_ types: [ValueType]) -> ValueType {
        guard var result = types.first else { return .value }
        for type in types.dropFirst() { result = join(result, type) }
        return result
    }

    static func join(_ a: ValueType, _ b: ValueType) -> ValueType {
        if a == b { return a }
        switch (a, b) {
        // An unknown type beside a known one is taken to be it, as Swift infers `Fail`'s Output
        // from the other branch of a `? :`.
        case (.value, let known), (let known, .value): return known
        case (.optional(.value), .optional(let other)), (.optional(let other), .optional(.value)):
            return .optional(other)
        case (.optional(.value), let other), (let other, .optional(.value)):
            return .optional(other.unwrapped)
        case (.optional(let x), let y), (let y, .optional(let x)):
            return .optional(join(x, y.unwrapped))
        case (.int, .double), (.double, .int): return .double
        case (.dictionary(let k1, let x), .dictionary(let k2, let y)):
            return .dictionary(key: join(k1, k2), value: join(x, y))
        case (.tuple(let x, let xLabels), .tuple(let y, let yLabels)) where x.count == y.count:
            return .tuple(zip(x, y).map { join($0, $1) }, labels: xLabels == yLabels ? xLabels : [])
        case (.set(let x), .set(let y)): return .set(join(x, y))
        case (.array(let x), .array(let y)):
            if x == .value { return b }
            if y == .value { return a }
            return .array(join(x, y))
        case (.publisher(let o1, let f1), .publisher(let o2, let f2)):
            return .publisher(output: join(o1, o2), failure: f1 == f2 ? f1 : .error)
        default: return .value
        }
    }
}

/// The Failure of a stage: `Never`, `Error` (any error, what `tryMap` and the playground's failures
/// give), or a type written in a declaration.
enum FailureType: Equatable, CustomStringConvertible {
    case never
    case error
    case named(String)

    var description: String {
        switch self {
        case .never: return "Never"
        case .error: return "Error"
        case .named(let name): return name
        }
    }

    /// A failure type as written in Swift (`Never`, `Error`, `URLError`).
    init(written: String) {
        switch written {
        case "Never": self = .never
        case "Error", "any Error": self = .error
        default: self = .named(written)
        }
    }
}

extension ValueType {
    /// A type as written in a declaration (`String`, `[Song]`, `Song?`, `Int`), read by Swift's parser
    /// (`WrittenType`); text Swift reads no type in is a type named by the text. A text read before is
    /// not parsed again (`var total: Double` in a closure is converted to for every value).
    init(written: String) {
        if let known = WrittenType.known(written) {
            self = known
            return
        }
        let text = written.trimmingWhitespace()
        if let syntax = WrittenType(text).syntax, let type = ValueType(syntax) {
            self = type
        } else {
            self = text.isEmpty ? .value : .named(text)
        }
        WrittenType.remember(self, for: written)
    }

    /// The generic arguments written in `<...>` (`<Int, LoadError>` gives `Int` and `LoadError`), as
    /// Swift's parser reads them; none for nil or text that is no such list.
    static func genericArguments(of written: String?) -> [String] {
        guard let written, written.hasPrefix("<"), written.hasSuffix(">") else { return [] }
        return WrittenType.arguments(between: String(written.dropFirst().dropLast())) ?? []
    }
}
