import Foundation

/// Playground values as JSON, for `encode` and `decode`: numbers, strings, booleans, `nil` as
/// null, arrays, and records as objects (decoded with their keys in sorted order).
extension Value: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .record(let fields):
            var container = encoder.container(keyedBy: Key.self)
            for field in fields { try container.encode(field.value, forKey: Key(stringValue: field.name)) }
        case .void:
            // Swift's `()` has no JSON form; an empty array stands for it.
            _ = encoder.unkeyedContainer()
        case .publisher(let publisher):
            var container = encoder.singleValueContainer()
            try container.encode(publisher.description)
        case .closure(let closure):
            // A closure has no JSON form: what Swift prints for it stands for it.
            var container = encoder.singleValueContainer()
            try container.encode(closure.description)
        case .object(let object):
            try Value.record(RecordFields(object.snapshot())).encode(to: encoder)
        }
    }

    public init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .record(RecordFields(try container.allKeys.map(\.stringValue).sorted().map { name in
                Field(name, try container.decode(Value.self, forKey: Key(stringValue: name)))
            }))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [Value] = []
            while !container.isAtEnd { items.append(try container.decode(Value.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}
