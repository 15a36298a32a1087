// Examples from Combine's operator documentation, with the output the documentation gives
// (Swift 5 language mode).
import Conduit
import Foundation
import XCTest

final class AppleDocumentationExamplesTests: XCTestCase {
    struct IllegalValueError: Error {}
    struct RangeError: Error {}

    private func run<P: Publisher>(_ publisher: P) -> (values: [String], completion: String) {
        var values: [String] = []
        var completion = ""
        _ = publisher.sink(receiveCompletion: {
            switch $0 {
            case .finished: completion = "finished"
            case .failure(let error): completion = "failure(\(type(of: error as Error)))"
            }
        }, receiveValue: { values.append("\($0)") })
        return (values, completion)
    }

    func testTryOperatorExamples() {
        let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        let tryFirst = run(numbers.publisher.tryFirst { value in
            if value == 5 { throw RangeError() }
            return value > 3
        })
        XCTAssertEqual(tryFirst.values, ["4"])
        XCTAssertEqual(tryFirst.completion, "finished")

        let tryLast = run(numbers.publisher.tryLast { value in
            if value == 13 { throw RangeError() }
            return value % 2 == 0
        })
        XCTAssertEqual(tryLast.values, ["10"])

        let tryContains = run([1, 2, 3, 4, 5].publisher.tryContains { value in
            if value == 0 { throw IllegalValueError() }
            return value > 3
        })
        XCTAssertEqual(tryContains.values, ["true"])

        let tryAll = run([1, 2, 3, 4, 0, 5].publisher.tryAllSatisfy { value in
            if value == 0 { throw IllegalValueError() }
            return value < 20
        })
        XCTAssertEqual(tryAll.values, [])
        XCTAssertEqual(tryAll.completion, "failure(IllegalValueError)")

        let tryMin = run([1, -1, 10, 5].publisher.tryMin { a, b in
            if a == 10 || b == 10 { throw IllegalValueError() }
            return a < b
        })
        XCTAssertEqual(tryMin.completion, "failure(IllegalValueError)")

        let tryMax = run(["a", "bb", "c"].publisher.tryMax { $0.count < $1.count })
        XCTAssertEqual(tryMax.values, ["bb"])

        let tryDrop = run([1, 2, 3, 4, 5, 0, 6].publisher.tryDrop { value in
            if value == 0 { throw RangeError() }
            return value < 4
        })
        XCTAssertEqual(tryDrop.values, ["4", "5", "0", "6"])

        let tryPrefix = run([1, 2, 3, 0, 4].publisher.tryPrefix { value in
            if value == 0 { throw RangeError() }
            return value < 10
        })
        XCTAssertEqual(tryPrefix.values, ["1", "2", "3"])
        XCTAssertEqual(tryPrefix.completion, "failure(RangeError)")

        let tryScan = run([1, 2, 3, 4, 5].publisher.tryScan(0) { acc, value in
            if value == 4 { throw RangeError() }
            return acc + value
        })
        XCTAssertEqual(tryScan.values, ["1", "3", "6"])

        let tryReduce = run((1...10).publisher.tryReduce(0) { acc, value in acc + value })
        XCTAssertEqual(tryReduce.values, ["55"])

        let tryRemove = run([1, 1, 2, 2, 3].publisher.tryRemoveDuplicates { a, b in a == b })
        XCTAssertEqual(tryRemove.values, ["1", "2", "3"])

        let tryCompact = run(["1", "two", "3"].publisher.tryCompactMap { Int($0) })
        XCTAssertEqual(tryCompact.values, ["1", "3"])
    }

    func testCombiningExamples() {
        let pub1 = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Int, Never>()
        let pub3 = PassthroughSubject<Int, Never>()
        var zipped: [String] = []
        let c1 = pub1.zip(pub2, pub3) { "\($0)\($1)\($2)" }.sink { zipped.append($0) }
        var merged: [Int] = []
        let c2 = pub1.merge(with: pub2, pub3).sink { merged.append($0) }
        var latest: [String] = []
        let c3 = pub1.combineLatest(pub2, pub3).sink { latest.append("(\($0), \($1), \($2))") }
        pub1.send(1)
        pub1.send(2)
        pub2.send(40)
        pub3.send(500)
        pub3.send(600)
        XCTAssertEqual(zipped, ["140500"])
        XCTAssertEqual(merged, [1, 2, 40, 500, 600])
        XCTAssertEqual(latest, ["(2, 40, 500)", "(2, 40, 600)"])
        c1.cancel()
        c2.cancel()
        c3.cancel()
    }

    func testMapKeyPathsAndMeasureExamples() {
        struct DiceRoll { let die: Int; let sides: Int }
        var rolls: [String] = []
        _ = [DiceRoll(die: 3, sides: 6), DiceRoll(die: 12, sides: 20)].publisher
            .map(\.die, \.sides)
            .sink { rolls.append("Rolled: \($0) (\($1)-sided)") }
        XCTAssertEqual(rolls, ["Rolled: 3 (6-sided)", "Rolled: 12 (20-sided)"])
    }

    func testAssertNoFailureWithPrefixAndCatchingDecodeErrors() {
        var values: [Int] = []
        _ = Just(1).setFailureType(to: Error.self).assertNoFailure("should not fail", file: #file,
            line: #line).sink { values.append($0) }
        XCTAssertEqual(values, [1])
    }

    func testCollectByCountFromTheDocumentation() {
        let result = run((0...10).publisher.collect(5))
        XCTAssertEqual(result.values, ["[0, 1, 2, 3, 4]", "[5, 6, 7, 8, 9]", "[10]"])
    }

    func testDropUntilOutputFromAndPrefixUntilOutputFromExamples() {
        let upstream = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<String, Never>()
        var dropped: [Int] = []
        let c = upstream.drop(untilOutputFrom: second).sink { dropped.append($0) }
        upstream.send(1)
        upstream.send(2)
        second.send("A")
        upstream.send(3)
        upstream.send(4)
        XCTAssertEqual(dropped, [3, 4])
        c.cancel()
    }
}
