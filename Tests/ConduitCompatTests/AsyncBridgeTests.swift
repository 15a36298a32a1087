// Publishers consumed with async/await through `values`.
import Conduit
import Foundation
import XCTest

final class AsyncBridgeTests: XCTestCase {
    func testForAwaitOverValuesOfASequencePublisher() async {
        var seen: [Int] = []
        for await value in [1, 2, 3].publisher.map({ $0 * 2 }).values {
            seen.append(value)
        }
        XCTAssertEqual(seen, [2, 4, 6])
    }

    func testForTryAwaitOverAFailingPublisherThrows() async {
        enum Boom: Error { case boom }
        var seen: [Int] = []
        do {
            for try await value in [1, 2].publisher.setFailureType(to: Boom.self).append(Fail(error: .boom)).values {
                seen.append(value)
            }
            XCTFail("expected a throw")
        } catch {
            XCTAssertTrue(error is Boom)
        }
        XCTAssertEqual(seen, [1, 2])
    }

    func testAwaitingTheFirstValueOfAFuture() async {
        let future = Future<Int, Never> { promise in
            DispatchQueue.global().async { promise(.success(7)) }
        }
        var iterator = future.values.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, 7)
    }
}
