import Conduit
import Foundation

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// `encode` and `decode` with JSON: the engine's `Encode` and `Decode` with Foundation's JSON
/// coders. Encoded values are JSON text (a string value); `decode` reads JSON text into a value.
enum CodingOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "encode", usage: ".encode(encoder: JSONEncoder())",
            summary: "turns each value into JSON text (records with their keys sorted); a failure to encode fails "
                + "the pipeline",
            example: "let json = cards.encode(encoder: JSONEncoder())",
            typing: { $0.stage(EngineShape(P.Encode<Up, JSONEncoder>.self)) }
        ) { spec, upstream, call, _ in
            try coder(call, label: "encoder", expected: "JSONEncoder()")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return upstream.encode(encoder: encoder).map { Value.string(String(decoding: $0, as: UTF8.self)) }.pipe()
        },
        OperatorSpec(
            name: "decode", usage: ".decode(type: Card.self, decoder: JSONDecoder())",
            summary: "reads each value, JSON text, into a value (any type name will do: playground values take "
                + "every JSON shape)",
            example: "let cards = json.decode(type: Card.self, decoder: JSONDecoder())",
            typing: { context in
                context.given.result = decodedType(context.call)
                return context.stage(EngineShape(P.Decode<Empty<Data, Stand.UpstreamFailure>, R, JSONDecoder>.self))
            }
        ) { spec, upstream, call, context in
            try coder(call, label: "decoder", expected: "JSONDecoder()")
            let type = decodedType(call)
            let types = context.jsonTypes
            let bytes = upstream.tryMap { value -> Data in
                if let data = value.dataBytes { return data }
                guard case .string(let json) = value else {
                    throw PlaygroundError("`decode` reads JSON (Data, or text), not \(value.kindName) \(value)")
                }
                return Data(json.utf8)
            }
            return bytes.decode(type: Value.self, decoder: JSONDecoder())
                .tryMap { try types.value($0, as: type) }
                .mapError { error -> PlaygroundError in
                    if let playground = error as? PlaygroundError { return playground }
                    return PlaygroundError.thrown("DecodingError.dataCorrupted: Data was corrupted. "
                        + "Debug description: The given data was not valid JSON.")
                }.eraseToAnyPublisher()
        },
    ]

    /// `decode(type: Card.self, decoder: JSONDecoder())`: the type written.
    static func decodedType(_ call: OperatorCall) -> ValueType {
        call.arguments.first { $0.label == "type" }?.typeWritten.map(ValueType.init(written:)) ?? .value
    }

    /// Checks the coder argument: the playground knows JSON only.
    private static func coder(_ call: OperatorCall, label: String, expected: String) throws {
        guard let argument = call.arguments.first(where: { $0.label == label }) else {
            throw SyntaxError("write `.\(call.name)(\(call.name == "decode" ? "type: Card.self, " : "")\(label): "
                + "\(expected))`", at: call.span)
        }
        guard case .swiftName(let name) = argument.content, name == expected else {
            throw SyntaxError("the playground encodes and decodes JSON: `\(label): \(expected)`", at: argument.token)
        }
        for other in call.arguments where other.label != label && other.label != "type" {
            throw SyntaxError("`\(call.name)` takes `\(label):`"
                + "\(call.name == "decode" ? " and `type:`" : "")", at: other.token)
        }
    }
}
