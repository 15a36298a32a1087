import XCTest
import Conduit

final class SubjectBasicsTests: XCTestCase {
    func testPassthroughSubjectDeliversToSink() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        cancellable.cancel()
        subject.send(3)
        XCTAssertEqual(received, [1, 2])
    }
}
