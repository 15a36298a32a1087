import XCTest

@testable import ConduitPlayground

/// The names whose reading depends on what Swift's parser reads after them (`NameUseLowering`): a constant of a
/// number type, `super`'s member called, a source or a promise called.
final class NameUseLoweringTests: SessionTestCase {
    func testAConstantIsAMemberSwiftReadsUncalled() {
        XCTAssertEqual(printed("print(Int.max, Double.pi > 3)"), ["9223372036854775807 true"])
        XCTAssertEqual(printed("print( Int . min )"), ["-9223372036854775808"], "blanks between, as Swift allows")
        XCTAssertTrue(error("print(Int.max())").contains("max"), "a call is no constant")
    }

    func testSuperMembersCalled() {
        type("class Animal { let name: String; init(name: String) { self.name = name }; "
            + "func speak() -> String { \"...\" } }")
        type("class Dog: Animal { init() { super.init(name: \"Rex\") }; override func speak() -> String { "
            + "super.speak() + \"woof\" } }")
        XCTAssertEqual(printed("let d = Dog(); print(d.name, d.speak())"), ["Rex ...woof"])
    }

    func testCalledSourcesAndPromises() {
        type("sink c = cold(\"-a-|\", {a: 1})")
        XCTAssertEqual(values("tick 1s").first?.hasPrefix("c ← 1"), true, "`cold(...)` is the timeline's source")
        XCTAssertEqual(printed("let f = Future<Int, Never> { promise in promise(.success(42)) }; f.sink { print($0) }")
            .first, "42")
        type("let t = Timer.publish(every: 1, on: .main, in: .common)")
        XCTAssertTrue(type("types t").joined().contains("Timer"), "Timer.publish is the timer's source")
    }

    func testAPlainNameParsesNoTreeAndAPostfixOneTree() throws {
        // A command whose value is a name alone needs no tree; a member or a call is read from Swift's tree of
        // the value, parsed once.
        var plain = try Parser("send s x")
        _ = try plain.statement()
        XCTAssertTrue(plain.treeCache.isEmpty, "`send s x` parsed Swift's tree")
        for line in ["s.send(x)", "send s x.count"] {
            var parser = try Parser(line)
            _ = try parser.statement()
            XCTAssertEqual(parser.tokens.filter { parser.treeCache.parsedFoldedTree(from: $0.offset) != nil }.count, 1,
                "`\(line)`: one tree")
        }
    }

    func testHostileInputNeitherCrashesNorHangs() {
        XCTAssertFalse(error("print(Int" + String(repeating: ".max", count: 5_000) + ")").isEmpty)
        XCTAssertFalse(error("print(Double" + String(repeating: ".pi", count: 5_000) + ")").isEmpty)
    }
}
