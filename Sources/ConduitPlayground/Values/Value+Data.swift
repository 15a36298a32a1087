import Foundation

/// Foundation's `Data` as a playground value: a struct's value of type `Data` holding its bytes
/// (as Base64 text, so that the value stays `Hashable` and `Sendable` like every other), which prints
/// as Swift prints one (`57 bytes`). Workshop code makes it from JSON text (`json.data(using: .utf8)!`,
/// `Data(json.utf8)`) to hand to a `JSONDecoder`, and reads it back with `String(data:encoding:)`.
extension Value {
    /// The type name a data value's record carries.
    static let dataType = "Data"
    /// The one field of a data value's record: its bytes in Base64.
    private static let dataBytesField = "base64EncodedString"

    /// `bytes` as a value.
    static func data(_ bytes: Data) -> Value {
        .record(RecordFields([Field(dataBytesField, .string(bytes.base64EncodedString()))], kind: .instance(dataType)))
    }

    /// The bytes of a data value; nil for any other value.
    var dataBytes: Data? {
        guard case .record(let fields) = self, fields.kind == .instance(Value.dataType), fields.count == 1,
            case .string(let encoded)? = fields[Value.dataBytesField]
        else { return nil }
        return Data(base64Encoded: encoded)
    }

    /// A data value as Swift's `description` of one: `57 bytes`.
    var dataDescription: String? {
        dataBytes.map { "\($0.count) bytes" }
    }

    /// A data value's property (`count`, `isEmpty`, `description`); nil when this is no data value
    /// or the name is none of those.
    func dataMember(_ name: String) -> Value? {
        guard let bytes = dataBytes else { return nil }
        switch name {
        case "count": return .int(bytes.count)
        case "isEmpty": return .bool(bytes.isEmpty)
        case "description": return .string("\(bytes.count) bytes")
        default: return nil
        }
    }

    /// The bytes `"text".data(using: .utf8)` gives: nil for an encoding other than UTF-8 (the only one
    /// the playground writes), as a failed conversion is nil in Swift.
    static func data(encoding text: String, using encoding: Value) throws -> Value {
        guard Value.isUTF8(encoding) else {
            throw PlaygroundError("the playground encodes text as UTF-8 only: write `.data(using: .utf8)`")
        }
        return .data(Data(text.utf8))
    }

    /// `String(data: data, encoding: .utf8)`: the text, or nil when the bytes are not UTF-8 (Swift's
    /// initialiser is failable for that).
    static func text(decoding data: Value, encoding: Value) throws -> Value {
        guard Value.isUTF8(encoding) else {
            throw PlaygroundError(
                "the playground decodes text as UTF-8 only: write `String(data: data, encoding: .utf8)`")
        }
        guard let bytes = data.dataBytes else {
            throw PlaygroundError("`String(data:encoding:)` takes Data, not \(data.kindName) \(data)")
        }
        return String(data: bytes, encoding: .utf8).map(Value.string) ?? .null
    }

    /// Whether `encoding` is `.utf8` (`String.Encoding.utf8`).
    private static func isUTF8(_ encoding: Value) -> Bool {
        if let name = encoding.enumCaseName { return name == "utf8" }
        if case .string(let name) = encoding { return name == "utf8" || name == "String.Encoding.utf8" }
        return false
    }
}
