// Publishers and subscribers named through `some` and `any` with their primary associated
// types, as Swift 5.7+ Combine code does.
import Conduit
import Foundation
import XCTest

private func evens(upTo n: Int) -> some Publisher<Int, Never> {
    (0...n).publisher.filter { $0 % 2 == 0 }
}

private func anyNumbers(_ flag: Bool) -> any Publisher<Int, Never> {
    flag ? Just(1) : [2, 3].publisher
}

private func collect<P: Publisher<Int, Never>>(_ publisher: P) -> [Int] {
    var out: [Int] = []
    _ = publisher.sink { out.append($0) }
    return out
}

final class OpaqueAndExistentialTypesTests: XCTestCase {
    func testOpaquePublisherWithPrimaryAssociatedTypes() {
        XCTAssertEqual(collect(evens(upTo: 6)), [0, 2, 4, 6])
        XCTAssertEqual(collect(evens(upTo: 3).map { $0 + 1 }), [1, 3])
    }

    func testExistentialPublisherOpenedIntoGenericCode() {
        XCTAssertEqual(collect(anyNumbers(true)), [1])
        XCTAssertEqual(collect(anyNumbers(false)), [2, 3])
    }

    func testExistentialSubjectsSubscribersAndCancellables() {
        let subject: any Subject<Int, Never> = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let sink: any Subscriber<Int, Never> = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in },
            receiveValue: { values.append($0) })
        subject.subscribe(AnySubscriber(sink))
        subject.send(5)
        XCTAssertEqual(values, [5])
        let cancellables: [any Cancellable] = [AnyCancellable {}, sink as! Subscribers.Sink<Int, Never>]
        cancellables.forEach { $0.cancel() }
        subject.send(6)
        XCTAssertEqual(values, [5])
        let scheduler: any Scheduler = DispatchQueue.main
        XCTAssertNotNil(scheduler)
    }
}
