import Conduit
import Foundation
import XCTest
@testable import ConduitPlayground

/// `Postgres(URL)` and its channels in a session, with an in-memory room standing for the server
/// (ConduitPostgresTests and Tests/cli/test_postgres.py use a real one): what arrives from the
/// "network" waits until the session is free, then reaches the pipelines in order; without a
/// connector, one line says how to start a playground that has one.
final class SharedChannelSessionTests: XCTestCase {
    override func tearDown() {
        SharedRooms.removeConnector()
    }

    func testWithoutTheTraitPostgresSaysHowToStartWithItAndTheSessionGoesOn() {
        SharedRooms.removeConnector()
        let session = Session()
        let output = session.evaluate("let room = Postgres(\"postgres://localhost/workshop\")").map(\.text)
        XCTAssertEqual(output.count, 1, "\(output)")
        XCTAssertTrue(output[0].contains("scripts/conduit --postgres"), output[0])
        XCTAssertEqual(session.evaluate("subject s\nsink out = s\nsend s 1").map(\.text).last, "out ← 1")
    }

    func testNotificationsWaitUntilTheSessionIsFreeThenArriveInOrder() {
        let server = MemoryServer()
        SharedRooms.use(server)
        let session = Session()
        let seen = LockedValue<[String]>([])
        let allArrived = expectation(description: "three values")
        session.asynchronousOutput = { record in
            let count = seen.withLock { lines -> Int in
                lines.append(record.text)
                return lines.filter { $0.hasPrefix("tenfold ←") }.count
            }
            if count == 3 { allArrived.fulfill() }
        }
        XCTAssertEqual(session.evaluate("let room = Postgres(\"postgres://ann:secret@db/shop\")").map(\.text),
            ["room: connected to memory://shop"])
        _ = session.evaluate("let prices = room.channel(\"prices\", of: Int.self)")
        _ = session.evaluate("sink tenfold = prices.map { $0 * 10 }")

        session.interpreter.scheduler.owner.run {
            // Another process sends while a line is being evaluated: nothing reaches the session yet.
            server.deliver("prices", ["1", "2", "3"])
            server.waitUntilHandedOver(1)
            XCTAssertEqual(seen.withLock { $0 }, [])
        }
        wait(for: [allArrived], timeout: 60)
        XCTAssertEqual(seen.withLock { $0 }.filter { $0.hasPrefix("tenfold") }.map { $0.split(separator: " ")[2] },
            ["10", "20", "30"])
        let subs = session.evaluate("subs").map(\.text).joined(separator: "\n")
        XCTAssertTrue(subs.contains("PostgreSQL channel \"prices\" of Int on memory://shop"), subs)
    }

    func testSendsGoToTheServerAsJSONAndAPayloadOfAnotherTypeIsReported() {
        let server = MemoryServer()
        SharedRooms.use(server)
        let session = Session()
        let errors = LockedValue<[String]>([])
        let reported = expectation(description: "the bad payload reported")
        session.asynchronousOutput = { record in
            if record.kind == .error {
                errors.withLock { $0.append(record.text) }
                reported.fulfill()
            }
        }
        _ = session.evaluate("let room = Postgres()")
        _ = session.evaluate("let prices = room.channel(\"prices\", of: Int.self)")
        XCTAssertEqual(session.evaluate("prices.send(42)").filter { $0.kind == .error }.map(\.text), [])
        XCTAssertEqual(server.sent, ["prices": ["42"]])
        server.deliver("prices", ["\"forty\""])
        wait(for: [reported], timeout: 60)
        let error = errors.withLock { $0 }[0]
        XCTAssertTrue(error.contains("prices received") && error.contains("forty"), error)
        XCTAssertTrue(error.contains("which is not a value of type Int"), error)
    }

    func testPasswordsAreLeftOutOfHistoryLines() {
        XCTAssertEqual(SharedRooms.withoutPasswords("let r = Postgres(\"postgres://ann:pw@db:5432/shop\")"),
            "let r = Postgres(\"postgres://ann@db:5432/shop\")")
        XCTAssertEqual(SharedRooms.withoutPasswords("a postgresql://x:y@h/d and postgres://z@h/d"),
            "a postgresql://x@h/d and postgres://z@h/d")
        XCTAssertEqual(SharedRooms.withoutPasswords("send s 1"), "send s 1")
    }

    func testPostgresWithoutAnAddressUsesPsqlsEnvironment() {
        XCTAssertEqual(SharedRooms.environmentURL(["PGHOST": "db", "PGPORT": "6000", "PGUSER": "ann",
            "PGDATABASE": "shop"]), "postgres://ann@db:6000/shop")
        XCTAssertEqual(SharedRooms.environmentURL(["USER": "bob", "PGHOST": "/run/postgresql"]),
            "postgres://bob@/bob?host=/run/postgresql&port=5432")
    }
}

/// An in-memory server: a channel's listener is handed payloads one at a time from a thread of its
/// own, the next only once the previous was taken (`ready`), as ConduitPostgres hands them.
private final class MemoryServer: SharedRoomConnector, @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [String: (SharedChannelEvent, @escaping @Sendable () -> Void) -> Void] = [:]
    private var sentPayloads: [String: [String]] = [:]
    private var handedOver = 0
    private let network = DispatchQueue(label: "memory-server")

    func connect(_ url: String) throws -> any SharedRoom {
        let database = url.split(separator: "/").last.map(String.init) ?? ""
        return MemoryRoom(server: self, database: database)
    }

    var sent: [String: [String]] { lock.withLock { sentPayloads } }

    func listen(_ name: String, _ receive: @escaping (SharedChannelEvent, @escaping @Sendable () -> Void) -> Void) {
        lock.withLock { listeners[name] = receive }
    }

    func record(_ payload: String, on name: String) {
        lock.withLock { sentPayloads[name, default: []].append(payload) }
    }

    /// Hands `payloads` to the listener of `name`, one at a time, from the server's thread.
    func deliver(_ name: String, _ payloads: [String]) {
        network.async { [self] in
            guard let receive = lock.withLock({ listeners[name] }) else { return }
            for payload in payloads {
                let taken = DispatchSemaphore(value: 0)
                lock.withLock { handedOver += 1 }
                receive(.payload(payload)) { taken.signal() }
                taken.wait()
            }
        }
    }

    /// Returns once `count` payloads were handed to listeners.
    func waitUntilHandedOver(_ count: Int) {
        while lock.withLock({ handedOver }) < count { usleep(1_000) }
    }
}

private final class MemoryRoom: SharedRoom, @unchecked Sendable {
    let server: MemoryServer
    let database: String

    init(server: MemoryServer, database: String) {
        self.server = server
        self.database = database
    }

    var address: String { "memory://\(database)" }
    var status: String { "connected" }

    func channel(_ name: String) throws -> any SharedChannel {
        MemoryChannel(server: server, name: name)
    }

    func close() {}
}

private final class MemoryChannel: SharedChannel, @unchecked Sendable {
    let server: MemoryServer
    let name: String

    init(server: MemoryServer, name: String) {
        self.server = server
        self.name = name
    }

    func send(_ payload: String) throws {
        server.record(payload, on: name)
    }

    func listen(
        _ receive: @escaping @Sendable (SharedChannelEvent, _ ready: @escaping @Sendable () -> Void) -> Void
    ) -> AnyCancellable {
        server.listen(name, receive)
        return AnyCancellable {}
    }

    var statistics: String { "listening" }
}
