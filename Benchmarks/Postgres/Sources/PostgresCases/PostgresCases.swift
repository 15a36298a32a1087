import BenchSupport
import Conduit
import ConduitPostgres
import Foundation
import Logging
import PostgresNIO

/// The LISTEN/NOTIFY rows: notifications a second through a ConduitPostgres channel to a sink,
/// beside a bare postgres-nio `listen` loop on the same server (the peer), and the latency from
/// `send` to a sink in another process. Every sample sends the same way: one statement,
/// `SELECT pg_notify(...) FROM generate_series(1, N)`, on a connection of its own, so that what is
/// timed is the receiving side, from the statement's start to the last notification's arrival.
public enum PostgresCases {
    /// Notifications per throughput sample.
    public static let count = 50_000
    /// Sends per latency sample, one every `latencySpacing`.
    public static let latencySends = 2_000
    /// 500 µs, or BENCH_PG_LATENCY_SPACING µs (sends closer than a round trip to the server show
    /// whether sends that wait behind one another catch up).
    static let latencySpacing: Duration = .microseconds(
        ProcessInfo.processInfo.environment["BENCH_PG_LATENCY_SPACING"].flatMap(Int.init) ?? 500)
    static let logger = Logger(label: "conduit.bench", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Conduit's cases: throughput, and the latency figures taken by `latencyBinary --pg-sink`.
    public static func conduit(server: PostgresServer, latencyBinary: String) -> [Case] {
        let latency = LatencyRun(url: server.url, binary: latencyBinary)
        return [
            Case("postgres.notify") { throughput(url: server.url, bare: false) },
            Case("postgres.latency.median", runs: 3) { latency.sample()?.median ?? .nan },
            Case("postgres.latency.p99", runs: 3) { latency.sample()?.p99 ?? .nan },
        ]
    }

    /// The peer's cases: the same notifications read by a bare postgres-nio loop, and the latency
    /// from a bare connection's `pg_notify` to a bare loop in another process.
    public static func bare(server: PostgresServer, latencyBinary: String) -> [Case] {
        let latency = LatencyRun(url: server.url, binary: latencyBinary, bare: true)
        return [
            Case("postgres.notify") { throughput(url: server.url, bare: true) },
            Case("postgres.latency.median", runs: 3) { latency.sample()?.median ?? .nan },
            Case("postgres.latency.p99", runs: 3) { latency.sample()?.p99 ?? .nan },
        ]
    }

    /// Every throughput sample in the order taken (the harness alternates the two sides), for the
    /// ratio of each round: both sides of a round saw the same machine, so its ratio moves less with
    /// the load than either figure.
    public static let rounds = RoundLog()

    /// A second peer, for scale: a postgres-nio `addListener` handler counting on the connection's
    /// event loop, the least any client of postgres-nio can do per notification (what ConduitPostgres
    /// builds on; its subscribers run off the event loop, a batch of notifications per hop).
    public static func handler(server: PostgresServer) -> [Case] {
        [Case("postgres.notify") { throughputSample(url: server.url, side: .handler) }]
    }

    /// Who reads a throughput sample's notifications.
    enum Side: String {
        case conduit, bare, handler
    }

    /// One throughput sample: notifications per second of wall time, or NaN if it failed.
    static func throughput(url: String, bare: Bool) -> Double {
        let figure = throughputSample(url: url, side: bare ? .bare : .conduit)
        rounds.record(figure, bare: bare)
        return figure
    }

    static func throughputSample(url: String, side: Side) -> Double {
        blocking {
            let channel = "bench_\(side.rawValue)"
            let sender = try await connection(url)
            defer { Task { try? await sender.close() } }
            let seconds: Double
            switch side {
            case .bare: seconds = try await bareLoop(url: url, channel: channel, sender: sender)
            case .conduit: seconds = try await conduitSink(url: url, channel: channel, sender: sender)
            case .handler: seconds = try await handlerCount(url: url, channel: channel, sender: sender)
            }
            return Double(count) / seconds
        } ?? .nan
    }

    /// The second peer: `addListener`'s handler counts on the event loop; LISTEN is confirmed by a query
    /// of its own on the same connection before the clock starts.
    static func handlerCount(url: String, channel name: String, sender: PostgresConnection) async throws -> Double {
        let listener = try await connection(url)
        let arrived = Countdown(count)
        let context = listener.addListener(channel: name) { _, _ in arrived.tick() }
        try await listener.query(PostgresQuery(unsafeSQL: "LISTEN \"\(name)\""), logger: logger)
        let start = ContinuousClock.now
        try await notify(sender, channel: name)
        await arrived.wait()
        let elapsed = ContinuousClock.now - start
        context.stop()
        try? await listener.close()
        return elapsed.seconds
    }

    /// Through ConduitPostgres: a room, a text channel, a sink counting to `count`.
    static func conduitSink(url: String, channel name: String, sender: PostgresConnection) async throws -> Double {
        let room = try await PostgresRoom.connect(
            to: url, options: RoomOptions(buffer: ChannelBuffer(capacity: count)))
        let channel = try room.channel(name)
        let arrived = Countdown(count)
        let sink = channel.sink { event in
            if case .value = event { arrived.tick() }
        }
        await channel.waitUntilListening()
        let start = ContinuousClock.now
        try await notify(sender, channel: name)
        await arrived.wait()
        let elapsed = ContinuousClock.now - start
        sink.cancel()
        await room.close()
        return elapsed.seconds
    }

    /// The peer: postgres-nio's `listen(on:consume:)`, counting to `count` in a `for try await` loop.
    static func bareLoop(url: String, channel name: String, sender: PostgresConnection) async throws -> Double {
        let listener = try await connection(url)
        let listening = Countdown(1)
        return try await withThrowingTaskGroup(of: Double.self) { group in
            group.addTask {
                try await listener.listen(on: name) { notifications in
                    listening.tick()
                    var received = 0
                    for try await _ in notifications {
                        received += 1
                        if received == count { break }
                    }
                }
                return 0
            }
            await listening.wait()
            // LISTEN has been acknowledged once `consume` runs: the sends below reach it.
            let start = ContinuousClock.now
            try await notify(sender, channel: name)
            _ = try await group.next()
            let elapsed = ContinuousClock.now - start
            try? await listener.close()
            return elapsed.seconds
        }
    }

    static func notify(_ sender: PostgresConnection, channel: String) async throws {
        try await sender.query(
            "SELECT pg_notify(\(channel), g::text) FROM generate_series(1, \(count)) AS g", logger: logger)
    }

    static func connection(_ url: String) async throws -> PostgresConnection {
        let address = try PostgresAddress(url)
        let configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: nil,
            database: address.database, tls: .disable)
        return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// The throughput samples of both sides in the order taken, paired into rounds (Conduit, then the
/// bare loop) for the ratio of each.
public final class RoundLog: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(figure: Double, bare: Bool)] = []

    func record(_ figure: Double, bare: Bool) {
        lock.withLock { samples.append((figure, bare)) }
    }

    /// Conduit's figure over the bare loop's, for each round after the first (the warm-up).
    public var ratios: [Double] {
        let all = lock.withLock { samples }
        var ratios: [Double] = []
        var index = 0
        while index + 1 < all.count {
            let (mine, theirs) = (all[index], all[index + 1])
            if !mine.bare, theirs.bare, theirs.figure > 0 { ratios.append(mine.figure / theirs.figure) }
            index += 2
        }
        return Array(ratios.dropFirst())
    }
}

/// Counts down to zero from any thread; `wait` returns once it has.
final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private var waiter: CheckedContinuation<Void, Never>?

    init(_ count: Int) {
        remaining = count
    }

    func tick() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            remaining -= 1
            guard remaining == 0 else { return nil }
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = lock.withLock { () -> Bool in
                if remaining <= 0 { return true }
                waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Runs `work` to its end from the harness's synchronous sample; nil if it threw.
func blocking<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) -> Value? {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = try? await work()
        done.signal()
    }
    done.wait()
    return box.value
}

final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
