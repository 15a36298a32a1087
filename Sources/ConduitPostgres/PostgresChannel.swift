#if Postgres
import Conduit

/// A channel of a room: a publisher of its notifications (each subscription with its own bounded
/// buffer, see `ChannelBuffer`) and a way to notify every listener of the channel, in this process
/// or another, on this machine or another.
public struct PostgresChannel<Payload: Sendable>: Publisher, Sendable {
    public typealias Output = ChannelEvent<Payload>
    public typealias Failure = Never

    public let room: PostgresRoom
    let hub: ChannelHub
    let coding: ChannelCoding<Payload>

    /// The channel's name as PostgreSQL knows it (case matters).
    public var name: String { hub.name }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        let decode = coding.decode
        let subscription = ChannelSubscription<Payload, S>(
            downstream: subscriber, hub: hub, buffer: room.options.buffer,
            decode: { payload in
                do {
                    return .value(try decode(payload))
                } catch {
                    return .undecodable(payload: payload, reason: "\(error)")
                }
            })
        hub.add(subscription)
        subscriber.receive(subscription: subscription)
    }

    /// The values alone, leaving out gaps and undecodable payloads (use the channel itself to see them).
    public var values: Publishers.CompactMap<Self, Payload> {
        compactMap(\.value)
    }

    /// Sends `value` to every listener of the channel, after the sends before it. Returns at once;
    /// throws for a payload NOTIFY would refuse, before anything is sent. While the connection is
    /// down, sends wait and go out in order once it is back.
    public func send(_ value: Payload) throws {
        try room.enqueue(try payload(for: value), on: hub, done: nil)
    }

    /// Sends `value` and returns once the server has taken it.
    public func sendAndWait(_ value: Payload) async throws {
        let payload = try payload(for: value)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            do {
                try room.enqueue(payload, on: hub) { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Returns once the connection listens to the channel: what is sent after that reaches this room.
    public func waitUntilListening() async {
        await hub.waitUntilListening()
    }

    public var statistics: ChannelStatistics {
        let (counts, subscribers, buffered) = hub.snapshot
        return ChannelStatistics(
            channel: name, listening: hub.isListening, received: counts.received, dropped: counts.dropped,
            gaps: counts.gaps, sent: counts.sent, subscribers: subscribers, buffered: buffered,
            buffer: room.options.buffer)
    }

    /// `value` as the text NOTIFY will carry, refused when PostgreSQL would refuse it.
    func payload(for value: Payload) throws -> String {
        let text: String
        do {
            text = try coding.encode(value)
        } catch {
            throw PostgresChannelError.encodingFailed(channel: name, reason: "\(error)")
        }
        let bytes = text.utf8.count
        guard bytes <= PostgresChannelError.maximumPayloadBytes else {
            throw PostgresChannelError.payloadTooLarge(channel: name, bytes: bytes)
        }
        guard !text.utf8.contains(0) else {
            throw PostgresChannelError.encodingFailed(
                channel: name, reason: "PostgreSQL text cannot hold a NUL character")
        }
        return text
    }
}
#endif
