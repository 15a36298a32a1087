import XCTest
@testable import ConduitPlayground

/// What a loop's body or a sink's closure may write as Swift does: an element of a top-level `var`
/// (`xs[i] = v`, `d[key] += 1`, `grid[r][c] = v`), collections made by their type
/// (`[Int](repeating: 0, count: n)`, `[String: Int]()`), a dictionary read at a missing key, and
/// a function the person declares with a built-in's name.
final class LoopAssignmentTests: SessionTestCase {
    func testALoopSetsEachElementOfAnArray() {
        type("var xs = [0, 0, 0, 0]")
        type("for i in 0..<4 { xs[i] = i * i }")
        XCTAssertEqual(type("xs"), ["[0, 1, 4, 9]"])
    }

    func testCompoundAssignmentToAnElementReadsTheElementFirst() {
        type("var xs = [1, 2, 3]")
        type("for i in 0..<3 { xs[i] += 10 }")
        XCTAssertEqual(type("xs"), ["[11, 12, 13]"])
    }

    func testNestedElementsAndFieldsOfElementsAreSet() {
        type("var grid = [[0, 0], [0, 0]]")
        type("for r in 0..<2 { grid[r][1] = r * 10 + 1 }")
        XCTAssertEqual(type("grid"), ["[[0, 1], [0, 11]]"])
        type("var people = [{name: \"ana\"}, {name: \"bo\"}]")
        type("for i in 0..<2 { people[i].name = \"p\\(i)\" }")
        XCTAssertEqual(type("print(people[0].name, people[1].name)"), ["p0 p1"])
    }

    func testASinkCountsWordsInADictionary() {
        type("var counts: [String: Int] = [:]")
        type("let words = PassthroughSubject<String, Never>()")
        type("let kept1 = words.sink { counts[$0] = (counts[$0] ?? 0) + 1 }")
        for word in ["a", "b", "a"] { _ = session.evaluate("words.send(\"\(word)\")") }
        XCTAssertEqual(type("counts[\"a\"] ?? 0"), ["2"])
        XCTAssertEqual(type("counts[\"b\"] ?? 0"), ["1"])
        XCTAssertEqual(type("counts[\"z\"] ?? -1"), ["-1"], "a missing key reads nil, as Swift's dictionary")
    }

    func testAnElementOutOfRangeStopsTheLoopWithWhatItDidKept() {
        type("var xs = [0, 0]")
        let message = error("for i in 0..<3 { xs[i] = 7 }")
        XCTAssertTrue(message.contains("index 2 is out of range"), message)
        XCTAssertEqual(type("xs"), ["[7, 7]"])
    }

    func testAConstantIsNotChangedThroughASubscript() {
        type("let xs = [1, 2]")
        let message = error("for i in 0..<2 { xs[i] = 0 }")
        XCTAssertTrue(message.contains("`xs` is a `let` constant"), message)
        XCTAssertEqual(type("xs"), ["[1, 2]"])
    }

    func testCollectionsMadeByTheirType() {
        type("var squares = [Int](repeating: 0, count: 5)")
        type("for i in 0..<5 { squares[i] = i * i }")
        XCTAssertEqual(type("squares"), ["[0, 1, 4, 9, 16]"])
        type("var names = [String]()")
        type("names.append(\"x\")")
        XCTAssertEqual(type("names.count"), ["1"])
        type("var nothing = Array<Int>()")
        XCTAssertEqual(type("nothing.isEmpty"), ["true"])
        type("var scores = [String: Int]()")
        type("scores[\"ana\"] = 3")
        XCTAssertEqual(type("scores[\"ana\"] ?? 0"), ["3"])
        XCTAssertEqual(type("print(Array(repeating: \"-\", count: 3).joined())"), ["---"])
        let message = error("let bad = [Int](7)")
        XCTAssertTrue(message.contains("`repeating: VALUE, count: N`"), message)
    }

    func testADictionaryHasItsCountKeysAndValuesAndAMissingMemberIsShortlySaid() {
        type("var d: [String: Int] = [:]")
        type("for i in 0..<40 { d[\"k\\(i)\"] = i }")
        XCTAssertEqual(type("print(d.count, d.isEmpty, d.keys.first ?? \"\", d.values.last ?? 0)"), ["40 false k0 39"])
        let message = error("print(d.size)")
        XCTAssertTrue(message.contains("has no member `size`"), message)
        XCTAssertTrue(message.contains("(40 in all)"), message)
        XCTAssertLessThan(message.count, 400, message)
        type("let song = {count: 7}")
        XCTAssertEqual(type("print(song.count)"), ["7"], "a field named count comes first")
    }

    func testADeclaredFunctionComesBeforeTheBuiltInOfTheSameName() {
        XCTAssertEqual(type("print(double(2))"), ["2.0"], "the built-in `double(x)` gives x as a decimal")
        type("func double(_ x: Int) -> Int { x * 2 }")
        XCTAssertEqual(type("print(double(21))"), ["42"])
        type("let s = PassthroughSubject<Int, Never>()")
        type("sink out = s.map { double($0) }")
        XCTAssertEqual(values("send s 5"), ["out ← 10"])
    }
}
