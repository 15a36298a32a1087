import XCTest

@testable import ConduitPlayground

/// A class's `init(...) { ... }` runs when an object is made, as seeds 001 and 002 write it:
/// `self.x = x`, defaults for arguments left out, and pipelines started inside whose subscriptions
/// the object keeps (`cancellable = $query...sink { }`, `.store(in: &cancellables)`).
final class InitialiserTests: SessionTestCase {
    private let searchViewModel = """
        final class SearchViewModel: ObservableObject {
            @Published var query: String = ""
            @Published private(set) var songs: [String] = []
            private var cancellable: AnyCancellable?
            init() {
                cancellable = $query
                    .debounce(for: .milliseconds(500), scheduler: RunLoop.main)
                    .removeDuplicates()
                    .map { "song for \\($0)" }
                    .sink { [unowned self] in self.songs.append($0) }
            }
        }
        """

    func testSeed001ViewModelStartsItsDebouncedPipelineInItsInit() {
        XCTAssertEqual(printed(searchViewModel), [])
        XCTAssertEqual(printed("let vm = SearchViewModel()"), [])
        type("let kept1 = vm.$songs.sink { print(\"songs: \\($0)\") }")
        XCTAssertEqual(printed("vm.query = \"a\""), [], "the debounce waits on the virtual clock")
        XCTAssertEqual(printed("tick 300ms"), [])
        XCTAssertEqual(printed("vm.query = \"ab\""), [])
        XCTAssertEqual(printed("tick 600ms"), ["songs: [\"song for ab\"]"])
        XCTAssertEqual(printed("print(vm.songs)"), ["[\"song for ab\"]"])
        XCTAssertTrue(type("subs").joined(separator: "\n").contains("debounce ← vm.$query"))
    }

    func testEachObjectKeepsItsOwnSubscriptions() {
        type(searchViewModel)
        type("let first = SearchViewModel()")
        type("let second = SearchViewModel()")
        type("first.query = \"x\"")
        type("tick 600ms")
        // The first saw "" then "x" at once (the debounce keeps the last), the second "" alone.
        XCTAssertEqual(printed("print(first.songs, second.songs)"), ["[\"song for x\"] [\"song for \"]"])
    }

    func testSeed002InitWithDefaultsAndStoredSubscriptions() {
        let program = """
            class EditStandupModel: ObservableObject {
              @Published var standup: Standup
              init(standup: Standup) {
                self.standup = standup
              }
            }
            class StandupListsModel: ObservableObject {
              @Published var standups: [Standup]
              @Published var editStandup: EditStandupModel?
              private var cancellables: Set<AnyCancellable> = []

              init(
                standups: [Standup] = [],
                editStandup: EditStandupModel? = nil
              ) {
                self.standups = standups
                self.editStandup = editStandup
                $standups.sink { print("standups: \\($0.count)") }.store(in: &cancellables)
              }

              func standupTapped(standup: Standup) {
                self.editStandup = EditStandupModel(standup: standup)
              }
            }
            """
        XCTAssertEqual(printed(program), [])
        XCTAssertEqual(printed("let model = StandupListsModel()"), ["standups: 0"])
        XCTAssertEqual(printed("let two = StandupListsModel(standups: [Standup(title: \"a\"), Standup(title: \"b\")])"),
            ["standups: 2"])
        XCTAssertEqual(
            printed("let editing = StandupListsModel(editStandup: EditStandupModel(standup: Standup(title: \"x\")))"),
            ["standups: 0"])
        // An optional chain's value is optional: Swift prints it as `Optional("x")`.
        XCTAssertEqual(printed("print(editing.editStandup?.standup.title)"), ["Optional(\"x\")"])
        XCTAssertEqual(printed("two.standups = []"), ["standups: 0"])
        type("model.standupTapped(standup: Standup(title: \"Weekly\"))")
        XCTAssertEqual(printed("print(model.editStandup?.standup.title)"), ["Optional(\"Weekly\")"],
            "init runs inside a method")
    }

    func testParametersWithoutLabelsAndOtherLabels() {
        type("class Greeter { var greeting: String; var count = 0; init(_ greeting: String, _ count: Int = 1) "
            + "{ self.greeting = greeting; self.count = count } }")
        type("let hi = Greeter(\"hi\")")
        XCTAssertEqual(printed("print(hi.greeting, hi.count)"), ["hi 1"])
        type("let hey = Greeter(\"hey\", 3)")
        XCTAssertEqual(printed("print(hey.greeting, hey.count)"), ["hey 3"])
        type("class Repeater { var word: String; var count = 0; init(word: String, times count: Int = 1) "
            + "{ self.word = word; self.count = count } }")
        type("let echo = Repeater(word: \"echo\", times: 2)")
        XCTAssertEqual(printed("print(echo.word, echo.count)"), ["echo 2"])
    }

