import Conduit
import XCTest

final class AnyPublisherTests: XCTestCase {
    func testPlaygroundDescriptionIsTheDescription() {
        let erased = Just(1).eraseToAnyPublisher()
        XCTAssertEqual(erased.description, "AnyPublisher")
        XCTAssertEqual(erased.playgroundDescription as? String, "AnyPublisher")
    }

    /// Behind an eraser, `filter` and `map` (whose value path the eraser calls directly) answer
    /// each value as without it: a value filtered out asks for one more, one let through answers
    /// what the downstream answered; the completion and the subscription pass through.
    func testValuesCrossAnEraserIntoOperatorsWithTheirDemandAnswered() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<String, TestError>(initialDemand: .max(2), demandPerValue: .max(3))
        upstream.eraseToAnyPublisher()
            .filter { $0.isMultiple(of: 2) }
            .map { "v\($0)" }
            .subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        XCTAssertEqual(upstream.send(1), .max(1), "a value filtered out asks for one more")
        XCTAssertEqual(upstream.send(2), .max(3), "a value let through answers the downstream's demand")
        upstream.send(completion: .failure(TestError("late")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(v2)", "failure(late)"])
    }

    /// Two erasers and a chain of maps between them: every value goes through every layer once.
    func testAChainOfMapsAcrossErasersDeliversEachValueThroughEveryLayer() {
        let subject = PassthroughSubject<Int, Never>()
        var chain = subject.eraseToAnyPublisher()
        for _ in 0..<3 {
            chain = Publishers.Map(upstream: Publishers.Map(upstream: chain) { $0 * 2 }) { $0 + 1 }
                .eraseToAnyPublisher()
        }
        var received: [Int] = []
        let cancellable = chain.sink { received.append($0) }
        subject.send(0)
        subject.send(5)
        cancellable.cancel()
        subject.send(9)
        XCTAssertEqual(received, [7, 47])
    }
}
