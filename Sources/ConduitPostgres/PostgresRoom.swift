#if Postgres
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// A connection to one PostgreSQL server and the channels listened to through it.
///
/// One task owns the connection: it listens to every channel asked for, sends the notifications in
/// the order they were asked for, and, when the connection is lost, reconnects with a doubling
/// backoff, listens again, and tells every subscriber the gap (NOTIFY keeps nothing for a listener
/// that is away).
public final class PostgresRoom: Sendable {
    public let address: PostgresAddress
    public let options: RoomOptions

    private struct Shared {
        var hubs: [String: ChannelHub] = [:]
        var status = RoomStatus.closed
        var task: Task<Void, Never>?
        var closed = false
    }

    /// How one connection's service ended.
    private enum ServiceEnd {
        case lost(reason: String)
        case closed
    }

    private let mailbox = RoomMailbox()
    private let shared = Locked(Shared())
    /// postgres-nio logs its connection events here; a room says what matters through its status instead.
    private let logger = Logger(label: "conduit.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private init(address: PostgresAddress, options: RoomOptions) {
        self.address = address
        self.options = options
    }

    /// Connects to the server at `url` (`postgres://user@host:port/database`); throws a one-line
    /// `PostgresChannelError` for a bad address or a connection that fails.
    public static func connect(to url: String, options: RoomOptions = RoomOptions()) async throws -> PostgresRoom {
        try await connect(to: try PostgresAddress(url), options: options)
    }

    public static func connect(to address: PostgresAddress, options: RoomOptions = RoomOptions()) async throws
        -> PostgresRoom
    {
        let room = PostgresRoom(address: address, options: options)
        let connection = try await room.openConnection()
        room.shared.withLock { shared in
            shared.status = .connected(since: Date())
            shared.task = Task { await room.run(first: connection) }
        }
        return room
    }

    /// The channel `name`, whose payloads are text as sent (what `NOTIFY name, 'text'` sends).
    public func channel(_ name: String) throws -> PostgresChannel<String> {
        try channel(name, coding: .text)
    }

    /// The channel `name`, whose payloads are `Payload` values as JSON.
    public func channel<Payload: Codable & Sendable>(_ name: String, of type: Payload.Type) throws
        -> PostgresChannel<Payload>
    {
        try channel(name, coding: .json)
    }

    /// The channel `name` with payloads read and written by `coding`.
    public func channel<Payload>(_ name: String, coding: ChannelCoding<Payload>) throws -> PostgresChannel<Payload> {
        try Self.validate(channelName: name)
        let (hub, isNew) = try shared.withLock { shared -> (ChannelHub, Bool) in
            guard !shared.closed else { throw PostgresChannelError.closed }
            if let hub = shared.hubs[name] { return (hub, false) }
            let hub = ChannelHub(name: name)
            shared.hubs[name] = hub
            return (hub, true)
        }
        if isNew { mailbox.post(.listen(hub)) }
        return PostgresChannel(room: self, hub: hub, coding: coding)
    }

    /// The names of the channels asked for, sorted.
    public var channelNames: [String] {
        shared.withLock { $0.hubs.keys.sorted() }
    }

    public var status: RoomStatus {
        shared.withLock { $0.status }
    }

    /// Stops listening, drops the sends still waiting, and closes the connection.
    public func close() async {
        let task = shared.withLock { shared -> Task<Void, Never>? in
            shared.closed = true
            return shared.task
        }
        mailbox.post(.close)
        task?.cancel()
        await task?.value
    }

