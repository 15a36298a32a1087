import Conduit
import ConduitTesting
import Foundation
import XCTest

private final class Counter: ObservableObject {
    @Published var count = 0
}

private final class SpecialCounter: ObservableObjectSubclassBase {
    @Published var label = "none"
}

private class ObservableObjectSubclassBase: ObservableObject {
    @Published var base = 0
}

/// The seed's ColorSet model (004): six published colour components.
private final class ColorSet: ObservableObject {
    @Published var foregroundRed = 0.0
    @Published var foregroundGreen = 0.0
    @Published var foregroundBlue = 0.0
    @Published var backgroundRed = 1.0
    @Published var backgroundGreen = 1.0
    @Published var backgroundBlue = 1.0
}

/// The seed's person list (004): a child's objectWillChange forwarded to its parent.
private final class PersonViewModel: Identifiable, ObservableObject {
    let id = UUID()
    @Published var first: String = ""
    @Published var last: String = ""
    @Published var phone: String = ""
}

private final class PersonListModel: ObservableObject {
    @Published var persons: [PersonViewModel] = []
    private var forwarding: [AnyCancellable] = []

    func add(_ person: PersonViewModel) {
        persons.append(person)
        person.objectWillChange
            .sink { [unowned self] _ in self.objectWillChange.send() }
            .store(in: &forwarding)
    }
}

/// The seed's hand-written model (003): objectWillChange sent in willSet.
private final class ManualCounter: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    var count = 0 {
        willSet { objectWillChange.send() }
    }
}

final class PublishedTests: XCTestCase {
    func testProjectedPublisherReplaysCurrentValueThenChanges() {
        let counter = Counter()
        counter.count = 3
        var seen: [Int] = []
        let cancellable = counter.$count.sink { seen.append($0) }
        counter.count = 4
        counter.count = 5
        XCTAssertEqual(seen, [3, 4, 5])
        cancellable.cancel()
    }

    func testPublishesInWillSet() {
        let counter = Counter()
        var observed: [(sent: Int, property: Int)] = []
        let cancellable = counter.$count.dropFirst().sink { observed.append(($0, counter.count)) }
        counter.count = 1
        XCTAssertEqual(observed.map(\.sent), [1])
        XCTAssertEqual(observed.map(\.property), [0], "the property still holds the old value while subscribers run")
        XCTAssertEqual(counter.count, 1)
        cancellable.cancel()
    }

    func testAssignToPublishedDrivesTheProperty() {
        let counter = Counter()
        let source = PassthroughSubject<Int, Never>()
        source.assign(to: &counter.$count)
        source.send(9)
        XCTAssertEqual(counter.count, 9)
    }

    func testProjectedPublisherSubscriptionIsCalledPublishedSubject() throws {
        let counter = Counter()
        let recorder = RecordingSubscriber<Int, Never>()
        counter.$count.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual("\(subscription)", "PublishedSubject")
        let parent = Mirror(reflecting: subscription).children.first { $0.label == "parent" }?.value
        XCTAssertEqual(parent.map { String(describing: $0) }, "Optional(PublishedSubject)")
        subscription.cancel()
        XCTAssertEqual("\(subscription)", "PublishedSubject", "the name stays once the subscription is cancelled")
    }
}

final class ObservableObjectTests: XCTestCase {
    func testObjectWillChangeFiresBeforeTheChange() {
        let counter = Counter()
        var seenValues: [Int] = []
        let cancellable = counter.objectWillChange.sink { seenValues.append(counter.count) }
        counter.count = 1
        counter.count = 2
        XCTAssertEqual(seenValues, [0, 1])
        cancellable.cancel()
    }

    func testSamePublisherInstanceOnEveryAccess() {
        let counter = Counter()
        XCTAssertTrue(counter.objectWillChange === counter.objectWillChange)
        XCTAssertFalse(counter.objectWillChange === Counter().objectWillChange)
    }

    func testSubclassPropertiesAnnounceChangesToo() {
        let special = SpecialCounter()
        var count = 0
        let cancellable = special.objectWillChange.sink { count += 1 }
        special.label = "ace"
        special.base = 1
        XCTAssertEqual(count, 2)
        cancellable.cancel()
    }

    func testSeedColorSetAnnouncesEveryComponent() {
        let colors = ColorSet()
        var changes = 0
        let cancellable = colors.objectWillChange.sink { changes += 1 }
        colors.foregroundRed = 0.5
        colors.backgroundBlue = 0.2
        XCTAssertEqual(changes, 2)
        cancellable.cancel()
    }

    func testSeedChildChangesAreForwardedToTheParent() {
        let list = PersonListModel()
        let person = PersonViewModel()
        list.add(person)
        var parentChanges = 0
        let cancellable = list.objectWillChange.sink { parentChanges += 1 }
        person.first = "Ada"
        person.last = "Lovelace"
        XCTAssertEqual(parentChanges, 2)
        cancellable.cancel()
    }

    func testSeedManualObjectWillChange() {
        let counter = ManualCounter()
        var before: [Int] = []
        let cancellable = counter.objectWillChange.sink { before.append(counter.count) }
        counter.count += 1
        XCTAssertEqual(before, [0])
        cancellable.cancel()
    }
}

/// The search example of seed 001, on the virtual scheduler instead of DispatchQueue.main.
final class SearchExampleTests: XCTestCase {
    struct Song: Equatable {
        let name: String
    }

    struct Offline: Error {}

    final class SearchService {
        var searched: [String] = []
        func searchSongs(query: String) -> Future<[Song], Error> {
            searched.append(query)
            return Future { promise in
                if query == "fail" { promise(.failure(Offline())) } else { promise(.success([Song(name: query
                    + "!")])) }
            }
        }
    }

    final class SearchViewModel: ObservableObject {
        @Published var query: String = ""
        @Published private(set) var songs: [Song] = []
        private var cancellable: AnyCancellable?

        init(service: SearchService, scheduler: VirtualTimeScheduler) {
            cancellable = $query
                .throttle(for: .milliseconds(300), scheduler: scheduler, latest: true)
                .removeDuplicates()
                .flatMap {
                    service.searchSongs(query: $0).catch { _ in Just([]) }
                }
                .receive(on: scheduler)
                .sink { [unowned self] in self.songs = $0 }
        }
    }

    func testSearchThrottlesDeduplicatesAndRecovers() {
        let scheduler = VirtualTimeScheduler()
        let service = SearchService()
        let model = SearchViewModel(service: service, scheduler: scheduler)
        scheduler.advance()
        XCTAssertEqual(model.songs, [Song(name: "!")])
        model.query = "s"
        model.query = "sw"
        model.query = "swi"
        scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(model.songs, [Song(name: "swi!")])
        model.query = "swi"
        scheduler.advance(by: .milliseconds(600))
        XCTAssertEqual(service.searched, ["", "swi"], "throttled, and the repeated query is not searched again")
        model.query = "fail"
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(model.songs, [], "a failed search is replaced by an empty list")
        model.query = "ok"
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(model.songs, [Song(name: "ok!")], "the pipeline goes on after a failed search")
    }
}
