import XCTest

@testable import ConduitPlayground

/// Classes pasted from the seed documents that do without `@Published`: property observers
/// (`willSet`, `didSet`) and the subjects a class declares itself (`let objectWillChange =
/// PassthroughSubject<Void, Never>()`). Each must print what the Swift program prints.
final class PropertyObserverTests: SessionTestCase {
    /// Lines a (possibly multi-line) source printed, without the informational ones.

    /// The error a source gave, with where it points (`file:line:column`).
    private func failure(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let records = session.evaluate(source, file: "paste.swift")
        guard let error = records.first(where: { $0.kind == .error }) else {
            XCTFail("expected an error, got \(records.map(\.text))", file: file, line: line)
            return ""
        }
        return error.text
    }

    func testSeed001ViewModelAnnouncesOnItsOwnObjectWillChangeFromWillSet() {
        let program = """
            final class SearchViewModel: ObservableObject {
                let objectWillChange = PassthroughSubject<Void, Never>()
                private(set) var songs: [String] = [] {
                    willSet { objectWillChange.send() }
                }
            }
            let vm = SearchViewModel()
            let c = vm.objectWillChange.sink { print("will change") }
            vm.songs = ["a"]
            """
        XCTAssertEqual(printed(program), ["will change"])
        XCTAssertEqual(printed("vm.songs"), ["[\"a\"]"])
        type("c.cancel()")
        XCTAssertEqual(printed("vm.songs = [\"b\"]"), [], "the cancelled sink hears nothing")
    }

    func testWillSetSeesTheNewValueAndDidSetTheOldOneAroundTheStore() {
        let program = """
            class Counter {
                var count = 0 {
                    willSet { print("will set \\(count) to \\(newValue)") }
                    didSet { print("did set \\(count), was \\(oldValue)") }
                }
            }
            let counter = Counter()
            counter.count = 5
            """
        XCTAssertEqual(printed(program), ["will set 0 to 5", "did set 5, was 0"])
        XCTAssertEqual(printed("counter.count += 1"), ["will set 5 to 6", "did set 6, was 5"])
    }

    func testObserversMayNameTheirValueAndReachTheObjectAsSelf() {
        let program = """
            class Volume {
                var level = 1 {
                    willSet(next) { print("from \\(self.level) to \\(next)") }
                    didSet(previous) { print("was \\(previous), now \\(self.level)") }
                }
            }
            let volume = Volume()
            volume.level = 2
            """
        XCTAssertEqual(printed(program), ["from 1 to 2", "was 1, now 2"])
    }

    func testSeed003DidSetSendsOnADidChangeSubjectTheClassHolds() {
        let program = """
            class AppState {
              var didChange = PassthroughSubject<Void, Never>()
              var count = 0 {
                didSet {
                  self.didChange.send()
                }
              }
            }
            let state = AppState()
            let kept1x = state.didChange.sink { print("changed to \\(state.count)") }
            state.count += 1
            """
        XCTAssertEqual(printed(program), ["changed to 1"])
        XCTAssertEqual(printed("state.didChange.send()"), ["changed to 1"], "sent from outside too")
    }

    func testSeed003WillSetSendsTheSynthesisedObjectWillChange() {
        let program = """
            class AppState: ObservableObject {
              var count = 0 {
                willSet {
                  self.objectWillChange.send()
                }
              }
            }
            let state = AppState()
            let kept2x = state.objectWillChange.sink { print("will change from \\(state.count)") }
            state.count = 3
            """
        XCTAssertEqual(printed(program), ["will change from 0"])
    }

    func testObserversOfAPublishedPropertyRunAroundItsAnnouncements() {
        type("class Player: ObservableObject { @Published var song = \"a\" { willSet { print(\"willSet\") } "
            + "didSet { print(\"didSet\") } } }")
        type("let player = Player()")
        type("let kept1 = player.objectWillChange.sink { print(\"objectWillChange\") }")
        type("let kept2 = player.$song.dropFirst().sink { print(\"$song \\($0)\") }")
        XCTAssertEqual(printed("player.song = \"b\""), ["willSet", "objectWillChange", "$song b", "didSet"])
    }

