#if Postgres
import Conduit
import ConduitPostgres
import Foundation
import XCTest

/// Channels against a real PostgreSQL server the tests start (scripts/pg-test-server): order between
/// two connections, the gap a restart makes, payloads NOTIFY refuses, drops under limited demand.
final class PostgresChannelTests: XCTestCase {
    private var server: PostgresTestServer?
    private var rooms: [PostgresRoom] = []

    override func setUp() async throws {
        server = try PostgresTestServer.start()
    }

    override func tearDown() async throws {
        for room in rooms { await room.close() }
        rooms = []
        server?.stop()
    }

    private func room(_ options: RoomOptions = RoomOptions()) async throws -> PostgresRoom {
        let room = try await PostgresRoom.connect(to: try XCTUnwrap(server).url, options: options)
        rooms.append(room)
        return room
    }

    func testValuesSentOnOneConnectionArriveInOrderOnAnother() async throws {
        let sender = try await room().channel("prices", of: Int.self)
        let listener = try await room().channel("prices", of: Int.self)
        let collector = EventCollector<Int>()
        listener.subscribe(collector)
        await listener.waitUntilListening()

        for value in 1...300 { try sender.send(value) }

        let all = await collector.wait { $0.count >= 300 }
        XCTAssertTrue(all, "received \(collector.events.count) of 300")
        XCTAssertEqual(collector.values, Array(1...300))
        // A send is counted when its statement returns, which may be after the listener has the value.
        let counted = await eventually { sender.statistics.sent == 300 }
        XCTAssertTrue(counted, "sent \(sender.statistics.sent) of 300")
        XCTAssertEqual(listener.statistics.received, 300)
        XCTAssertEqual(listener.statistics.dropped, 0)
    }

    func testRepeatedPayloadsSentInABurstEachArrive() async throws {
        // Sends that wait behind one another go out in one statement, and PostgreSQL delivers a
        // channel's repeated payload once per transaction: a repeat must start another statement.
        let sender = try await room().channel("repeats")
        let listener = try await room().channel("repeats")
        let collector = EventCollector<String>()
        listener.subscribe(collector)
        await listener.waitUntilListening()
        let sent = (1...200).map { $0 % 3 == 0 ? "same" : "v\($0 % 7)" }

        for payload in sent.dropLast() { try sender.send(payload) }
        try await sender.sendAndWait(sent[sent.count - 1])

        let all = await collector.wait { $0.count >= sent.count }
        XCTAssertTrue(all, "received \(collector.events.count) of \(sent.count)")
        XCTAssertEqual(collector.values, sent)
        let counted = await eventually { sender.statistics.sent == sent.count }
        XCTAssertTrue(counted, "sent \(sender.statistics.sent) of \(sent.count)")
    }

    func testTextChannelReadsWhatAnyClientNotifies() async throws {
        let room = try await room()
        let listener = try room.channel("log")
        let collector = EventCollector<String>()
        listener.subscribe(collector)
        await listener.waitUntilListening()
        let numbers = try room.channel("log", of: Int.self)
        let numberCollector = EventCollector<Int>()
        numbers.subscribe(numberCollector)

        try listener.send("it's \"quoted\" ✓")
        let arrived = await numberCollector.wait { !$0.isEmpty }
        XCTAssertTrue(arrived)
        XCTAssertEqual(collector.values, ["it's \"quoted\" ✓"])
        guard case .undecodable(let payload, _) = numberCollector.events.first else {
            return XCTFail("expected an undecodable payload, got \(numberCollector.events)")
        }
        XCTAssertEqual(payload, "it's \"quoted\" ✓")
    }

    func testRestartedServerGivesTheGapAndTheStreamResumes() async throws {
        let fast = RoomOptions(initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(400))
        let senderRoom = try await room(fast)
        let listenerRoom = try await room(fast)
        let sender = try senderRoom.channel("ticks", of: Int.self)
        let listener = try listenerRoom.channel("ticks", of: Int.self)
        let collector = EventCollector<Int>()
        listener.subscribe(collector)
        await listener.waitUntilListening()
        for value in 1...10 { try sender.send(value) }
        let before = await collector.wait { $0.count >= 10 }
        XCTAssertTrue(before)
        let restartedAt = Date()

        try XCTUnwrap(server).restart()

        let gapSeen = await collector.wait { events in events.contains { if case .gap = $0 { true } else { false } } }
        XCTAssertTrue(gapSeen, "no gap after the restart; status \(listenerRoom.status)")
        let reconnected = await eventually {
            if case .connected = senderRoom.status { return true }
            return false
        }
        XCTAssertTrue(reconnected, "sender status \(senderRoom.status)")
        for value in 11...20 { try sender.send(value) }
        let after = await collector.wait { $0.count >= 21 }
        XCTAssertTrue(after, "events \(collector.events)")

        let events = collector.events
        XCTAssertEqual(events.prefix(10).compactMap(\.value), Array(1...10))
        guard case .gap(let gap) = events[10] else { return XCTFail("expected the gap 11th, got \(events)") }
        XCTAssertGreaterThanOrEqual(gap.start, restartedAt)
        XCTAssertLessThanOrEqual(gap.start, gap.end)
        XCTAssertFalse(gap.reason.isEmpty)
        XCTAssertEqual(events.dropFirst(11).compactMap(\.value), Array(11...20))
        XCTAssertEqual(listener.statistics.gaps, 1)
    }

