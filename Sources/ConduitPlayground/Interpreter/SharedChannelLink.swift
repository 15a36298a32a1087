import Conduit
import Foundation

/// A subject of the session fed by a shared channel: `send` goes to the server, and what the server
/// delivers (from this process or another) waits in an inbox until the session is free, then is sent
/// into the local subject on the session's owner thread, as a real-time timer's value is.
final class SharedChannelLink: Sendable {
    let room: any SharedRoom
    let channel: any SharedChannel
    /// The Swift type of the values (`Int`, `String`, ...), as `of: Int.self` wrote it.
    let typeName: String
    let subject = PassthroughSubject<Value, PlaygroundError>()
    private let listening = LockedValue<AnyCancellable?>(nil)
    /// Where a send from a pipeline reports what it could not send (set by `start`).
    private let report = LockedValue<(@Sendable (String) -> Void)?>(nil)
    private let inbox = DispatchQueue(label: "conduit.playground.shared-inbox")

    init(room: any SharedRoom, channel: any SharedChannel, typeName: String) {
        self.room = room
        self.channel = channel
        self.typeName = typeName
    }

    /// Starts taking the channel's notifications for `session`'s subject `name`.
    func start(for session: Interpreter, as name: String) {
        let inbox = inbox
        let subject = subject
        let typeName = typeName
        let scheduler = session.scheduler
        let weakSession = WeakSession(session)
        let cancellable = channel.listen { event, ready in
            inbox.async {
                defer { ready() }
                guard let session = weakSession.session else { return }
                scheduler.owner.run {
                    switch event {
                    case .payload(let payload):
                        guard let value = Self.value(of: payload, as: typeName) else {
                            session.emit(OutputRecord(
                                kind: .error,
                                text: "error: \(name) received \(Value.quote(String(payload.prefix(60)))), "
                                    + "which is not a value of type \(typeName) (sent by another program?): skipped"))
                            return
                        }
                        let report = scheduler.budget.step {
                            session.recorder.record(.sent(lane: name, value: value))
                            session.subjectLedgers.willSend(to: name, value: value)
                            subject.send(value)
                        }
                        if let report { session.reportStop(report) }
                    case .gap(let sentence):
                        session.emit(OutputRecord(kind: .info, text: "\(name): \(sentence)"))
                    }
                }
            }
        }
        listening.withLock { $0 = cancellable }
        report.withLock {
            $0 = { message in weakSession.session?.emit(OutputRecord(kind: .error, text: "error: \(message)")) }
        }
    }

    /// `send`, reporting a failure as an error of the session rather than throwing it.
    func sendReporting(_ value: Value) {
        do {
            try send(value)
        } catch {
            report.withLock { $0 }?("\(name(of: error))")
        }
    }

    private func name(of error: any Error) -> String {
        (error as? PlaygroundError).map(\.message) ?? "\(error)"
    }

    /// Sends `value` as JSON; throws a one-line error (the payload's size, the connection).
    func send(_ value: Value) throws {
        guard Self.value(of: value, fits: typeName) else {
            throw PlaygroundError("\(channel.name) carries \(typeName) values, not \(value) (a \(value.kindName))")
        }
        let data = try JSONEncoder().encode(value)
        try channel.send(String(decoding: data, as: UTF8.self))
    }

    func stop() {
        listening.withLock { $0 = nil }
    }

    /// `subs` and `inspect`: the channel, the room's connection, and the channel's counts.
    var summary: String {
        "PostgreSQL channel \"\(channel.name)\" of \(typeName) on \(room.address) (\(room.status)): "
            + channel.statistics
    }

    /// `payload` read as a value of `typeName`: JSON, and for String also any text as it is (what
    /// `NOTIFY channel, 'text'` sends); nil when it is not one.
    static func value(of payload: String, as typeName: String) -> Value? {
        let decoded = try? JSONDecoder().decode(Value.self, from: Data(payload.utf8))
        switch typeName {
        case "String":
            if case .string? = decoded { return decoded }
            return .string(payload)
        case "Double":
            if case .int(let number)? = decoded { return .double(Double(number)) }
        default:
            break
        }
        guard let decoded, value(of: decoded, fits: typeName) else { return nil }
        return decoded
    }

    /// Whether `value` is a `typeName` (Int, Double, String, Bool; anything else takes any JSON value).
    static func value(of value: Value, fits typeName: String) -> Bool {
        switch (typeName, value) {
        case ("Int", .int), ("Double", .double), ("Double", .int), ("String", .string), ("Bool", .bool): return true
        case ("Int", _), ("Double", _), ("String", _), ("Bool", _): return false
        default: return true
        }
    }
}

/// The session a channel's inbox delivers to, without keeping it alive.
private final class WeakSession: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Interpreter?

    init(_ session: Interpreter) {
        stored = session
    }

    var session: Interpreter? { lock.withLock { stored } }
}