    func testAHandDeclaredObservableObjectPublisherIsTheOnePublishedPropertiesAnnounceOn() {
        type("class Defaults: ObservableObject { let objectWillChange = ObservableObjectPublisher(); "
            + "@Published var name = \"\" }")
        type("let defaults = Defaults()")
        type("let kept3 = defaults.objectWillChange.sink { print(\"will change\") }")
        XCTAssertEqual(printed("defaults.name = \"Ada\""), ["will change"])
        XCTAssertEqual(printed("defaults.objectWillChange.send()"), ["will change"])
    }

    func testAHandDeclaredPassthroughSubjectHearsOnlyWhatIsSentToIt() {
        type("class Model: ObservableObject { let objectWillChange = PassthroughSubject<Void, Never>(); "
            + "@Published var name = \"\" }")
        type("let model = Model()")
        type("sink changes = model.objectWillChange")
        XCTAssertEqual(values("model.name = \"Ada\""), [], "as in Swift, @Published announces on its own publisher")
        XCTAssertEqual(values("model.objectWillChange.send()"), ["changes ← ()"])
    }

    func testEachInstanceHasItsOwnSubjects() {
        type("class Tap { let taps = PassthroughSubject<String, Never>(); "
            + "let level = CurrentValueSubject<Int, Never>(1) }")
        type("let left = Tap()")
        type("let right = Tap()")
        type("sink l = left.taps")
        type("sink r = right.taps")
        XCTAssertEqual(values("left.taps.send(\"x\")"), ["l ← \"x\""])
        XCTAssertEqual(values("sink lv = left.level"), ["lv ← 1"], "a CurrentValueSubject gives its value")
        XCTAssertEqual(values("left.level.send(2)"), ["lv ← 2"])
        XCTAssertEqual(values("sink rv = right.level"), ["rv ← 1"])
    }

    func testAHeldSubjectIsNotReplacedAndAPublisherHasNoSend() {
        type("class Model { let changes = PassthroughSubject<Void, Never>(); var name = \"\" }")
        type("let model = Model()")
        let replaced = error("model.changes = 1")
        XCTAssertTrue(replaced.contains("holds the object's own subject"), replaced)
        XCTAssertTrue(replaced.contains("model.changes.send(...)"), replaced)
        type("class Other: ObservableObject { var name = \"\" { willSet { name.send() } } }")
        type("let other = Other()")
        let sent = printed("other.name = \"x\"")
        XCTAssertTrue(sent.first?.contains("in other.name's willSet") ?? false, "\(sent)")
        XCTAssertTrue(sent.first?.contains("string \"\" is not a subject: it has no `send`") ?? false, "\(sent)")
        XCTAssertEqual(printed("other.name"), ["\"x\""], "a failing observer reports; the value is still stored")
    }

    func testBlankLinesCommentsAndMembersStayInTheClassBody() {
        let program = """
            class ColorSet: ObservableObject {
                // The color components are @Published,
                // so any change is announced

                @Published var foregroundRed = 0.0

                var name = "plain"
            }
            let colorSet = ColorSet()
            let kept3x = colorSet.$foregroundRed.sink { print($0) }
            colorSet.foregroundRed = 0.5
            """
        XCTAssertEqual(printed(program), ["0.0", "0.5"])
        let misplaced = failure("class Person {\n    // a comment\n\n    var id = nosuch\n}")
        XCTAssertTrue(misplaced.hasPrefix("paste.swift:4:14: error:"), "the line counts the comment: \(misplaced)")
    }

