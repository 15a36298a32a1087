#if Postgres
import Foundation

/// How a channel's values become NOTIFY payloads and back: the text itself, or a `Codable` value as JSON.
public struct ChannelCoding<Payload: Sendable>: Sendable {
    let encode: @Sendable (Payload) throws -> String
    let decode: @Sendable (String) throws -> Payload

    public init(
        encode: @escaping @Sendable (Payload) throws -> String,
        decode: @escaping @Sendable (String) throws -> Payload
    ) {
        self.encode = encode
        self.decode = decode
    }
}

extension ChannelCoding where Payload == String {
    /// The payload is the text as sent: what `NOTIFY channel, 'text'` or a trigger's `pg_notify` sends.
    public static var text: ChannelCoding<String> {
        ChannelCoding(encode: { $0 }, decode: { $0 })
    }
}

extension ChannelCoding where Payload: Codable {
    /// The payload is the value as JSON (`3`, `"text"`, `{"price":3}`), read back with JSONDecoder.
    public static var json: ChannelCoding<Payload> {
        ChannelCoding(
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let data = try encoder.encode(value)
                return String(decoding: data, as: UTF8.self)
            },
            decode: { text in
                try JSONDecoder().decode(Payload.self, from: Data(text.utf8))
            }
        )
    }
}
#endif
