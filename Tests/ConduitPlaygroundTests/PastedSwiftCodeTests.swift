import XCTest
@testable import ConduitPlayground

/// Swift code pasted from a Combine program, line by line: imports, a store of cancellables, a
/// subject named `subject`, a subscription kept in a `let`, `cancel()`, and
/// `send(completion:)`. Each must do what it does in Swift.
final class PastedSwiftCodeTests: SessionTestCase {
    func testImportsOfCombineAndFoundationAreAcceptedSilently() {
        XCTAssertEqual(type("import Combine"), [])
        XCTAssertEqual(type("import Foundation"), [])
        XCTAssertTrue(type("import SwiftUI").joined().contains("SwiftUI is not part of the playground"))
        XCTAssertTrue(error("import").contains("needs a module name"))
    }

    func testACommandWordMayNameASubjectUsedAsSwiftUsesIt() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("sink out = subject.map { $0 * 2 }")
        XCTAssertEqual(values("subject.send(2)"), ["out ← 4"])
        XCTAssertEqual(values("send subject 3"), ["out ← 6"], "the command still works on the name")
        XCTAssertTrue(
            error("let let = PassthroughSubject<Int, Never>()").contains("expected pattern in value binding pattern"))
    }

    func testTimerAndDemandNameValuesAsInSwift() {
        type("let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()")
        type("var ticks = 0")
        type("let c = timer.prefix(2).sink { _ in ticks += 1 }")
        type("tick 3s")
        XCTAssertEqual(session.evaluate("print(ticks)").map(\.text), ["2"])
        type("let demand = 3")
        XCTAssertEqual(session.evaluate("print(demand + 1)").map(\.text), ["4"])
        XCTAssertEqual(values("sink t = timer(1s).prefix(1)\ntick 1s"), ["t ← 1   @4s", "t ✓ finished   @4s"],
            "the playground's `timer(1s)` is still a source")
    }

    func testASubscriptionKeptInALetIsASinkThatCancelCancels() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let cancellable = subject.sink { print(\"got \\($0)\") }")
        XCTAssertEqual(session.evaluate("subject.send(1)").map(\.text), ["got 1"])
        type("cancellable.cancel()")
        XCTAssertEqual(session.evaluate("subject.send(2)").map(\.text), [], "the cancelled sink gets nothing")
        XCTAssertTrue(type("inspect cancellable").joined().contains("cancelled"))
        XCTAssertTrue(error("nothing.cancel()").contains("unknown sink `nothing`"))
        type("var optional: AnyCancellable? = subject.sink { print(\"optional \\($0)\") }")
        type("optional?.cancel()")
        XCTAssertEqual(session.evaluate("subject.send(3)").map(\.text), [], "`?.cancel()` cancels too")
        type("var kept: AnyCancellable? = subject.sink { print(\"kept \\($0)\") }")
        type("kept = nil")
        XCTAssertEqual(session.evaluate("subject.send(4)").map(\.text), [], "an AnyCancellable let go of cancels")
    }

    func testSendCompletionFinishesOrFailsTheSubject() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("sink out = subject")
        XCTAssertEqual(values("subject.send(completion: .finished)"), ["out ✓ finished"])
        type("subject other")
        type("sink failing = other")
        XCTAssertEqual(values("other.send(completion: .failure(\"offline\"))"), ["failing ✗ failed: offline"])
        type("subject third")
        type("sink named = third")
        XCTAssertEqual(values("third.send(completion: .failure(NetworkError.timeout))"),
            ["named ✗ failed: NetworkError.timeout"])
        XCTAssertTrue(error("third.send(completion: .done)").contains("`.finished` or `.failure(\"why\")`"))
    }

    func testAStoreOfCancellablesIsAcceptedInEachSwiftSpelling() {
        for (line, echo) in [
            ("var cancellables = Set<AnyCancellable>()", "cancellables: Set<AnyCancellable> = []"),
            ("var bag: Set<AnyCancellable> = []", "bag: Set<AnyCancellable> = []"),
            ("var list = [AnyCancellable]()", "list: [AnyCancellable] = []"),
            ("var typed: [AnyCancellable] = []", "typed: [AnyCancellable] = []"),
        ] {
            XCTAssertEqual(type(line), [echo], line)
        }
        type("let subject = PassthroughSubject<Int, Never>()")
        type("subject.sink { print($0) }.store(in: &cancellables)")
        type("subject.sink { print(\"listed\", $0) }.store(in: &list)")
        XCTAssertEqual(session.evaluate("subject.send(5)").map(\.text), ["5", "listed 5"])
        XCTAssertEqual(type("print(cancellables.count, list.count, bag.count)"), ["1 1 0"])
        type("cancellables.removeAll()")
        XCTAssertEqual(session.evaluate("subject.send(6)").map(\.text), ["listed 6"], "removed, it is cancelled")
        type("list = []")
        XCTAssertEqual(session.evaluate("subject.send(7)").map(\.text), [])
    }

    func testALetWithASwiftTypeKeepsItsValue() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("let doubled: AnyPublisher<Int, Never> = subject.map { $0 * 2 }.eraseToAnyPublisher()")
        type("sink out = doubled")
        XCTAssertEqual(values("subject.send(4)"), ["out ← 8"])
    }

    func testSwiftCommentsAreComments() {
        var reader = StatementReader(mode: .lookahead)
        let source = "// a note\nsubject s // the source\nsink out = s // watch it\nsend s \"http://x\""
        let statements = (reader.read(lines: source) + reader.finish()).map(\.text)
        XCTAssertEqual(statements.count, 3, "\(statements)")
        for statement in statements.dropLast() { type(statement) }
        XCTAssertEqual(values(statements[2]), ["out ← \"http://x\""], "`//` inside a string is text")
    }

    func testAStatementEndingInEqualsContinuesOnTheNextLine() {
        var reader = StatementReader(mode: .lookahead)
        let statements = (reader.read(lines: "subject s\nlet doubled =\n    s.map { $0 * 2 }\nsink out = doubled")
            + reader.finish()).map(\.text)
        XCTAssertEqual(statements.count, 3, "\(statements)")
        for statement in statements { type(statement) }
        XCTAssertEqual(values("send s 4"), ["out ← 8"])
        var broken = StatementReader(mode: .lookahead)
        let pieces = broken.read(lines: "let x =\n\nsend s 1") + broken.finish()
        XCTAssertEqual(pieces.first?.unclosed?.symbol, "=")
        XCTAssertTrue(StatementReader.message(for: pieces[0].unclosed!).contains("ends with `=`"))
    }

    func testCastsCheckWhatAValueIs() {
        type("class Card { var name = \"\" }")
        type("subject things")
        type("sink cards = things.compactMap { $0 as? Card }.map { $0.name }")
        type("sink numbers = things.filter { $0 is Int }")
        type("let ace = Card()")
        type("ace.name = \"ace\"")
        XCTAssertEqual(values("send things ace"), ["cards ← \"ace\""])
        XCTAssertEqual(values("send things 3"), ["numbers ← 3"])
        XCTAssertEqual(values("send things \"text\""), [])
        type("sink forced = things.map { $0 as! Int }")
        XCTAssertEqual(values("send things \"x\""),
            ["forced ✗ failed: string \"x\" is not of type Int (`as!` stops here)"])
    }

    func testTheSeedsCardPipelineRunsAsWritten() {
        for line in [
            "class Card { var name = \"\" }",
            "let names = NotificationCenter.default.publisher(for: Card.tapped).compactMap { $0.object as? Card }"
                + ".map { $0.name }",
            "class MySwitch: ObservableObject { @Published var isOnPublisher = false }",
            "let mySwitch = MySwitch()",
            "lazy var combination = Publishers.CombineLatest(names, mySwitch.$isOnPublisher)"
                + ".scan((nil, true)) { $0.1 != $1.1 ? (nil, $1.1) : $1 }.filter { $0.1 }.compactMap { $0.0 }",
            "let sink = combination.sink { print(\"tapped\", $0) }",
            "let ace = Card()", "ace.name = \"ace\"",
        ] {
            XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
        }
        let post = "NotificationCenter.default.post(name: Card.tapped, object: ace)"
        XCTAssertEqual(session.evaluate(post).map(\.text), [], "the switch is off")
        type("mySwitch.isOnPublisher = true")
        XCTAssertEqual(session.evaluate(post).map(\.text), ["tapped ace"])
    }

    func testSeed001PlayerRunsWithSongsMadeByTheirMemberwiseInitialiser() {
        let program = """
            final class Player {
                @Published var currentSong: Song?
            }
            let player = Player()
            let cancellable = player.$currentSong
                .compactMap { $0 }
                .filter { $0.style == .metal }
                .map(\\.name)
                .sink {
                    print("Playing: \\($0)")
                }
            player.currentSong = Song(name: "Civilization Collapse", style: .metal)
            player.currentSong = Song(name: "Clair de Lune", style: .classical)
            """
        XCTAssertEqual(session.evaluate(program).filter { $0.kind != .info }.map(\.text),
            ["Playing: Civilization Collapse"])
        XCTAssertEqual(
            session.evaluate("player.currentSong").map(\.text), ["{name: \"Clair de Lune\", style: \"classical\"}"])
    }

    func testAnEnumCaseWrittenWithALeadingDotIsItsName() {
        type("subject styles")
        type("sink metal = styles.filter { $0 == .metal }")
        XCTAssertEqual(values("send styles \"metal\""), ["metal ← \"metal\""])
        XCTAssertEqual(values("send styles \"pop\""), [])
        let message = error("sink x = styles.map { .milliseconds(3) }")
        XCTAssertTrue(message.contains("no enumeration declared here has a case `milliseconds`"), message)
    }

    func testAnUnlabelledCallOfAnUnknownTypeMakesNoRecord() {
        XCTAssertTrue(error("print(Song(\"x\"))").contains("unknown function `Song`"), "unlabelled: no record")
    }

    func testSeed004IdentifiableModelGetsAnIDFromUUID() {
        let program = """
            class PersonViewModel: Identifiable, ObservableObject {
                // Even though this is not observed directly,
                // it must be an ObservableObject for the data flow to work

                var id = UUID()
                @Published var first: String = ""
            }
            let person = PersonViewModel()
            let kept1x = person.$first.sink { print("first: \\($0)") }
            person.first = "Ada"
            print(person.id.count)
            """
        XCTAssertEqual(session.evaluate(program).filter { $0.kind != .info }.map(\.text),
            ["first: ", "first: Ada", "36"])
    }

    func testSendingACompletionInsideAClosureIsRefusedClearly() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("subject other")
        let message = error("let kept1 = other.sink { _ in subject.send(completion: .finished) }")
        XCTAssertTrue(message.contains("`send(completion:)` ends a subject from a line of its own"), message)
        XCTAssertEqual(type("subs").joined().contains("sink1"), false, "nothing was subscribed")
    }

    func testSeed000PipelinesNamedThroughSelfRunAsWritten() {
        let program = """
            class Card { static let tapped = Notification.Name("tapped"); var name = "" }
            class MySwitch: ObservableObject { @Published var isOnPublisher = false }
            let mySwitch = MySwitch()
            let cardTappedCardNamePublisher =
                NotificationCenter.default.publisher(for: Card.tapped)
                    .compactMap {$0.object as? Card}
                    .map {$0.name}
            let sink = self.cardTappedCardNamePublisher.sink {
                print($0) // the string name of a card
            }
            let switched = self.mySwitch.$isOnPublisher.sink { print($0) }
            let ace = Card()
            ace.name = "ace"
            NotificationCenter.default.post(name: Card.tapped, object: ace)
            mySwitch.isOnPublisher = true
            """
        XCTAssertEqual(session.evaluate(program).filter { $0.kind != .info }.map(\.text), ["false", "ace", "true"])
        XCTAssertTrue(error("print(self.nothing)").contains("cannot find `nothing` in scope"), "self. names a name")
    }

    func testSeed001StructIsAValueTypeWhoseInitialiserMakesARecord() {
        let program = """
            struct SearchCriteria {
                var query: String = ""
                var filters: [SearchFilter] = []
            }
            final class SearchViewModel: ObservableObject {
                var searchCriteria = SearchCriteria()
                @Published private(set) var songs: [Song] = []
            }
            let viewModel = SearchViewModel()
            viewModel.searchCriteria
            viewModel.searchCriteria = SearchCriteria(query: "swift")
            viewModel.searchCriteria.query
            """
        XCTAssertEqual(session.evaluate(program).filter { $0.kind != .info }.map(\.text),
            ["SearchCriteria(query: \"\", filters: [])", "\"swift\""])
        XCTAssertTrue(error("print(SearchCriteria(qurey: \"x\"))").contains(
            "SearchCriteria has no property `qurey`; did you mean `query`?"))
        XCTAssertTrue(error("print(SearchCriteria(\"x\"))").contains("takes its fields by name"))
        XCTAssertEqual(type("let criteria = SearchCriteria()"),
            ["criteria: SearchCriteria = SearchCriteria(query: \"\", filters: [])"],
            "`let` names a struct's value, as Swift's does")
        XCTAssertTrue(error("struct Bad { let changes = PassthroughSubject<Void, Never>() }").contains(
            "declare `Bad` as a `class`"))
        XCTAssertTrue(type("struct SearchCriteria { var x = 1 }").contains(
            "SearchCriteria is declared again: the new declaration serves from now on"), "as in Swift's REPL")
    }

    func testSeed003AnObservableObjectPublisherAloneIsASubjectOfVoid() {
        type("let objectDidChange = ObservableObjectPublisher()")
        type("let kept2 = objectDidChange.sink { print(\"did change\") }")
        XCTAssertEqual(session.evaluate("objectDidChange.send()").map(\.text), ["did change"])
    }

    func testSeed004EmptyDictionaryPrintsAsSwiftsDoes() {
        type("class PersonListModel: ObservableObject { @Published var ids: [UUID] = []; "
            + "@Published var persons: [UUID : PersonViewModel] = [:] }")
        type("let list = PersonListModel()")
        XCTAssertEqual(session.evaluate("list.persons").map(\.text), ["[:]"])
    }
}
