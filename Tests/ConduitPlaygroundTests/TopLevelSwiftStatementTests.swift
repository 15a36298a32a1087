import XCTest

@testable import ConduitPlayground

/// Small statements Swift code is full of: `_ = value`, an optional `var` without a value, an
/// `AnyCancellable?` variable given a subscription, `Bool.toggle()`, and `handleEvents` closures
/// that name their argument.
final class TopLevelSwiftStatementTests: SessionTestCase {
    func testDiscardingAValueRunsItAndPrintsNothing() {
        type("func load() -> Int { print(\"loading\"); return 1 }")
        XCTAssertEqual(printed("_ = load()"), ["loading"])
        XCTAssertEqual(printed("_ = 5"), [])
        XCTAssertTrue(error("_ = nope").contains("cannot find `nope` in scope"))
    }

    func testAnOptionalVariableWithoutAValueStartsNil() {
        XCTAssertEqual(type("var name: String?"), ["name: String? = nil"])
        XCTAssertEqual(printed("print(name)"), ["nil"])
        type("name = \"Ada\"")
        XCTAssertEqual(printed("print(name)"), ["Optional(\"Ada\")"])
        XCTAssertTrue(error("var count: Int").contains("needs a value here"), "a non-optional still needs one")
    }

    func testAnAnyCancellableVariableCancelsAndIsReplaced() {
        type("var cancellable: AnyCancellable?")
        type("let s = PassthroughSubject<Int, Never>()")
        type("cancellable = s.sink { print(\"first\", $0) }")
        XCTAssertEqual(printed("s.send(1)"), ["first 1"])
        type("cancellable?.cancel()")
        XCTAssertEqual(printed("s.send(2)"), [])
        type("cancellable = s.sink { print(\"second\", $0) }")
        XCTAssertEqual(printed("s.send(3)"), ["second 3"])
        type("cancellable = nil")
        XCTAssertEqual(printed("s.send(4)"), [], "let go of, it cancels, as Swift's")
    }

    func testBoolToggle() {
        type("var isOn = false")
        type("isOn.toggle()")
        XCTAssertEqual(printed("print(isOn)"), ["true"])
        type("class Switch: ObservableObject { @Published var on = false; func flip() { on.toggle() } }")
        type("let light = Switch()")
        type("let c = light.$on.dropFirst().sink { print(\"on\", $0) }")
        XCTAssertEqual(printed("light.flip()"), ["on true"])
        XCTAssertTrue(error("var xs = [1]; xs.toggle()").contains("has no mutating method `toggle`"))
    }

    func testAnArraysRangeOfPositionsIsItsSlice() {
        type("let xs = [1, 2, 3, 4]")
        XCTAssertEqual(type("print(xs[1..<3], xs[0...1], xs[4..<4])"), ["[2, 3] [1, 2] []"])
        XCTAssertTrue(error("print(xs[2...4])").contains("out of bounds"))
        XCTAssertTrue(error("print(xs[Int.max...Int.max])").contains("out of bounds"))
    }

    func testAllCasesOfAnEnumeration() {
        type("enum Direction: String, CaseIterable { case north, south, east }")
        XCTAssertEqual(type("print(Direction.allCases.count)"), ["3"])
        XCTAssertEqual(type("print(Direction.allCases.map { $0.rawValue })"), ["[\"north\", \"south\", \"east\"]"])
    }

    func testHandleEventsReceiveSubscriptionNamesItsArgument() {
        type("let s = PassthroughSubject<Int, Never>()")
        let lines = printed(
            "let c = s.handleEvents(receiveSubscription: { _ in print(\"subscribed\") }).sink { print($0) }")
        XCTAssertTrue(lines.contains("subscribed"), "\(lines)")
    }
}

/// Foundation's `String(format:)`, each argument checked against its conversion, and the first line of
/// many Combine playgrounds.
final class FormattedTextTests: SessionTestCase {
    func testConversionsFormatAsFoundationDoes() {
        XCTAssertEqual(type("print(String(format: \"%.2f\", 3.14159))"), ["3.14"])
        XCTAssertEqual(type("print(String(format: \"%d items at %.1f%% for %@\", 3, 12.5, \"Ada\"))"),
            ["3 items at 12.5% for Ada"])
        XCTAssertEqual(type("print(String(format: \"%05d|%x|%s\", 42, 255, \"c\"))"), ["00042|ff|c"])
        XCTAssertEqual(type("print(String(format: \"%.1f\", 2))"), ["2.0"], "an Int where a Double is formatted")
    }

    func testAnArgumentThatDoesNotFitItsConversionIsRefused() {
        XCTAssertTrue(error("print(String(format: \"%d\", 2.5))").contains("`%d` takes an Int, not decimal 2.5"))
        XCTAssertTrue(error("print(String(format: \"%d %d\", 1))").contains("more conversions than arguments"))
        XCTAssertTrue(error("print(String(format: \"%d\", 1, 2))").contains("2 arguments, but the format uses 1"))
        XCTAssertTrue(error("print(String(format: \"%n\", 1))").contains("`%n` is not a conversion here"))
        XCTAssertTrue(error("print(String(format: \"%99999d\", 1))").contains("at most 1000"))
        XCTAssertEqual(type("print(String(format: \"%@ is fine\", 5))"), ["5 is fine"])
    }

    func testPlaygroundPageNeedsIndefiniteExecutionIsAccepted() {
        let lines = type("PlaygroundPage.current.needsIndefiniteExecution = true").joined()
        XCTAssertTrue(lines.contains("not needed here"), lines)
        XCTAssertEqual(type("print(1)"), ["1"])
    }
}
