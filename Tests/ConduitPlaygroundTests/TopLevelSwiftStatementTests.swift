import XCTest

@testable import ConduitPlayground

/// Small statements Swift code is full of: `_ = value`, an optional `var` without a value, an
/// `AnyCancellable?` variable given a subscription, `Bool.toggle()`, and `handleEvents` closures
/// that name their argument.
final class TopLevelSwiftStatementTests: SessionTestCase {
    private func printed(_ line: String) -> [String] {
        session.evaluate(line).filter { $0.kind != .info }.map(\.text)
    }

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

    func testHandleEventsReceiveSubscriptionNamesItsArgument() {
        type("let s = PassthroughSubject<Int, Never>()")
        let lines = printed(
            "let c = s.handleEvents(receiveSubscription: { _ in print(\"subscribed\") }).sink { print($0) }")
        XCTAssertTrue(lines.contains("subscribed"), "\(lines)")
    }
}
