import XCTest
@testable import ConduitPlayground

/// Swift code pasted from a Combine program, line by line: imports, a store of cancellables, a
/// subject named `subject`, a subscription kept in a `let`, `cancel()`, and
/// `send(completion:)`. Each must do what it does in Swift.
final class PastedSwiftCodeTests: SessionTestCase {
    func testImportsOfCombineAndFoundationAreAcceptedSilently() {
        XCTAssertEqual(type("import Combine"), [])
        XCTAssertEqual(type("import Foundation"), [])
        XCTAssertTrue(type("import SwiftUI").joined().contains("SwiftUI is not part of the playground"))
        XCTAssertTrue(error("import").contains("needs a module name"))
    }

    func testACommandWordMayNameASubjectUsedAsSwiftUsesIt() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("sink out = subject.map { $0 * 2 }")
        XCTAssertEqual(values("subject.send(2)"), ["out ← 4"])
        XCTAssertEqual(values("send subject 3"), ["out ← 6"], "the command still works on the name")
        XCTAssertTrue(error("let let = PassthroughSubject<Int, Never>()").contains("reserved word"))
    }

    func testASubscriptionKeptInALetIsASinkThatCancelCancels() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let cancellable = subject.sink { print(\"got \\($0)\") }")
        XCTAssertEqual(session.evaluate("subject.send(1)").map(\.text), ["got 1"])
        type("cancellable.cancel()")
        XCTAssertEqual(session.evaluate("subject.send(2)").map(\.text), [], "the cancelled sink gets nothing")
        XCTAssertTrue(type("inspect cancellable").joined().contains("cancelled"))
        XCTAssertTrue(error("nothing.cancel()").contains("unknown sink `nothing`"))
    }

    func testSendCompletionFinishesOrFailsTheSubject() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("sink out = subject")
        XCTAssertEqual(values("subject.send(completion: .finished)"), ["out ✓ finished"])
        type("subject other")
        type("sink failing = other")
        XCTAssertEqual(values("other.send(completion: .failure(\"offline\"))"), ["failing ✗ failed: offline"])
        type("subject third")
        type("sink named = third")
        XCTAssertEqual(values("third.send(completion: .failure(NetworkError.timeout))"),
            ["named ✗ failed: NetworkError.timeout"])
        XCTAssertTrue(error("third.send(completion: .done)").contains("`.finished` or `.failure(\"why\")`"))
    }

    func testAStoreOfCancellablesIsAcceptedInEachSwiftSpelling() {
        for line in [
            "var cancellables = Set<AnyCancellable>()", "var bag: Set<AnyCancellable> = []",
            "var list = [AnyCancellable]()", "var typed: [AnyCancellable] = []",
        ] {
            XCTAssertTrue(type(line).joined().contains("subscriptions are kept by name"), line)
        }
        type("let subject = PassthroughSubject<Int, Never>()")
        type("subject.sink { print($0) }.store(in: &cancellables)")
        XCTAssertEqual(session.evaluate("subject.send(5)").map(\.text), ["5"])
    }

    func testALetWithASwiftTypeKeepsItsValue() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let doubled: AnyPublisher<Int, Never> = subject.map { $0 * 2 }.eraseToAnyPublisher()")
        type("sink out = doubled")
        XCTAssertEqual(values("subject.send(4)"), ["out ← 8"])
    }
}
