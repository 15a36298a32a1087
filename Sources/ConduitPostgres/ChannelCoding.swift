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
    /// One encoder and one decoder serve every value of the channel (they keep no state between
    /// calls), rather than one made per notification.
    public static var json: ChannelCoding<Payload> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let decoder = JSONDecoder()
        return ChannelCoding(
            encode: { value in
                String(decoding: try encoder.encode(value), as: UTF8.self)
            },
            decode: { text in
                try decoder.decode(Payload.self, from: Data(text.utf8))
            }
        )
    }
}
#endif
