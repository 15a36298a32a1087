// View models in the style of Combine tutorials: subjects, @Published, ObservableObject,
// assign(to:on:), assign(to: &$x) and stored cancellables.
import Conduit
import Foundation
import XCTest

private final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    @Published var isLoading = false
    let catalogue = ["apple", "apricot", "banana", "cherry"]

    init() {
        $query
            .map { [catalogue] q in q.isEmpty ? [] : catalogue.filter { $0.hasPrefix(q) } }
            .assign(to: &$results)
    }
}

private final class CounterViewModel {
    let increments = PassthroughSubject<Int, Never>()
    let total = CurrentValueSubject<Int, Never>(0)
    var label = ""
    private var cancellables: [AnyCancellable] = []

    init() {
        increments
            .scan(0, +)
            .sink { [weak self] in self?.total.send($0) }
            .store(in: &cancellables)
        total
            .map { "Total: \($0)" }
            .assign(to: \.label, on: self)
            .store(in: &cancellables)
    }
}

private final class Settings: ObservableObject {
    @Published var volume = 5
    @Published var name = "default"
}

final class ViewModelTests: XCTestCase {
    func testPublishedPropertyFeedsAnotherThroughAssignToPublished() {
        let model = SearchViewModel()
        XCTAssertEqual(model.results, [])
        model.query = "ap"
        XCTAssertEqual(model.results, ["apple", "apricot"])
        model.query = "b"
        XCTAssertEqual(model.results, ["banana"])
    }

    func testPublishedEmitsCurrentValueAndThenEachNewValueBeforeTheSet() {
        let settings = Settings()
        var seen: [Int] = []
        var storedDuringSink: [Int] = []
        let c = settings.$volume.sink { value in
            seen.append(value)
            storedDuringSink.append(settings.volume)
        }
        settings.volume = 7
        settings.volume = 9
        XCTAssertEqual(seen, [5, 7, 9])
        XCTAssertEqual(storedDuringSink, [5, 5, 7], "@Published publishes in willSet")
        c.cancel()
    }

    func testObjectWillChangeFiresOncePerPublishedChange() {
        let settings = Settings()
        var changes = 0
        let c = settings.objectWillChange.sink { changes += 1 }
        settings.volume = 1
        settings.name = "x"
        XCTAssertEqual(changes, 2)
        c.cancel()
        settings.volume = 2
        XCTAssertEqual(changes, 2)
    }

    func testCounterViewModelWithSubjectsAndAssignOn() {
        let model = CounterViewModel()
        XCTAssertEqual(model.label, "Total: 0")
        model.increments.send(2)
        model.increments.send(3)
        XCTAssertEqual(model.total.value, 5)
        XCTAssertEqual(model.label, "Total: 5")
    }

    func testCurrentValueSubjectReplaysAndValueSetterSends() {
        let subject = CurrentValueSubject<String, Never>("a")
        var seen: [String] = []
        let c = subject.sink { seen.append($0) }
        subject.value = "b"
        subject.send("c")
        subject.send(completion: .finished)
        subject.send("d")
        XCTAssertEqual(seen, ["a", "b", "c"])
        XCTAssertEqual(subject.value, "c")
        c.cancel()
    }

    func testPassthroughSubjectSendsOnlyAfterSubscriptionAndStopsAfterCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(0)
        var seen: [Int] = []
        var completions = 0
        var bag = Set<AnyCancellable>()
        subject.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { seen.append($0) }).store(in: &bag)
        subject.send(1)
        subject.send(completion: .finished)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(seen, [1])
        XCTAssertEqual(completions, 1)
        var late = 0
        subject.sink(receiveCompletion: { _ in late += 1 }, receiveValue: { _ in }).store(in: &bag)
        XCTAssertEqual(late, 1, "a late subscriber gets the completion")
    }

    func testVoidSubjectSendWithoutArgumentAndSubscribeSubject() {
        let taps = PassthroughSubject<Void, Never>()
        var count = 0
        let c = taps.sink { count += 1 }
        taps.send()
        taps.send(())
        XCTAssertEqual(count, 2)
        let relay = CurrentValueSubject<Int, Never>(0)
        let c2 = [1, 2, 3].publisher.subscribe(relay)
        XCTAssertEqual(relay.value, 3)
        c.cancel()
        c2.cancel()
    }

    func testAnyCancellableCancelsOnDeinitAndStoresInSetAndArray() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var set: Set<AnyCancellable>? = []
        var array: [AnyCancellable]? = []
        subject.sink { seen.append($0) }.store(in: &set!)
        subject.sink { seen.append($0 * 10) }.store(in: &array!)
        subject.send(1)
        set = nil
        subject.send(2)
        array = nil
        subject.send(3)
        XCTAssertEqual(seen, [1, 10, 20])
        var cancelled = false
        let custom = AnyCancellable { cancelled = true }
        custom.cancel()
        XCTAssertTrue(cancelled)
        let fromCancellable = AnyCancellable(subject.sink { _ in })
        XCTAssertEqual(fromCancellable, fromCancellable)
    }

    func testAssignToOnWithAClass() {
        final class Label { var text = "" }
        let label = Label()
        let c = ["a", "b"].publisher.assign(to: \.text, on: label)
        XCTAssertEqual(label.text, "b")
        c.cancel()
    }
}
