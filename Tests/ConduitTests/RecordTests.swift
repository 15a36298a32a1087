import XCTest
import Conduit
import Foundation

final class RecordTests: XCTestCase {
    func testRecordReplaysOutputAndCompletionToEachSubscriber() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(TestError("end")))
        }
        for _ in 0..<2 {
            let subscriber = RecordingSubscriber<Int, TestError>()
            record.subscribe(subscriber)
            XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "failure(end)"])
        }
    }

    func testRecordHonoursDemand() {
        let record = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        record.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertNil(subscriber.completion)
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func testRecordingRoundTripsThroughJSON() throws {
        let record = Record<Int, Never>(output: [4, 5], completion: .finished)
        let data = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(Record<Int, Never>.self, from: data)
        XCTAssertEqual(decoded.recording.output, [4, 5])
        XCTAssertEqual(decoded.recording.completion, .finished)
    }
}