    /// Throws unless `name` is 1 to 63 bytes of letters, digits, `_`, `.` or `-` (postgres-nio puts the
    /// name between double quotes in LISTEN, so a quote must never reach it).
    static func validate(channelName name: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2E || byte == 0x2D
        }
        guard !name.isEmpty, name.utf8.count <= 63, allowed else {
            throw PostgresChannelError.badChannelName(name)
        }
    }

    func enqueue(_ payload: String, on hub: ChannelHub, done: (@Sendable ((any Error)?) -> Void)?) throws {
        guard !shared.withLock({ $0.closed }) else { throw PostgresChannelError.closed }
        let outgoing = RoomMailbox.Outgoing(hub: hub, payload: payload, done: done)
        guard mailbox.postSend(outgoing, capacity: options.outboxCapacity) else {
            throw PostgresChannelError.outboxFull(channel: hub.name, capacity: options.outboxCapacity)
        }
    }

    private func openConnection() async throws -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        if let directory = address.socketDirectory {
            configuration = .init(
                unixSocketPath: "\(directory)/.s.PGSQL.\(address.port)", username: address.user,
                password: address.password, database: address.database)
        } else {
            configuration = .init(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: try Self.tls(for: address.tls))
        }
        let timeout = options.connectTimeout.components
        configuration.options.connectTimeout = .milliseconds(
            timeout.seconds * 1_000 + timeout.attoseconds / 1_000_000_000_000_000)
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresChannelError.connectionFailed(address: address.description, reason: Self.describe(error))
        }
    }

    /// postgres-nio's TLS setting for libpq's `sslmode`: `require` encrypts without checking the
    /// certificate (as libpq does), `verify-ca` checks the chain, `verify-full` the host name too.
    static func tls(for mode: PostgresAddress.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable:
            return .disable
        case .allow, .prefer, .require:
            configuration.certificateVerification = .none
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw PostgresChannelError.connectionFailed(address: "TLS", reason: "cannot set up TLS: \(error)")
        }
        return mode == .allow || mode == .prefer ? .prefer(context) : .require(context)
    }

    /// The connection task: serves each connection until it is lost, then reconnects with backoff.
    private func run(first: PostgresConnection) async {
        var connection: PostgresConnection? = first
        var generation = 0
        var gap: (start: Date, reason: String)?
        var attempt = 0
        while !shared.withLock({ $0.closed }) {
            guard let current = connection else {
                attempt += 1
                do {
                    try await Task.sleep(for: options.backoff(attempt: attempt))
                    connection = try await openConnection()
                } catch {
                    if Task.isCancelled { break }
                    let reason = (error as? PostgresChannelError).map(\.reasonOnly) ?? "\(error)"
                    setStatus(.reconnecting(since: gap?.start ?? Date(), attempt: attempt, lastError: reason))
                }
                continue
            }
            generation += 1
            attempt = 0
            setStatus(.connected(since: Date()))
            let end = await serve(current, generation: generation, after: gap)
            connection = nil
            guard case .lost(let reason) = end else { break }
            let start = Date()
            gap = (start, reason)
            setStatus(.reconnecting(since: start, attempt: 0, lastError: reason))
            shared.withLock { $0.hubs.values.forEach { $0.stoppedListening() } }
        }
        shared.withLock { $0.hubs.values.forEach { $0.stoppedListening() } }
        setStatus(.closed)
    }

    /// Listens to every channel on `connection` and sends what the mailbox holds, until the
    /// connection is lost or the room closes.
    private func serve(
        _ connection: PostgresConnection, generation: Int, after gap: (start: Date, reason: String)?
    ) async -> ServiceEnd {
        let mailbox = self.mailbox
        connection.closeFuture.whenComplete { _ in
            mailbox.post(.lost(generation: generation, reason: "the server closed the connection"))
        }
        // Each LISTEN runs in a task of its own, which is cancelled, not waited for, when the service
        // ends: a LISTEN a closing connection never answers must not keep the room from closing.
        var listeners: [Task<Void, Never>] = []
        var listening = Set<String>()
        var pending = shared.withLock { Array($0.hubs.values) }
        var end = ServiceEnd.closed
        commands: while true {
            for hub in pending where listening.insert(hub.name).inserted {
                let missed = gap.flatMap { gap in hub.created < gap.start ? gap : nil }
                listeners.append(Task {
                    await self.listen(to: hub, on: connection, generation: generation, after: missed)
                })
            }
            pending = []
            switch await mailbox.next() {
            case .listen(let hub):
                pending = [hub]
            case .notify(let first):
                let batch = mailbox.sends(after: first, limit: Self.sendsPerStatement)
                do {
                    try await notify(batch, on: connection)
                    mailbox.sendsFinished(batch.count)
                    for outgoing in batch {
                        outgoing.hub.countSend()
                        outgoing.done?(nil)
                    }
                } catch {
                    if connection.isClosed {
                        // Sent again, in order, once a new connection is up.
                        for outgoing in batch.reversed() { mailbox.post(.notify(outgoing), first: true) }
                        end = .lost(reason: Self.describe(error))
                        break commands
                    }
                    mailbox.sendsFinished(batch.count)
                    for outgoing in batch { outgoing.done?(error) }
                }
            case .lost(let lostGeneration, let reason):
                if lostGeneration == generation {
                    end = .lost(reason: reason)
                    break commands
                }
            case .close:
                break commands
            }
        }
        listeners.forEach { $0.cancel() }
        try? await connection.close()
        return end
    }

    /// The most sends one statement carries: sends that waited behind one another (a burst, or a
    /// connection slow to answer) go out together rather than one round trip each.
    static let sendsPerStatement = 500

    /// Sends `batch` in one statement, in order: one `pg_notify` per send, all in the statement's
    /// transaction, so a batch arrives whole or not at all (it holds no repeated channel and payload,
    /// which the server would deliver once: see `RoomMailbox.sends(after:limit:)`).
    private func notify(_ batch: [RoomMailbox.Outgoing], on connection: PostgresConnection) async throws {
        if batch.count == 1, let only = batch.first {
            try await connection.query("SELECT pg_notify(\(only.hub.name), \(only.payload))", logger: logger)
            return
        }
        let channels = batch.map(\.hub.name)
        let payloads = batch.map(\.payload)
        // Volatile calls in the select list run after ORDER BY, so the notifications go in the given order.
        try await connection.query(
            """
            SELECT pg_notify(c, p) FROM unnest(\(channels)::text[], \(payloads)::text[]) WITH ORDINALITY AS s(c, p, n) \
            ORDER BY n
            """, logger: logger)
    }

    /// Listens to `hub`'s channel on `connection`: the connection's event loop hands each notification
    /// to the hub (no reading loop of ours between them), and once the server has confirmed LISTEN,
    /// the hub is told, with the gap first when this follows a lost connection.
    private func listen(
        to hub: ChannelHub, on connection: PostgresConnection, generation: Int,
        after gap: (start: Date, reason: String)?
    ) async {
        hub.holdArrivals()
        // postgres-nio sends LISTEN itself for a channel's first handler, but says nothing of its
        // answer; the LISTEN below (a second one changes nothing on the server) says when it holds.
        connection.addListener(channel: hub.name) { _, notification in
            hub.arrived(payload: notification.payload)
        }
        do {
            // The name is checked (letters, digits, `_`, `.`, `-`), so it is safe between double quotes.
            try await connection.query(PostgresQuery(unsafeSQL: "LISTEN \"\(hub.name)\""), logger: logger)
            hub.listening(after: gap.map { NotificationGap(start: $0.start, end: Date(), reason: $0.reason) })
        } catch {
            if !Task.isCancelled {
                mailbox.post(.lost(generation: generation, reason: Self.describe(error)))
            }
        }
    }

    private func setStatus(_ status: RoomStatus) {
        shared.withLock { shared in
            if !(shared.closed && status != .closed) { shared.status = status }
        }
    }

    /// A one-line reason for a postgres-nio or SwiftNIO error (PSQLError's own description hides it).
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return describe(underlying) }
            return "\(error.code)"
        }
        let text = "\(error)"
        if text.contains("Connection refused") || text.contains("connectionRefused") {
            return "connection refused (is a server running and listening there?)"
        }
        if text.contains("No such file") { return "no server socket there (is the server running?)" }
        if text.contains("connectTimeout") || text.contains("timed out") { return "the connection attempt timed out" }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

extension PostgresChannelError {
    /// The reason alone, for a status line that already names the address.
    var reasonOnly: String {
        if case .connectionFailed(_, let reason) = self { return reason }
        return description
    }
}
#endif
