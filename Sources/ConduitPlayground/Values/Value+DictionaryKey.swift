/// A Swift dictionary's keys as the playground holds them: a dictionary is a record of kind
/// `.dictionary` whose fields are named by their keys. A string key is its own name; any other
/// `Hashable` key the playground's values can be (an Int, a Double, a Bool, an enumeration's case) is
/// named by its literal text and kept in the field (`Value.Field.key`), so `[1: "one"]` gives back the
/// integer 1 as its key and prints as Swift prints it.
extension Value {
    /// The name the field of `key` has in a dictionary's record.
    static func dictionaryName(of key: Value) -> String {
        if case .string(let text) = key { return text }
        return key.description
    }

    /// A dictionary's field holding `value` for `key`.
    static func dictionaryField(key: Value, value: Value) -> Field {
        if case .string(let text) = key { return Field(text, value) }
        return Field(key.description, value, key: key)
    }

    /// Whether the value can be a dictionary's key: Swift's `Hashable` values the playground has
    /// (numbers, strings, booleans, enumeration cases, arrays of them), not a tuple, a closure or a publisher.
    var isDictionaryKey: Bool {
        switch self {
        case .int, .double, .string, .bool: return true
        case .array(let items): return items.allSatisfy(\.isDictionaryKey)
        case .record: return enumCaseName != nil
        default: return false
        }
    }

    /// Whether the value is a string, which names a field of any record (`record["name"]`).
    var isText: Bool {
        if case .string = self { return true }
        return false
    }

    /// A dictionary made of `(key, value)` pairs, a key given twice keeping its last value.
    static func dictionary(_ pairs: [(Value, Value)]) throws -> Value {
        var fields = RecordFields([], kind: .dictionary)
        for (key, value) in pairs {
            guard key.isDictionaryKey else {
                throw PlaygroundError("a dictionary's key is a `Hashable` value (a number, a string, a boolean, "
                    + "an enumeration's case, an array of them), not \(key.kindName) \(key)")
            }
            fields[key: key] = value
        }
        return .record(fields)
    }
}

extension Value.Field {
    /// The field's key as a dictionary has it: the value kept for a key other than a string, else the
    /// field's name as a string.
    var keyValue: Value { key ?? .string(name) }

    /// The key as Swift prints it in a dictionary: `"ana"`, `1`, `Level.low`.
    var keyDescription: String { key?.nestedDescription ?? Value.quote(name) }
}
