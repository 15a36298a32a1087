import XCTest

@testable import ConduitPlayground

/// Methods of a class pasted from the seed documents (002's standup models): `func` bodies run as
/// a closure's statements with `self` and the class's members, may set properties, and are called
/// as Swift calls them; a class may be made with its properties by name.
final class ClassMethodTests: SessionTestCase {
    func testAMethodSetsPropertiesThroughSelfAndByName() {
        let program = """
            class AppState: ObservableObject {
              @Published var count = 0

              func increment() { count += 1 }
              func reset() {
                print("resetting \\(count)")
                self.count = 0
              }
            }
            let state = AppState()
            let kept1x = state.$count.sink { print("count \\($0)") }
            state.increment()
            state.increment()
            state.reset()
            """
        XCTAssertEqual(printed(program), ["count 0", "count 1", "count 2", "resetting 2", "count 0"])
    }

    func testSeed002ParentMakesItsChildModelInAMethod() {
        let program = """
            class EditStandupModel: ObservableObject {
              @Published var standup: Standup

              func deleteButtonTapped() {
              }
            }
            class StandupListsModel: ObservableObject {
              @Published var standups: [Standup] = []
              @Published var editStandup: EditStandupModel?

              func standupTapped(standup: Standup) {
                self.editStandup = EditStandupModel(standup: standup)
              }
            }
            let model = StandupListsModel()
            let kept2x = model.$editStandup.sink { print("editing: \\($0?.standup.title ?? "nothing")") }
            model.standupTapped(standup: Standup(title: "Daily"))
            model.editStandup?.deleteButtonTapped()
            """
        XCTAssertEqual(printed(program), ["editing: nothing", "editing: Daily"])
        XCTAssertEqual(printed("model.editStandup.standup"), ["{title: \"Daily\"}"])
    }

    func testMethodsCallEachOtherAndTakeArguments() {
        type("class Greeter { var greeting = \"Hello\"; func greet(name: String) { print(phrase(name)) }; "
            + "func phrase(_ name: String) -> String { return greeting + \", \" + name } }")
        type("let greeter = Greeter()")
        XCTAssertEqual(printed("greeter.greet(name: \"Ada\")"), ["Hello, Ada"])
        XCTAssertEqual(printed("print(greeter.phrase(\"Grace\"))"), ["Hello, Grace"])
    }

    func testAClassMadeWithPropertiesByNameStartsWithThem() {
        type("class Person: ObservableObject { @Published var first = \"\"; var last = \"\" }")
        type("let ada = Person(first: \"Ada\", last: \"Lovelace\")")
        XCTAssertEqual(printed("print(ada.first, ada.last)"), ["Ada Lovelace"])
        XCTAssertTrue(
            error("let bad = Person(frist: \"x\")").contains("Person has no property `frist`; did you mean `first`?"))
        XCTAssertTrue(error("let worse = Person(\"x\")").contains("takes its properties by name"))
    }

    func testAMistakeInAMethodSaysWhatWouldBeRight() {
        type("subject taps")
        type("sink out = taps")
        type("class Counter { var count = 0; func increment() { count += 1 } }")
        type("let counter = Counter()")
        let misspelt = error("counter.incremnt()")
        XCTAssertTrue(misspelt.contains("counter has no method `incremnt`; did you mean `increment`?"), misspelt)
        XCTAssertTrue(error("counter.increment(2)").contains("counter.increment takes 0 arguments, not 1"))
        XCTAssertTrue(error("class A { func f() }").contains("`func f` needs its body in braces"))
        XCTAssertTrue(error("class B { func f() { print($0) } }").contains("`func f` takes no `$0`"))
        XCTAssertTrue(error("class C { init() print(1) }").contains("`init` needs its body in braces"))
        XCTAssertTrue(error("object D { func f() { } }").contains("belongs to a `class`"))
        XCTAssertTrue(error("class E { var f = 1; func f() { } }").contains("`f` is declared twice"))
        // A `?.` chain on the left sets the property unless the owner is nil, as Swift does (issue 28).
        type("class F { var child: Counter?; func g() { self.child?.count = 5 } }")
        type("let f = F()")
        type("f.g()")
        type("f.child = counter")
        type("f.g()")
        XCTAssertEqual(printed("counter.count"), ["5"])
        type("counter.count = 0")
        XCTAssertEqual(values("send taps 1"), ["out ← 1"], "the session's names and sinks are intact")
        XCTAssertEqual(printed("counter.increment()\ncounter.count"), ["1"])
    }

