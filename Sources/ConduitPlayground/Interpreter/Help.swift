import Foundation

/// The playground's help: a list of commands, and a page for every command and operator, each
/// with an example that can be typed as it is.
enum Help {
    /// The page of every command, from the command table.
    private static var commandPages: [(name: String, usage: String, text: String, example: String)] {
        CommandTable.all.map { ($0.name, $0.usage, $0.summary, $0.example) }
    }

    /// The sources a pipeline can start from, as written in Swift and in the playground's short forms.
    private static let sourcePages: [(names: [String], usage: String, text: String, example: String)] = [
        (["publisher"], "[V, ...].publisher", "sends the array's values, then finishes (Publishers.Sequence)",
            "sink out = [1, 2, 3].publisher"),
        (["Just", "just"], "Just(VALUE) or just(VALUE)", "sends one value, then finishes", "sink out = Just(42)"),
        (["Empty", "empty"], "Empty() or empty",
            "finishes at once without a value; `Empty(completeImmediately: false)` never sends anything",
                "sink out = Empty()"),
        (["Fail"], "Fail(error: \"why\") or fail(\"why\")", "fails at once with the message",
            "sink out = Fail(error: \"offline\")"),
        (["Deferred"], "Deferred { PIPELINE }", "builds the pipeline anew for each subscriber, when it subscribes",
            "let fresh = Deferred { [1, 2].publisher }"),
        (["Future"], "Future { VALUE } or Future(after: 1s) { VALUE }",
            "makes one result when it is created (not when subscribed to) and gives it to every subscriber, then "
                + "finishes", "let answer = Future(after: 1s) { 42 }"),
        (["Record"], "Record(output: [V, ...], completion: .finished)",
            "replays recorded values and a completion (`.failure(\"why\")`) to each subscriber",
                "sink out = Record(output: [1, 2], completion: .failure(\"late\"))"),
        // No topic of its own: `help cold` is the command's page (and the concept's).
        ([], "cold(\"-a-b|\", {a: V, b: V})",
            "plays a marble timeline to each subscriber from when it subscribes (`help cold` for `cold NAME = ...`)",
            "sink out = [1, 2].publisher.flatMap { cold(\"-x-x|\", {x: $0}) }"),
        (["Timer", "timer"], "Timer.publish(every: 1s) or timer(1s)",
            "sends 1, 2, 3, ... every interval on the session's clock; Timer.publish is connectable (`connect NAME` "
                + "or `.autoconnect()`)", "sink ticks = Timer.publish(every: 1s).autoconnect()"),
    ]

    /// Every topic `help` knows: commands, operators and the pages about values and closures.
    static var topics: [String] {
        commandPages.map(\.name) + OperatorTable.names + sourcePages.flatMap(\.names)
            + ["operators", "sources", "values", "closures", "functions", "topics"] + guidePages.map(\.name)
            + ConceptPages.all.flatMap(\.names).filter { !$0.contains(" ") }
    }

    /// Every example the help pages show, each as the lines to type in a fresh session: commands,
    /// operators, sources and the guide pages.
    static var examples: [[String]] {
        commandPages.map { [$0.example] } + OperatorTable.all.map { [$0.example] } + sourcePages.map { [$0.example] }
            + guidePages.map(\.examples)
    }