    func testPayloadOverTheLimitIsRefusedBeforeSending() async throws {
        let room = try await room()
        let channel = try room.channel("big")
        let collector = EventCollector<String>()
        channel.subscribe(collector)
        await channel.waitUntilListening()

        XCTAssertThrowsError(try channel.send(String(repeating: "x", count: 8_000))) { error in
            XCTAssertEqual(error as? PostgresChannelError, .payloadTooLarge(channel: "big", bytes: 8_000))
            XCTAssertTrue("\(error)".contains("at most 7999"), "\(error)")
        }
        // Counted in bytes of UTF-8, not characters: 4,000 two-byte characters are 8,000 bytes.
        XCTAssertThrowsError(try channel.send(String(repeating: "é", count: 4_000)))
        let largest = String(repeating: "y", count: 7_999)
        try await channel.sendAndWait(largest)

        let arrived = await collector.wait { !$0.isEmpty }
        XCTAssertTrue(arrived)
        XCTAssertEqual(collector.values, [largest])
        XCTAssertEqual(channel.statistics.sent, 1)
    }

    func testRefusedConnectionAndBadAddressAreOneLineErrors() async throws {
        let url = try XCTUnwrap(server).url
        let port = try XCTUnwrap(Int(url.split(separator: ":").last?.split(separator: "/").first ?? ""))
        server?.stop()
        server = nil
        do {
            _ = try await PostgresRoom.connect(to: "postgres://conduit:s3cret@127.0.0.1:\(port)/postgres")
            XCTFail("connected to a stopped server")
        } catch let error as PostgresChannelError {
            guard case .connectionFailed(let address, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(address, "postgres://conduit@127.0.0.1:\(port)/postgres")
            XCTAssertTrue(reason.contains("refused"), reason)
            XCTAssertFalse("\(error)".contains("s3cret"))
            XCTAssertFalse("\(error)".contains("\n"))
        }
        do {
            _ = try await PostgresRoom.connect(to: "mysql://root:pw@localhost/db")
            XCTFail("took a mysql address")
        } catch let error as PostgresChannelError {
            XCTAssertEqual("\(error)", "not a PostgreSQL address: \"mysql://root:***@localhost/db\" does not "
                + "start with postgres:// (expected postgres://user@host:5432/database)")
        }
    }

    func testLimitedDemandKeepsTheNewestAndCountsTheDrops() async throws {
        let room = try await room(RoomOptions(buffer: ChannelBuffer(capacity: 10, policy: .dropOldest)))
        let channel = try room.channel("burst", of: Int.self)
        let slow = EventCollector<Int>(initialDemand: .max(5))
        channel.subscribe(slow)
        await channel.waitUntilListening()

        for value in 1...99 { try channel.send(value) }
        try await channel.sendAndWait(100)
        let allArrived = await eventually { channel.statistics.received == 100 }
        XCTAssertTrue(allArrived, "\(channel.statistics)")

        XCTAssertEqual(slow.values, Array(1...5))
        XCTAssertEqual(channel.statistics.buffered, 10)
        XCTAssertEqual(channel.statistics.dropped, 85)
        slow.request(.unlimited)
        XCTAssertEqual(slow.values, Array(1...5) + Array(91...100))
        XCTAssertEqual(channel.statistics.buffered, 0)
    }

    func testDropNewestKeepsWhatWaitedFirst() async throws {
        let room = try await room(RoomOptions(buffer: ChannelBuffer(capacity: 3, policy: .dropNewest)))
        let channel = try room.channel("burst", of: Int.self)
        let idle = EventCollector<Int>(initialDemand: .none)
        channel.subscribe(idle)
        await channel.waitUntilListening()

        for value in 1...20 { try channel.send(value) }
        let allArrived = await eventually { channel.statistics.received == 20 }
        XCTAssertTrue(allArrived)

        idle.request(.max(2))
        XCTAssertEqual(idle.values, [1, 2])
        idle.request(.unlimited)
        XCTAssertEqual(idle.values, [1, 2, 3])
        XCTAssertEqual(channel.statistics.dropped, 17)
    }

    func testChannelNamesThatWouldReachSQLAreRefused() async throws {
        let room = try await room()
        for name in ["", "a\"b", "drop table", String(repeating: "n", count: 64)] {
            XCTAssertThrowsError(try room.channel(name)) { error in
                XCTAssertEqual(error as? PostgresChannelError, .badChannelName(name))
            }
        }
        XCTAssertNoThrow(try room.channel("Prices.v2-eu_1"))
    }
}
#endif
