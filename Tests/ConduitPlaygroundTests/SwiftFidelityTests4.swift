import XCTest

@testable import ConduitPlayground

/// Swift pasted into the playground behaving as swiftc's does, where it did not: dictionaries whose
/// keys are no strings, key paths to Swift's own properties, `static` computed properties, an
/// enumeration's method called through its type's name, `type(of:)` of a publisher, and Combine's own
/// spelling of `collect(.byTime(...))` (each checked against swiftc with `scripts/compare-with-swift`).
final class SwiftFidelityTests4: SessionTestCase {
    func testADictionaryWithIntegerKeysIsMadeReadAndPrinted() {
        XCTAssertEqual(type("let d = [1: \"one\", 2: \"two\"]"), ["d: [Int: String] = [1: \"one\", 2: \"two\"]"])
        XCTAssertEqual(printed("print(d[2] ?? \"none\", d[9] ?? \"none\", d.count)"), ["two none 2"])
        XCTAssertEqual(printed("print(d.keys.sorted(), [7: \"seven\"])"), ["[1, 2] [7: \"seven\"]"])
        XCTAssertEqual(printed("for (k, v) in d.sorted(by: { $0.key < $1.key }) { print(k + 1, v) }"),
            ["2 one", "3 two"], "a key comes back as the integer it is")
        XCTAssertEqual(printed("print(type(of: d))"), ["Dictionary<Int, String>"])
    }

    func testAnEmptyDictionaryOfIntegerKeysIsFilledBySubscript() {
        XCTAssertEqual(type("var counts: [Int: Int] = [:]"), ["counts: [Int: Int] = [:]"])
        type("counts[3] = 1")
        type("counts[3, default: 0] += 1")
        type("counts[5] = 10")
        XCTAssertEqual(printed("print(counts[3]!, counts.keys.sorted())"), ["2 [3, 5]"])
        type("counts.removeValue(forKey: 5)")
        XCTAssertEqual(printed("print(counts)"), ["[3: 2]"])
        type("counts[3] = nil")
        XCTAssertEqual(printed("print(counts.isEmpty)"), ["true"])
    }

    func testGroupingByAnIntegerAndKeysOfOtherKinds() {
        XCTAssertEqual(type("let groups = Dictionary(grouping: [1, 2, 3, 4], by: { $0 % 2 })"),
            ["groups: [Int: [Int]] = [1: [1, 3], 0: [2, 4]]"])
        XCTAssertEqual(printed("print(groups[0]!)"), ["[2, 4]"])
        XCTAssertEqual(printed("print([true: \"yes\"][true]!, [2.5: 1])"), ["yes [2.5: 1]"])
        type("enum Level { case low, high }")
        type("var scores: [Level: Int] = [:]")
        type("scores[Level.high] = 5")
        XCTAssertEqual(printed("print(scores[Level.high]!, scores)"), ["5 [Level.high: 5]"])
    }

    func testAKeyThatIsNotHashableIsRefusedSayingWhatAKeyIs() {
        let message = error("let bad = [(1, 2): 3]")
        XCTAssertTrue(message.contains("a dictionary's key is a `Hashable` value"), message)
        XCTAssertTrue(message.contains("not tuple (1, 2)"), message)
    }

