// Sending from inside a subscriber through operators that deliver on a scheduler: on a
// synchronous scheduler the value sent from inside is delivered at once (nested), exactly as a
// sink directly on the subject receives it; on a queue it comes after, in order.
import Conduit
import Foundation
import XCTest

final class ReentrantSchedulingTests: XCTestCase {
    private func nestedLog<P: Publisher>(_ make: (PassthroughSubject<Int,
        Never>) -> P) -> [String] where P.Output == Int, P.Failure == Never {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = make(subject).sink { value in
            log.append("begin \(value)")
            if value == 1 { subject.send(2) }
            log.append("end \(value)")
        }
        subject.send(1)
        c.cancel()
        return log
    }

    func testReentrantSendThroughSynchronousSchedulersIsDeliveredAtOnce() {
        let direct = nestedLog { $0 }
        XCTAssertEqual(direct, ["begin 1", "begin 2", "end 2", "end 1"])
        XCTAssertEqual(nestedLog { $0.receive(on: ImmediateScheduler.shared) }, direct)
        XCTAssertEqual(nestedLog { $0.delay(for: .zero, scheduler: ImmediateScheduler.shared) }, direct)
        XCTAssertEqual(nestedLog { $0.debounce(for: .zero, scheduler: ImmediateScheduler.shared) }, direct)
        XCTAssertEqual(nestedLog { $0.subscribe(on: ImmediateScheduler.shared) }, direct)
    }

    func testReentrantSendThroughAQueueComesAfterInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let queue = DispatchQueue(label: "compat.reentrant", attributes: .concurrent)
        var log: [String] = []
        let done = expectation(description: "three values")
        let c = subject.receive(on: queue).sink { value in
            log.append("begin \(value)")
            if value < 3 { subject.send(value + 1) }
            log.append("end \(value)")
            if value == 3 { done.fulfill() }
        }
        subject.send(1)
        wait(for: [done], timeout: 5)
        queue.sync(flags: .barrier) {}
        XCTAssertEqual(log, ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        c.cancel()
    }
}
