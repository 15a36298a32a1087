import XCTest

@testable import ConduitPlayground

/// Types written where Swift's parser reads an expression (`PassthroughSubject<Int, Never>()`, `[Int]()`)
/// are read from Swift's tree (`Parser+Types.swift`): the type is the expression Swift reads before
/// the call, and a wrong one is swiftc's message.
final class TypeLoweringTests: SessionTestCase {
    func testTypesMadeByACall() {
        XCTAssertEqual(valueLines("let xs = [Int](); print(xs)"), ["[]"])
        XCTAssertEqual(valueLines("let d = [String: Int](); print(d.count)"), ["0"])
        type("let s = CurrentValueSubject<[String: Int], Never>([\"a\": 1])")
        XCTAssertEqual(valueLines("print(s.value)"), ["[\"a\": 1]"])
        type("var cancellables = Set<AnyCancellable>()")
        XCTAssertEqual(valueLines("print(cancellables.count)"), ["0"])
        type("sink e = Empty<Int, Never>()")
        XCTAssertTrue(type("subs").joined().contains("e"))
    }

    func testAnAnnotationWithNoTypeIsSwiftsMessage() {
        let message = error("let x: = 5")
        XCTAssertTrue(message.contains("expected type in type annotation"), message)
    }

    func testAGenericTypeNestedDeeplyIsReadWithoutCrashing() {
        let nested = "let s = PassthroughSubject<" + String(repeating: "Array<", count: 300) + "Int"
            + String(repeating: ">", count: 300) + ", Never>()"
        XCTAssertEqual(type(nested).first?.hasPrefix("s: PassthroughSubject<Array<Array<"), true)
        XCTAssertEqual(valueLines("print(1)"), ["1"], "the session goes on")
    }
}
