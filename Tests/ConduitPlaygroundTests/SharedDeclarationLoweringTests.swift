import XCTest

@testable import ConduitPlayground

/// `Postgres(URL)` and `ROOM.channel(NAME, of: TYPE.self)` read from Swift's tree
/// (`Language/Lowering/SharedDeclarationLowering.swift`): the call, its labels and the type before `.self` are
/// where Swift's parser puts them, a wrong call says what was wrong (in swiftc's words where its punctuation
/// is), and a value that is neither parses no tree for them.
final class SharedDeclarationLoweringTests: SessionTestCase {
    /// What `sharedDeclaration()` reads from `value` (the text after `let NAME =`), and the parser after it.
    private func declaration(_ value: String) throws -> (SharedDeclaration?, Parser) {
        var parser = try Parser(value)
        let read = try parser.sharedDeclaration()
        return (read, parser)
    }

    func testTheRoomAndTheChannelAreReadWhereSwiftPutsTheirParts() throws {
        guard case (.room(url: nil)?, let parser) = try declaration("Postgres()") else { return XCTFail("no room") }
        XCTAssertEqual(parser.current.kind, .end)
        guard case (.room(let url?)?, _) = try declaration("Postgres( \"postgres://db/\" + \"shop\" )") else {
            return XCTFail("no room with an address")
        }
        XCTAssertEqual(try url.evaluate([]), .string("postgres://db/shop"))
        guard case (.channel(let room, let name, let type)?, let after) = try declaration(
            "room.channel(\n    \"pri\" + \"ces\",\n    of: Double.self\n)")
        else { return XCTFail("no channel") }
        XCTAssertEqual(room, "room")
        XCTAssertEqual(try name.evaluate([]), .string("prices"))
        XCTAssertEqual(type, "Double")
        XCTAssertEqual(after.current.kind, .end, "read up to the call's `)`")
        guard case (.channel(_, _, "String")?, _) = try declaration("shop.channel(\"names\")") else {
            return XCTFail("a channel without `of:` carries strings")
        }
    }

    func testAnythingElseIsLeftUnreadAndAPlainValueParsesNoTree() throws {
        for other in ["Postgres", "Postgres.self", "room.channel", "room.channels(\"x\")", "a.room.channel(\"x\")"] {
            let (read, parser) = try declaration(other)
            XCTAssertNil(read, other)
            XCTAssertEqual(parser.position, 0, "\(other): nothing read")
        }
        // `let doubled = numbers.map { $0 * 2 }`: no `Postgres`, no word `channel`, no tree.
        let (read, parser) = try declaration("numbers.map { $0 * 2 }")
        XCTAssertNil(read)
        XCTAssertTrue(parser.treeCache.isEmpty, "a plain value parses no tree to find a shared channel")
    }

    /// The text `line` points at when it is refused, and the message.
    private func refusal(_ line: String) -> (pointed: String, message: String) {
        do {
            _ = try Parser.parse(line)
        } catch let error as SyntaxError {
            let characters = Array(line)
            let end = min(error.offset + error.length, characters.count)
            return (String(characters[min(error.offset, end)..<end]), error.message)
        } catch {
            return ("", "\(error)")
        }
        return ("", "read without an error")
    }

    func testAWrongCallSaysWhatWasWrongAndWhere() {
        let usage = "write `room.channel(\"prices\", of: Int.self)`"
        // Before, the playground said it expected `)`: swiftc's words, then what the playground reads.
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\" of: Int.self)").message,
            "unexpected code 'of: Int.self' in function call; " + usage)
        XCTAssertEqual(refusal("let room = Postgres(\"a\" \"b\")").message,
            "unexpected code '\"b\"' in function call; write `Postgres(\"postgres://localhost/workshop\")`")
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\", Int.self)").pointed, "Int.self")
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\", of: Int)").pointed, "Int")
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\", of: Int)").message,
            usage + " (the type of the values, then `.self`)")
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\", of: Int.self, 3)").pointed, "3")
        XCTAssertEqual(refusal("let prices = room.channel(\"prices\") { }").pointed, "{ }")
        XCTAssertEqual(refusal("let prices = room.channel(of: Int.self)").pointed, "of: Int.self")
        let labelled = refusal("let room = Postgres(url: \"x\")")
        XCTAssertEqual(labelled.pointed, "url: \"x\"")
        XCTAssertTrue(labelled.message.hasPrefix("`Postgres` takes the server's address, or nothing"), labelled.message)
        XCTAssertEqual(refusal("let room = Postgres(\"a\", \"b\")").pointed, "\"b\"")
    }

    func testHostileCallsAreRefusedWithoutACrash() {
        let many = "let c = room.channel(\"x\", of: Int.self" + String(repeating: ", 1", count: 5_000) + ")"
        XCTAssertTrue(error(many).contains("write `room.channel("))
        let deep = "let c = room.channel(" + String(repeating: "(", count: 3_000) + "1"
            + String(repeating: ")", count: 3_000) + ")"
        XCTAssertFalse(error(deep).isEmpty)
        let long = "let c = Postgres(\"" + String(repeating: "x", count: 70_000) + "\")"
        XCTAssertFalse(error(long).isEmpty)
    }
}
