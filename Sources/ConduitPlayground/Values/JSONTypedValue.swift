import Foundation

/// JSON read into the type a program names (`decoder.decode([Post].self, from: data)`), as Swift's
/// synthesised `Decodable` reads it: a struct the session declared gets its stored properties by key
/// (a missing key fails unless the property is optional), an enumeration with raw values its case,
/// a `Double` property a whole number as a `Double`. A type the playground does not know takes the
/// JSON as it is (records, arrays, numbers, text).
struct JSONTypedValue {
    /// The session's structs and enumerations, by name.
    let structs: (String) -> ObjectClass?
    let enums: (String) -> EnumDeclaration?

    /// `json` as a value of `type`; throws Swift's reason when it does not fit, with the path to the
    /// place (`[0].title`).
    func value(_ json: Value, as type: ValueType, at path: String = "") throws -> Value {
        if case .null = json {
            if case .optional = type { return .null }
            if case .value = type { return .null }
            throw valueNotFound(type, at: path)
        }
        switch type {
        case .optional(let wrapped):
            return try value(json, as: wrapped, at: path)
        case .int:
            if case .int = json { return json }
            if case .double(let number) = json {
                guard number == number.rounded(), abs(number) < 9e15 else {
                    // What Foundation says of a fraction where an Int is declared.
                    throw PlaygroundError.thrown("DecodingError.dataCorrupted: Data was corrupted. "
                        + "Debug description: The given data was not valid JSON.")
                }
                return .int(Int(number))
            }
            throw mismatch("Int", json, at: path)
        case .double:
            if case .double = json { return json }
            if case .int(let number) = json { return .double(Double(number)) }
            throw mismatch("Double", json, at: path)
        case .string:
            if case .string = json { return json }
            throw mismatch("String", json, at: path)
        case .bool:
            if case .bool = json { return json }
            throw mismatch("Bool", json, at: path)
        case .array(let element):
            guard case .array(let items) = json else { throw mismatch("Array<Any>", json, at: path) }
            return .array(try items.enumerated().map { try value($1, as: element, at: path + "[\($0)]") })
        case .dictionary(key: .string, value: let element):
            guard case .record(let fields) = json else { throw mismatch("Dictionary<String, Any>", json, at: path) }
            let typed = try fields.map {
                Value.Field($0.name, try value($0.value, as: element, at: path + "." + $0.name))
            }
            return .record(RecordFields(typed, kind: .dictionary))
        case .named(let name):
            if let declared = structs(name), declared.isValueType { return try record(json, of: declared, at: path) }
            if let declared = enums(name), declared.hasRawValues {
                let found = declared.value(rawValue: json)
                if case .null = found {
                    let (rawType, written): (String, String)
                    if case .string(let text) = json { (rawType, written) = ("String", text) } else {
                        (rawType, written) = ("Int", json.description)
                    }
                    throw PlaygroundError.thrown("DecodingError.dataCorrupted: Data was corrupted.\(place(path)) "
                        + "Debug description: Cannot initialize \(name) from invalid \(rawType) value \(written)")
                }
                return found
            }
            return json
        default:
            return json
        }
    }

    /// A struct's value from a JSON object: each stored property from its key.
    private func record(_ json: Value, of declared: ObjectClass, at path: String) throws -> Value {
        guard case .record(let object) = json, object.kind == .literal || object.kind == .dictionary else {
            throw mismatch("Dictionary<String, Any>", json, at: path)
        }
        let stored = declared.properties.filter { !$0.isStatic && $0.computed == nil && !$0.holdsClosure }
        let fields = try stored.map { property -> Value.Field in
            let name = property.name.display
            let type = ValueType(written: property.declaredType ?? "")
            guard let found = object[name] else {
                guard type.isOptional || property.declaredType == nil else {
                    throw PlaygroundError.thrown("DecodingError.keyNotFound: Key '\(name)' not found in keyed decoding "
                        + "container.\(place(path)) Debug description: No value associated with key "
                        + "CodingKeys(stringValue: \"\(name)\", intValue: nil) (\"\(name)\").")
                }
                return Value.Field(name, .null)
            }
            return Value.Field(name, try value(found, as: type, at: path + "." + name))
        }
        return .record(RecordFields(fields, kind: .instance(declared.name)))
    }

    /// Swift's `DecodingError.typeMismatch`, as it prints.
    private func mismatch(_ expected: String, _ json: Value, at path: String) -> PlaygroundError {
        let found: String
        switch json {
        case .string: found = "a string"
        case .int, .double: found = "number"
        case .bool: found = "bool"
        case .array: found = "an array"
        default: found = "a dictionary"
        }
        return .thrown("DecodingError.typeMismatch: expected value of type \(expected).\(place(path)) "
            + "Debug description: Expected to decode \(expected) but found \(found) instead.")
    }

    /// Swift's `DecodingError.valueNotFound`: null where the type is not optional.
    private func valueNotFound(_ type: ValueType, at path: String) -> PlaygroundError {
        let expected: String
        let what: String
        switch type {
        case .array: (expected, what) = ("Array<Any>", "unkeyed decoding container")
        case .dictionary: (expected, what) = ("Dictionary<String, Any>", "keyed decoding container")
        case .named(let name) where structs(name) != nil:
            (expected, what) = ("Dictionary<String, Any>", "keyed decoding container")
        default: (expected, what) = (type.description, "value of type \(type.description)")
        }
        return .thrown("DecodingError.valueNotFound: Expected value of type \(expected) but found null instead."
            + "\(place(path)) Debug description: Cannot get \(what) -- found null value instead")
    }

    /// ` Path: items[0].title.` for a place inside the JSON; nothing at its top.
    private func place(_ path: String) -> String {
        path.isEmpty ? "" : " Path: \(path.hasPrefix(".") ? String(path.dropFirst()) : path)."
    }
}