    func testSeed002DelegateClosureIsCalledByTheChildAndReplacedByTheParent() {
        let program = """
            class EditStandupModel: ObservableObject {
              @Published var standup: Standup
              var onDeleteButtonTapped: () -> Void = {}

              func deleteButtonTapped() {
                // Let the parent know that the delete button was tapped.
                self.onDeleteButtonTapped()
              }
            }
            let model = EditStandupModel(standup: Standup(title: "Daily"))
            model.deleteButtonTapped()
            model.onDeleteButtonTapped = { print("delete \\(model.standup.title)") }
            model.deleteButtonTapped()
            """
        XCTAssertEqual(printed(program), ["delete Daily"], "the default closure does nothing")
        type("model.onDeleteButtonTapped = {}")
        XCTAssertEqual(printed("model.deleteButtonTapped()"), [])
        XCTAssertTrue(error("model.standup = { print(1) }").contains("holds no closure"))
        XCTAssertTrue(error("model.onDeleteButtonTapped = 5").contains("holds a closure: give it one"))
    }

    func testSeed002UnimplementedClosureSaysSoWhenCalled() {
        type("class EditStandupModel: ObservableObject { var onDeleteButtonTapped: () -> Void = unimplemented(\n"
            + "    \"EditStandupModel.onDeleteButtonTapped\"\n  ) }")
        type("let model = EditStandupModel()")
        XCTAssertEqual(
            printed("model.onDeleteButtonTapped()"), ["unimplemented: EditStandupModel.onDeleteButtonTapped"])
    }

    func testSeed002ClosuresGivenInAMethodOrAfterAnInitialiserSayWhatWorks() {
        type("subject taps")
        type("sink out = taps")
        type("class EditStandupModel: ObservableObject { @Published var standup: Standup; "
            + "var onDeleteButtonTapped: () -> Void = {}; "
            + "init(standup: Standup, onSave: @escaping () -> Void = {}) { self.standup = standup }; "
            + "func deleteButtonTapped() { onDeleteButtonTapped() } }")
        let seed002 = """
            class StandupListsModel: ObservableObject {
              @Published var standups: [Standup] = []
              @Published var editStandup: EditStandupModel? {
                didSet { self.bind() }
              }
              init(standups: [Standup] = [], editStandup: EditStandupModel? = nil) {
                self.standups = standups
                self.editStandup = editStandup
                self.bind()
              }
              // Override delegate closures in all child models.
              private func bind() {
                self.editStandup?.onDeleteButtonTapped = { [weak self] in
                  guard let self
                  else { return }
                  print("deleting \\(self.editStandup?.standup.title ?? "")")
                  self.standups = []
                }
              }
              func standupTapped(standup: Standup) {
                self.editStandup = EditStandupModel(standup: standup)
              }
            }
            """
        XCTAssertEqual(printed(seed002), [])
        type("let lists = StandupListsModel(standups: [Standup(title: \"Daily\")])")
        type("lists.standupTapped(standup: Standup(title: \"Daily\"))")
        XCTAssertEqual(printed("lists.editStandup?.deleteButtonTapped()"), ["deleting Daily"])
        XCTAssertEqual(printed("print(lists.standups)"), ["[]"])
        type("class Holder: ObservableObject { var child: EditStandupModel?; "
            + "func f() { self.child?.standup = { print(1) } } }")
        type("let holder = Holder()")
        XCTAssertEqual(printed("holder.f()"), [], "no child: nothing is set, as with Swift's ?.")
        type("holder.child = EditStandupModel(standup: Standup(title: \"x\"))")
        let notClosure = error("holder.f()")
        XCTAssertTrue(notClosure.contains("EditStandupModel.standup holds no closure"), notClosure)
        let trailing = error("class ListModel { var child: EditStandupModel?; func tapped(standup: Standup) { "
            + "self.child = EditStandupModel(standup: standup) { [weak self] _ in print(1) } } }")
        XCTAssertTrue(trailing.contains(
            "a trailing closure after `EditStandupModel(...)` is not read here: the playground's initialisers take "
                + "values, not closures; make the object, then give its closure property the closure"), trailing)
        XCTAssertNil(session.interpreter.classes["ListModel"])
        type("class ListModel: ObservableObject { @Published var child: EditStandupModel?; "
            + "func tapped(standup: Standup) { self.child = EditStandupModel(standup: standup) } }")
        type("let model = ListModel()")
        type("model.tapped(standup: Standup(title: \"Daily\"))")
        type("model.child?.onDeleteButtonTapped = { print(\"deleted \\(model.child.standup.title)\") }")
        XCTAssertEqual(printed("model.child?.deleteButtonTapped()"), ["deleted Daily"])
        XCTAssertEqual(values("send taps 1"), ["out ← 1"], "the session's names and sinks are intact")
    }

