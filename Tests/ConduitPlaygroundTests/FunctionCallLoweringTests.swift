import XCTest

@testable import ConduitPlayground

/// The arguments of calls of free functions and of methods read from Swift's own tree
/// (`Language/Lowering/FunctionCallLowering.swift`): labels, trailing closures, a method given a
/// closure, swiftc's message where a call is wrong, and calls too big or too deep to read.
final class FunctionCallLoweringTests: SessionTestCase {
    func testArgumentsAndLabelsAreTheOnesSwiftReads() {
        XCTAssertEqual(values("print(max(1, 2), min(3, 4))"), ["2 3"])
        XCTAssertEqual(values("print(stride(from: 0, to: 10, by: 5))"), ["[0, 5]"])
        type("func greet(name: String, times: Int) -> String { String(repeating: name, count: times) }")
        XCTAssertEqual(values("print(greet(name: \"ab\", times: 2))"), ["abab"])
        // An argument ends where Swift ends it: the range and the operators are the argument's.
        XCTAssertEqual(values("print(max(1 + 2 * 3, 4), (1...3).contains(2))"), ["7 true"])
    }

    func testAMethodsArgumentsAreTheOnesSwiftReads() {
        type("let name = \"abc\"")
        XCTAssertEqual(values("print(name.hasPrefix(\"a\"), name.hasSuffix(\"b\" + \"c\"))"), ["true true"])
    }

    func testTrailingClosuresAreTheCallsLastArguments() {
        type("func load(id: Int, completion: (Int) -> Void) { completion(id * 2) }")
        XCTAssertEqual(valueLines("load(id: 2) { print(\"loaded\", $0) }"), ["loaded 4"])
        type("func both(_ x: Int, done: (Int) -> Void, failed: (Int) -> Void) { done(x); failed(-x) }")
        XCTAssertEqual(valueLines("both(3) { print(\"done\", $0) } failed: { print(\"failed\", $0) }"),
            ["done 3", "failed -3"])
    }

    func testAWrongTrailingClosureIsRefusedWhereItIsWrong() {
        type("func load(id: Int, completion: (Int) -> Void) { completion(id) }")
        let message = error("load(id: 1) { print(1 is) }")
        XCTAssertFalse(message.isEmpty)
        XCTAssertFalse(message.contains("after the end of the command"), message)
        XCTAssertEqual(valueLines("load(id: 1) { print($0) }"), ["1"], "the session reads on")
    }

    func testAMethodGivenAClosure() {
        type("class Service { func load(id: Int, completion: @escaping (Int) -> Void) { completion(id + 40) } }")
        type("let service = Service()")
        XCTAssertEqual(valueLines("service.load(id: 2) { print(\"got\", $0) }"), ["got 42"])
        XCTAssertEqual(valueLines("service.load(id: 1, completion: { print(\"got\", $0) })"), ["got 41"])
        type("class Model { func register(_ f: () -> Void) { f() } }")
        type("let model = Model()")
        XCTAssertEqual(valueLines("model.register { print(\"registered\") }"), ["registered"])
    }

    func testAWrongCallIsSwiftsMessage() {
        // Before, the playground's own "expected a value, not `,`".
        let missing = error("print(1, , 2)")
        XCTAssertTrue(missing.contains("expected value in function call"), missing)
        XCTAssertTrue(missing.contains("a call reads `print(ARGUMENTS)`"), missing)
        let label = error("print(max(x: , 2))")
        XCTAssertTrue(label.contains("expected value in function call"), label)
        XCTAssertEqual(values("print(1)"), ["1"], "the session reads on")
    }

    func testThousandsOfArgumentsOrCallsNestedDeeplyNeitherCrashNorHang() {
        let many = "print(" + Array(repeating: "1", count: 5_000).joined(separator: ", ") + ")"
        let started = Date()
        let printed = values(many)
        XCTAssertEqual(printed.first?.count, 5_000 * 2 - 1)
        let nested = "print(" + String(repeating: "max(1, ", count: 1_000) + "2" + String(repeating: ")", count: 1_001)
        XCTAssertFalse(type(nested).isEmpty, "read, or refused with a message")
        let unclosed = "print(" + String(repeating: "max(1, ", count: 1_000) + "2"
        _ = type(unclosed)
        let deep = error("print(" + String(repeating: "max(1, ", count: 300) + "2" + String(repeating: ")", count: 301))
        XCTAssertTrue(deep.contains("nests too deeply"), "the playground's limit, not a call's usage: \(deep)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30 * sanitizerSlowdown)
        XCTAssertEqual(values("print(max(1, 2))"), ["2"], "the session reads on")
    }
}
