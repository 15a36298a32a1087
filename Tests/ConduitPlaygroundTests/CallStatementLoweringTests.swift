import XCTest

@testable import ConduitPlayground

/// Swift's calls that stand for a command (`x.cancel()`, `x?.cancel()`, `c.connect()`,
/// `s.send(completion: ...)`) read from Swift's tree (`Language/Lowering/CallStatementLowering.swift`):
/// the receiver, method, label and completion are where Swift's parser puts them, a wrong one is
/// swiftc's message, and a plain `s.send(1)` parses no tree.
final class CallStatementLoweringTests: SessionTestCase {
    func testCancelAndOptionalCancelStandForTheCancelCommand() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.sink { print($0) }")
        XCTAssertEqual(type("c.cancel()"), ["c cancelled"])
        XCTAssertEqual(valueLines("s.send(1)"), [], "a cancelled sink receives nothing")
        type("var d: AnyCancellable? = s.sink { print(\"d\", $0) }")
        type("d?.cancel()")
        XCTAssertEqual(valueLines("s.send(2)"), [], "`d?.cancel()` cancels as `d.cancel()` does")
    }

    func testConnectStandsForTheConnectCommand() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let shared = s.makeConnectable()")
        type("let c = shared.sink { print($0) }")
        XCTAssertEqual(valueLines("s.send(1)"), [], "not connected yet")
        XCTAssertEqual(type("shared.connect()"), ["shared connected"])
        XCTAssertEqual(valueLines("s.send(2)"), ["2"])
    }

    func testAConnectionStoredInASetConnects() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("var bag = Set<AnyCancellable>()")
        type("let shared = s.multicast { PassthroughSubject<Int, Never>() }")
        type("shared.sink { print(\"got \\($0)\") }.store(in: &bag)")
        XCTAssertEqual(valueLines("s.send(1)"), [], "not connected yet")
        XCTAssertEqual(type("shared.connect().store(in: &bag)"), ["shared connected"])
        XCTAssertEqual(valueLines("s.send(2)"), ["got 2"])
        XCTAssertEqual(type("cancel shared"), ["shared disconnected"])
        XCTAssertEqual(valueLines("s.send(3)"), [])
    }

    func testAConnectionNamedIsTheConnectCommand() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let shared = s.makeConnectable()")
        type("let c = shared.sink { print($0) }")
        XCTAssertEqual(type("let connection = shared . connect()"), ["shared connected"])
        XCTAssertEqual(valueLines("s.send(1)"), ["1"])
        XCTAssertEqual(type("connection.cancel()"), ["shared disconnected"])
        XCTAssertEqual(valueLines("s.send(2)"), [])
    }

    func testSendCompletionFinishesOrFailsTheSubject() {
        type("let s = PassthroughSubject<Int, Error>()")
        type("sink a = s")
        XCTAssertEqual(values("s.send(completion: .failure(\"offline\"))"), ["a ✗ failed: offline"])
        type("let t = PassthroughSubject<Int, Never>()")
        type("sink b = t")
        XCTAssertEqual(values("t.send(completion: .finished)"), ["b ✓ finished"])
        type("enum NetworkError: Error { case offline }")
        type("let u = PassthroughSubject<Int, NetworkError>()")
        type("sink e = u")
        XCTAssertEqual(values("u.send(completion: .failure(NetworkError.offline))"),
            ["e ✗ failed: NetworkError.offline"])
    }

    func testAWrongCallIsSwiftsMessage() {
        type("let s = PassthroughSubject<Int, Error>()")
        let unseparated = error("s.send(completion: .finished 1)")
        XCTAssertTrue(unseparated.contains("unexpected code '1' in function call"), unseparated)
        XCTAssertTrue(unseparated.contains("write `s.send(completion: .finished)`"), unseparated)
        let wrongCase = error("s.send(completion: .done)")
        XCTAssertTrue(wrongCase.contains("a completion is `.finished` or `.failure(\"why\")`"), wrongCase)
        let noMessage = error("s.send(completion: .failure())")
        XCTAssertTrue(noMessage.contains("write `.failure(\"why\")`"), noMessage)
        type("let c = s.sink(receiveCompletion: { _ in }, receiveValue: { _ in })")
        let cancel = error("c.cancel(1 2)")
        XCTAssertTrue(cancel.contains("unexpected code '2' in function call"), cancel)
        XCTAssertTrue(cancel.contains("write `c.cancel()`"), cancel)
        XCTAssertEqual(type("c.cancel()"), ["c cancelled"], "the session reads on")
    }

    func testAPlainSendIsReadFromOneTreeAndASendCommandFromNone() throws {
        // The replay bench's line, a command whose value is one token, needs no tree of Swift's.
        var command = try Parser("send s 1")
        _ = try command.statement()
        XCTAssertTrue(command.treeCache.isEmpty, "send s 1 parses no tree")
        // A line of Swift is read from Swift's tree of it, parsed once, whatever the postfixes it holds.
        for line in ["s.send(1)", "c.cancel()", "model.items[0].name.count"] {
            var parser = try Parser(line)
            _ = try parser.statement()
            XCTAssertNotNil(parser.treeCache.parsedFoldedTree(from: 0), line)
            for token in parser.tokens where token.offset > 0 {
                XCTAssertNil(parser.treeCache.parsedFoldedTree(from: token.offset), "\(line): a second tree")
            }
        }
    }

    func testHostileCallStatementsNeitherCrashNorHang() {
        type("let s = PassthroughSubject<Int, Error>()")
        let deep = "s.send(completion: .failure(" + String(repeating: "(", count: 3_000) + "1"
            + String(repeating: ")", count: 3_000) + "))"
        XCTAssertFalse(type(deep).isEmpty)
        let many = "s.send(completion: .failure(\"x\"), " + Array(repeating: "1", count: 5_000).joined(separator: ", ")
            + ")"
        XCTAssertTrue(error(many).contains("close `send(completion: ...)` with `)`"))
        XCTAssertFalse(type("c.cancel(" + String(repeating: "(", count: 5_000)).isEmpty)
        XCTAssertEqual(values("s.send(completion: .failure(\"x\"))"), [], "the session reads on")
    }
}
