// The seed documents' Combine programs, written as their readers write them on Apple platforms
// (DispatchQueue.main, Future services, ObservableObject models), with only the import changed.
import Conduit
import Foundation
import XCTest

// MARK: - Seed 001: the search view model (throttle, removeDuplicates, flatMap, catch, receive(on:))

private struct Song: Identifiable, Equatable {
    let id = UUID()
    let name: String

    static func == (lhs: Song, rhs: Song) -> Bool { lhs.name == rhs.name }
}

private struct SearchFailed: Error {}

private final class SearchService: @unchecked Sendable {
    private let lock = NSLock()
    private var queries: [String] = []
    var searched: [String] { lock.withLock { queries } }

    func searchSongs(query: String) -> Future<[Song], Error> {
        lock.withLock { queries.append(query) }
        return Future { promise in
            DispatchQueue.global().async {
                if query == "fail" {
                    promise(.failure(SearchFailed()))
                } else {
                    promise(.success([Song(name: query.uppercased())]))
                }
            }
        }
    }
}

private final class SearchViewModel: ObservableObject {
    @Published var query: String = ""
    @Published private(set) var songs: [Song] = []
    private var cancellable: AnyCancellable?

    init(service: SearchService) {
        cancellable = $query
            .throttle(for: .milliseconds(300), scheduler: DispatchQueue.main, latest: true)
            .removeDuplicates()
            .flatMap {
                service.searchSongs(query: $0).catch { _ in
                    Just([])
                }
            }
            .receive(on: DispatchQueue.main)
            .sink { [unowned self] in self.songs = $0 }
    }
}

// MARK: - Seed 001: objectWillChange written by hand, and forwarded as an AnyPublisher

private final class Player: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    var currentSong: String? {
        willSet { objectWillChange.send() }
    }
}

private final class ErasedObservable<Wrapped: ObservableObject>: ObservableObject {
    let wrappedValue: Wrapped

    init(_ wrappedValue: Wrapped) {
        self.wrappedValue = wrappedValue
    }

    var objectWillChange: AnyPublisher<Void, Never> {
        wrappedValue.objectWillChange.map { _ in () }.eraseToAnyPublisher()
    }
}

// MARK: - Seed 000: a computed property backed by storage, with its own ObservableObjectPublisher

private final class Defaults: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    private var store: [String: String] = [:]
    var username: String {
        get { store["name"] ?? "" }
        set {
            self.objectWillChange.send()
            store["name"] = newValue
        }
    }
}

// MARK: - Seed 004: a child's objectWillChange forwarded to its parent

private final class PersonViewModel: ObservableObject, Identifiable {
    let id = UUID()
    @Published var first: String
    @Published var last: String

    init(first: String, last: String) {
        self.first = first
        self.last = last
    }
}

private final class PersonListModel: ObservableObject {
    @Published var persons: [PersonViewModel] = []
    private var cancellables = Set<AnyCancellable>()

    func add(_ person: PersonViewModel) {
        person.objectWillChange
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
        persons.append(person)
    }
}

// MARK: - Seed 002: delegate closures between a parent and a child model

private struct Standup: Equatable, Identifiable {
    let id: Int
    var title: String
}

private final class EditStandupModel: ObservableObject {
    @Published var standup: Standup
    var onDeleteButtonTapped: () -> Void = {}

    init(standup: Standup) {
        self.standup = standup
    }

    func deleteButtonTapped() {
        self.onDeleteButtonTapped()
    }
}

private final class StandupListsModel: ObservableObject {
    @Published var standups: [Standup] = []
    @Published var editStandup: EditStandupModel? {
        didSet { self.bind() }
    }

    init(standups: [Standup] = [], editStandup: EditStandupModel? = nil) {
        self.standups = standups
        self.editStandup = editStandup
        self.bind()
    }

    func standupTapped(standup: Standup) {
        self.editStandup = EditStandupModel(standup: standup)
    }

    private func bind() {
        self.editStandup?.onDeleteButtonTapped = { [weak self] in
            guard let self else { return }
            self.standups.removeAll { $0 == self.editStandup?.standup }
            self.editStandup = nil
        }
    }
}

// MARK: - Seed 003: an app state announced before it changes

private final class AppState: ObservableObject {
    @Published var count = 0
    @Published var favoritePrimes: [Int] = []
}

