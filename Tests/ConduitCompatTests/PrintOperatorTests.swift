// The words `print(_:to:)` writes for each event, as Combine prints them.
import Conduit
import Foundation
import XCTest

private enum Oops: Error { case oops }

/// Collects printed lines.
private final class Lines: TextOutputStream {
    var lines: [String] = []
    func write(_ string: String) {
        let line = string.trimmingCharacters(in: .newlines)
        if !line.isEmpty { lines.append(line) }
    }
}

final class PrintOperatorTests: XCTestCase {
    func testPrintShowsRequestsCancelAndSubjectSubscription() {
        final class OneThenCancel: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let lines = Lines()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneThenCancel()
        subject.print("p", to: lines).subscribe(subscriber)
        subject.send(4)
        subscriber.subscription?.cancel()
        XCTAssertEqual(lines.lines, [
            "p: receive subscription: (PassthroughSubject)",
            "p: request max: (1)",
            "p: receive value: (4)",
            "p: receive cancel",
        ])
    }

    func testPrintShowsErrorsAndJust() {
        let lines = Lines()
        _ = Just(1).print("j", to: lines).sink { _ in }
        _ = Fail<Int, Oops>(error: .oops).print("f", to: lines).sink(receiveCompletion: { _ in },
            receiveValue: { _ in })
        XCTAssertEqual(lines.lines, [
            "j: receive subscription: (Just)",
            "j: request unlimited",
            "j: receive value: (1)",
            "j: receive finished",
            "f: receive subscription: (Empty)",
            "f: request unlimited",
            "f: receive error: (oops)",
        ])
    }

    func testPrintWithoutAPrefixHasNoLeadingColon() {
        let lines = Lines()
        _ = Just(2).print(to: lines).sink { _ in }
        XCTAssertEqual(lines.lines.first, "receive subscription: (Just)")
    }
}
