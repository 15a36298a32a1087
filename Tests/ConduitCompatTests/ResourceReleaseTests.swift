// What Combine programs rely on to avoid leaks: subscribers, closures and objects are let go
// once a subscription completes or is cancelled, view models holding their own subscriptions
// deinitialise, and assign(to: &$property) makes no retain cycle.
import Conduit
import Foundation
import XCTest

private final class Tracked {
    var value = 0
}

private final class Listener: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

private final class SelfObservingModel: ObservableObject {
    @Published var query = ""
    @Published var uppercased = ""
    @Published var length = 0
    private var cancellables = Set<AnyCancellable>()

    init(ticks: PassthroughSubject<Void, Never>) {
        $query.map { $0.uppercased() }.assign(to: &$uppercased)
        $query
            .map(\.count)
            .sink { [weak self] in self?.length = $0 }
            .store(in: &cancellables)
        ticks
            .sink { [weak self] in self?.query += "." }
            .store(in: &cancellables)
    }
}

final class ResourceReleaseTests: XCTestCase {
    func testSinkLetsItsClosureGoAfterCompletionAndCancel() {
        weak var released: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = subject.sink { tracked.value = $0 }
        }
        subject.send(1)
        XCTAssertNotNil(released, "held while subscribed")
        subject.send(completion: .finished)
        XCTAssertNil(released, "the closure is released once the subscription completes")
        _ = cancellable

        weak var cancelled: Tracked?
        let other = PassthroughSubject<Int, Never>()
        do {
            let tracked = Tracked()
            cancelled = tracked
            cancellable = other.map { $0 + 1 }.sink { tracked.value = $0 }
        }
        XCTAssertNotNil(cancelled)
        cancellable?.cancel()
        XCTAssertNil(cancelled, "the closure is released on cancel")
    }

    func testAssignLetsItsObjectGoAfterCompletionAndCancel() {
        weak var released: Tracked?
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = Just(5).assign(to: \.value, on: tracked)
            XCTAssertEqual(tracked.value, 5)
        }
        XCTAssertNil(released, "Just completed: assign releases its object")
        _ = cancellable

        let subject = CurrentValueSubject<Int, Never>(1)
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = subject.assign(to: \.value, on: tracked)
        }
        XCTAssertNotNil(released, "assign(to:on:) holds its object strongly while subscribed")
        cancellable = nil
        XCTAssertNil(released, "and lets it go when the cancellable goes")
    }

    func testSubjectsLetSubscribersGoAfterCompletionAndCancel() {
        let subject = PassthroughSubject<Int, Never>()
        weak var listener: Listener?
        do {
            let strong = Listener()
            listener = strong
            subject.subscribe(strong)
        }
        XCTAssertNotNil(listener, "a subject keeps its subscribers")
        subject.send(completion: .finished)
        XCTAssertNil(listener, "and lets them go on completion")

        let current = CurrentValueSubject<Int, Never>(0)
        weak var erased: AnyObject?
        var token: AnyCancellable?
        defer { withExtendedLifetime(token) {} }
        do {
            let tracked = Tracked()
            erased = tracked
            token = current.sink { tracked.value = $0 }
        }
        current.send(3)
        XCTAssertNotNil(erased)
        token = nil
        XCTAssertNil(erased, "dropping the AnyCancellable cancels and releases")
        current.send(4)
    }

    func testViewModelObservingItselfDeinitialises() {
        let ticks = PassthroughSubject<Void, Never>()
        weak var weakModel: SelfObservingModel?
        do {
            let model = SelfObservingModel(ticks: ticks)
            weakModel = model
            model.query = "ab"
            ticks.send()
            XCTAssertEqual(model.uppercased, "AB.")
            XCTAssertEqual(model.length, 3)
            var changes = 0
            let c = model.objectWillChange.sink { changes += 1 }
            model.query = "x"
            XCTAssertEqual(changes, 3, "query, then uppercased through assign(to:), then length")
            c.cancel()
        }
        XCTAssertNil(weakModel, "assign(to: &$x) and [weak self] sinks make no retain cycle")
        ticks.send()
    }

    func testOperatorChainsAndSharedPublishersLetGoOnCancel() {
        weak var released: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        var cancellables = Set<AnyCancellable>()
        do {
            let tracked = Tracked()
            released = tracked
            let shared = subject
                .map { value -> Int in tracked.value = value; return value }
                .filter { _ in true }
                .share()
            shared.sink { _ in }.store(in: &cancellables)
            shared.sink { _ in }.store(in: &cancellables)
        }
        subject.send(1)
        XCTAssertEqual(released?.value, 1)
        cancellables.removeAll()
        XCTAssertNil(released, "the upstream chain is torn down when the last subscriber leaves")

        weak var future: Tracked?
        do {
            let tracked = Tracked()
            future = tracked
            _ = Future<Int, Never> { promise in
                tracked.value = 1
                promise(.success(1))
            }
            .sink { _ in }
        }
        XCTAssertNil(future, "a fulfilled Future keeps nothing of its closure")
    }
}
