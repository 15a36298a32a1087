import XCTest
@testable import ConduitPlayground

/// Swift's type errors, found before a statement runs and worded as swiftc words them, and values
/// that print as Swift prints them (tuples, dictionaries, structs). Each refusal also checks that
/// nothing of the statement ran and that the session kept what it had.
final class StaticTypeTests: SessionTestCase {
    func testSendingAValueOfTheWrongTypeIsRefusedBeforeAnythingIsSent() {
        type("let n = PassthroughSubject<Int, Never>()")
        type("sink out = n")
        XCTAssertTrue(error("n.send(\"x\")").contains(
            "cannot convert value of type 'String' to expected argument type 'Int'"))
        XCTAssertTrue(error("send n \"y\"").contains(
            "cannot convert value of type 'String' to expected argument type 'Int'"))
        XCTAssertEqual(values("n.send(2)"), ["out ← 2"], "the sink got nothing of the refused sends")
        XCTAssertTrue(error("let c = CurrentValueSubject<String, Never>(\"a\"); c.sink { n.send($0) }").contains(
            "cannot convert value of type 'String' to expected argument type 'Int'"),
            "a closure's send is checked with the type its parameter has")
    }

    func testAClosureUsingAMemberItsTypeLacksIsRefusedWithSwiftsWords() {
        type("let n = PassthroughSubject<Int, Never>()")
        let message = error("let kept1 = n.map { $0.uppercased() }.sink { print($0) }")
        XCTAssertTrue(message.contains("value of type 'Int' has no member 'uppercased'"), message)
        XCTAssertTrue(message.contains("^^^^^^^^^^^"), "the caret is on `.uppercased`: \(message)")
        XCTAssertTrue(error("n.sink { print($0.count) }").contains("value of type 'Int' has no member 'count'"))
        XCTAssertEqual(values("n.send(1)"), [], "no sink was made by the refused lines")
        XCTAssertEqual(type("let kept3 = n.map { String($0).count }.sink { print($0) }"), [])
        XCTAssertEqual(values("n.send(12)"), ["2"], "a member the type has passes")
    }

