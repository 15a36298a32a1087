import Foundation

/// `JSONEncoder()`, `JSONDecoder()` and `Data(...)`, bound: what workshop code uses to fake a network
/// service's JSON (`JSONCoderObject`, `Value+Data.swift`).
extension Interpreter {
    /// The session's structs and enumerations as a decoder reads JSON into them: looked up when a
    /// value is decoded, so a type declared after the decoder was made counts.
    var jsonTypes: JSONTypedValue {
        JSONTypedValue(
            structs: { [weak self] name in self?.classes[name] },
            enums: { [weak self] name in self?.enums[name] })
    }

    /// `JSONEncoder()`, `JSONDecoder()`, `Data()` and `Data(text.utf8)`.
    func boundJSONCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression {
        switch name {
        case JSONCoderObject.encoderTypeName, JSONCoderObject.decoderTypeName:
            guard arguments.isEmpty else {
                throw SyntaxError("`\(name)()` takes no arguments: make it, then set what it has "
                    + "(`encoder.outputFormatting = .prettyPrinted`)", at: token)
            }
            if name == JSONCoderObject.encoderTypeName {
                return .bound(BoundExpression { _ in .object(JSONCoderObject.encoder()) })
            }
            let types = jsonTypes
            return .bound(BoundExpression { _ in .object(JSONCoderObject.decoder(types: types)) })
        default:
            if arguments.isEmpty { return .literal(.data(Data())) }
            // `Data(json.utf8)`: the text's UTF-8 bytes.
            guard arguments.count == 1, case .member(let text, "utf8") = arguments[0] else {
                throw SyntaxError("write `Data(text.utf8)` or `text.data(using: .utf8)!`", at: token)
            }
            let bound = try bind(text)
            return .bound(BoundExpression { values in
                let value = try bound.evaluate(values)
                guard case .string(let string) = value else {
                    throw PlaygroundError("`Data(x.utf8)` takes text, not \(value.kindName) \(value)")
                }
                return .data(Data(string.utf8))
            })
        }
    }
}

extension Interpreter {
    /// The type `TYPE.self` names, as written (`Post`, `[Post]`, `Int`): a type the session declared or
    /// one of Swift's, not a name that holds a value; nil for any other expression.
    func metatypeWritten(_ expression: Expression) -> String? {
        guard let written = expression.typeWritten else { return nil }
        // A name that holds a value (`let Post = 1`) is no type; one never declared (or whose
        // declaration failed) is said to be unknown where it is used.
        let name = written.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard entries[name] == nil, classes[name] != nil || enums[name] != nil || Interpreter.swiftTypes.contains(name)
        else { return nil }
        return written
    }

    /// Swift's types whose `.self` a program may hand to a decoder.
    private static let swiftTypes: Set<String> = [
        "Int", "Double", "Float", "String", "Bool", "UTF8", Value.dataType, Value.dateType,
    ]
}
