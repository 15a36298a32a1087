// The one place that links PostgreSQL channels (ConduitPostgres: postgres-nio) into `conduit`: built
// only with the `Postgres` trait (`scripts/conduit --postgres`, scripts/test). Without it,
// `Postgres(URL)` in the playground says how to start a playground that has it.
#if Postgres
import Conduit
import ConduitPlayground
import ConduitPostgres
import Dispatch
import Foundation

/// Lets every session of this process connect `Postgres(URL)` to PostgreSQL.
func installSharedRooms() {
    SharedRooms.use(PostgresRoomConnector())
}

/// Connects the playground's `Postgres(URL)` through ConduitPostgres.
struct PostgresRoomConnector: SharedRoomConnector {
    func connect(_ url: String) throws -> any SharedRoom {
        PostgresSharedRoom(try blockingWait { try await PostgresRoom.connect(to: url) })
    }
}

/// A ConduitPostgres room as the playground's `SharedRoom`.
final class PostgresSharedRoom: SharedRoom {
    /// How long `room.channel(...)` waits for the server to listen before the line goes on.
    static let listenWait: Duration = .seconds(5)
    let room: PostgresRoom

    init(_ room: PostgresRoom) {
        self.room = room
    }

    var address: String { room.address.description }
    var status: String { room.status.description }

    func channel(_ name: String) throws -> any SharedChannel {
        let channel = try room.channel(name)
        // What this session sends next reaches it too, as it reaches every other listener.
        try blockingWait {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await channel.waitUntilListening() }
                group.addTask { try? await Task.sleep(for: Self.listenWait) }
                await group.next()
                group.cancelAll()
            }
        }
        return PostgresSharedChannel(channel)
    }

    func close() {
        let room = room
        Task { await room.close() }
    }
}

/// A ConduitPostgres text channel as the playground's `SharedChannel`.
final class PostgresSharedChannel: SharedChannel {
    let channel: PostgresChannel<String>

    init(_ channel: PostgresChannel<String>) {
        self.channel = channel
    }

    var name: String { channel.name }

    func send(_ payload: String) throws {
        try channel.send(payload)
    }

    func listen(
        _ receive: @escaping @Sendable (SharedChannelEvent, _ ready: @escaping @Sendable () -> Void) -> Void
    ) -> AnyCancellable {
        let subscriber = OneAtATime(receive)
        channel.subscribe(subscriber)
        return AnyCancellable { subscriber.cancel() }
    }

    var statistics: String {
        let counts = channel.statistics
        return (counts.listening ? "listening" : "not listening") + ", \(counts.received) received, "
            + "\(counts.dropped) dropped, \(counts.buffered) waiting (buffer: \(counts.buffer)), "
            + "\(counts.gaps) gap\(counts.gaps == 1 ? "" : "s"), \(counts.sent) sent"
    }
}

/// Asks for one event at a time and for the next when the session has taken it: what arrives
/// meanwhile waits in the channel's bounded buffer.
private final class OneAtATime: Subscriber, @unchecked Sendable {
    typealias Input = ChannelEvent<String>
    typealias Failure = Never

    private let receive: @Sendable (SharedChannelEvent, _ ready: @escaping @Sendable () -> Void) -> Void
    private let lock = NSLock()
    private var subscription: (any Subscription)?

    init(_ receive: @escaping @Sendable (SharedChannelEvent, _ ready: @escaping @Sendable () -> Void) -> Void) {
        self.receive = receive
    }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(.max(1))
    }

    func receive(_ input: ChannelEvent<String>) -> Subscribers.Demand {
        let event: SharedChannelEvent
        switch input {
        case .value(let payload): event = .payload(payload)
        case .undecodable(let payload, _): event = .payload(payload)
        case .gap(let gap): event = .gap(gap.description)
        }
        receive(event) { [weak self] in
            self?.lock.withLock { self?.subscription }?.request(.max(1))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func cancel() {
        let subscription = lock.withLock { () -> (any Subscription)? in
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}

/// Runs `work` to its end from a line of the session (a synchronous caller), which waits for it.
private func blockingWait<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result) throws -> Result {
    let outcome = OutcomeBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            outcome.set(.success(try await work()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try outcome.get()
}

/// The result `blockingWait` hands from its task to the waiting thread.
private final class OutcomeBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Value, any Error>?

    func set(_ outcome: Result<Value, any Error>) {
        lock.withLock { self.outcome = outcome }
    }

    func get() throws -> Value {
        try lock.withLock { outcome }!.get()
    }
}
#else
/// Without the `Postgres` trait `Postgres(URL)` has no connector: it says how to start one that has.
func installSharedRooms() {}
#endif
