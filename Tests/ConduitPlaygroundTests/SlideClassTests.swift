import XCTest

@testable import ConduitPlayground

/// A class as slides write it (issue 28): it keeps its subscriptions in
/// `var cancellables = Set<AnyCancellable>()`, subscribes in `init` with `[weak self]` and
/// `.store(in: &cancellables)`; and a class that fails to declare says so where it is used.
final class SlideClassTests: SessionTestCase {
    private let counter = """
        class Counter {
            let subject = PassthroughSubject<Int, Never>()
            var total = 0
            var cancellables = Set<AnyCancellable>()
            init() {
                subject.sink { [weak self] v in self?.total += v }.store(in: &cancellables)
            }
        }
        """

    func testTheTypeAStatementDeclaresIsReadFromItsFirstWords() {
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "class Counter {"), "Counter")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "  final class Box: ObservableObject {"), "Box")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "struct Song {}"), "Song")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "\nenum Suit: String { case a }"), "Suit")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "public struct Café {}"), "Café")
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "send s 5"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "let classes = 3"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "class"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: ""))
        // Modifiers before the word, words that only start like one, and a word past ASCII.
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "final public class Box {}"), "Box")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "fileprivate enum E { case a }"), "E")
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "static func f() {}"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "lazy var x = 1"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "classy Box"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "enumerate E"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "fïnal class Box"))
        XCTAssertNil(FailedDeclarations.declaredTypeName(in: "cla\u{301}ss Box"))
    }

    func testACounterHoldingItsCancellablesAddsWhatItsSubjectSends() {
        XCTAssertFalse(session.evaluate(counter).contains { $0.kind == .error })
        XCTAssertFalse(session.evaluate("let counter = Counter()").contains { $0.kind == .error })
        type("counter.subject.send(3)")
        type("counter.subject.send(4)")
        XCTAssertEqual(printed("print(counter.total)"), ["7"])
    }

    func testTheReadmesCardTableRunsWithEachTableItsOwnSubjects() {
        let program = """
            final class CardTable {
                let taps = PassthroughSubject<String, Never>()
                let isOn = CurrentValueSubject<Bool, Never>(true)
                var cancellables = Set<AnyCancellable>()

                init() {
                    taps.combineLatest(isOn)
                        .filter { _, on in on }
                        .map { name, _ in name }
                        .sink { print("picked", $0) }
                        .store(in: &cancellables)
                }
            }
            let table = CardTable()
            let other = CardTable()
            table.taps.send("ace")
            table.isOn.send(false)
            table.taps.send("queen")
            other.taps.send("king")
            """
        XCTAssertEqual(printed(program), ["picked ace", "picked king"])
    }

    func testEveryFormOfTheStoreIsAnEmptyPropertyInAClassBody() {
        let program = """
            class Store {
                var a = Set<AnyCancellable>()
                var b = [AnyCancellable]()
                var c: Set<AnyCancellable> = []
                private var d: [AnyCancellable] = []
                var n = 1
            }
            let store = Store()
            print(store.n, store.a.count, store.c.count)
            """
        XCTAssertEqual(printed(program).last, "1 0 0")
    }

    func testAFailedClassIsNamedWhereItIsUsedLater() {
        let failed = session.evaluate("class Broken { var x = }")
        XCTAssertTrue(failed.contains { $0.kind == .error })
        let use = error("let b = Broken()")
        XCTAssertTrue(use.contains("`Broken` is not declared: its declaration (line 1) failed"), use)
        XCTAssertFalse(use.contains("unknown function"), use)
        // Declared again, it serves, and the note is gone.
        XCTAssertFalse(session.evaluate("class Broken { var x = 1 }").contains { $0.kind == .error })
        XCTAssertEqual(printed("let b = Broken(); print(b.x)").last, "1")
        XCTAssertTrue(error("let c = Brokn()").contains("unknown function"))
    }

    func testASinkAtTheTopLevelSetsAnObjectsProperty() {
        let program = """
            class Label { var text = "" }
            let label = Label()
            let names = PassthroughSubject<String, Never>()
            let kept1x = names.sink { label.text = $0 }
            names.send("ace")
            print(label.text)
            """
        XCTAssertEqual(printed(program).last, "ace")
    }

    func testAppendOnAPublishedArrayFromASinkPublishesTheNewArray() {
        let program = """
            struct Person { var name = "" }
            class Model: ObservableObject { @Published var persons: [Person] = [] }
            let model = Model()
            let kept2x = model.$persons.sink { print($0.map { $0.name }) }
            let names = PassthroughSubject<String, Never>()
            let kept3x = names.sink { model.persons.append(Person(name: $0)) }
            names.send("ana")
            let p = Person(name: "bo")
            model.persons.append(p)
            """
        XCTAssertEqual(printed(program), ["[]", "[\"ana\"]", "[\"ana\", \"bo\"]"])
    }

    func testASinkCannotSetAFieldOfAStructValueAndSaysWhy() {
        type("struct Point { var x = 0 }")
        type("var point = Point(x: 1)")
        type("let xs = PassthroughSubject<Int, Never>()")
        type("let kept1 = xs.sink { point.x = $0 }")
        let records = session.evaluate("xs.send(2)")
        let text = records.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("a closure sets the properties of an object"), text)
    }
}
