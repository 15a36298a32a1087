// The programs of Combine's guide articles ("Receiving and Handling Events with Combine",
// "Processing Published Elements with Subscribers", "Using Combine for Your App's Asynchronous
// Code", "Replacing Foundation Timers with Timer Publishers", "Controlling Publishing with
// Connectable Publishers"), with shorter intervals and a text field made of a plain class.
// Swift 5 language mode, as those articles' apps are.
import Conduit
import Foundation
import XCTest

// MARK: - Receiving and Handling Events with Combine

private final class TextField {
    static let textDidChangeNotification = Notification.Name("TextField.textDidChange")
    var stringValue = "" {
        didSet { NotificationCenter.default.post(name: TextField.textDidChangeNotification, object: self) }
    }
}

private final class MyViewModel {
    var filterString = ""
}

// MARK: - Processing Published Elements with Subscribers

private final class MySubscriber: Subscriber {
    typealias Input = Date
    typealias Failure = Never
    var subscription: Subscription?
    var received: [Date] = []
    var completions = 0
    let gotThree: XCTestExpectation

    init(gotThree: XCTestExpectation) {
        self.gotThree = gotThree
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) {
            subscription.request(.max(3))
        }
    }

    func receive(_ input: Date) -> Subscribers.Demand {
        received.append(input)
        if received.count == 3 {
            gotThree.fulfill()
        }
        return Subscribers.Demand.none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions += 1
    }
}

// MARK: - Using Combine for Your App's Asynchronous Code

private final class AsyncCodeExamples {
    var cancellable: AnyCancellable?

    func performAsyncActionAsFuture() -> Future <Void, Never> {
        return Future() { promise in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                promise(Result.success(()))
            }
        }
    }

    func performAsyncActionAsFutureWithParameter() -> Future <Int, Never> {
        return Future() { promise in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                let rn = Int.random(in: 1...10)
                promise(Result.success(rn))
            }
        }
    }
}

private final class DownloadWithProgressOperation: Operation, @unchecked Sendable {
    var progressPublisher = PassthroughSubject<(Int64, Int64), Never>()
    let total: Int64 = 4

    override func main() {
        for received in 1...total {
            progressPublisher.send((received, total))
        }
        progressPublisher.send(completion: .finished)
    }
}

final class AppleGuideArticlesTests: XCTestCase {
    func testTextFieldNotificationsDebouncedAndAssigned() {
        let filterField = TextField()
        let myViewModel = MyViewModel()
        let sub = NotificationCenter.default
            .publisher(for: TextField.textDidChangeNotification, object: filterField)
            .map( { ($0.object as! TextField).stringValue } )
            .filter( { $0.unicodeScalars.allSatisfy({CharacterSet.alphanumerics.contains($0)}) } )
            .debounce(for: .milliseconds(50), scheduler: RunLoop.main)
            .receive(on: RunLoop.main)
            .assign(to:\MyViewModel.filterString, on: myViewModel)
        filterField.stringValue = "s"
        filterField.stringValue = "sw"
        filterField.stringValue = "sw!"
        filterField.stringValue = "swift"
        let other = TextField()
        other.stringValue = "ignored"
        XCTAssertEqual(myViewModel.filterString, "", "debounced: nothing yet")
        // Waits for the assignment itself (a fixed 0.3 s could end first on a loaded machine).
        runMainRunLoop(until: { myViewModel.filterString != "" })
        XCTAssertEqual(myViewModel.filterString, "swift")
        sub.cancel()
    }

    func testCustomSubscriberRequestsThreeTimerValuesLater() {
        let timerPub = Timer.publish(every: 0.01, on: .main, in: .default)
            .autoconnect()
        let gotThree = expectation(description: "three dates")
        let mySub = MySubscriber(gotThree: gotThree)
        timerPub.subscribe(mySub)
        XCTAssertTrue(mySub.received.isEmpty)
        wait(for: [gotThree], timeout: 5)
        let settle = expectation(description: "more timer ticks")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { settle.fulfill() }
        wait(for: [settle], timeout: 5)
        XCTAssertEqual(mySub.received.count, 3, "no more than the three it asked for")
        XCTAssertEqual(mySub.received, mySub.received.sorted())
        XCTAssertEqual(mySub.completions, 0)
        mySub.subscription?.cancel()
    }

