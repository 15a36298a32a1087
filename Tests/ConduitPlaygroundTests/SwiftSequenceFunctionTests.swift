import XCTest

@testable import ConduitPlayground

/// Swift's `zip(a, b)` and `Dictionary(grouping:by:)`, as workshop code pairs and groups arrays.
/// `zip` is made at once as an array of tuples: looping, `Array(...)` and `map` give what Swift's
/// `Zip2Sequence` gives (printing the zip itself shows its pairs, not Swift's `Zip2Sequence(...)`).
final class SwiftSequenceFunctionTests: SessionTestCase {
    func testZipPairsElementsAsFarAsTheShorterGoes() {
        type("let a = [1, 2, 3]")
        type("let b = [\"a\", \"b\"]")
        XCTAssertEqual(printed("for (x, y) in zip(a, b) { print(x, y) }"), ["1 a", "2 b"])
        XCTAssertEqual(printed("print(Array(zip(a, b)))"), ["[(1, \"a\"), (2, \"b\")]"])
        XCTAssertEqual(type("let sums = zip(a, [10, 20, 30]).map { $0 + $1 }"), ["sums: [Int] = [11, 22, 33]"])
        XCTAssertEqual(type("let named = zip(a, b).map { n, s in \"\\(s)\\(n)\" }"),
            ["named: [String] = [\"a1\", \"b2\"]"])
        XCTAssertEqual(printed("print(zip(1...3, \"xy\").count)"), ["2"])
    }

    func testDictionaryGroupingByAKey() {
        type("struct Person { let name: String; let city: String }")
        type("let people = [Person(name: \"Ann\", city: \"Paris\"), Person(name: \"Bob\", city: \"London\"), "
            + "Person(name: \"Cid\", city: \"Paris\")]")
        let grouped = type("let byCity = Dictionary(grouping: people, by: { $0.city })")
        let expected = "byCity: [String: [Person]] = [\"Paris\": [Person(name: \"Ann\""
        XCTAssertTrue(grouped.first?.hasPrefix(expected) == true,
            "\(grouped)")
        XCTAssertEqual(printed("for city in byCity.keys.sorted() { print(city, byCity[city]!.map { $0.name }) }"),
            ["London [\"Bob\"]", "Paris [\"Ann\", \"Cid\"]"])
        XCTAssertEqual(type("let byLength = Dictionary(grouping: [\"a\", \"bb\", \"c\"]) { String($0.count) }"),
            ["byLength: [String: [String]] = [\"1\": [\"a\", \"c\"], \"2\": [\"bb\"]]"])
    }

    /// `reduce(into:)`'s closure changes its first parameter (`inout` in Swift), which it is given anew
    /// for each element.
    func testReduceIntoChangesItsAccumulator() {
        type("let words = [\"a\", \"b\", \"a\"]")
        XCTAssertEqual(type("let counts = words.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }"),
            ["counts: [String: Int] = [\"a\": 2, \"b\": 1]"])
        XCTAssertEqual(printed("print(words.reduce(into: [:]) { result, word in result[word, default: 0] += 1 })"),
            ["[\"a\": 2, \"b\": 1]"])
        let evens = "let evens = (1...6).reduce(into: [Int]()) { acc, n in if n % 2 == 0 { acc.append(n) } }"
        XCTAssertEqual(type(evens), ["evens: [Int] = [2, 4, 6]"])
        XCTAssertEqual(type("let total = [1, 2, 3].reduce(into: 0) { $0 += $1 }"), ["total: Int = 6"])
        XCTAssertEqual(printed("print([[1], [2]].reduce(into: [Int]()) { acc, xs in acc += xs.map { $0 * 10 } })"),
            ["[10, 20]"], "a closure inside has its own `$0`")
        XCTAssertEqual(printed("print(words.reduce(\"\") { $0 + $1 })"), ["aba"], "plain reduce is as it was")
    }

    func testWrongZipsAndGroupingsAreRefusedAndChangeNothing() {
        XCTAssertTrue(error("let z = zip([1])").contains("zip takes 2 arguments"))
        XCTAssertTrue(error("let z = zip(1, [2])").contains("is not a sequence to loop over"))
        XCTAssertTrue(error("print(z)").contains("cannot find `z`"))
        XCTAssertTrue(error("let g = Dictionary(grouping: [[1], [2]], by: { ($0, 1) })").contains("`Hashable` value"))
        XCTAssertTrue(error("let g = Dictionary(grouping: [1, 2], { $0 })").contains("Dictionary(grouping: SEQUENCE"))
        XCTAssertTrue(error("print(g)").contains("cannot find `g`"))
        XCTAssertTrue(error("let r = [1].reduce(into: 0) { $0 += nope }").contains("`nope`"))
        XCTAssertTrue(error("print(r)").contains("cannot find `r`"))
    }
}
