// ObservableObject in the shapes people give it: generic models, NSObject subclasses, models with
// no @Published property that announce by hand, optional and collection properties mutated in
// place, and a parent holding an array of children it observes.
import Conduit
import Foundation
import XCTest

private final class Box<Value>: ObservableObject {
    @Published var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

private final class LegacyModel: NSObject, ObservableObject {
    @Published var title = "untitled"
    var ignored = 0
}

private final class ManualModel: ObservableObject {
    private(set) var items: [String] = []

    func add(_ item: String) {
        objectWillChange.send()
        items.append(item)
    }
}

private struct Address: Equatable {
    var city: String
    var zip: String
}

private final class Profile: ObservableObject {
    @Published var address = Address(city: "Lyon", zip: "69001")
    @Published var nickname: String?
    @Published var tags: Set<String> = []
    @Published var scores: [String: Int] = [:]
}

private final class TodoItem: ObservableObject, Identifiable {
    let id = UUID()
    @Published var done = false
}

private final class TodoList: ObservableObject {
    @Published private(set) var items: [TodoItem] = []
    private var itemChanges: AnyCancellable?

    var remaining: Int { items.filter { !$0.done }.count }

    func add(_ item: TodoItem) {
        items.append(item)
        itemChanges = Publishers.MergeMany(items.map(\.objectWillChange))
            .sink { [weak self] _ in self?.objectWillChange.send() }
    }
}

final class ObservableObjectVariantsTests: XCTestCase {
    func testGenericAndNSObjectModels() {
        let box = Box([1])
        var seen: [[Int]] = []
        var changes = 0
        var cancellables = Set<AnyCancellable>()
        box.$value.sink { seen.append($0) }.store(in: &cancellables)
        box.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
        box.value.append(2)
        box.value = []
        XCTAssertEqual(seen, [[1], [1, 2], []])
        XCTAssertEqual(changes, 2)

        let legacy = LegacyModel()
        var titles: [String] = []
        legacy.$title.dropFirst().sink { titles.append($0) }.store(in: &cancellables)
        legacy.objectWillChange.sink { changes += 10 }.store(in: &cancellables)
        legacy.title = "draft"
        legacy.ignored = 5
        XCTAssertEqual(titles, ["draft"])
        XCTAssertEqual(changes, 12, "only the @Published property announces")
    }

    func testModelWithoutPublishedPropertiesAnnouncesByHand() {
        let model = ManualModel()
        var counts: [Int] = []
        let c = model.objectWillChange.sink { counts.append(model.items.count) }
        model.add("a")
        model.add("b")
        XCTAssertEqual(counts, [0, 1], "sent before each change")
        XCTAssertTrue(model.objectWillChange === model.objectWillChange, "one publisher per object")
        c.cancel()
    }

    func testMutatingPropertiesInPlace() {
        let profile = Profile()
        var cities: [String] = []
        var nicknames: [String?] = []
        var tagCounts: [Int] = []
        var changes = 0
        var cancellables = Set<AnyCancellable>()
        profile.$address.map(\.city).removeDuplicates().sink { cities.append($0) }.store(in: &cancellables)
        profile.$nickname.sink { nicknames.append($0) }.store(in: &cancellables)
        profile.$tags.map(\.count).sink { tagCounts.append($0) }.store(in: &cancellables)
        profile.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
        profile.address.city = "Paris"
        profile.address.zip = "75001"
        profile.nickname = "Al"
        profile.nickname? += "ex"
        profile.nickname = nil
        profile.tags.insert("swift")
        profile.tags.insert("swift")
        profile.scores["a", default: 0] += 1
        XCTAssertEqual(cities, ["Lyon", "Paris"])
        XCTAssertEqual(nicknames, [nil, "Al", "Alex", nil])
        XCTAssertEqual(tagCounts, [0, 1, 1], "inserting an existing member still writes the property")
        XCTAssertEqual(changes, 8)
        XCTAssertEqual(profile.scores, ["a": 1])
    }

    func testParentObservesAnArrayOfChildren() {
        let list = TodoList()
        let first = TodoItem()
        let second = TodoItem()
        var remaining: [Int] = []
        let c = list.objectWillChange
            .receive(on: ImmediateScheduler.shared)
            .sink { [unowned list] in remaining.append(list.remaining) }
        list.add(first)
        list.add(second)
        first.done = true
        second.done = true
        second.done = false
        XCTAssertEqual(remaining, [0, 1, 2, 1, 0], "each announcement comes before its change")
        XCTAssertEqual(list.remaining, 1)
        c.cancel()
    }
}
