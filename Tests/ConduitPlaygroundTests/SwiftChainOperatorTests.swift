import XCTest
@testable import ConduitPlayground

/// Operators that change types in Swift, and Swift spellings pasted from real chains: they must be
/// accepted, and do what they mean for playground values.
final class SwiftChainOperatorTests: SessionTestCase {
    func testEraseToAnyPublisherAndSetFailureTypePassEverythingOn() {
        type("subject n")
        type("sink out = n.setFailureType(to: Error.self).map { $0 * 2 }.eraseToAnyPublisher()")
        XCTAssertEqual(values("send n 2"), ["out ← 4"])
        XCTAssertEqual(values("fail n \"down\""), ["out ✗ failed: down"])
        XCTAssertTrue(error("let x = n.eraseToAnyPublisher(1)").contains("takes no arguments"))
        XCTAssertTrue(error("let x = n.setFailureType()").contains("setFailureType(to: Error.self)"))
    }

    func testMapErrorRewritesTheFailureMessage() {
        type("subject n")
        type("sink out = n.mapError { \"network: \" + $0 }")
        XCTAssertEqual(values("send n 1"), ["out ← 1"])
        XCTAssertEqual(values("fail n \"timeout\""), ["out ✗ failed: network: timeout"])
    }

    func testAssertNoFailureReportsTheFatalErrorAndStopsThePipeline() {
        type("subject n")
        type("sink out = n.assertNoFailure(\"numbers\")")
        XCTAssertEqual(values("send n 1"), ["out ← 1"])
        let records = session.evaluate("fail n \"boom\"")
        XCTAssertEqual(records.map(\.kind), [.error])
        XCTAssertEqual(records.first?.text,
            "error: assertNoFailure: fatal error: numbers: boom (a Swift program stops here; the playground stops "
                + "this pipeline)")
        XCTAssertEqual(values("send n 2"), [], "the pipeline has stopped")
        XCTAssertEqual(type("inspect out").filter { $0.contains("state") }, ["  state:    active"])
    }

    func testKeyPathsAreClosures() {
        type("subject cards")
        type("sink names = cards.map(\\.name)")
        XCTAssertEqual(values("send cards {name: \"ace\", rank: 1}"), ["names ← \"ace\""])
        XCTAssertTrue(error("let x = cards.map(\\)").contains("key path"))
    }

    func testSwiftDurationsAndSchedulersAreUnderstood() {
        type("subject q")
        type("sink out = q.debounce(for: .milliseconds(300), scheduler: RunLoop.main).receive(on: DispatchQueue.main)")
        type("send q 1")
        XCTAssertEqual(values("tick 1s"), ["out ← 1   @300ms"])
        XCTAssertTrue(error("let x = q.delay(for: .fortnights(2))").contains("expected a duration"))
    }

    func testMinAndMaxByAClosure() {
        XCTAssertEqual(values("sink low = [{r: 2}, {r: 1}, {r: 3}].publisher.min(by: { $0.r < $1.r })"),
            ["low ← {r: 1}", "low ✓ finished"])
        XCTAssertEqual(values("sink high = [{r: 2}, {r: 1}, {r: 3}].publisher.max { $0.r < $1.r }"), ["high ← {r: 3}",
            "high ✓ finished"])
    }

    func testOutputInARange() {
        XCTAssertEqual(values("sink a = [0, 1, 2, 3, 4].publisher.output(in: 1...2)"), ["a ← 1", "a ← 2",
            "a ✓ finished"])
        XCTAssertEqual(values("sink b = [0, 1, 2, 3, 4].publisher.output(in: 1..<2)"), ["b ← 1", "b ✓ finished"])
        XCTAssertEqual(values("sink c = [0, 1, 2, 3, 4].publisher.output(in: 3...)"), ["c ← 3", "c ← 4",
            "c ✓ finished"])
        XCTAssertTrue(error("let x = [1].publisher.output(in: 3...1)").contains("ends before it starts"))
        XCTAssertTrue(error("let x = [1].publisher.output(in: -1...1)").contains("starts at 0 or more"))
        XCTAssertTrue(error("let x = [1].publisher.output(in: 2)").contains("expected a range"))
    }

    func testFirstAndLastWhere() {
        XCTAssertEqual(values("sink f = [1, 5, 2, 7].publisher.first(where: { $0 > 4 })"), ["f ← 5", "f ✓ finished"])
        XCTAssertEqual(values("sink l = [1, 5, 2, 7].publisher.last(where: { $0 < 4 })"), ["l ← 2", "l ✓ finished"])
    }

