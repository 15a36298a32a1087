import Conduit
import XCTest

@testable import ConduitPlayground

/// A class that conforms to `Subscriber`, as Combine's tutorials write one to teach demand: its
/// `receive(subscription:)`, `receive(_:)` and `receive(completion:)` are called by the engine, the
/// demand it asks for and returns is what the publisher sends, and the sink that stands for it
/// records each request.
final class CustomSubscriberTests: SessionTestCase {
    private let oneAtATime = """
        final class OneAtATime: Subscriber {
            typealias Input = String
            typealias Failure = Never
            var subscription: Subscription?

            func receive(subscription: Subscription) {
                print("subscribed")
                self.subscription = subscription
                subscription.request(.max(1))
            }

            func receive(_ input: String) -> Subscribers.Demand {
                print("got \\(input)")
                return input == "b" ? .none : .max(1)
            }

            func receive(completion: Subscribers.Completion<Never>) {
                print("done: \\(completion)")
            }
        }
        """

    func testTheDemandItAsksForAndReturnsIsWhatThePublisherSends() {
        type(oneAtATime)
        type("let subject = PassthroughSubject<String, Never>()")
        type("let slow = OneAtATime()")
        XCTAssertEqual(printed("subject.subscribe(slow)"), ["subscribed"])
        XCTAssertEqual(printed("subject.send(\"a\")"), ["got a"])
        XCTAssertEqual(printed("subject.send(\"b\")"), ["got b"])
        XCTAssertEqual(printed("subject.send(\"c\")"), [], "`.none` after b: no demand, so c is dropped")
        type("slow.subscription?.request(.max(1))")
        XCTAssertEqual(printed("subject.send(\"d\")"), ["got d"])
        XCTAssertEqual(printed("subject.send(\"e\")"), ["got e"], "d returned `.max(1)`")
        XCTAssertEqual(printed("subject.send(completion: .finished)"), ["done: finished", "sink1 ✓ finished"])
    }

    func testItsRequestsAreRecordedAsTheSinksDemand() {
        type(oneAtATime)
        type("let subject = PassthroughSubject<String, Never>()")
        type("let slow = OneAtATime()")
        type("subject.subscribe(slow)")
        type("subject.send(\"a\")")
        let requests = session.events().compactMap { event -> Subscribers.Demand? in
            if case .requested("sink1", let demand, _) = event.kind { return demand }
            return nil
        }
        XCTAssertEqual(requests, [.max(1), .max(1)], "one from receive(subscription:), one returned for a")
        guard case .sink(let sink)? = session.interpreter.entries["sink1"] else {
            return XCTFail("the subscription is a sink of the session")
        }
        XCTAssertEqual(sink.demand, DemandLevel(requested: .max(2), delivered: 1))
        let table = type("types sink1")
        XCTAssertTrue(table.contains { $0.contains(".subscribe(slow)") && $0.contains("OneAtATime")
            && $0.contains("in: String") && $0.hasSuffix("Never") }, "\(table)")
        type("slow.subscription?.cancel()")
        XCTAssertEqual(sink.state, .cancelled)
        XCTAssertEqual(printed("subject.send(\"z\")"), [])
    }

    func testASubscriberMadeWhereItIsSubscribedTakesAFailure() {
        type("""
            enum Oops: Error { case boom }
            class Printer: Subscriber {
                typealias Input = Int
                typealias Failure = Oops
                func receive(subscription: Subscription) { subscription.request(.unlimited) }
                func receive(_ input: Int) -> Subscribers.Demand {
                    print("value", input)
                    return .none
                }
                func receive(completion: Subscribers.Completion<Oops>) {
                    switch completion {
                    case .finished: print("finished")
                    case .failure(let error): print("failed with \\(error)")
                    }
                }
            }
            """)
        XCTAssertEqual(printed("[1, 2].publisher.subscribe(Printer())"), ["value 1", "value 2", "finished",
            "sink1 ✓ finished"])
        type("let s = PassthroughSubject<Int, Oops>()")
        type("s.subscribe(Printer())")
        XCTAssertEqual(printed("s.send(completion: .failure(.boom))").first, "failed with boom")
    }

    func testDemandValuesReadAndPrintAsCombines() {
        XCTAssertEqual(printed("print(Subscribers.Demand.max(3))"), ["max(3)"])
        XCTAssertEqual(printed("print(Subscribers.Demand.unlimited)"), ["unlimited"])
        type("func none() -> Subscribers.Demand { .none }")
        XCTAssertEqual(printed("print(none())"), ["max(0)"], "Combine's `none` is `max(0)`")
        type("let flag = true")
        XCTAssertEqual(
            printed("print(flag ? .max(2) : .max(1))"), ["max(2)"], "a ternary's `?` is not optional chaining")
    }

    func testAClassThatIsNotASubscriberIsRefusedAndNothingChanges() {
        type("class Half { func receive(_ input: Int) -> Subscribers.Demand { .none } }")
        type("let half = Half()")
        type("let s = PassthroughSubject<Int, Never>()")
        let message = error("s.subscribe(half)")
        XCTAssertTrue(message.contains("`half` is not a subscriber"), message)
        XCTAssertTrue(message.contains("func receive(subscription:)"), message)
        XCTAssertNil(session.interpreter.entries["sink1"], "no subscription was made")
        XCTAssertTrue(error("s.subscribe(5)").contains("or `.subscribe(SUBSCRIBER)` with an instance of a class"))
        XCTAssertNotNil(session.interpreter.entries["half"])
    }

    func testAWrongDemandIsReportedWhereItHappens() {
        type("""
            class Wrong: Subscriber {
                func receive(subscription: Subscription) { subscription.request(.max(5)) }
                func receive(_ input: Int) -> Subscribers.Demand { return 3 }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            """)
        type("let s = PassthroughSubject<Int, Never>()")
        type("s.subscribe(Wrong())")
        let lines = type("s.send(1)")
        XCTAssertTrue(lines.contains { $0.contains("receive(_:) returned 3, not a `Subscribers.Demand`") }, "\(lines)")
    }

    func testMethodsThatDifferOnlyByTheirLabelsAreKeptApartAndAMethodDeclaredTwiceIsStillRefused() {
        let message = error("class Twice { func go(a: Int) {}; func go(a: Int) {} }")
        XCTAssertTrue(message.contains("`go` is declared twice"), message)
        type("class Labels { func go(a: Int) { print(\"a\", a) }; func go(b: Int) { print(\"b\", b) } }")
        guard let labels = session.interpreter.classes["Labels"] else { return XCTFail("declared") }
        XCTAssertEqual(labels.methods.map(\.name.display), ["go(a:)", "go(b:)"])
    }
}
