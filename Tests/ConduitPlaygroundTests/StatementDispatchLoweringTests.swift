import XCTest

@testable import ConduitPlayground

/// The top-level statement's reading chosen from what Swift's parser reads (`TopLevelStatement`) where the
/// command table does not read the line: a declaration with modifiers, `PlaygroundPage.current`, a command's
/// word used as a name, a Swift expression statement, a name alone, a call given only a trailing closure.
final class StatementDispatchLoweringTests: SessionTestCase {
    /// What Swift's tree reads `line` as, for the statement starting at its first token.
    private func kind(_ line: String) throws -> TopLevelStatement? {
        try Parser(line).topLevelStatement()
    }

    func testSwiftsTreeGivesEachKindOfStatement() throws {
        XCTAssertEqual(try kind("private let x = 1"), .modifiedDeclaration(keywordAt: 8))
        XCTAssertEqual(try kind("lazy  static var y = 2"), .modifiedDeclaration(keywordAt: 13))
        XCTAssertEqual(try kind("weak var z = w"), .other, "a modifier that changes something is not skipped")
        XCTAssertEqual(try kind("player"), .name)
        XCTAssertEqual(try kind("player other"), .other, "two statements without `;`")
        XCTAssertEqual(try kind("register { print(1) }"), .trailingClosureCall)
        XCTAssertEqual(try kind("load(after: 1) { }"), .call)
        XCTAssertEqual(try kind("current = 3"), .assignment)
        XCTAssertEqual(try kind("count += 1"), .assignment)
        XCTAssertEqual(try kind("player.volume = 5"), .expression)
        XCTAssertEqual(try kind("names[0] = 1"), .expression)
        XCTAssertEqual(try kind("subject.send(1)"), .expression)
        XCTAssertEqual(try kind("user?.name"), .expression)
        XCTAssertEqual(try kind("user!"), .expression)
        XCTAssertEqual(try kind("break"), .loopJump)
        XCTAssertEqual(try kind("foo + 1"), .other, "an operator's value is no statement the dispatch reads")
    }

    func testADeclarationsModifiersComeFromSwiftsTree() {
        type("private let x = 1")
        type("lazy var y = 2")
        type("final class Box { var v = 3 }")
        XCTAssertEqual(printed("print(x, y, Box().v)"), ["1 2 3"])
        type("private static let z = 4")
        XCTAssertEqual(printed("print(z)"), ["4"])
        type("private typealias Number = Int")
        XCTAssertEqual(printed("let n: Number = 5; print(n)"), ["5"], "Swift reads any declaration after modifiers")
        XCTAssertTrue(error("weak var w = 1").contains("unknown command `weak`"))
        XCTAssertTrue(error("private let = 3").contains("expected pattern"), "the declaration's own error")
    }

    func testAModifierAloneGivesSwiftcsMessage() {
        let message = error("private")
        XCTAssertTrue(message.contains("expected declaration after 'private' modifier"), message)
        XCTAssertTrue(message.contains("unknown command `private`"), message)
    }

    func testPlaygroundPageIsAChainOfMembersInSwiftsTree() {
        XCTAssertEqual(
            type("PlaygroundPage.current.needsIndefiniteExecution = true").first?.hasPrefix(
                "PlaygroundPage.current.needsIndefiniteExecution: not needed here"), true)
        XCTAssertEqual(
            type("PlaygroundPage.current.finishExecution()").first?.hasPrefix(
                "PlaygroundPage.current.finishExecution: not needed here"), true)
        XCTAssertTrue(error("PlaygroundPage.current.liveView = 3").contains("PlaygroundSupport"))
    }