    func testBackPressureOperatorsOnUnlimitedDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var latest: [Int] = []
        var firsts: [Int] = []
        var cancellables = Set<AnyCancellable>()
        subject
            .debounce(for: .milliseconds(30), scheduler: DispatchQueue.main)
            .sink { latest.append($0) }
            .store(in: &cancellables)
        subject
            .throttle(for: .seconds(10), scheduler: DispatchQueue.main, latest: false)
            .sink { firsts.append($0) }
            .store(in: &cancellables)
        for value in 1...5 {
            subject.send(value)
        }
        runMainRunLoop(until: { !latest.isEmpty })
        XCTAssertEqual(latest, [5])
        XCTAssertEqual(firsts, [1])
    }

    func testFuturesFromTheAsynchronousCodeArticle() {
        let examples = AsyncCodeExamples()
        let succeeded = expectation(description: "Future succeeded")
        examples.cancellable = examples.performAsyncActionAsFuture()
            .sink() { _ in succeeded.fulfill() }
        wait(for: [succeeded], timeout: 5)

        let number = expectation(description: "random number")
        var received: Int?
        examples.cancellable = examples.performAsyncActionAsFutureWithParameter()
            .map { $0 * 2 }
            .sink() { received = $0; number.fulfill() }
        wait(for: [number], timeout: 5)
        XCTAssertNotNil(received)
        XCTAssertTrue((2...20).contains(received ?? 0))
        XCTAssertEqual((received ?? 1) % 2, 0)
    }

    func testSubjectReplacesRepeatedCompletionHandlerCalls() {
        let operation = DownloadWithProgressOperation()
        var progress: [String] = []
        var finished = false
        let cancellable = operation.progressPublisher
            .map { received, total in Double(received) / Double(total) }
            .sink(receiveCompletion: { _ in finished = true },
                  receiveValue: { progress.append(String(format: "%.2f", $0)) })
        let queue = OperationQueue()
        queue.addOperations([operation], waitUntilFinished: true)
        XCTAssertEqual(progress, ["0.25", "0.50", "0.75", "1.00"])
        XCTAssertTrue(finished)
        cancellable.cancel()
    }

    func testTimerPublishersReplaceFoundationTimers() {
        var ticks = 0
        let fired = expectation(description: "three ticks")
        var cancellable: Cancellable?
        cancellable = Timer.publish(every: 0.01, on: .main, in: .default)
            .autoconnect()
            .sink() { _ in
                ticks += 1
                if ticks == 3 {
                    fired.fulfill()
                    cancellable?.cancel()
                }
            }
        wait(for: [fired], timeout: 5)
        let quiet = expectation(description: "no more ticks")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { quiet.fulfill() }
        wait(for: [quiet], timeout: 5)
        XCTAssertEqual(ticks, 3, "cancel stops the timer")

        let timer = Timer.publish(every: 0.01, on: .main, in: .common)
        var connectedTicks: [Date] = []
        let gotTwo = expectation(description: "two ticks after connect")
        let sink = timer.sink {
            connectedTicks.append($0)
            if connectedTicks.count == 2 { gotTwo.fulfill() }
        }
        let beforeConnect = expectation(description: "nothing before connect")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.03) { beforeConnect.fulfill() }
        wait(for: [beforeConnect], timeout: 5)
        XCTAssertTrue(connectedTicks.isEmpty, "a timer publisher waits for connect()")
        let connection = timer.connect()
        wait(for: [gotTwo], timeout: 5)
        connection.cancel()
        sink.cancel()
    }

    func testConnectablePublisherLetsBothSubscribersSeeTheOneResult() {
        var fetches = 0
        let download = Deferred { () -> Future<Data, URLError> in
            fetches += 1
            return Future { promise in
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                    promise(.success(Data(repeating: 7, count: 42)))
                }
            }
        }
        let connectable = download
            .map() { $0 }
            .catch() { _ in Just(Data() )}
            .share()
            .makeConnectable()

        var log: [String] = []
        let cancellable1 = connectable
            .sink(receiveCompletion: { log.append("Received completion 1: \($0).") },
                  receiveValue: { log.append("Received data 1: \($0.count) bytes.") })
        var cancellable2: AnyCancellable?
        var connection: Cancellable?
        let done = expectation(description: "both subscribers finished")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
            cancellable2 = connectable
                .sink(receiveCompletion: { log.append("Received completion 2: \($0)."); done.fulfill() },
                      receiveValue: { log.append("Received data 2: \($0.count) bytes.") })
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) {
            XCTAssertEqual(fetches, 0, "nothing is fetched before connect()")
            connection = connectable.connect()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(fetches, 1)
        XCTAssertEqual(log, [
            "Received data 1: 42 bytes.",
            "Received data 2: 42 bytes.",
            "Received completion 1: finished.",
            "Received completion 2: finished.",
        ])
        cancellable1.cancel()
        cancellable2?.cancel()
        connection?.cancel()
    }
}

/// Runs the main run loop until `condition` holds, or for at most `limit` seconds (a limit that
/// only turns a hang into a failure: on a loaded machine timers fire late, but they fire).
private func runMainRunLoop(until condition: () -> Bool, limit: TimeInterval = 10) {
    let deadline = Date().addingTimeInterval(limit)
    while !condition(), Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.01))
    }
}
