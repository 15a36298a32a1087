import XCTest
@testable import ConduitPlayground

/// The reader on Swift's own parser: what is complete, what a `#` means, and what Swift refuses,
/// for pasted code as it comes from slides.
final class SwiftReaderTests: SessionTestCase {
    private func read(_ lines: [String], mode: StatementReader.Mode = .interactive)
        -> (pieces: [StatementReader.Piece], waiting: Bool)
    {
        var reader = StatementReader(mode: mode)
        var pieces: [StatementReader.Piece] = []
        for line in lines { pieces += reader.read(line) }
        return (pieces, reader.isWaiting)
    }

    /// Seed 000's switch class, with the target-action line a slide shows.
    private let switchClass = [
        "final class SwitchView {",
        "    let toggle = UISwitch()",
        "    init() {",
        "        toggle.addTarget(self, action: #selector(changed), for: .valueChanged)",
        "    }",
        "    @objc func changed() { }",
        "}",
    ]

    func testAPlainLineHasTheShapeSwiftsParserGivesIt() {
        let plain = [
            "send s 5", "tick 1s", "cancel out", "let n = 5", "subs", "   ", "", "x == y", "player.name",
            "send taps 1, 2, 3", "let a = $0.b", "marbles out", "var total = 0",
            // A declaring word inside a longer word declares nothing.
            "let classes = 3", "send s structure", "send enumerate 1", "let objects = funcs",
        ]
        for line in plain {
            XCTAssertTrue(StatementShape.isPlain(line), line)
            XCTAssertEqual(StatementShape(line), StatementShape(parsing: line), line)
        }
        let parsed = [
            "let x =", "class Box", "final class Box", "func f", "object player", "send s \"a\"", "a + b -",
            "send s 5 # note", "s.map { $0 }", "let xs = [1]", "a; b", "x // note", "enum E",
            "send s struct", "let x = object", "send actor 1", "protocol P", "extension Int",
        ]
        for line in parsed { XCTAssertFalse(StatementShape.isPlain(line), line) }
    }

    func testAHashWordIsSwiftsAndTheClassEndsAtItsBrace() {
        let read = read(switchClass)
        XCTAssertFalse(read.waiting, "the prompt must not wait after the class's closing brace")
        XCTAssertEqual(read.pieces.count, 1)
        XCTAssertNil(read.pieces.first?.unclosed)
        XCTAssertTrue(read.pieces.first?.text.contains("#selector(changed)") == true, "the `#` is no comment")
    }

    func testAPastedClassHoldingSelectorGetsOneMessageAtOnce() {
        let records = session.evaluate(switchClass.joined(separator: "\n"))
        let errors = records.filter { $0.kind == .error }
        XCTAssertEqual(errors.count, 1, records.map(\.text).joined(separator: "\n"))
        XCTAssertTrue(
            errors.first?.text.contains("`#selector` needs the Objective-C runtime, which Linux does not have") == true,
            errors.first?.text ?? "")
        XCTAssertTrue(errors.first?.text.contains("^") == true, "the caret points at it")
        XCTAssertTrue(error("@objc func tapped() { }").contains("`@objc` needs the Objective-C runtime"))
    }

    func testAPlaygroundCommentNeedsABlankAfterItsHash() {
        XCTAssertEqual(read(["send s 1 # a note {"]).pieces.map(\.text), ["send s 1"])
        XCTAssertEqual(read(["send s 1 #> out"]).pieces.map(\.text), ["send s 1"])
        XCTAssertEqual(read(["#"]).pieces.count, 0)
        XCTAssertEqual(read(["#if DEBUG"]).pieces.map(\.text), ["#if DEBUG"], "`#if` is Swift's, not a comment")
        XCTAssertEqual(read(["let s = \"# not a comment\""]).pieces.map(\.text), ["let s = \"# not a comment\""])
        XCTAssertEqual(read(["let a = 1 // Swift's comment"]).pieces.map(\.text), ["let a = 1"])
    }

    func testACommentLineIsToldByItsFirstBytes() {
        for line in ["// note", "//", "#", "# note", "#> out", "##", "#!x", "#\tnote"] {
            XCTAssertTrue(StatementShape.isCommentLine(line), line)
        }
        for line in ["", "/", "/ x", "#if DEBUG", "#selector(x)", "send s 1", "/\u{301}/", "//\u{301} x", "#\u{301}"] {
            XCTAssertFalse(StatementShape.isCommentLine(line), line)
        }
        XCTAssertTrue(StatementShape.isCommentLine("// é"))
    }