    func testACommandsWordUsedAsSwiftCodeUsesAName() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let c = subject.sink { print(\"got\", $0) }")
        XCTAssertEqual(printed("subject.send(1)"), ["got 1"])
        type("var current = 1")
        type("current = 3")
        type("current += 1")
        XCTAssertEqual(printed("current"), ["4"])
        type("func load(_ done: () -> Void) { done() }")
        XCTAssertEqual(printed("load { print(\"loaded\") }"), ["loaded"])
        XCTAssertTrue(error("sink = n").contains("`sink` needs a name"), "no variable `sink`: the command's error")
        XCTAssertTrue(error("tick(100)").contains("`tick` needs a duration"))
    }

    func testTheCommandTableReadsItsOwnLines() {
        type("subject s")
        type("sink out = s")
        XCTAssertEqual(values("send s 1").map { $0.prefix(7) }, ["out ← 1"])
        XCTAssertTrue(error("send s").contains("send"))
        XCTAssertTrue(error("repeat = 3").contains("expected `{` to open the block of this `repeat`"),
            "a keyword is never a name")
    }

    func testSwiftExpressionStatements() {
        type("var names = [\"a\", \"b\"]")
        type("names[0] = \"z\"")
        XCTAssertEqual(printed("print(names)"), ["[\"z\", \"b\"]"])
        type("var n: Int? = 2")
        XCTAssertEqual(printed("print(n!)"), ["2"])
        type("var count = 0")
        type("count += 5")
        XCTAssertEqual(printed("count"), ["5"])
        XCTAssertEqual(printed("Optional<Int>.some(5).publisher.sink { print($0) }").first, "5")
        XCTAssertTrue(error("foo + 1").contains("cannot find `foo` in scope"), "Swift reads an expression there")
    }

    func testANameAloneAndACallGivenOnlyATrailingClosure() {
        type("func register(_ f: () -> Void) { f() }")
        XCTAssertEqual(printed("register { print(\"first\") }"), ["first"])
        XCTAssertTrue(error("unregister { print(1) }").contains("unknown command `unregister`"))
        type("let volume = 3")
        XCTAssertEqual(printed("volume"), ["3"])
        XCTAssertTrue(error("foo").contains("unknown command `foo`; did you mean `for`?"))
        XCTAssertTrue(error("foo bar").contains("unknown command `foo`"))
        XCTAssertTrue(error("break").contains("'break' is only allowed inside a loop"))
    }

    func testSwiftcsMessageOnAWrongStatement() {
        let call = error("print(1 2)")
        XCTAssertTrue(call.contains("unexpected code '2' in function call; a call reads `print(ARGUMENTS)`"), call)
        let member = error("foo.bar(1 2)")
        XCTAssertTrue(member.contains("unexpected code '2' in function call"), member)
        XCTAssertTrue(error("print(1) x").contains("unexpected `x` after the end of the command"))
    }

    func testACommandParsesNoTreeAndALineOfSwiftOne() throws {
        for line in ["send s 1", "subject s"] {
            var parser = try Parser(line)
            _ = try parser.statement()
            XCTAssertTrue(parser.treeCache.isEmpty, "`\(line)` parsed Swift's tree")
        }
        // A line of Swift is read from one tree of it.
        var send = try Parser("s.send(1)")
        _ = try send.statement()
        XCTAssertNotNil(send.treeCache.parsedFoldedTree(from: 0), "s.send(1) is read from Swift's tree")
        var declaration = try Parser("private let x = 1")
        _ = try declaration.statement()
        XCTAssertFalse(declaration.treeCache.isEmpty, "a declaration with modifiers is read from the tree")
    }

    func testHostileInputNeitherCrashesNorHangs() {
        type(String(repeating: "lazy ", count: 10_000) + "var many = 1")
        XCTAssertEqual(printed("print(many)"), ["1"])
        XCTAssertFalse(error(String(repeating: "private ", count: 10_000) + "let x = 1").isEmpty)
        XCTAssertTrue(error("a" + String(repeating: ".b", count: 5_000)).contains("nests too deeply"))
        XCTAssertFalse(error("subject" + String(repeating: ".b", count: 5_000) + " = 1").isEmpty)
        XCTAssertFalse(error(String(repeating: "x ", count: 5_000)).isEmpty)
    }
}