    func testKeyPathsToSwiftsOwnPropertiesOfPlainValues() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let c = subject.map(\\.description).sink { print($0, type(of: $0)) }")
        XCTAssertEqual(printed("subject.send(7)"), ["7 String"])
        XCTAssertEqual(printed("let a = [\"ab\", \"\"].publisher.map(\\.count).sink { print($0) }"),
            ["2", "0", "a ✓ finished"])
        XCTAssertEqual(printed("let b = [\"ab\", \"\"].publisher.map(\\.isEmpty).sink { print($0) }"),
            ["false", "true", "b ✓ finished"])
        XCTAssertEqual(printed("let d = [1.5, 2.0].publisher.map(\\.description).sink { print($0) }"),
            ["1.5", "2.0", "d ✓ finished"])
        XCTAssertEqual(printed("print(true.description, 7.description.count)"), ["true 1"])
    }

    func testAStaticComputedPropertyRunsItsGetterReadingTheTypesStatics() {
        type("struct Config {\n    static var shared: Int { 42 }\n    static let base = 10\n"
            + "    static var doubled: Int { base * 2 }\n}")
        XCTAssertEqual(printed("print(Config.shared, Config.doubled)"), ["42 20"])
        type("class Settings {\n    static var name: String { \"settings\" }\n}")
        XCTAssertEqual(printed("print(Settings.name)"), ["settings"])
    }

    func testAnEnumerationsMethodCalledThroughItsTypesName() {
        type("enum Level {\n    case low, high\n    func louder() -> Level { self == .low ? .high : .high }\n"
            + "    var label: String { self == .low ? \"quiet\" : \"loud\" }\n}")
        XCTAssertEqual(printed("print(Level.low.louder())"), ["high"])
        XCTAssertEqual(printed("print(Level.low.label, Level.low.louder().label)"), ["quiet loud"])
    }

    func testCollectByTimeInCombinesOwnSpelling() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let c = subject.collect(.byTime(DispatchQueue.main, .seconds(2))).sink { print($0) }")
        type("let d = subject.collect(.byTimeOrCount(DispatchQueue.main, .milliseconds(2000), 3))"
            + ".sink { print(\"count\", $0) }")
        for value in 1...4 { type("subject.send(\(value))") }
        XCTAssertEqual(printed("RunLoop.main.run(until: Date().addingTimeInterval(2.5))"),
            ["[1, 2, 3, 4]", "count [4]"], "the count of 3 sent `[1, 2, 3]` at once, the time the rest")
        let message = error("let e = subject.collect(.byTime(DispatchQueue.main, \"soon\")).sink { print($0) }")
        XCTAssertTrue(message.contains("`.byTime` needs a positive duration such as `1s` or `.seconds(1)`"), message)
    }

    func testAnInterpolatedErrorMessageIsTheTextItMakes() {
        XCTAssertEqual(printed("let c = Fail<Int, Error>(error: \"down \\(2)\").sink(receiveCompletion: { print($0) }, "
            + "receiveValue: { print($0) })"), ["failure(down 2)", "c ✗ failed: down 2"],
            "as the plain `Fail(error: \"down\")` prints")
        type("let n = 5")
        XCTAssertEqual(printed("let d = Fail<Int, Error>(error: \"n=\\(n)\").sink(receiveCompletion: { print($0) }, "
            + "receiveValue: { print($0) })"), ["failure(n=5)", "d ✗ failed: n=5"], "made with the session's names")
    }

    func testTypeOfAPublisherIsItsConcreteTypeAsTypesShowsIt() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let mapped = subject.map { $0 * 2 }")
        XCTAssertEqual(printed("print(type(of: mapped))"), ["Map<PassthroughSubject<Int, Never>, Int>"])
        type("let filtered = mapped.filter { $0 > 2 }")
        XCTAssertEqual(printed("print(String(describing: type(of: filtered)))"),
            ["Filter<Map<PassthroughSubject<Int, Never>, Int>>"])
        XCTAssertEqual(printed("print(type(of: subject))"), ["PassthroughSubject<Int, Never>"])
        type("let just = Just([1])")
        XCTAssertEqual(printed("print(type(of: just))"), ["Just<Array<Int>>"])
        type("let texts = [1, 2].publisher.map { String($0) }.eraseToAnyPublisher()")
        XCTAssertEqual(printed("print(type(of: texts))"), ["AnyPublisher<String, Never>"])
    }

    func testADictionaryMadeOfPairsAndOneDeclaredWithDoubleKeys() {
        XCTAssertEqual(type("let pairs = Dictionary(uniqueKeysWithValues: zip([5, 6], [\"x\", \"y\"]))"),
            ["pairs: [Int: String] = [5: \"x\", 6: \"y\"]"])
        XCTAssertEqual(type("let named = Dictionary(uniqueKeysWithValues: [(\"a\", 1)])"),
            ["named: [String: Int] = [\"a\": 1]"])
        let message = error("let twice = Dictionary(uniqueKeysWithValues: [(1, 2), (1, 3)])")
        XCTAssertTrue(message.contains("Duplicate values for key: '1'"), message)
        XCTAssertEqual(printed("let d: [Double: String] = [1: \"a\"]\nprint(d)"), ["[1.0: \"a\"]"],
            "a key written as a whole number where Double keys are declared is a Double, as Swift's")
    }

    func testAStaticComputedPropertyOfAnEnumerationAndOneReadingSelf() {
        type("enum Level {\n    case low, high\n    static var all: [Level] { [.low, .high] }\n}")
        XCTAssertEqual(printed("print(Level.all)"), ["[Level.low, Level.high]"])
        type("struct Box {\n    static let base = 3\n    static var twice: Int { Self.base * 2 }\n}")
        XCTAssertEqual(printed("print(Box.twice)"), ["6"])
    }

    func testTypeOfAChainWrittenInPlace() {
        type("let subject = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(printed("print(type(of: subject.map { $0 + 1 }))"), ["Map<PassthroughSubject<Int, Never>, Int>"])
        XCTAssertEqual(printed("print(type(of: Just(1).map { $0 * 2 }))"), ["Just<Int>"], "Just's own map gives a Just")
    }

    func testTypeOfAnOperatorThatReadsOtherPublishers() {
        type("let a = PassthroughSubject<Int, Never>()")
        type("let b = PassthroughSubject<String, Never>()")
        type("let lengths = b.map { $0.count }")
        type("let merged = a.merge(with: lengths)")
        XCTAssertEqual(printed("print(type(of: merged))"),
            ["Merge<PassthroughSubject<Int, Never>, Map<PassthroughSubject<String, Never>, Int>>"],
            "the second is the publisher merged in, not the upstream again")
        type("let both = a.combineLatest(b)")
        XCTAssertEqual(printed("print(type(of: both))"),
            ["CombineLatest<PassthroughSubject<Int, Never>, PassthroughSubject<String, Never>>"])
    }
}