final class SeedDocumentProgramsTests: XCTestCase {
    func testSearchViewModelOnTheMainQueue() {
        let service = SearchService()
        let model = SearchViewModel(service: service)
        let found = expectation(description: "the burst's last query is searched")
        let results = model.$songs.filter { $0 == [Song(name: "SWIFT")] }.first().sink { _ in found.fulfill() }
        model.query = "s"
        model.query = "sw"
        model.query = "swift"
        wait(for: [found], timeout: 5)
        results.cancel()
        XCTAssertEqual(service.searched, ["swift"],
                       "throttle emits on the main queue: by then the first window's latest query is the burst's last")

        let failed = expectation(description: "a failed search becomes an empty list")
        let empty = model.$songs.dropFirst().first().sink { _ in failed.fulfill() }
        model.query = "fail"
        wait(for: [failed], timeout: 5)
        empty.cancel()
        XCTAssertEqual(model.songs, [])
    }

    func testHandWrittenObjectWillChangeAndItsErasedForwarding() {
        let player = Player()
        let erased = ErasedObservable(player)
        var direct = 0
        var forwarded = 0
        var seenBeforeChange: [String?] = []
        let a = player.objectWillChange.sink { direct += 1; seenBeforeChange.append(player.currentSong) }
        let b = erased.objectWillChange.sink { forwarded += 1 }
        player.currentSong = "Intro"
        player.currentSong = "Outro"
        XCTAssertEqual(direct, 2)
        XCTAssertEqual(forwarded, 2)
        XCTAssertEqual(seenBeforeChange, [nil, "Intro"], "announced before the change")
        a.cancel()
        b.cancel()
    }

    func testComputedPropertyAnnouncesThroughItsOwnPublisher() {
        let defaults = Defaults()
        var names: [String] = []
        let c = defaults.objectWillChange.sink { names.append(defaults.username) }
        defaults.username = "matt"
        defaults.username = "neuburg"
        XCTAssertEqual(names, ["", "matt"])
        XCTAssertEqual(defaults.username, "neuburg")
        c.cancel()
    }

    func testChildChangesAreForwardedToTheParent() {
        let list = PersonListModel()
        let ada = PersonViewModel(first: "Ada", last: "Lovelace")
        let alan = PersonViewModel(first: "Alan", last: "Turing")
        var parentChanges = 0
        let c = list.objectWillChange.sink { parentChanges += 1 }
        list.add(ada)
        list.add(alan)
        XCTAssertEqual(parentChanges, 2, "appending to persons")
        ada.first = "Augusta"
        alan.last = "M. Turing"
        XCTAssertEqual(parentChanges, 4, "each child's change reaches the parent")
        c.cancel()
        ada.first = "Ada"
        XCTAssertEqual(parentChanges, 4)
    }

    func testDelegateClosureBoundByTheParent() {
        let standups = [Standup(id: 1, title: "Design"), Standup(id: 2, title: "Engineering")]
        let model = StandupListsModel(standups: standups)
        var editing: [Int?] = []
        let c = model.$editStandup.sink { editing.append($0?.standup.id) }
        model.standupTapped(standup: standups[0])
        model.editStandup?.deleteButtonTapped()
        XCTAssertEqual(model.standups, [standups[1]])
        XCTAssertNil(model.editStandup)
        XCTAssertEqual(editing, [nil, 1, nil])

        let preset = StandupListsModel(standups: standups, editStandup: EditStandupModel(standup: standups[1]))
        preset.editStandup?.deleteButtonTapped()
        XCTAssertEqual(preset.standups, [standups[0]], "the closure is bound at init too")
        c.cancel()
    }

    func testAppStateAnnouncesEachChangeBeforeItHappens() {
        let state = AppState()
        var log: [String] = []
        let c = state.objectWillChange.sink { log.append("will change from \(state.count) \(state.favoritePrimes)") }
        let d = state.$count.sink { log.append("count \($0)") }
        state.count += 1
        state.favoritePrimes.append(2)
        state.count += 1
        XCTAssertEqual(log, [
            "count 0",
            "will change from 0 []", "count 1",
            "will change from 1 []",
            "will change from 1 [2]", "count 2",
        ])
        c.cancel()
        d.cancel()
    }
}
