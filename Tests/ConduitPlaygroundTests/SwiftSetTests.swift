import XCTest

@testable import ConduitPlayground

/// Swift's `Set`: made empty (`Set<String>()`, `var s: Set<Int> = []`) or from a sequence
/// (`Set([1, 2])`), changed in place (`insert`, `remove`, `formUnion`), asked (`contains`, `count`,
/// `isSubset(of:)`) and combined (`union`, `intersection`). It prints as Swift prints a set, its
/// elements in the order they were first inserted (Swift's own order is unspecified).
final class SwiftSetTests: SessionTestCase {
    func testAnEmptySetGrowsByInsertingEachElementOnce() {
        XCTAssertEqual(type("var unique = Set<String>()"), ["unique: Set<String> = []"])
        type("unique.insert(\"a\")")
        type("unique.insert(\"a\")")
        type("unique.insert(\"b\")")
        XCTAssertEqual(printed("print(unique.count, unique.isEmpty, unique)"), ["2 false [\"a\", \"b\"]"])
        type("unique.remove(\"a\")")
        XCTAssertEqual(printed("print(unique, unique.contains(\"a\"), unique.contains(\"b\"))"), ["[\"b\"] false true"])
        type("unique.removeAll()")
        XCTAssertEqual(printed("print(unique)"), ["[]"])
    }

    func testASetDeclaredWithItsTypeOrMadeFromASequence() {
        XCTAssertEqual(type("var seen: Set<Int> = []"), ["seen: Set<Int> = []"])
        XCTAssertEqual(type("let t = Set([1, 2, 2, 3])"), ["t: Set<Int> = [1, 2, 3]"])
        XCTAssertEqual(type("let names: Set<String> = [\"x\", \"y\", \"x\"]"), ["names: Set<String> = [\"x\", \"y\"]"])
        XCTAssertEqual(type("let r = Set(1...3)"), ["r: Set<Int> = [1, 2, 3]"])
        type("seen.insert(3)")
        type("seen = [4, 4]")
        XCTAssertEqual(printed("print(seen)"), ["[4]"], "an array literal assigned to a set is a set")
        XCTAssertEqual(printed("print(Set([2, 1]) == Set([1, 2]))"), ["true"], "sets are equal in any order")
    }

    func testSetAlgebraAndTheCheckersTypes() {
        type("let a = Set([1, 2, 3])")
        type("let b: Set<Int> = [3, 4]")
        XCTAssertEqual(type("let u = a.union(b)"), ["u: Set<Int> = [1, 2, 3, 4]"])
        XCTAssertEqual(type("let i = a.intersection(b)"), ["i: Set<Int> = [3]"])
        XCTAssertEqual(type("let d = a.subtracting(b)"), ["d: Set<Int> = [1, 2]"])
        XCTAssertEqual(type("let x = a.symmetricDifference(b)"), ["x: Set<Int> = [1, 2, 4]"])
        XCTAssertEqual(type("let sub = d.isSubset(of: a)"), ["sub: Bool = true"])
        XCTAssertEqual(type("let apart = d.isDisjoint(with: b)"), ["apart: Bool = true"])
        XCTAssertEqual(type("let sorted = b.union([0]).sorted()"), ["sorted: [Int] = [0, 3, 4]"])
        XCTAssertEqual(type("let big = a.filter { $0 > 1 }"), ["big: Set<Int> = [2, 3]"])
        XCTAssertEqual(type("let doubled = a.map { $0 * 2 }"), ["doubled: [Int] = [2, 4, 6]"])
        XCTAssertEqual(type("let listed = Array(b)"), ["listed: [Int] = [3, 4]"])
        type("var grown = a")
        type("grown.formUnion([9])")
        type("grown.subtract([1])")
        XCTAssertEqual(printed("print(grown, a)"), ["[2, 3, 9] [1, 2, 3]"], "a set is a value: the copy changes alone")
    }

    func testLoopingOverASetGoesOverItsElements() {
        type("let tags: Set<String> = [\"swift\", \"combine\"]")
        XCTAssertEqual(printed("for tag in tags.sorted() { print(tag) }"), ["combine", "swift"])
        XCTAssertEqual(printed("for tag in tags { print(tag.count) }"), ["5", "7"])
    }

    /// The trial's dictionary script: `Set<String>()` after it was read as `Set < String > ()`, two
    /// comparisons, and refused with "binary operator '>' cannot be applied to operands of type 'Bool'
    /// and 'Void'".
    func testSetBesideADictionarysPairs() {
        type("var scores = [\"Ann\": 90, \"Bob\": 72, \"Cid\": 85]")
        let loop = "for (name, score) in scores.sorted(by: { $0.key < $1.key }) { print(\"\\(name): \\(score)\") }"
        XCTAssertEqual(printed(loop), ["Ann: 90", "Bob: 72", "Cid: 85"])
        XCTAssertEqual(printed("print(scores.max { $0.value < $1.value }?.key ?? \"\")"), ["Ann"])
        XCTAssertEqual(type("var unique = Set<String>()"), ["unique: Set<String> = []"])
        XCTAssertEqual(type("let keys = Set(scores.keys)"), ["keys: Set<String> = [\"Ann\", \"Bob\", \"Cid\"]"])
    }

    func testWrongUsesOfASetAreRefusedAndChangeNothing() {
        type("var s = Set([1])")
        XCTAssertTrue(error("s.remove(at: 0)").contains("a Set has no positions"))
        XCTAssertTrue(error("s.append(2)").contains("a Set changes by `insert`"))
        XCTAssertTrue(error("print(s.union(5))").contains("Set's `union` takes a set or an array"))
        XCTAssertTrue(error("s.insert(\"x\")").contains(
            "cannot convert value of type 'String' to expected argument type 'Int'"))
        XCTAssertTrue(error("s.remove(\"x\")").contains("expected argument type 'Int'"))
        XCTAssertEqual(printed("print(s)"), ["[1]"])
    }
}