    func testAStaticSingletonIsMadeOnceWhenFirstRead() {
        // It made an instance per instance, without end, and the playground crashed on its stack.
        type("final class Settings {\n    static let shared = Settings()\n    var volume = 5\n}")
        type("Settings.shared.volume = 7")
        XCTAssertEqual(printed("print(Settings.shared.volume)"), ["7"], "every read is the one instance")
        type("extension Settings { func louder() { volume += 1 } }")
        type("Settings.shared.louder()")
        XCTAssertEqual(printed("print(Settings.shared.volume)"), ["8"], "a method called through it")
        type("class Counter { static var made = 0; init() { Counter.made += 1 } }")
        type("let first = Counter(); let second = Counter()")
        XCTAssertEqual(printed("print(Counter.made)"), ["2"], "a static var set through its type, in an init")
        type("Counter.made = 10")
        XCTAssertEqual(printed("print(Counter.made)"), ["10"], "and at the top level")
        type("struct Version { static let current = Version(major: 2); var major = 1 }")
        XCTAssertEqual(printed("print(Version.current, Version())"), ["Version(major: 2) Version(major: 1)"],
            "a struct's static is no field of its values")
        type("class Loop { static let me = Loop.me }")
        XCTAssertTrue(error("print(Loop.me)").contains("is read while its own value is being made"))
    }

    func testAnOptionalClosurePropertyIsCalledWithQuestionMarkUnlessNil() {
        type("""
            class Downloader {
                var onFinish: ((String) -> Void)? = nil
                func start() { onFinish?("file.txt") }
            }
            """)
        type("let d = Downloader()")
        XCTAssertEqual(printed("d.start()"), [], "nil: nothing is called")
        type("d.onFinish = { name in print(\"finished\", name) }")
        XCTAssertEqual(printed("d.start()"), ["finished file.txt"])
        XCTAssertEqual(printed("d.onFinish?(\"other\")"), ["finished other"])
    }

    func testASubclassInheritsPropertiesInitialiserAndMethodsAndOverridesItsOwn() {
        type("""
            class Animal {
                let name: String
                init(name: String) { self.name = name }
                func speak() -> String { "..." }
                func describe() -> String { self.name + " says " + self.speak() }
            }
            """)
        type("class Dog: Animal { override func speak() -> String { \"Woof\" } }")
        type("let dog = Dog(name: \"Rex\")")
        XCTAssertEqual(printed("print(dog.name, dog.speak())"), ["Rex Woof"])
        XCTAssertEqual(printed("print(Animal(name: \"Cat\").speak())"), ["..."], "the superclass keeps its own")
        type("class Cat: Animal { override func speak() -> String { name + \" says meow\" } }")
        XCTAssertEqual(printed("print(Cat(name: \"Tom\").describe())"), ["Tom says Tom says meow"],
            "an inherited member is named without `self.`, and the superclass's method calls the override")
    }

    func testAMethodChangesAnElementOfItsArrayPropertyInPlace() {
        type("struct User { let id: Int; var name: String }")
        type("""
            final class UserStore: ObservableObject {
                @Published var users: [User] = []
                func add(_ name: String) { users.append(User(id: users.count + 1, name: name)) }
                func rename(id: Int, to name: String) {
                    guard let index = users.firstIndex(where: { $0.id == id }) else { return }
                    users[index].name = name
                }
                func reset(at index: Int) { users[index] = User(id: 0, name: "-") }
            }
            """)
        type("let store = UserStore()")
        type("let names = store.$users.map { $0.map(\\.name) }.sink { print(\"names:\", $0) }")
        type("store.add(\"Ann\"); store.add(\"Bo\")")
        XCTAssertEqual(printed("store.rename(id: 2, to: \"Bob\")"), ["names: [\"Ann\", \"Bob\"]"],
            "the @Published array is set with the element changed, and publishes")
        XCTAssertEqual(printed("store.reset(at: 0)"), ["names: [\"-\", \"Bob\"]"])
    }

    /// A method declared without `->` returns `()`, as Swift's does: calling it prints nothing of its
    /// body's last value; one declared with `-> Int` gives it.
    func testAMethodWithoutAReturnTypeGivesNothingToPrint() {
        type("class Box { var n = 2; func touch() { n * 10 }; func tens() -> Int { n * 10 } }")
        type("let box = Box()")
        XCTAssertEqual(printed("box.touch()"), [])
        XCTAssertEqual(printed("box.tens()"), ["20"])
    }
}