    /// Pages about the Swift a learner brings: each has examples that run, in order, in a fresh
    /// session (HelpTests runs them).
    static let guidePages: [(name: String, text: String, examples: [String])] = [
        (
            "objects",
            """
            objects: an ObservableObject whose @Published properties publish (the engine's Published)
              class Player: ObservableObject { @Published var currentSong = "-" }, then let player = Player()
              object player { @Published currentSong = "-"; name = "jukebox" }   the same, in one line
              player.$currentSong        the property's publisher: its value at once, then each new one
              player.objectWillChange    sends () before each @Published change is stored
              player.currentSong = "x"   sets it (objectWillChange, then $currentSong); alone, prints it
              let c = player.$currentSong.sink { print($0) }   a sink; kept by `c` (bare, it ends at once)
              .assign(to: \\.currentSong, on: player)   ends a chain by writing each value into the property
              .assign(to: &player.$currentSong)        the same through `$`, as long as the property lives
              child.objectWillChange.sink { _ in parent.objectWillChange.send() }   forwards to a parent
              var count = 0 { willSet { objectWillChange.send() } }   runs before each write (newValue)
              var count = 0 { didSet { print(oldValue) } }   runs after each write (oldValue)
              let objectWillChange = PassthroughSubject<Void, Never>()   the class's own subject, one per instance
              func increment() { count += 1 }   a method, with self and the members: counter.increment()
              Person(first: "Ada")       an object of a class, starting with those properties
              init(name: String = "-") { self.name = name }   runs on each new object: Person(name: "Ada")
              init() { cancellable = $query.sink { ... } }   a pipeline the object keeps (also .store(in:))
              self.child?.onDelete = { [weak self] in ... }   in a method: gives the child's closure property
              struct Song { var name = "" }   a value type: Song(name: "x") is the record {name: "x"}
              var name: String { get { ... } set { ... } }   computed; UserDefaults.standard is in memory
              let volume = $knob.volume  a Binding (SwiftUI's $object.property): `volume = 5` writes knob
              player                     a name alone shows an object's properties (or a binding's value)
            """,
            [
                "class Player: ObservableObject { @Published var currentSong = \"not playing\" }",
                "let player = Player()",
                "player.$currentSong.sink { print(\"Received value: \\($0)\") }",
                "player.currentSong = \"Civilization Collapse\"",
                "object knob { @Published volume = 0 }",
                "sink w = knob.objectWillChange",
                "[1, 2].publisher.assign(to: \\.volume, on: knob)",
                "inspect knob",
                "let volume = $knob.volume",
                "volume = 5",
                "knob",
                "class Counter { let changed = PassthroughSubject<Int, Never>(); "
                    + "var count = 0 { didSet { changed.send(count) } } }",
                "let counter = Counter()",
                "counter.changed.sink { print(\"count is \\($0)\") }",
                "counter.count = 1",
                "class Greeting: ObservableObject { @Published var text: String; "
                    + "init(name: String = \"world\") { self.text = \"hello \\(name)\" } }",
                "let greeting = Greeting(name: \"Ada\")",
                "print(greeting.text)",
            ]
        ),
        (
            "notifications",
            """
            notifications: NotificationCenter.default (the session's own) and its publisher
              post NAME [VALUE]                                    posts NAME, the value as its object
              NotificationCenter.default.post(name: "N", object: V)   the same, as Swift writes it
              NotificationCenter.default.publisher(for: "N")       a source: {name: "N", object: V} per post
            """,
            [
                "sink taps = NotificationCenter.default.publisher(for: \"cardTapped\").map { $0.object }",
                "post cardTapped \"ace\"",
                "NotificationCenter.default.post(name: Notification.Name(\"cardTapped\"), object: \"queen\")",
            ]
        ),
        (
            "swift",
            """
            Swift as it is pasted from slides:
              let taps = PassthroughSubject<String, Never>(), CurrentValueSubject<Bool, Never>(true)
              .filter { _, on in on }.map { name, _ in name }   named parameters take a pair apart
              (nil, true), $0.0, (offset: 1, element: x)       tuples, by position or label
              $0?.name ?? "none", "got \\($0)"                  optional chaining, ??, interpolation
              .flatMap { Just($0).delay(for: 1s) }             closures may return publishers
              .debounce(for: 0.3, scheduler: DispatchQueue.main)   seconds as a number; any scheduler
                                                               is the session's clock
              .subscribe(on: DispatchQueue.global()), .store(in: &cancellables), [weak self] in: accepted
              func search(term) = Just([term]).delay(for: 300ms)   a function closures can call
              for await v in taps.values { print(v) }          what an async loop receives, one at a time
              import Combine, // comments, var bag = Set<AnyCancellable>()   accepted
              let c = taps.sink { print($0) }, c.cancel()      a named sink, cancelled as in Swift
              taps.send(completion: .finished), n.count += 1   completions; compound assignment
              Publishers.CombineLatest(a, b), $0 as? Card      combined publishers; casts
              { (x: Int) -> Int in let y = x * 2; return y }   Swift's closures (help closures)
              Future<Int, Never> { promise in promise(.success(42)) }   Swift's Future, fulfilled once
              enum Suit: String { case hearts = "♥" }, case loaded(Int)   enums; switch { case .loaded(let n): }
              throw BadInput() (struct BadInput: Error {})    fails a tryMap's pipeline with that error
              let r = 1...5, r.publisher, Int.random(in: r), xs.shuffled()   ranges and random values
              DispatchQueue.main.async { }, receive(on: DispatchQueue.main)   run after the line
              DispatchQueue.global().async { }                 a real thread: prints above the prompt
            """,
            [
                "let taps = PassthroughSubject<String, Never>()",
                "let isOn = CurrentValueSubject<Bool, Never>(true)",
                "sink picked = taps.combineLatest(isOn).filter { _, on in on }.map { name, _ in name }",
                "taps.send(\"ace\")",
                "func search(term) = term == \"\" ? Fail(error: \"empty\") : Just([term]).delay(for: 300ms)",
                "sink results = taps.flatMap { search($0).catch { _ in Just([]) } }",
                "sink quiet = taps.debounce(for: 0.3, scheduler: DispatchQueue.main)",
                "sink safe = [1, 2].publisher.subscribe(on: DispatchQueue.global())",
                "sink twice = [1, 2].publisher.map { [weak self] x in x * 2 }",
                "for await v in taps.values { print(v) }",
                "taps.send(\"king\")",
                "let c = taps.sink { print(\"c got\", $0) }",
                "taps.send(\"queen\")",
                "c.cancel()",
            ]
        ),
    ]

