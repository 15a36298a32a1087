import XCTest

@testable import ConduitPlayground

/// What follows a value (`Language/Lowering/PostfixLowering.swift`): members, calls, indexes, force unwraps
/// and optional chains, each read by the shape Swift's tree gives it where the statement's tree is parsed
/// (by the token after the value where it is not); swiftc's message on a wrong one, and no crash or hang
/// on chains thousands long.
final class PostfixLoweringTests: SessionTestCase {
    func testEachPostfixKind() {
        type("let xs = [3, 1, 2]")
        type("let pair = (1, \"one\")")
        type("let f = { (x: Int) in x * 10 }")
        type("let names: [String]? = [\"ann\", \"bo\"]")
        // A member, a method called, a subscript, a tuple's element, a closure called, a force unwrap.
        XCTAssertEqual(valueLines("print(xs.count, xs.sorted(), xs[0], pair.1, f(2), names!.count)"),
            ["3 [1, 2, 3] 3 one 20 2"])
        // A collection method given only a trailing closure.
        XCTAssertEqual(valueLines("print(xs.map { $0 + 1 })"), ["[4, 2, 3]"])
        XCTAssertEqual(valueLines("print(xs.map({ $0 * 2 }).filter { $0 > 2 })"), ["[6, 4]"])
    }

    func testACallWrittenWithASpaceIsTheCallSwiftReads() {
        // Before, `hs[0] (3)` was `hs[0]` and then a `(` the playground refused ("Swift reads `hs[0] (3)` as an
        // argument of `print`, and the playground reads `hs[0]` of it"); Swift reads a call, and prints 30.
        type("let hs = [{ (x: Int) in x * 10 }]")
        XCTAssertEqual(valueLines("print(hs[0] (3))"), ["30"])
        type("func apply(_ g: (Int) -> Int) -> Int { g (2) }")
        XCTAssertEqual(valueLines("print(apply { $0 + 1 })"), ["3"])
    }

    func testOptionalChains() {
        type("struct User { var name: String; func greet() -> String { \"hi \" + name } }")
        type("let some: User? = User(name: \"ann\")")
        type("let none: User? = nil")
        XCTAssertEqual(valueLines("print(some?.name ?? \"-\", none?.name ?? \"-\")"), ["ann -"])
        XCTAssertEqual(valueLines("print(some?.greet() ?? \"-\", none?.greet() ?? \"-\")"), ["hi ann -"])
        type("let d: [String: [Int]]? = [\"a\": [1, 2]]")
        XCTAssertEqual(valueLines("print(d?[\"a\"]?.count ?? 0, d?[\"b\"]?.count ?? 0)"), ["2 0"])
        type("let handler: ((Int) -> Void)? = { print(\"got\", $0) }")
        XCTAssertEqual(valueLines("handler?(4)"), ["got 4"])
    }

    func testChainsMixingCallsSubscriptsAndMembers() {
        type("let grid = [[1, 2], [3, 4, 5]]")
        XCTAssertEqual(valueLines("print(grid[1].count, grid.map { $0.count }[1], grid[0].map { $0 * 2 }[1])"),
            ["3 3 4"])
        XCTAssertEqual(valueLines("print(grid.last!.sorted(by: >).first!, String(grid[1][2]).count)"), ["5 1"])
        type("let words = [\"a\": [\"x\", \"yy\"]]")
        XCTAssertEqual(valueLines("print(words[\"a\"]?.last?.count ?? 0)"), ["2"])
    }

    func testAGroupsNotifyAndTheRunLoopsRunAreTheCallsSwiftReads() {
        type("let group = DispatchGroup()")
        let notify = session.evaluate("group.notify(queue: DispatchQueue.global(qos: .utility)) { print(1) }")
        XCTAssertFalse(notify.contains { $0.kind == .error }, "\(notify.map(\.text))")
        XCTAssertTrue(error("group.notify(queue: .main)").contains("write `group.notify(queue: .main) { ... }`"))
        // Before, "expected `)`: close `RunLoop.main.run(until:` with `)`", where a `)` closes it further on.
        let extra = error("RunLoop.main.run(until: Date(), for: 1)")
        XCTAssertTrue(extra.contains("write `RunLoop.main.run(until: Date().addingTimeInterval(SECONDS))`"), extra)
        XCTAssertFalse(extra.contains("expected `)`"), extra)
    }

    func testAMemberWithoutANameIsSwiftsMessage() {
        type("let xs = [1, 2]")
        let message = error("print(xs.)")
        XCTAssertTrue(message.contains("expected name in member access"), message)
        XCTAssertTrue(message.contains("expected a member name after `.`"), message)
    }

    func testANegativeDurationAndAnAwaitWithNothingAfterItAreReadAsBefore() {
        type("subject s")
        XCTAssertTrue(error("sink out = s.delay(for: -5ms)").contains("a duration cannot be negative"))
        XCTAssertEqual(valueLines("print(\"ok\")"), ["ok"])
    }

    func testAValuesPostfixesAreReadFromOneTreeOfSwifts() throws {
        // Each postfix is where Swift's tree of the value puts it; the tree is parsed once for the whole value.
        for line in ["s.count", "a?.b!.c", "s.send(1)", "-x.y.z", "p.q!.r", "f(a.b, c.d, e[0].f)"] {
            var parser = try Parser(line)
            _ = try parser.valueExpression()
            XCTAssertEqual(parser.tokens.filter { parser.treeCache.parsedFoldedTree(from: $0.offset) != nil }.count, 1,
                "one tree for `\(line)`")
            XCTAssertEqual(parser.current.kind, .end, line)
        }
        var plain = try Parser("x")
        _ = try plain.valueExpression()
        XCTAssertTrue(plain.treeCache.isEmpty, "a value with no postfix asks for no tree")
    }

    func testAPostfixInAStatementSwiftsParserIsNotGivenIsRefused() {
        let long = "print(s" + String(repeating: " ", count: 70_000) + ".count)"
        XCTAssertTrue(error(long).contains("too long or nests too deeply to read"), error(long))
        XCTAssertEqual(valueLines("print(1)"), ["1"], "the session reads on")
    }

    func testAMemberChainThousandsLongOrSubscriptsNestedThousandsDeepAreRefusedWithoutCrashing() {
        type("let xs = [0]")
        let chain = "print(xs" + String(repeating: ".first!.count.words", count: 1_700) + ")"
        XCTAssertFalse(error(chain).isEmpty)
        let members = "print(xs" + String(repeating: ".count", count: 5_000) + ")"
        XCTAssertFalse(error(members).isEmpty)
        let nested = "print(" + String(repeating: "xs[", count: 2_000) + "0" + String(repeating: "]", count: 2_000)
            + ")"
        XCTAssertFalse(error(nested).isEmpty)
        let optional = "print(xs" + String(repeating: "?.first", count: 3_000) + ")"
        XCTAssertFalse(error(optional).isEmpty)
        XCTAssertEqual(valueLines("print(xs[0], xs.first!)"), ["0 0"])
    }
}
