import ConduitPlayground
import Foundation

/// What a viewer may send, and what happens to it: only a prediction of a hidden sink,
/// `{"predict": {"sink": "out", "marbles": "-1--2-|", "name": "ana"}}`, at most `messageBytes`
/// long and a few a minute per connection (`RateLimit`). Anything else is dropped and counted.
/// A prediction is data handed to `predict` (the session checks the sink, the marble string and
/// the name); nothing a viewer sends is evaluated or changes anything else.
public final class LiveRoom: @unchecked Sendable {
    /// The longest message taken; longer ones are refused (and frames over 16 KiB close the link).
    public static let messageBytes = 1_024

    /// Takes a checked prediction: its number, or why not. Set by `conduit serve` to the session's
    /// `roomPrediction`; nil refuses every prediction (no session to predict in).
    public var predict: (@Sendable (_ sink: String, _ marbles: String, _ name: String) -> Result<Int, RoomRefusal>)? {
        get { lock.withLock { _predict } }
        set { lock.withLock { _predict = newValue } }
    }

    private let lock = NSLock()
    private var _predict: (@Sendable (String, String, String) -> Result<Int, RoomRefusal>)?
    private var _dropped = 0
    private var _accepted = 0
    private var _refused = 0

    public init() {}

    /// Messages that were not a prediction (or came too fast, or too long): dropped.
    public var dropped: Int { lock.withLock { _dropped } }
    /// Predictions taken, and well-formed ones the session refused (a sink not hidden, a bad string).
    public var accepted: Int { lock.withLock { _accepted } }
    public var refused: Int { lock.withLock { _refused } }

    /// Handles one message from a viewer whose connection's limiter is `limit`; returns the answer to
    /// send back to it.
    func receive(_ text: String, limit: RateLimit) -> LiveMessage {
        guard limit.take() else {
            lock.withLock { _dropped += 1 }
            return .answer(accepted: false, message: "too many messages: at most \(RateLimit.perMinute) a minute; "
                + "try again in \(limit.secondsUntilNext) s")
        }
        guard text.utf8.count <= LiveRoom.messageBytes else {
            lock.withLock { _dropped += 1 }
            return .answer(accepted: false, message: "a message is at most \(LiveRoom.messageBytes) bytes; "
                + "this one was \(text.utf8.count)")
        }
        guard let (sink, marbles, name) = LiveRoom.prediction(in: text) else {
            lock.withLock { _dropped += 1 }
            return .answer(accepted: false, message: #"only predictions are taken: {"predict": {"sink": "out", "#
                + #""marbles": "-1--2-|", "name": "ana"}}"#)
        }
        switch predict?(sink, marbles, name) ?? .failure(RoomRefusal("this page takes no predictions")) {
        case .success(let number):
            lock.withLock { _accepted += 1 }
            return .answer(accepted: true, message: "prediction \(number) for \(sink) (\(name)): \(marbles)")
        case .failure(let refusal):
            lock.withLock { _refused += 1 }
            return .answer(accepted: false, message: refusal.message)
        }
    }

    /// The sink, marble string and name of a well-formed prediction message: one object with the one
    /// key `predict`, holding exactly those three strings; nil for anything else.
    static func prediction(in text: String) -> (sink: String, marbles: String, name: String)? {
        guard let outer = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              outer.count == 1, let inner = outer["predict"] as? [String: Any], inner.count == 3,
              let sink = inner["sink"] as? String, let marbles = inner["marbles"] as? String,
              let name = inner["name"] as? String, sink.count <= Session.roomNameLimit * 2 else { return nil }
        return (sink, marbles, name)
    }
}

/// One connection's allowance: a bucket of `burst` messages that refills at `perMinute` a minute.
final class RateLimit: @unchecked Sendable {
    static let perMinute = 6
    static let burst = 3

    private let lock = NSLock()
    private var tokens = Double(RateLimit.burst)
    private var last: Date
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        last = now()
    }

    /// Takes one message's allowance; false when there is none left.
    func take() -> Bool {
        lock.withLock {
            refill()
            guard tokens >= 1 else { return false }
            tokens -= 1
            return true
        }
    }

    /// Whole seconds until the next message is allowed.
    var secondsUntilNext: Int {
        lock.withLock {
            refill()
            return tokens >= 1 ? 0 : Int(((1 - tokens) * 60 / Double(RateLimit.perMinute)).rounded(.up))
        }
    }

    private func refill() {
        let time = now()
        tokens = min(Double(RateLimit.burst), tokens + time.timeIntervalSince(last) * Double(RateLimit.perMinute) / 60)
        last = time
    }
}
