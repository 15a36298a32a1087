import XCTest

@testable import ConduitPlayground

/// Collections made with their type (`[Int]()`, `Array(1...3)`, `[Double](repeating:count:)`,
/// `Dictionary(grouping:by:)`) read from Swift's tree (`Language/Lowering/CollectionInitialiserLowering.swift`):
/// the call, its labels and its arguments are where Swift's parser puts them.
final class CollectionInitialiserLoweringTests: SessionTestCase {
    func testEachInitialiserAsSwiftWritesIt() {
        XCTAssertEqual(printed("print([Int](), [String: Int](), Array<Int>())"), ["[] [:] []"])
        XCTAssertEqual(printed("print(Array(1...3), [Int]( 4...5 ))"), ["[1, 2, 3] [4, 5]"])
        XCTAssertEqual(printed("print([Double](repeating: 0.5, count: 1 + 1))"), ["[0.5, 0.5]"])
        type("let byLength = Dictionary(grouping: [\"a\", \"bb\", \"c\"], by: { String($0.count) })")
        XCTAssertEqual(printed("print(byLength[\"1\"]!)"), ["[\"a\", \"c\"]"])
        // `[1, 2]` is no type: a value with a chain.
        XCTAssertEqual(printed("print([1, 2].map { $0 * 2 })"), ["[2, 4]"])
    }

    func testAWrongInitialiserSaysWhatItTakesOrIsSwiftsMessage() {
        let labels = error("let a = [Int](repeat: 0, count: 2)")
        XCTAssertTrue(labels.contains("`[Int](...)` takes nothing"), labels)
        let dictionary = error("let d = [String: Int](1)")
        XCTAssertTrue(dictionary.contains("`[String: Int](...)` takes nothing"), dictionary)
        let unseparated = error("let a = [Int](repeating: 0 1, count: 2)")
        XCTAssertTrue(unseparated.contains("unexpected code '1, count: 2' in function call"), unseparated)
        let grouping = error("let g = Dictionary(grouping: [1, 2], { $0 })")
        XCTAssertTrue(grouping.contains("Dictionary(grouping: SEQUENCE"), grouping)
    }

    func testHostileInitialisersNeitherCrashNorHang() {
        let many = "print(Array([" + Array(repeating: "1", count: 5_000).joined(separator: ", ") + "]).count)"
        XCTAssertEqual(printed(many), ["5000"])
        XCTAssertFalse(type("let a = [Int](" + String(repeating: "(", count: 5_000)).isEmpty)
        XCTAssertFalse(type("let a = " + String(repeating: "[", count: 3_000) + "Int"
            + String(repeating: "]", count: 3_000) + "()").isEmpty)
        XCTAssertEqual(printed("print([Int]())"), ["[]"], "the session reads on")
    }
}