    func testOperatorsBetweenTypesSwiftDoesNotJoinAreRefused() {
        XCTAssertTrue(error("print(\"a\" + 1)").contains(
            "binary operator '+' cannot be applied to operands of type 'String' and 'Int'"))
        type("let s = PassthroughSubject<String, Never>()")
        XCTAssertTrue(error("let kept4 = s.map { $0 * 2 }.sink { print($0) }").contains(
            "binary operator '*' cannot be applied to operands of type 'String' and 'Int'"))
        type("let n = PassthroughSubject<Int, Never>()")
        XCTAssertTrue(error("let kept5 = n.map { $0 * 2.5 }.sink { print($0) }").contains(
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"))
        XCTAssertTrue(error("let kept6 = n.map { $0 > 2 && $0 }.sink { print($0) }").contains(
            "cannot convert value of type 'Int' to expected argument type 'Bool'"))
        XCTAssertEqual(values("print(1 + 2.5)"), ["3.5"], "an integer literal beside a Double is a Double")
        XCTAssertEqual(values("print(\"n\" + String(1))"), ["n1"])
    }

    func testAClosureMustGiveTheTypeItsOperatorNeeds() {
        type("let n = PassthroughSubject<Int, Never>()")
        XCTAssertTrue(error("let kept7 = n.filter { $0 + 1 }.sink { print($0) }").contains(
            "cannot convert value of type 'Int' to closure result type 'Bool'"))
        XCTAssertTrue(error("let kept8 = n.scan(0) { acc, v in \"x\" }.sink { print($0) }").contains(
            "cannot convert value of type 'String' to closure result type 'Int'"))
        XCTAssertEqual(type("sink total = n.scan(0) { $0 + $1 }"), [])
        XCTAssertEqual(values("n.send(3)"), ["total ← 3"])
    }

    func testADeclaredTypeRefusesAValueOfAnother() {
        XCTAssertTrue(error("let x: Int = \"s\"").contains(
            "cannot convert value of type 'String' to specified type 'Int'"))
        XCTAssertTrue(error("x").contains("unknown"), "the refused `let` named nothing")
        XCTAssertEqual(type("let z: String? = nil"), ["z: String? = nil"])
    }

    func testTuplesAreValuesWithPositionsAndLabels() {
        XCTAssertEqual(type("let pair = (1, \"x\")"), ["pair: (Int, String) = (1, \"x\")"])
        XCTAssertEqual(values("print(pair.0, pair.1)"), ["1 x"])
        XCTAssertEqual(type("let labelled = (offset: 1, element: \"x\")"),
            ["labelled: (offset: Int, element: String) = (offset: 1, element: \"x\")"])
        XCTAssertEqual(values("print(labelled.offset, labelled.0)"), ["1 1"])
        type("let a = PassthroughSubject<Int, Never>()")
        type("let b = PassthroughSubject<String, Never>()")
        type("sink both = a.combineLatest(b)")
        type("let kept9 = a.combineLatest(b).sink { n, s in print(n, s) }")
        type("a.send(1)")
        XCTAssertEqual(values("b.send(\"x\")"), ["both ← (1, \"x\")", "1 x"])
        XCTAssertEqual(values("for (i, x) in [\"a\", \"b\"].enumerated() { print(i, x) }"), ["0 a", "1 b"])
        XCTAssertEqual(values("print([\"a\"].enumerated().map { $0.element })"), ["[\"a\"]"])
    }

    func testTheSeedsScanOfATupleIsTypedAsSwiftTypesIt() {
        let rows = type("types [1, 2].publisher.scan((nil, true)) { acc, v in (String(v), !acc.1) }")
        XCTAssertTrue(rows.contains { $0.contains("Publishers.Sequence") && $0.contains("(String?, Bool)") }, "\(rows)")
        XCTAssertFalse(rows.contains { $0.contains("[Bool?]") }, "a tuple is no longer an array: \(rows)")
        type("let names = PassthroughSubject<String, Never>()")
        type("let isOn = CurrentValueSubject<Bool, Never>(true)")
        let card = type("types names.combineLatest(isOn).scan((nil, true)) { $0.1 != $1.1 ? (nil, $1.1) : $1 }"
            + ".filter { $0.1 }.compactMap { $0.0 }")
        XCTAssertTrue(card.last?.contains("Publishers.CompactMap") ?? false, "\(card)")
        XCTAssertTrue(card.last?.contains("String") ?? false, "the seed's card pipeline sends a String: \(card)")
        XCTAssertFalse(card.last?.contains("String?") ?? true, "\(card)")
    }

    func testDictionariesAndStructsPrintAsSwiftPrintsThem() {
        XCTAssertEqual(type("var scores = [\"ana\": 1]"), ["scores: [String: Int] = [\"ana\": 1]"])
        type("scores[\"bo\"] = 2")
        XCTAssertEqual(values("print(scores)"), ["[\"ana\": 1, \"bo\": 2]"])
        type("struct Song { var title: String }")
        XCTAssertEqual(values("print(Song(title: \"x\"))"), ["Song(title: \"x\")"])
        type("struct BadInput: Error {}")
        XCTAssertEqual(values("print(BadInput())"), ["BadInput()"])
    }

    func testADictionaryFilledInALoopFindsItsKeysByName() {
        type("var d = [String: Int]()")
        type("for i in 0..<5000 { d[\"k\\(i)\"] = i }")
        XCTAssertEqual(values("print(d.count, d[\"k4999\"] ?? -1, d[\"k0\"] ?? -1)"), ["5000 4999 0"])
        type("d[\"k10\"] = nil")
        XCTAssertEqual(values("print(d.count, d[\"k10\"] == nil, d[\"k11\"] ?? -1)"), ["4999 true 11"],
            "a removed key is gone and the others are still found")
    }

    func testAVariableKeepsTheTypeItWasDeclaredOrInferredWith() {
        XCTAssertEqual(type("var xs = [Int]()"), ["xs: [Int] = []"])
        XCTAssertEqual(type("var d = [String: Int]()"), ["d: [String: Int] = [:]"])
        XCTAssertEqual(type("let y: Double = 2"), ["y: Double = 2.0"], "a whole number declared Double is one")
        XCTAssertTrue(error("xs.append(\"a\")").contains(
            "cannot convert value of type 'String' to expected argument type 'Int'"))
        XCTAssertEqual(type("xs.append(3)"), [])
        XCTAssertEqual(type("xs"), ["[3]"], "only the refused append was left out")
        type("var count = 0")
        XCTAssertTrue(error("count = \"s\"").contains("cannot assign value of type 'String' to type 'Int'"))
        XCTAssertEqual(type("count"), ["0"])
    }

    func testATypeMayBeDeclaredAgainAndDroppedAsInSwiftsREPL() {
        type("class A { var x = 1 }")
        type("let old = A()")
        XCTAssertTrue(type("class A { var y = 2 }").contains(
            "A is declared again: the new declaration serves from now on"))
        type("let a = A()")
        XCTAssertEqual(values("print(a.y, old.x)"), ["2 1"], "what the old declaration made keeps it")
        type("struct S { var v: Int }")
        type("struct S { var w: Int }")
        XCTAssertEqual(values("print(S(w: 1))"), ["S(w: 1)"])
        XCTAssertEqual(type("drop A"), ["A dropped: the type is no longer declared"])
        XCTAssertFalse(error("let b = A()").isEmpty, "a dropped type makes nothing")
        type("let n = 1")
        XCTAssertTrue(error("class n { }").contains("`n` already names a constant"), "a value's name is not a type's")
    }

    func testAPipelineWhoseFailureIsNeverDoesNotFailItSaysSwiftsFatalError() {
        type("let n = PassthroughSubject<Int, Never>()")
        type("sink out = n.map { 10 / $0 }")
        let stopped = values("n.send(0)")
        XCTAssertEqual(stopped.count, 1, "\(stopped)")
        XCTAssertTrue(stopped.first?.contains("Fatal error: division by zero") ?? false, "\(stopped)")
        XCTAssertTrue(stopped.first?.contains("the pipeline's Failure is Never") ?? false, "\(stopped)")
        XCTAssertTrue(error("fail n \"x\"").contains("`n` cannot fail: its Failure is Never"))
        type("subject taps")
        type("sink t = taps.map { 10 / $0 }")
        XCTAssertEqual(values("send taps 0"), ["t ✗ failed: division by zero: 10 / 0"],
            "an untyped subject's pipeline may fail, as before")
    }

    func testAnOptionalPrintsAsSwiftPrintsIt() {
        type("let x: Int? = 5")
        XCTAssertEqual(values("print(x)"), ["Optional(5)"])
        XCTAssertEqual(values("print(x ?? 0)"), ["5"], "`??` gives the value itself")
        XCTAssertEqual(values("print(x!)"), ["5"], "so does a force unwrap")
        type("let s: String? = \"a\"")
        XCTAssertEqual(values("print(s, 1)"), ["Optional(\"a\") 1"], "the wrapped value as its debug form")
        type("var n: Int? = nil")
        XCTAssertEqual(values("print(n)"), ["nil"])
        type("let numbers = [1, 2]")
        XCTAssertEqual(values("print(numbers.first)"), ["Optional(1)"], "`first` is optional")
    }

    func testAClosuresOptionalArgumentPrintsAsSwiftPrintsIt() {
        type("class Player: ObservableObject { @Published var song: String? = nil }")
        type("let player = Player()")
        XCTAssertEqual(values("let kept10 = player.$song.sink { print($0) }"), ["nil"])
        XCTAssertEqual(values("player.song = \"a\""), ["Optional(\"a\")"], "a sink's `$0` of type String?")
        type("let kept11 = player.$song.compactMap { $0 }.sink { print($0) }")
        XCTAssertEqual(values("player.song = \"b\""), ["Optional(\"b\")", "b"], "after compactMap it is a String")
        type("let s = PassthroughSubject<Int?, Never>()")
        type("let kept12 = s.map { $0 }.sink(receiveCompletion: { print($0) }, receiveValue: { v in print(v) })")
        XCTAssertEqual(values("s.send(3)"), ["Optional(3)"], "a named parameter, after map")
        XCTAssertEqual(values("s.send(nil)"), ["nil"])
        XCTAssertEqual(values("s.send(completion: .finished)").first, "finished", "the completion is no optional")
    }

    func testAnInterpolatedOptionalReadsAsSwiftsInterpolation() {
        type("let x: Int? = 5")
        XCTAssertEqual(values("print(\"x is \\(x)\")"), ["x is Optional(5)"])
        XCTAssertEqual(values("print(\"x is \\(x ?? 0)\")"), ["x is 5"])
        type("let s = PassthroughSubject<String?, Never>()")
        type("let kept13 = s.sink { print(\"got \\($0)\") }")
        XCTAssertEqual(values("s.send(\"a\")"), ["got Optional(\"a\")"], "a closure's optional `$0`")
        XCTAssertEqual(values("s.send(nil)"), ["got nil"])
    }

    func testADictionarysSubscriptIsAnOptionalAsInSwift() {
        XCTAssertEqual(type("let ages = [\"ann\": 31]"), ["ages: [String: Int] = [\"ann\": 31]"])
        XCTAssertEqual(type("let a = ages[\"ann\"]"), ["a: Int? = 31"])
        XCTAssertEqual(values("print(ages[\"ann\"], ages[\"bob\"])"), ["Optional(31) nil"])
        XCTAssertEqual(values("print(ages[\"ann\"] ?? 0, ages[\"bob\"] ?? 0)"), ["31 0"])
    }

    func testATuplesLabelsAreItsTypes() {
        XCTAssertEqual(type("let point = (x: 1, y: 2.5)"), ["point: (x: Int, y: Double) = (x: 1, y: 2.5)"])
        XCTAssertEqual(type("let pairs = [\"a\"].enumerated().map { $0 }"),
            ["pairs: [(offset: Int, element: String)] = [(offset: 0, element: \"a\")]"])
        type("let moves = PassthroughSubject<(dx: Int, dy: Int), Never>()")
        XCTAssertTrue(error("let c = moves.map { $0.dx.uppercased() }").contains("value of type 'Int' has no member"),
            "a label's type is checked")
    }

    func testDollarParametersTakeATupleApartAsSwiftsClosuresDo() {
        type("let a = PassthroughSubject<Int, Never>()")
        type("let b = PassthroughSubject<String, Never>()")
        type("let c = a.combineLatest(b).map { \"\\($1)\\($0)\" }.sink { print($0) }")
        type("a.send(1)")
        XCTAssertEqual(values("b.send(\"x\")"), ["x1"])
        let message = error("let d = a.map { $0 + $1 }")
        XCTAssertTrue(message.contains("contextual closure type expects 1 argument (Int), but 2 were used"), message)
    }

    /// A failable initialiser's value, an array's `first` and `max()` are optionals, as Swift types them.
    func testAFailableInitialiserIsOptionalAsSwiftTypesIt() {
        XCTAssertEqual(type("let m = Int(\"4\")"), ["m: Int? = 4"])
        XCTAssertEqual(valueLines("print(m)"), ["Optional(4)"])
        // So is an array's `first`, read as a dotted name, and its `max()`.
        type("let xs = [3, 1]")
        XCTAssertEqual(type("let f = xs.first"), ["f: Int? = 3"])
        XCTAssertEqual(type("let top = xs.max()"), ["top: Int? = 3"])
        XCTAssertEqual(valueLines("print(f, xs.count)"), ["Optional(3) 2"])
    }

    func testAnArrayOfOptionalsPrintsEachValueAsSwiftDoes() {
        type("let names: [String?] = [\"a\", nil]")
        XCTAssertEqual(valueLines("print(names)"), ["[Optional(\"a\"), nil]"])
        type("let parsed = [\"1\", \"x\"].map { Int($0) }")
        XCTAssertEqual(valueLines("print(parsed, [1, 2])"), ["[Optional(1), nil] [1, 2]"])
        type("let grid: [[Int?]] = [[1, nil], []]")
        XCTAssertEqual(valueLines("print(grid)"), ["[[Optional(1), nil], []]"])
    }
}