    func testAMalformedInitSaysWhatWouldBeRight() {
        type("subject taps")
        type("sink out = taps")
        // Swift's words, from its tree, then what the playground reads.
        XCTAssertTrue(error("class A { var n = 0; init(n) { self.n = n } }").contains(
            "expected ':' and type in parameter (fix-it: insert ':' and type); write `init() { ... }` or "
                + "`init(name: String) { self.name = name }`"))
        XCTAssertTrue(error("class B { var n = 0; init(n: Int) self.n = n }").contains(
            "`init` needs its body in braces, such as `init(name: String) { self.name = name }`"))
        XCTAssertTrue(error("class C { init?() { } }").contains("a failable `init?` is not run here"))
        XCTAssertTrue(error("class D { var n = 0; init(n: Int) { print($0) } }").contains(
            "`init` takes no `$0`: its parameters are `n`, and the object is `self`"))
        let classes = session.interpreter.classes
        XCTAssertNil(classes["A"] ?? classes["B"] ?? classes["C"] ?? classes["D"])
        XCTAssertEqual(values("send taps 1"), ["out ← 1"], "the session's names and sinks are intact")
    }

    func testAWrongLabelOrAMissingArgumentSaysWhatTheInitTakes() {
        type("class Model: ObservableObject { @Published var standup: String; "
            + "init(standup: String, rank: Int = 1) { self.standup = standup } }")
        type("let kept = Model(standup: \"kept\")")
        type("let kept2 = kept.$standup.sink { print($0) }")
        let wrong = error("let m = Model(standop: \"x\")")
        XCTAssertTrue(wrong.contains(
            "Model's init has no argument `standop:` here (did you mean `standup:`?): it is "
                + "`init(standup:rank:)`, its arguments in that order"), wrong)
        let order = error("let m = Model(rank: 2, standup: \"x\")")
        XCTAssertTrue(order.contains("Model's init has no argument `rank:` here: it is `init(standup:rank:)`"), order)
        let missing = error("let m = Model()")
        XCTAssertTrue(missing.contains(
            "Model's init needs `standup:` (it is `init(standup:rank:)`); write `Model(standup: VALUE)`"), missing)
        let extra = error("let m = Model(standup: \"x\", rnk: 2)")
        XCTAssertTrue(extra.contains(
            "Model's init has no argument `rnk:` here (did you mean `rank:`?): it is `init(standup:rank:)`, "
                + "its arguments in that order"), extra)
        XCTAssertNil(session.interpreter.entries["m"])
        XCTAssertEqual(printed("kept.standup = \"still\""), ["still"], "the session keeps its names and sinks")
    }

    func testAnInitThatReadsAPropertyNotSetMakesNoObjectAndStartsNothing() {
        type("subject taps")
        type("class Reader: ObservableObject { @Published var query = \"\"; var name: String; "
            + "var cancellables: Set<AnyCancellable> = []; "
            + "init() { $query.sink { print($0) }.store(in: &cancellables); "
            + "print(name.count) } }")
        let before = type("subs")
        let failed = error("let r = Reader()")
        XCTAssertTrue(failed.contains("in Reader's init:"), failed)
        XCTAssertTrue(failed.contains("the object is not made"), failed)
        XCTAssertNil(session.interpreter.entries["r"])
        XCTAssertEqual(type("subs"), before, "the sink the init started is gone with it")
        type("class Unset { var name: String; var count = 0; init() { count = 2 } }")
        let unset = error("let u = Unset()")
        XCTAssertTrue(unset.contains(
            "Unset's init leaves `name` without a value: set `self.name = ...` in it, or declare "
                + "`var name: String? = nil`; the object is not made"), unset)
        XCTAssertNil(session.interpreter.entries["u"])
    }

    func testANameAlreadyTakenStartsNothing() {
        type(searchViewModel)
        type("subject vm")
        let before = type("subs")
        let taken = error("let vm = SearchViewModel()")
        XCTAssertTrue(taken.contains("`vm` already names a subject"), taken)
        XCTAssertEqual(type("subs"), before, "the sink the init started is gone with the object")
    }
}