    static func text(for topic: String?) throws -> String {
        guard let topic = topic?.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(
            charactersIn: ".")), !topic.isEmpty else {
            return overview
        }
        let key = topic
        // A word may be both an operator and a command (`.drop(while:)` and `drop NAME`): both pages.
        var pages: [String] = []
        if let spec = OperatorTable.spec(named: key) {
            let alias = spec.name == key
                ? "" : "\n  `\(key)` is the same: every playground closure may fail, and a failure fails the pipeline"
            pages.append(".\(spec.name): \(spec.summary)\n  usage:   \(spec.usage)\n  example: \(spec.example)\(alias)")
        }
        if let page = CommandTable.spec(named: key) {
            pages.append("\(page.usage)\n  \(page.summary)\n  example: \(page.example)")
        }
        // A concept (`help share`, `help publisher`) comes with the operator or source of its name.
        if let concept = ConceptPages.page(named: key) {
            pages.append(ConceptPages.text(of: concept))
            if let source = sourcePages.first(where: { $0.names.contains(key) }) {
                pages.append("\(source.usage)\n  \(source.text)\n  example: \(source.example)")
            }
        }
        if !pages.isEmpty { return pages.joined(separator: "\n\n") }
        if let page = sourcePages.first(where: { $0.names.contains(key) }) {
            return "\(page.usage)\n  \(page.text)\n  example: \(page.example)"
        }
        if let page = guidePages.first(where: { $0.name == key }) {
            return page.text + "\n  example: " + page.examples.joined(separator: "\n           ")
        }
        switch key {
        case "sources":
            return "sources (a pipeline starts with one, or with a subject or pipeline's name):\n"
                + sourcePages.map { "  \(padded($0.usage, to: 50))\($0.text)" }.joined(separator: "\n")
        case "operators":
            let width = (OperatorTable.all.map(\.name.count).max() ?? 0) + 1
            return "operators (help NAME for one):\n"
                + OperatorTable.all.map { "  .\(padded($0.name, to: width))\($0.summary)" }.joined(separator: "\n")
        case "values":
            return """
            values: 42, -7, 2.5, "text" (double quotes), true, false, nil, arrays [1, 2, 3],
            records {name: "ace", rank: 1}; arithmetic works in values too: send n 6 * 7
              let offset = 10            names a value (also var, and a struct's value:
                                         let daily = Standup(title: "Daily"))
              var scores = ["ana": 1]    a dictionary is a record {ana: 1}
              offset                     alone, prints it; print, send and closures read it
              s.map { $0 + offset }      a closure reads it when a value passes
              count += 1, names[0] = "z", daily.title = "x"   a var changes; a let refuses
              names.append("c"), names.removeAll { $0 == "a" }   mutating methods of a var
              s.sink { received.append($0) }, s.sink { count += 1 }   also from a closure
              var copy = names           a copy: changing names leaves copy as it was
              latest.value, latest.value = 5   a CurrentValueSubject's value: read, or sent
              for name in names { print(name) }   a loop over an array, a string, 0..<3
              names.filter { $0 != "a" }.map { $0.count }   Swift's collection methods
              s.map { $0.filter { $0 > 2 } }   on each array s sends; help functions
            """
        case "closures":
            return """
            closures: { $0 * 2 } with $0, $1 for the arguments, or named: { total, x in total + x }
              Swift's forms too: { (x: Int) -> String in ... }, return, steps { x in let y = x * 2; return y + 1 },
              an operator as the function: .reduce(0, +), .max(by: <); a closure inside a closure may use
              the outer one's parameters: .flatMap { q in Just(q.count).map { n in [q, n] } }
              member and index access: $0.name, $0[1]; arithmetic + - * / %; comparison == != < <= > >=
              && || !, the ternary a ? b : c, string concatenation with +, and functions (help functions)
              a closure that fails at run time (a missing member, a division by zero) fails its pipeline
            """
        case "topics":
            return ConceptPages.list
        case "functions":
            return "functions:\n" + Functions.all.map { "  \($0.summary)" }.joined(separator: "\n")
                + "\nmethods of values:\n" + Methods.all.map { "  \($0.summary)" }.joined(separator: "\n")
                + "\ncollection methods (Swift's Array, String, Dictionary and Optional):\n"
                + CollectionMethods.all.map { "  \($0.summary)" }.joined(separator: "\n")
        default:
            let hint = Suggestion.closest(to: key, in: topics).map { "; did you mean `help \($0)`?" }
                ?? "; try `help` for the list"
            throw SyntaxError("no help for `\(key)`\(hint)", offset: 5, length: key.count)
        }
    }

    /// `text.padding(toLength: width, withPad: " ", startingAt: 0)` without the trip through
    /// NSString when the text fits (Foundation still cuts text that is too long, in UTF-16 units).
    private static func padded(_ text: String, to width: Int) -> String {
        let length = text.utf16.count
        guard length <= width else { return text.padding(toLength: width, withPad: " ", startingAt: 0) }
        return text + String(repeating: " ", count: width - length)
    }

    private static var overview: String {
        let commands = commandPages.map { "  \(padded($0.usage, to: 34))\($0.text)" }
        let heading = "commands (help NAME for one; help topics, operators, sources, values, closures, objects, "
            + "notifications, swift):"
        return ([heading] + commands).joined(separator: "\n")
    }
}
