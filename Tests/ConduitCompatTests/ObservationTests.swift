// @Published and ObservableObject as SwiftUI-era view models use them, in Swift 6 mode,
// including main-actor view models, inheritance and a custom objectWillChange.
import Conduit
import Foundation
import XCTest

@MainActor
private final class ProfileViewModel: ObservableObject {
    @Published var firstName = ""
    @Published var lastName = ""
    @Published private(set) var fullName = ""
    @Published private(set) var isValid = false

    init() {
        $firstName.combineLatest($lastName)
            .map { "\($0) \($1)".trimmingCharacters(in: .whitespaces) }
            .assign(to: &$fullName)
        $fullName.map { !$0.isEmpty }.removeDuplicates().assign(to: &$isValid)
    }
}

private class BaseModel: ObservableObject {
    @Published var base = 0
}

private final class DerivedModel: BaseModel {
    @Published var derived = ""
}

private final class ManualModel: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    var count = 0 {
        willSet { objectWillChange.send() }
    }
}

final class ObservationTests: XCTestCase {
    @MainActor
    func testMainActorViewModelChainsPublishedProperties() {
        let model = ProfileViewModel()
        var changes = 0
        let c = model.objectWillChange.sink { _ in changes += 1 }
        model.firstName = "Ada"
        XCTAssertEqual(model.fullName, "Ada")
        XCTAssertTrue(model.isValid)
        model.lastName = "Lovelace"
        XCTAssertEqual(model.fullName, "Ada Lovelace")
        XCTAssertEqual(changes, 5, "assign(to: &$fullName) and assign(to: &$isValid) announce their changes too")
        let typed: Published<String>.Publisher = model.$fullName
        var latest: [String] = []
        let c2 = typed.sink { latest.append($0) }
        XCTAssertEqual(latest, ["Ada Lovelace"])
        c.cancel()
        c2.cancel()
    }

    func testSubclassPublishedPropertiesFireTheInheritedObjectWillChange() {
        let model = DerivedModel()
        var changes = 0
        let c = model.objectWillChange.sink { changes += 1 }
        model.base = 1
        model.derived = "x"
        XCTAssertEqual(changes, 2)
        c.cancel()
    }

    func testCustomObjectWillChangePublisher() {
        let model = ManualModel()
        var changes = 0
        let c = model.objectWillChange.sink { changes += 1 }
        model.count += 1
        model.count += 1
        XCTAssertEqual(changes, 2)
        c.cancel()
        let publisher = ObservableObjectPublisher()
        var fired = 0
        let c2 = publisher.sink { fired += 1 }
        publisher.send()
        XCTAssertEqual(fired, 1)
        c2.cancel()
    }

    func testPublishedInitialValueAndWrappedValueInit() {
        final class Model {
            @Published var items: [Int]
            @Published var name: String? = nil
            init(items: [Int]) { _items = Published(initialValue: items) }
        }
        let model = Model(items: [1])
        var seen: [[Int]] = []
        let c = model.$items.sink { seen.append($0) }
        model.items.append(2)
        XCTAssertEqual(seen, [[1], [1, 2]])
        var names: [String?] = []
        let c2 = model.$name.sink { names.append($0) }
        model.name = "n"
        XCTAssertEqual(names, [nil, "n"])
        c.cancel()
        c2.cancel()
    }

    @MainActor
    func testAsyncValuesOfAPublishedPropertyOnTheMainActor() async {
        let model = ProfileViewModel()
        let task = Task { @MainActor in
            var seen: [String] = []
            for await name in model.$fullName.values {
                seen.append(name)
                if name == "Grace" { break }
            }
            return seen
        }
        await Task.yield()
        model.firstName = "Grace"
        let seen = await task.value
        XCTAssertEqual(seen.last, "Grace")
    }
}
