import XCTest

@testable import ConduitPlayground

/// Assignments, records and labels read as Swift reads them (`Language/Lowering/AssignmentLowering.swift`,
/// `RecordBracesLowering.swift`, `ArgumentLabelLowering.swift`, `FunctionNameLowering.swift`): which `=` assigns,
/// which braces hold a record rather than a closure, which word is an argument's label.
final class AssignmentLoweringTests: SessionTestCase {
    /// A parser of `text` at its first token whose text is `word`, counted from `occurrence` (0 first), with the
    /// statement's tree parsed (as a body's reading has it).
    private func parser(_ text: String, at word: String, occurrence: Int = 0) throws -> Parser {
        var parser = try Parser(text)
        _ = try parser.swiftTree()
        let matches = parser.tokens.indices.filter { parser.tokens[$0].display == word }
        parser.position = try XCTUnwrap(matches.dropFirst(occurrence).first, "`\(word)` in \(text)")
        return parser
    }

    func testACompoundAssignmentIsOneOperatorAsToSwiftsLexer() throws {
        for (text, symbol) in [("x += 1", "+="), ("x-=1", "-="), ("x *= 2", "*="), ("x /= 2", "/="), ("x %= 2", "%=")] {
            let parser = try Parser(text)
            XCTAssertEqual(parser.tokens.map(\.display).prefix(3), ["x", symbol, parser.tokens[2].display], text)
            var at = parser
            at.position = 1
            XCTAssertTrue(at.atCompoundAssignment, text)
            XCTAssertTrue(at.atAssignment, text)
        }
        // `+ =` with a blank between is two operators to Swift too: no compound assignment.
        var spaced = try Parser("x + = 1")
        spaced.position = 1
        XCTAssertFalse(spaced.atCompoundAssignment)
        type("var n = 10")
        XCTAssertEqual(printed("n -= 3; n *= 2; n /= 7; n %= 3; n += 40; print(n)"), ["42"])
        type("class Box { var v = 1; func grow() { v += 2; self.v *= 3 } }; let box = Box()")
        type("box.grow(); box.v -= 1")
        XCTAssertEqual(printed("print(box.v)"), ["8"])
    }

    func testAnEqualsIsAnAssignmentWhereSwiftsTreeHasOne() throws {
        XCTAssertTrue(try parser("func f() { var x = 0; x = 1 }", at: "=", occurrence: 1).atAssignment)
        XCTAssertFalse(try parser("func f() { var x = 0; x == 1 }", at: "==").atAssignment)
        // `x = = 1`: Swift's assignment misses its value; swiftc's message, then what the playground reads.
        let message = error("func f() { var x = 0; x = = 1; print(x) }")
        let swiftc = "expected expression in function (fix-it: insert expression)"
        XCTAssertTrue(message.contains(swiftc + "; expected a value"), message)
        XCTAssertTrue(message.contains("expected a value, not `=`"), message)
        XCTAssertFalse(message.contains("cannot set one"), message)
        // `x == 1` as a statement compares and assigns nothing.
        type("var y = 5; func g() { y == 1; y = 2 }; g()")
        XCTAssertEqual(printed("print(y)"), ["2"])
    }

    func testBracesHoldARecordOrAClosureAsSwiftsTreeReadsThem() throws {
        let records = [
            ("let r = {name: \"ace\", rank: 1}", 0), ("let r = {}", 0), ("let r = {in: 1}", 0),
            ("let r = {a: {b: 1}}", 1), ("send s {a: 1}", 0), ("func f(x) = {a: x}", 0),
        ]
        for (text, occurrence) in records {
            XCTAssertTrue(try parser(text, at: "{", occurrence: occurrence).looksLikeRecord(), text)
        }
        let closures = [
            "let f = { x in x }", "let f = { print(1) }", "let f = { (a: Int) -> Int in a }",
            "let f = { [weak self] in print(1) }",
            // A closure whose body starts with a labelled loop: a word and a `:`, and no record to Swift.
            "let f = { outer: for i in 0..<2 { print(i) } }",
        ]
        for text in closures {
            XCTAssertFalse(try parser(text, at: "{").looksLikeRecord(), text)
        }
        XCTAssertFalse(try parser("let r = {}", at: "{").looksLikeRecord(emptyIsRecord: false))
        // Read without a tree parsed first: the record's reading asks for one.
        var plain = try Parser("let r = {a: 1}")
        plain.position = 3
        XCTAssertTrue(plain.looksLikeRecord())
    }

