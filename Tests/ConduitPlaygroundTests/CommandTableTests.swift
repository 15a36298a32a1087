import XCTest
@testable import ConduitPlayground

/// The command table: every command is one `CommandSpec`, and the parser, `help` and Tab all
/// read it.
final class CommandTableTests: SessionTestCase {
    func testEveryCommandWordIsUniqueAndParsesItsExample() {
        XCTAssertEqual(Set(CommandTable.words).count, CommandTable.words.count)
        for spec in CommandTable.all {
            XCTAssertNoThrow(try Parser.parse(spec.example), spec.example)
            XCTAssertEqual(try Parser.parse(spec.example).command, spec.name, spec.example)
        }
    }

    func testIsCommandKnowsEveryWordOfTheTableAndNoOther() {
        for word in CommandTable.words { XCTAssertTrue(CommandTable.isCommand(word), word) }
        for word in ["", "Send", "sendx", "sen", "map", "print"] { XCTAssertFalse(CommandTable.isCommand(word), word) }
    }

    func testACommandWordUsedAsANameIsReadAsSwift() throws {
        // The command's spec is bound only where a test needs it: each reading still finds it.
        XCTAssertEqual(try Parser.parse("send s 1").command, "send")
        XCTAssertNotEqual(try Parser.parse("tick = 3").command, "tick")
        XCTAssertFalse(SwiftSyntaxCheck.isSwift("send s 1"))
        XCTAssertTrue(SwiftSyntaxCheck.isSwift("send.value"))
        XCTAssertTrue(SwiftSyntaxCheck.isSwift("sends s 1"))
        XCTAssertTrue(SwiftSyntaxCheck.isSwift("let x = 1"))
    }

    func testAnAliasRunsItsCommand() throws {
        XCTAssertEqual(try Parser.parse("ls").command, "subs")
        XCTAssertEqual(try Parser.parse("exit").command, "quit")
        XCTAssertEqual(type("help ls"), type("help subs"))
    }

    func testTheHelpOverviewListsEveryCommandOfTheTable() {
        let overview = type("help")
        for spec in CommandTable.all {
            XCTAssertTrue(overview.contains { $0.hasPrefix("  \(spec.usage) ") }, "`help` lacks \(spec.usage)")
        }
    }

    func testTabOffersSinksAfterRequestAndSubjectsAfterSend() {
        type("subject source; subject second; sink seen = source; sink slow = second demand 1")
        XCTAssertEqual(session.completions(for: "request s", cursor: 9), ["seen", "slow"])
        XCTAssertEqual(session.completions(for: "cancel s", cursor: 8), ["seen", "slow"])
        XCTAssertEqual(session.completions(for: "send s", cursor: 6), ["second", "source"])
        XCTAssertEqual(session.completions(for: "marbles source s", cursor: 16), ["second", "seen", "slow", "source"])
        XCTAssertEqual(session.completions(for: "inspect s", cursor: 9), ["second", "seen", "slow", "source"])
    }

    func testTabOffersTheWordsACommandTakes() {
        type("subject taps; sink out = taps")
        XCTAssertEqual(session.completions(for: "trace out o", cursor: 11), ["off", "on"])
        XCTAssertEqual(session.completions(for: "clock ", cursor: 6), ["real", "reset", "virtual"])
        XCTAssertEqual(session.completions(for: "subject t", cursor: 9), [], "a new name has nothing to offer")
        XCTAssertEqual(session.completions(for: "send taps 1; can", cursor: 16), ["cancel"])
    }

    func testTabCompletesAFileAfterLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conduit-complete-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scripts"),
            withIntermediateDirectories: true)
        XCTAssertTrue(
            FileManager.default.createFile(atPath: folder.appendingPathComponent("scripts/first.conduit").path,
                contents: Data())
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/scr"
        XCTAssertEqual(session.completions(for: "load " + path, cursor: 5 + path.count), [folder.path + "/scripts/"])
        let inner = folder.path + "/scripts/fi"
        XCTAssertEqual(
            session.completions(for: "load " + inner, cursor: 5 + inner.count), [folder.path + "/scripts/first.conduit"]
        )
    }
}
