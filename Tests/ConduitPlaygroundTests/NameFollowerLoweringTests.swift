import XCTest

@testable import ConduitPlayground

/// What follows a name, read from Swift's tree (`swiftNameFollower`, `swiftNameTakesAngle` in
/// `Language/Lowering/NameUseLowering.swift`): a call (`print(x)`), a call of the closure an optional holds
/// (`onDone?()`, `onFinish?(name)` in a method), generic arguments (`Optional<Int>`), or nothing; and the
/// attributes, `deinit` and collection initialisers read where Swift's parser puts them.
final class NameFollowerLoweringTests: SessionTestCase {
    func testACallIsWhatSwiftReadsAfterTheName() {
        XCTAssertEqual(printed("print(1, 2, separator: \"-\")"), ["1-2"])
        XCTAssertEqual(printed("print (3)"), ["3"], "Swift calls a name with a blank before its `(`")
        // Before, `f` at the end of a line and `(1, 2)` on the next were read as the call `f(1, 2)`: Swift reads
        // two statements.
        type("let f = { (x: Int) in x * 2 }")
        type("func g() -> Int {\n    let y = f\n    (1, 2)\n    return y(3)\n}")
        XCTAssertEqual(printed("print(g())"), ["6"])
    }

    func testAnOptionalClosureIsCalledUnlessItIsNil() {
        type("var onDone: (() -> Void)? = { print(\"done\") }")
        XCTAssertEqual(printed("onDone?()"), ["done"])
        type("onDone = nil")
        XCTAssertEqual(printed("onDone?()"), [])
        type("class Downloader { var onFinish: ((String) -> Void)?; func finish() { onFinish?(\"file\") } }")
        type("let d = Downloader(); d.onFinish = { print(\"finished\", $0) }")
        XCTAssertEqual(printed("d.finish()"), ["finished file"])
        // `onDone ?()` is no call to Swift: the name starts a command, as before.
        XCTAssertTrue(error("onDone ?()").contains("unknown command `onDone`"))
    }

    func testGenericArgumentsAfterAName() {
        XCTAssertEqual(printed("print(Optional<Int>.some(9) as Any, Result<Int, Error>.success(1))"),
            ["Optional(9) success(1)"])
        // `Optional<>` lexes as the postfix operator `<>`: the reading of the arguments says what is missing.
        XCTAssertTrue(error("let o = Optional<>.none").contains("expected `>` to close `Optional<`"))
        // Before, the member was taken for `.none` whatever followed it.
        let called = error("print(Optional<Int>.none(3))")
        XCTAssertTrue(called.contains("expected `.none`, `.some(VALUE)` or `(VALUE)` after `Optional<Int>`"), called)
    }

    func testAttributesDeinitialisersAndInitialisersAsSwiftReadsThem() {
        // The type as written, its attribute included (before, `@Sendable` was dropped).
        XCTAssertEqual(type("typealias Handler = @Sendable (Int) -> Void"),
            ["typealias Handler = @Sendable (Int) -> Void"])
        // Before, `@Published(x)` was taken for `@Published` and `(x)` for the property's name.
        let attribute = error("object q { @Published(x) song = 1 }")
        XCTAssertTrue(attribute.contains("the playground knows the attribute `@Published`"), attribute)
        XCTAssertEqual(printed("object p { @Published song = \"a\" }; print(p.song)"), ["a"])
        // Before, a wrong `deinit` was read as some other member; now swiftc's message.
        let wrong = error("class C { deinit() { print(1) } }")
        XCTAssertTrue(wrong.contains("deinitializers cannot have parameters"), wrong)
        type("class B { deinit { print(\"bye\") } }; var b: B? = B()")
        XCTAssertEqual(printed("b = nil"), ["bye"])
        // Before, only a capitalised name after `[` could start an initialiser: `[[Int]]()` was refused.
        XCTAssertEqual(printed("print([[Int]](), [Set<Int>](), [1, 2])"), ["[] [] [1, 2]"])
    }

    func testAPlainNameParsesNoTreeAndANameWithAPostfixOne() throws {
        var plain = try Parser("send s x")
        _ = try plain.statement()
        XCTAssertTrue(plain.treeCache.isEmpty, "`send s x` parsed Swift's tree")
        for line in ["s.send(x)", "send s x.count", "s.send(x.count)", "print(x)"] {
            var parser = try Parser(line)
            _ = try parser.statement()
            XCTAssertEqual(parser.tokens.filter { parser.treeCache.parsedFoldedTree(from: $0.offset) != nil }.count, 1,
                "`\(line)`: one tree")
        }
    }

    func testHostileInputNeitherCrashesNorHangs() {
        type("var onDone: (() -> Void)? = nil")
        XCTAssertFalse(type("onDone" + String(repeating: "?()", count: 5_000)).isEmpty)
        XCTAssertFalse(type("print(" + String(repeating: "f(", count: 5_000)).isEmpty)
        // Unclosed `<`s take Swift's parser's lookahead time that grows faster than their count (a thousand take
        // minutes, before this reading as after it): forty here.
        XCTAssertFalse(type("let o = Optional<" + String(repeating: "Optional<", count: 40) + "Int").isEmpty)
        let deep = error("let p = Optional<" + String(repeating: "[", count: 100) + "Int"
            + String(repeating: "]", count: 100) + ">.none")
        XCTAssertTrue(deep.contains("nests too deeply"), deep)
        XCTAssertFalse(type("object h { " + String(repeating: "@Published ", count: 2_000) + "x = 1 }").isEmpty)
        XCTAssertFalse(type("print(" + String(repeating: "[", count: 3_000) + "Int"
            + String(repeating: "]", count: 3_000) + "())").isEmpty)
        XCTAssertEqual(printed("print(1)"), ["1"], "the session reads on")
    }
}