    func testClosuresAndRecordsAssignedKeepWorking() {
        type("class Model { var onTap: (() -> Void)? = nil; var data: Any = 0; var done: (() -> Void)? = nil; "
            + "func wire() { self.done = {}; self.onTap = { print(\"tapped in method\") } } }")
        type("let m = Model()")
        type("m.onTap = { print(\"tapped\") }")
        XCTAssertEqual(printed("m.onTap?()"), ["tapped"])
        type("m.wire(); m.done?()")
        XCTAssertEqual(printed("m.onTap?()"), ["tapped in method"])
        type("m.data = {name: \"ace\"}")
        XCTAssertEqual(printed("print(m.data)"), ["{name: \"ace\"}"])
        type("m.data = {}")
        XCTAssertEqual(printed("print(m.data)"), ["{}"])
        type("var greet: (String) -> String = { \"Hi \\($0)\" }")
        type("greet = { \"Hello \\($0)\" }")
        XCTAssertEqual(printed("print(greet(\"a\"))"), ["Hello a"])
        type("var card = {name: \"ace\"}")
        type("card = {name: \"king\"}")
        XCTAssertEqual(printed("print(card)"), ["{name: \"king\"}"])
        // Braces starting with a labelled loop are a closure to Swift: not refused as a record.
        let message = error("m.onTap = { outer: for i in 0..<2 { print(i) } }")
        XCTAssertFalse(message.contains("record"), message)
    }

    func testLabelsAreSwiftsArgumentLabels() throws {
        XCTAssertTrue(try parser("subject s; s.send(completion: .finished)", at: "completion").atLabel("completion"))
        XCTAssertFalse(try parser("print(f(completion))", at: "completion").atLabel("completion"))
        XCTAssertEqual(try parser("print(1, terminator: \"\")", at: "terminator").swiftArgumentLabel(parsing: false),
            "terminator")
        // Arguments holding a record are read by the playground, their labels from Swift's tree.
        XCTAssertEqual(printed("print({a: 1}, terminator: \"!\\n\")"), ["{a: 1}!"])
        type("subject s; sink k = s")
        XCTAssertEqual(values("let completion = 3; s.send(completion)"), ["k ← 3"])
        XCTAssertEqual(values("s.send(completion: .finished)"), ["k ✓ finished"])
    }

    func testAFunctionsDottedNameIsSwiftsChainOfMembers() {
        type("func a.b.c(x) = x * 2")
        XCTAssertEqual(printed("print(a.b.c(2))"), ["4"])
        type("func service.search(term) = Just([term])")
        XCTAssertEqual(values("sink found = service.search(\"x\")"), ["found ← [\"x\"]", "found ✓ finished"])
    }

    func testASemicolonBeforeMoreIsRefusedWhereTheReaderDidNotSplitTheLine() {
        XCTAssertNoThrow(try Parser.parse("x = 1;"))
        XCTAssertThrowsError(try Parser.parse("x = 1; y = 2")) { error in
            XCTAssertTrue("\(error)".contains("the statement after this `;` was not read"), "\(error)")
        }
        type("var a = 0; var b = 0")
        type("a = 1; b = 2")
        XCTAssertEqual(printed("print(a, b)"), ["1 2"])
    }

    func testHostileAssignmentsAndRecordsAreRefusedOrReadQuickly() {
        // Records nested past the limit are refused, not a crash; thousands of fields are read.
        let nested = "let r = " + String(repeating: "{a: ", count: 2_000) + "1" + String(repeating: "}", count: 2_000)
        XCTAssertTrue(error(nested).contains("nests too deeply"))
        let fields = (0..<1_000).map { "f\($0): \($0)" }.joined(separator: ", ")
        type("let big = {\(fields)}")
        XCTAssertEqual(printed("print(big.f999)"), ["999"])
        // Thousands of compound assignments in a row: Swift's one statement each, refused for the body's length.
        let body = Array(repeating: "x += 1", count: 500).joined(separator: "; ")
        XCTAssertTrue(error("func long() { var x = 0; \(body) }").contains("this body is too long to read"))
        XCTAssertTrue(error("let q = " + String(repeating: "x = ", count: 5_000) + "1").count > 0)
    }
}