    func testATrailingOperatorOrEqualsWaitsForItsRightHandSide() {
        let sum = read(["let total = 1 +", "  2"])
        XCTAssertEqual(sum.pieces.map(\.text), ["let total = 1 +\n  2"])
        XCTAssertTrue(read(["let names ="]).waiting)
        XCTAssertFalse(read(["let x = a!"]).waiting)
    }

    func testBlankLinesInsideBracesBelongToTheStatement() {
        let read = read(["let p = s.sink { value in", "", "    print(value)", "}"])
        XCTAssertEqual(read.pieces.count, 1)
        XCTAssertEqual(read.pieces.first?.text, "let p = s.sink { value in\n\n    print(value)\n}")
    }

    func testAHeldStatementIsReleasedWhenNoNextLineIsWaiting() {
        var reader = StatementReader(mode: .lookahead)
        XCTAssertEqual(reader.read("sink o = s"), [])
        XCTAssertTrue(reader.isHolding)
        XCTAssertEqual(reader.release().map(\.text), ["sink o = s"])
        XCTAssertFalse(reader.isHolding)
        let next = reader.read(".map { $0 }")
        XCTAssertEqual(reader.release().map(\.continuesPrevious), [true], "a later `.` line continues it")
        XCTAssertEqual(next, [])
        XCTAssertEqual(reader.read("let open = [1,"), [])
        XCTAssertEqual(reader.release(), [], "a statement still open stays")
    }

    func testSeedChainTypedLineByLineRunsWithNoErrorLine() {
        type("final class Player: ObservableObject {\n@Published var currentSong: String?\n}")
        type("let player = Player()")
        var reader = StatementReader(mode: .interactive)
        var records: [OutputRecord] = []
        for line in [
            "let playing = player.$currentSong", ".compactMap { $0 }", ".filter { $0.hasPrefix(\"C\") }",
            ".map { $0.uppercased() }", ".sink {", "print(\"Playing: \\($0)\")", "}",
        ] {
            for piece in reader.read(line) { records += session.evaluate(piece) }
        }
        XCTAssertEqual(records.filter { $0.kind == .error }.map(\.text), [])
        XCTAssertEqual(session.evaluate("player.currentSong = \"Civilization Collapse\"").map(\.text),
            ["Playing: CIVILIZATION COLLAPSE"])
        XCTAssertEqual(session.evaluate("player.currentSong = \"Blues\"").map(\.text), [], "filtered out")
    }

    func testConditionalCompilationAndAvailabilityGetOneMessage() {
        let branch = error("#if os(Linux)\nlet a = 1\n#endif")
        XCTAssertTrue(branch.contains("`#if` (conditional compilation) is not read by the playground"), branch)
        let available = error("if #available(iOS 15, *) { print(1) }")
        XCTAssertTrue(available.contains("`#available` asks about Apple's systems"), available)
        XCTAssertNil(SwiftSyntaxCheck.diagnose("send s \"#selector\""), "a command's string is no Swift")
    }

    func testThePlaygroundsNotationInsideSwiftIsLeftToThePlayground() {
        XCTAssertNil(SwiftSyntaxCheck.diagnose("let d = Just(1).delay(for: 300ms, scheduler: RunLoop.main)"))
        XCTAssertNil(SwiftSyntaxCheck.diagnose("send taps {name: \"ace\"}"))
        XCTAssertNil(SwiftSyntaxCheck.diagnose("tick 100ms"))
    }

    func testTheReadersParseIsTheReadingsTree() throws {
        // The reader parses `s.send(1)` to know it is complete; the reading's tree of the same text is that parse.
        var reader = StatementReader(mode: .interactive)
        let pieces = reader.read("s.send(1)") + reader.finish()
        XCTAssertEqual(pieces.map { $0.text }, ["s.send(1)"])
        var parser = try Parser("s.send(1)")
        _ = try parser.statement()
        let read = try XCTUnwrap(StatementShape.parse("s.send(1)"))
        XCTAssertEqual(read.id, StatementShape.parse("s.send(1)")?.id, "the same text is not parsed again")
        XCTAssertNotEqual(read.id, StatementShape.parse("s.send(2)")?.id, "another text is parsed")
        XCTAssertEqual(read.description, "s.send(1)")
        XCTAssertEqual(values("subject s\nsink out = s\ns.send(1)\ns.send(2)"), ["out ← 1", "out ← 2"])
    }
}
