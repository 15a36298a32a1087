import Conduit
import Foundation
import XCTest

/// `append` and `prepend` of publishers (`Publishers.Concatenate`).
final class ConcatenateTests: XCTestCase {
    func testZeroDemandReachesTheCurrentSourceInsteadOfTrapping() {
        let prefix = ManualPublisher<Int, Never>()
        let suffix = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(4))
        prefix.append(suffix).subscribe(recorder)
        recorder.request(.none)
        XCTAssertEqual(prefix.subscription.requests, [.max(4), .none])
        prefix.send(1)
        prefix.send(completion: .finished)
        XCTAssertEqual(suffix.subscription.requests, [.max(3)])
        XCTAssertEqual(recorder.values, [1])
    }
}