    func testAMalformedObserverSaysWhatWouldBeRightAndChangesNothing() {
        type("subject taps")
        type("sink out = taps")
        type("class Kept { var n = 0 }")
        let cases: [(String, String)] = [
            ("class A { var n = 0 { willset { print(1) } } }", "hold its observers, `willSet` and `didSet`; "
                + "did you mean `willSet`?"),
            ("class A { let n = 0 { didSet { print(1) } } }", "`let n` is a constant, which has no observers; "
                + "declare it `var n`"),
            ("class A { var n = 0 { get { 1 } } }", "`n` is computed by the body in braces, so it cannot also have "
                + "a value"),
            ("class A { var n: Int { get { 1 } willSet { print(1) } } }", "hold `get { ... }` and `set { ... }`"),
            ("class A { var n: Int { get { 1 }; set { } } }", "unexpected code '; set { }' in variable; a property's "
                + "observers are written `willSet { ... }` and `didSet { ... }`"),
            ("class A { var n = 0 { willSet print(1) } }",
                "unexpected code 'print(1)' in variable; a property's observers"),
            ("class A { var n = 0 { willSet(a b) { print(1) } } }",
                "unexpected code 'b' in accessor; a property's observers are written `willSet { ... }` and "
                    + "`didSet { ... }` (`willSet(next) { ... }` names the new value)"),
            ("class A { var n = 0 { didSet { print(1) } didSet { print(2) } } }", "`didSet` is written twice"),
            ("class A { var n = 0 { willSet { print($0) } } }", "`willSet` takes no `$0`: its value is `newValue`"),
            ("class A { var n = 0 { willSet { print(1) } }", "is never closed"),
            ("class A { var objectWillChange = 5 }", "declare your own as `let objectWillChange = "
                + "PassthroughSubject<Void, Never>()`"),
        ]
        for (source, expected) in cases {
            let message = failure(source)
            XCTAssertTrue(message.contains(expected), "\(source): \(message)")
            XCTAssertTrue(message.hasPrefix("paste.swift:1:"), "it says where: \(message)")
        }
        let located = failure("class A {\n    var n = 0 {\n        wilSet { print(1) }\n    }\n}")
        XCTAssertTrue(located.hasPrefix("paste.swift:3:9: error:"), located)
        XCTAssertTrue(located.contains("did you mean `willSet`?"), located)
        XCTAssertEqual(values("send taps 1"), ["out ← 1"], "the session's names and sinks are intact")
        XCTAssertEqual(printed("let kept = Kept()\nkept.n"), ["0"])
        XCTAssertTrue(
            error("let a = A()").contains("`A` is not declared: its declaration"), "no bad class was declared")
    }

    func testSeed000DefaultsComputedPropertyReadsAndWritesUserDefaults() {
        let program = """
            class Defaults : ObservableObject {
                let objectWillChange = ObservableObjectPublisher()
                var username : String {
                    get {
                        UserDefaults.standard.string(forKey: "name") ?? ""
                    }
                    set {
                        self.objectWillChange.send()
                        UserDefaults.standard.set(newValue, forKey: "name")
                    }
                }
            }
            let defaults = Defaults()
            let kept4x = defaults.objectWillChange.sink { print("will change from \\"\\(defaults.username)\\"") }
            defaults.username = "matt"
            print(defaults.username.isEmpty ? "" : "Hello, " + defaults.username)
            """
        XCTAssertEqual(printed(program), ["will change from \"\"", "Hello, matt"])
        XCTAssertEqual(printed("print(UserDefaults.standard.string(forKey: \"name\"))"), ["matt"])
        type("reset")
        XCTAssertEqual(printed("print(UserDefaults.standard.string(forKey: \"name\") ?? \"gone\")"), ["gone"],
            "the session's defaults are in memory, emptied by reset")
    }

    func testAGetterAloneComputesAndCannotBeSet() {
        type("class Cart { var count = 2; var total: Int { count * 10 } }")
        type("let cart = Cart()")
        XCTAssertEqual(printed("cart.total"), ["20"])
        type("cart.count = 3")
        XCTAssertEqual(printed("cart.total"), ["30"])
        XCTAssertTrue(error("cart.total = 1").contains("computed property with only a getter"))
        XCTAssertTrue(error("print(UserDefaults.standard.strng(forKey: \"x\"))").contains("did you mean `string`?"))
    }
}
