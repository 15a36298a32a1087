import Conduit
import Foundation
import XCTest

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

    func testRecordIsCodedUnderARecordingKey() throws {
        let record = Record<Int, Never>(output: [4, 5], completion: .finished)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any]
        let recording = object?["recording"] as? [String: Any]
        XCTAssertEqual(recording?["output"] as? [Int], [4, 5])
        XCTAssertNotNil(recording?["completion"])
        XCTAssertThrowsError(try JSONDecoder().decode(Record<Int, Never>.self, from: Data("{}".utf8)))
    }

    func testRecordingEncodeIntoWritesWhatEncodeToWrites() throws {
        struct Wrapper: Encodable {
            let recording: Record<Int, Never>.Recording
            func encode(to encoder: Encoder) throws { try recording.encode(into: encoder) }
        }
        let recording = Record<Int, Never>.Recording(output: [1, 2], completion: .finished)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try encoder.encode(Wrapper(recording: recording)), try encoder.encode(recording))
    }

    func testSubscriptionDescribesItselfAsTheRecordedOutputOrEmpty() {
        let full = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Record<Int, Never>(output: [1, 2], completion: .finished).subscribe(full)
        XCTAssertEqual(full.subscription.map { "\($0)" }, "[1, 2]")
        var seen: [String] = []
        Record<Int, Never>(output: [], completion: .finished)
            .subscribe(AnySubscriber(receiveSubscription: { seen.append("\($0)") }))
        XCTAssertEqual(seen, ["Empty"])
    }

    func testARecordsSubscriptionShowsItsOutputAndCompletionThenCancelledEvents() throws {
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Record<Int, TestError>(output: [1, 2], completion: .failure(TestError("oops"))).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let live = Mirror(reflecting: subscription).children.map { ($0.label, String(describing: $0.value)) }
        XCTAssertEqual(live.map(\.0), ["sequence", "completion"])
        XCTAssertEqual(live.first?.1, "[1, 2]")
        XCTAssertTrue(live.last?.1.contains("oops") ?? false)
        subscriber.request(.unlimited)
        XCTAssertEqual(String(describing: subscription), "Cancelled Events")
        XCTAssertEqual(Mirror(reflecting: subscription).children.first.map { String(describing: $0.value) }, "[]")
    }
}