    func testFlatMapWithMaxPublishersAsSwiftWritesIt() {
        type("subject a; subject b; subject pick")
        type("sink out = pick.flatMap(maxPublishers: .max(1)) { $0 }")
        XCTAssertEqual(values("send pick 1; send pick 2"), ["out ← 1", "out ← 2"],
            "each inner Just finishes at once, so the next may start")
        XCTAssertEqual(values("sink all = [1, 2].publisher.flatMap(maxPublishers: .unlimited) { [$0, $0] }"),
            ["all ← 1", "all ← 1", "all ← 2", "all ← 2", "all ✓ finished"])
        XCTAssertTrue(error("let x = a.flatMap(maxPublishers: .max(0)) { $0 }").contains("at least 1"))
    }

    func testMergeOfManyAndCombiningWithATransform() {
        type("subject a; subject b; subject c")
        type("sink all = a.merge(with: b, c)")
        type("sink sum = a.combineLatest(b, c) { $0 + $1 + $2 }")
        XCTAssertEqual(values("send c 100; send b 10"), ["all ← 100", "all ← 10"])
        XCTAssertEqual(values("send a 1"), ["all ← 1", "sum ← 111"])
        type("sink pairs = a.zip(b) { [$1, $0] }")
        XCTAssertEqual(values("send a 2; send b 20").filter { $0.hasPrefix("pairs") }, ["pairs ← [20, 2]"])
    }

    func testEncodeAndDecodeJSON() {
        type("subject cards")
        type("sink json = cards.encode(encoder: JSONEncoder())")
        type("sink back = cards.encode(encoder: JSONEncoder()).decode(type: Card.self, decoder: JSONDecoder())")
        XCTAssertEqual(values("send cards {rank: 1, name: \"ace\", tags: [true, nil, 2.5]}"), [
            "json ← \"{\\\"name\\\":\\\"ace\\\",\\\"rank\\\":1,\\\"tags\\\":[true,null,2.5]}\"",
            "back ← {name: \"ace\", rank: 1, tags: [true, nil, 2.5]}",
        ])
        type("subject text")
        type("sink read = text.decode(type: Card.self, decoder: JSONDecoder())")
        XCTAssertEqual(values("send text \"[1, \\\"x\\\"]\""), ["read ← [1, \"x\"]"])
        XCTAssertEqual(values("send text \"nope\""), [
            "read ✗ failed: DecodingError.dataCorrupted: Data was corrupted. "
                + "Debug description: The given data was not valid JSON.",
        ])
        XCTAssertTrue(error("let p = cards.encode(encoder: PropertyListEncoder())").contains(
            "encodes and decodes JSON"))
        XCTAssertTrue(error("let q = cards.decode(type: Card.self)").contains("decoder: JSONDecoder()"))
        XCTAssertEqual(values("let enc = Just([\"a\": 1]).encode(encoder: JSONEncoder())"
            + ".map { String(data: $0, encoding: .utf8)! }.sink { print($0) }"), ["{\"a\":1}", "enc ✓ finished"],
            "the JSON's text, as `String(data:encoding:)` reads it")
    }

    func testAssignWritesEachValueIntoACurrentSubject() {
        type("subject taps; current latest = \"none\"")
        XCTAssertEqual(values("sink show = latest"), ["show ← \"none\""])
        XCTAssertEqual(values("sink store = taps.map { $0.name }.assign(to: \\.value, on: latest)"), [])
        XCTAssertEqual(values("send taps {name: \"ace\"}"), ["show ← \"ace\""],
            "the assignment prints nothing; the subject's sink shows it")
        XCTAssertTrue(type("inspect latest").contains("latest: CurrentValueSubject = \"ace\""))
        XCTAssertEqual(type("cancel store"), ["store cancelled"])
        XCTAssertEqual(values("send taps {name: \"two\"}"), [])
        type("subject plain")
        XCTAssertTrue(error("sink a = taps.assign(to: \\.value, on: plain)").contains("keeps no value"))
        XCTAssertTrue(error("sink b = latest.map { $0 }.assign(to: \\.value, on: latest)").contains("back into itself"))
        XCTAssertTrue(error("sink c = taps.assign(to: \\.name, on: latest)").contains(
            "assign(to: \\.value, on: SUBJECT)"))
        XCTAssertTrue(error("sink d = taps.assign(to: \\.value, on: latest) demand 1").contains(
            "asks for every value itself"))
        XCTAssertEqual(values("let e = taps.assign(to: \\.value, on: latest)"), [],
            "a `let` of a chain ending in assign subscribes, as Swift keeps the AnyCancellable")
        XCTAssertEqual(values("send taps {name: \"three\"}"), ["show ← {name: \"three\"}"])
    }

    func testAFailureReachingAssignEndsTheSinkAndLeavesTheSubject() {
        type("subject taps; current latest = 0")
        type("sink store = taps.assign(to: \\.value, on: latest)")
        type("send taps 5")
        XCTAssertEqual(values("fail taps \"offline\""), ["store ✗ failed: offline"])
        XCTAssertEqual(values("sink show = latest"), ["show ← 5"])
    }
}
