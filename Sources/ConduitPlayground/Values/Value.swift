import Foundation

/// A playground value: what flows through the playground's pipelines.
///
/// The playground's subjects are real engine subjects of this type, so every engine operator can
/// be applied to it. It prints in the playground's literal syntax: `1`, `2.5`, `"ace"`, `true`,
/// `nil`, `[1, 2]`, `{name: "ace", rank: 1}`.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    /// A whole number: `1`.
    case int(Int)
    /// A number with a fraction: `2.5`.
    case double(Double)
    /// Text: `"ace"`.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// No value: `nil`.
    case null
    /// A list: `[1, 2]`.
    case array([Value])
    /// A record, a dictionary with string keys or a struct's value: named fields in the order they
    /// were written.
    case record(RecordFields)
    /// What `objectWillChange` sends: Swift's `()`.
    case void
    /// A publisher made by a closure (`Just($0)`, `service.search($0)`): what `flatMap`,
    /// `switchToLatest` and `catch` subscribe to.
    case publisher(PublisherValue)
    /// An observable object made with `class` or `object`: its properties are read and written
    /// through the engine's `@Published` storage.
    case object(PlaygroundObject)
    /// A closure held as a value (`let f = makeIncrementer(by: 10)`, `[() -> Void]`'s elements),
    /// called as `f()`; it prints as Swift prints one: `(Function)`.
    case closure(ClosureValue)

    /// One named field of a record.
    public struct Field: Hashable, Sendable {
        /// The field's name.
        public let name: String
        /// The field's value.
        public let value: Value
        /// A dictionary's key when it is no string (`1`, `true`, `Level.low`); its name is then the key's
        /// literal text (`Value.dictionaryField`). Nil for any other field.
        public let key: Value?

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name: The field's name.
        ///   - value: The field's value.
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
            key = nil
        }

        /// Creates a dictionary's field whose key is `key`, named `name` (the key's literal text).
        init(_ name: String, _ value: Value, key: Value?) {
            self.name = name
            self.value = value
            self.key = key
        }
    }

    /// The value in the playground's literal syntax; an enumeration's case inside it with its type's
    /// name (`[Direction.up]`, `nestedDescription`), as Swift prints one.
    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                return String(format: "%.1f", value)
            }
            return String(value)
        case .string(let value): return Value.quote(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "nil"
        case .array(let items): return "[" + items.map(\.nestedDescription).joined(separator: ", ") + "]"
        case .record(let fields):
            if let enumCase = enumCaseDescription { return enumCase }
            if let date = dateDescription { return date }
            if let data = dataDescription { return data }
            switch fields.kind {
            case .literal:
                return "{" + fields.map { "\($0.name): \($0.value.nestedDescription)" }.joined(separator: ", ") + "}"
            case .dictionary:
                if fields.isEmpty { return "[:]" }
                return "[" + fields.map { "\($0.keyDescription): \($0.value.nestedDescription)" }
                    .joined(separator: ", ") + "]"
            case .tuple: return fields.tupleDescription
            case .instance(let type):
                let shown = fields.map { "\($0.name): \(OptionalFields.described($0.value, field: $0.name, of: type))" }
                return type + "(" + shown.joined(separator: ", ") + ")"
            case .range(let closed):
                let bounds = fields.map(\.value.description)
                return bounds.joined(separator: closed ? "..." : "..<")
            case .set: return "[" + fields.map(\.value.nestedDescription).joined(separator: ", ") + "]"
            }
        case .void: return "()"
        case .publisher(let publisher): return publisher.description
        case .object(let object): return object.description
        case .closure(let closure): return closure.description
        }
    }

    /// The name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .int: return "integer"
        case .double: return "decimal"
        case .string: return "string"
        case .bool: return "boolean"
        case .null: return "nil"
        case .array: return "array"
        case .record(let fields):
            switch fields.kind {
            case .literal: return "record"
            case .dictionary: return "dictionary"
            case .tuple: return "tuple"
            case .instance(let type): return "\(type) value"
            case .range: return "range"
            case .set: return "set"
            }
        case .void: return "void"
        case .publisher: return "publisher"
        case .object: return "object"
        case .closure: return "closure"
        }
    }

    /// Whether the value counts as true where a condition is expected: only `true` does.
    public var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }

    /// The value of a record's field, if this is a record that has it.
    ///
    /// - Parameter name: The field's name.
    /// - Returns: Its value, or `nil` if this is not a record or has no such field.
    public func field(_ name: String) -> Value? {
        guard case .record(let fields) = self else { return nil }
        return fields[name]
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

extension Value {
    /// Orders two values of the same kind (numbers with numbers, strings with strings); `nil` if
    /// they cannot be compared.
    func compare(to other: Value) -> ComparisonResult? {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.string(let a), .string(let b)): return a < b ? .orderedAscending : a > b
            ? .orderedDescending : .orderedSame
        case (.bool(let a), .bool(let b)): return a == b ? .orderedSame : (!a ? .orderedAscending : .orderedDescending)
        default:
            // Two dates compare as their moments do, as Foundation's `Date` is `Comparable`.
            guard let a = numeric ?? dateSeconds, let b = other.numeric ?? other.dateSeconds,
                (numeric == nil) == (other.numeric == nil)
            else { return nil }
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
    }

    /// The value as a number, if it is one.
    var numeric: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// Equality as the playground's `==` sees it: `1 == 1.0`.
    func looselyEquals(_ other: Value) -> Bool {
        if let a = numeric, let b = other.numeric { return a == b }
        // `.up` written without its type is the text "up", which equals the case `Direction.up`.
        if case .string(let name) = self, other.enumCaseName == name, other.associatedValues.isEmpty { return true }
        if case .string(let name) = other, enumCaseName == name, associatedValues.isEmpty { return true }
        return self == other
    }
}
