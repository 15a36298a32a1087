import XCTest
@testable import ConduitPlayground

/// Plain values by name (`let x = 5`, `var names = ["a"]`) and Swift's collection methods on
/// values, inside closures and at the top level, as Combine code pasted from articles uses them.
final class ValuesAndCollectionMethodsTests: SessionTestCase {
    func testCollectionMethodsInAClosureRunOnTheArrayItGets() {
        type("let s = PassthroughSubject<[Int], Never>()")
        type("let kept1 = s.map { $0.filter { $0 > 2 } }.sink { print($0) }")
        type("let kept2 = s.map { xs in xs.map { $0 * 2 } }.sink { print($0) }")
        XCTAssertEqual(values("s.send([1,2,3,4])"), ["[3, 4]", "[2, 4, 6, 8]"])
        type("sink total = s.map { $0.reduce(0, +) }")
        type("sink sorted = s.map { $0.sorted(by: >).prefix(2) }")
        type("sink some = s.map { xs in xs.contains(where: { $0 > 3 }) && xs.allSatisfy { $0 > 0 } }")
        XCTAssertEqual(values("s.send([4, 1, 5])"), [
            "[4, 5]", "[8, 2, 10]", "total ← 10", "sorted ← [5, 4]", "some ← true",
        ])
        let types = type("types s.map { $0.filter { $0 > 2 } }.map { $0.first }.map { $0.map { String($0) } }")
        XCTAssertEqual(types.map { $0.split(separator: " ").dropLast().last.map(String.init) }, [
            "Output", "[Int]", "[Int]", "Int?", "String?",
        ], "`types` types the array's methods: \(types)")
    }

    func testAPublisherOperatorOnAnArraySaysHowToMakeAPublisherOfIt() {
        type("let s = PassthroughSubject<[Int], Never>()")
        type("sink out = s.map { $0.debounce(for: .seconds(1), scheduler: RunLoop.main) }")
        XCTAssertEqual(values("s.send([1])"), [
            "out ✗ failed: `debounce` is a publisher operator, and `$0` is array [1], not a publisher: "
                + "`$0.publisher.debounce(...)` sends its elements through it",
        ])
        type("let xs = [1, 2]")
        XCTAssertTrue(error("xs.throttle(for: 1s, latest: true)").contains(
            "`throttle` is a publisher operator, and `xs` is array [1, 2], not a publisher: `xs.publisher.throttle"))
        XCTAssertTrue(error("xs.frobnicate()").contains("array [1, 2] has no method `frobnicate`"))
        XCTAssertEqual(type("sink pub = xs.publisher.map { $0 * 10 }"), ["pub ← 10", "pub ← 20", "pub ✓ finished"],
            "`.publisher` still makes a publisher of the array")
    }

    func testSequenceAndCollectionMethodsGiveWhatSwiftsGive() {
        type("let xs = [3, 1, 2]")
        let expected: [(String, String)] = [
            ("xs.map { $0 * 2 }", "[6, 2, 4]"), ("xs.filter { $0 > 1 }", "[3, 2]"),
            ("xs.compactMap { $0 > 1 ? $0 : nil }", "[3, 2]"), ("xs.flatMap { [$0, $0] }", "[3, 3, 1, 1, 2, 2]"),
            ("xs.reduce(10) { $0 + $1 }", "16"), ("xs.contains(2)", "true"),
            ("xs.contains(where: { $0 > 5 })", "false"), ("xs.first(where: { $0 < 3 })", "1"),
            ("xs.allSatisfy { $0 > 0 }", "true"), ("xs.sorted()", "[1, 2, 3]"), ("xs.sorted(by: >)", "[3, 2, 1]"),
            ("xs.reversed()", "[2, 1, 3]"), ("xs.prefix(2)", "[3, 1]"), ("xs.dropFirst()", "[1, 2]"),
            ("xs.suffix(1)", "[2]"), ("xs.map { String($0) }.joined(separator: \"-\")", "\"3-1-2\""),
            ("xs.count", "3"), ("xs.isEmpty", "false"), ("xs.first", "3"), ("xs.last", "2"), ("xs.min()", "1"),
            ("xs.max()", "3"), ("xs.enumerated().map { i, x in i * x }", "[0, 1, 4]"),
            ("xs.firstIndex(of: 2)", "2"), ("xs.count(where: { $0 > 1 })", "2"),
            ("\"hello\".filter { $0 != \"l\" }", "\"heo\""), ("[\"ana\": 1, \"bo\": 2].mapValues { $0 * 10 }",
                "[\"ana\": 10, \"bo\": 20]"),
        ]
        for (line, value) in expected {
            XCTAssertEqual(values(line), [value], line)
        }
        type("let none: Int? = nil")
        XCTAssertEqual(values("none.map { $0 + 1 }"), ["nil"], "Optional.map keeps nil")
        XCTAssertEqual(values("print(xs.last! * 10)"), ["20"], "a force unwrap gives the value")
        XCTAssertTrue(error("none!").contains("unexpectedly found nil while unwrapping an optional value with `!`"))
        XCTAssertTrue(error("none.filter { $0 > 1 }").contains("value of type 'Int?' has no member 'filter'"),
            "Swift's words, before anything runs")
    }

    func testLetAndVarNamePlainValuesThatClosuresSendAndPrintRead() {
        XCTAssertEqual(type("let offset = 10"), ["offset: Int = 10"])
        XCTAssertEqual(type("var names = [\"a\", \"b\"]"), ["names: [String] = [\"a\", \"b\"]"])
        XCTAssertEqual(type("struct Standup { var title: String }"), ["struct Standup: title"])
        XCTAssertEqual(type("let daily = Standup(title: \"Daily\")"), ["daily: Standup = Standup(title: \"Daily\")"])
        XCTAssertEqual(type("let total = offset * 2 + 1"), ["total: Int = 21"])
        XCTAssertEqual(values("print(daily.title, offset)"), ["Daily 10"])
        XCTAssertEqual(type("names"), ["[\"a\", \"b\"]"])
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept3 = s.map { $0 + offset }.sink { print($0) }")
        XCTAssertEqual(values("s.send(offset)"), ["20"])
        XCTAssertEqual(values("send s total"), ["31"])
        let listing = type("subs").joined(separator: "\n")
        XCTAssertTrue(listing.contains("let offset = 10"), listing)
        XCTAssertTrue(listing.contains("var names = [\"a\", \"b\"]"), listing)
        XCTAssertEqual(type("inspect names"), [
            "names: variable of type [String]", "  value: [\"a\", \"b\"]",
            "  a `var`: `names = VALUE` or a mutating method changes it",
        ])
        XCTAssertTrue(error("drop offset").contains("live sink `kept3` reads it"), "a closure reads it")
        XCTAssertEqual(type("drop names"), ["dropped names"])
        XCTAssertTrue(error("names").contains("unknown command `names`"))
        XCTAssertTrue(error("sink out = total").contains("`total` is integer 21, a value and not a publisher"))
        type("let xs = [1]")
        XCTAssertTrue(error("xs.sink { print($0) }").contains(
            "`xs` gives array [1], not a publisher; `xs.publisher` sends its elements"))
        type("let team = [Standup(title: \"a\"), Standup(title: \"b\")]")
        XCTAssertEqual(type("inspect team").first, "team: constant of type [Standup]")
    }

    func testALetWhoseValueIsAPublisherNamesAPipeline() {
        type("subject a")
        type("subject b")
        type("let useA = true")
        XCTAssertEqual(type("let chosen = useA ? a : b"), [])
        type("sink out = chosen.map { $0 * 2 }")
        XCTAssertEqual(values("send a 2"), ["out ← 4"])
        XCTAssertEqual(values("send b 3"), [])
    }

    func testAVarChangesAsSwiftsDoesAndALetRefuses() {
        type("var count = 0")
        type("count += 1")
        type("count += 1")
        XCTAssertEqual(type("count"), ["2"])
        type("var names = [\"a\", \"b\", \"c\"]")
        for line in [
            "names.append(\"d\")", "names.removeAll { $0 == \"b\" }", "names.insert(\"z\", at: 0)",
            "names.remove(at: 1)", "names[0] = \"y\"", "names.append(contentsOf: [\"e\"])", "names.sort(by: >)",
        ] {
            XCTAssertEqual(type(line), [], line)
        }
        XCTAssertEqual(type("names"), ["[\"y\", \"e\", \"d\", \"c\"]"])
        type("struct Standup { var title: String }")
        type("var daily = Standup(title: \"Daily\")")
        type("daily.title = \"Retro\"")
        XCTAssertEqual(type("daily"), ["Standup(title: \"Retro\")"])
        type("var scores = [\"ana\": 1]")
        type("scores[\"bo\"] = 2")
        XCTAssertEqual(type("scores"), ["[\"ana\": 1, \"bo\": 2]"])
        type("let fixed = [1, 2]")
        XCTAssertTrue(error("fixed.append(3)").contains(
            "cannot use mutating member `append` on immutable value: `fixed` is a `let` constant; declare it with "
                + "`var fixed = ...` to change it"))
        XCTAssertTrue(error("fixed = [3]").contains("cannot assign to value: `fixed` is a `let` constant"))
        type("let sprint = Standup(title: \"Sprint\")")
        XCTAssertTrue(error("sprint.title = \"x\"").contains("cannot assign to property: `sprint` is a `let` constant"))
        XCTAssertEqual(type("fixed"), ["[1, 2]"])
        XCTAssertEqual(type("sprint"), ["Standup(title: \"Sprint\")"])
    }

    func testACurrentValueSubjectsValueIsReadAndSetAsSwiftsIs() {
        type("let xs = [1, 2]")
        type("let latest = CurrentValueSubject<[Int], Never>(xs)")
        type("sink out = latest")
        XCTAssertEqual(values("print(latest.value.map { $0 * 2 })"), ["[2, 4]"])
        XCTAssertEqual(values("latest.value = [5]"), ["out ← [5]"], "setting the value sends it")
        XCTAssertEqual(type("latest.value.count"), ["1"])
        type("subject plain")
        XCTAssertTrue(error("plain.value").contains("`plain` is a PassthroughSubject, which keeps no value"))
    }

    func testTabOffersValuesAtTheStartOfALineAndTheirMethodsAfterADot() {
        type("var names = [\"a\"]")
        XCTAssertTrue(session.completions(for: "na", cursor: 2).contains("names"))
        XCTAssertEqual(session.completions(for: "names.remo", cursor: 10), ["remove", "removeAll", "removeFirst",
            "removeLast", "removeValue"])
    }

    func testAForInLoopRunsItsBodyForEachElement() {
        type("var names = [\"ana\", \"bo\"]")
        XCTAssertEqual(values("for name in names { print(name.uppercased()) }"), ["ANA", "BO"])
        type("var total = 0")
        type("for i in 1...4 { total += i }")
        XCTAssertEqual(type("total"), ["10"])
        type("for i in 0..<2 { names.append(\"n\\(i)\") }")
        XCTAssertEqual(type("names"), ["[\"ana\", \"bo\", \"n0\", \"n1\"]"])
        XCTAssertEqual(values("for x in names.filter({ $0.count > 2 }) { print(x) }"), ["ana"])
        let stopped = session.evaluate("for x in [1, 0, 2] { print(10 / x) }").map(\.text)
        XCTAssertEqual(stopped.first, "10", "what ran before the failure stays")
        XCTAssertTrue(stopped.last?.contains("division by zero: 10 / 0") ?? false, "\(stopped)")
        XCTAssertTrue(error("for x in 5 { print(x) }").contains("integer 5 is not a sequence to loop over"))
        XCTAssertEqual(values("for (i, x) in names.prefix(2).enumerated() { print(i, x) }"), ["0 ana", "1 bo"],
            "a tuple pattern takes each (offset, element) apart, as Swift's")
        XCTAssertTrue(error("for (a, b) in [1, 2] { print(a) }").contains("1 is not a tuple of 2"))
        XCTAssertEqual(values("for await n in [1, 2].publisher.values { print(n) }"), ["1", "2", "loop1 ✓ finished"])
    }

    func testAVarIsACopyAsSwiftsValuesAre() {
        type("var a = [1, 2]")
        type("var b = a")
        type("b.append(3)")
        XCTAssertEqual(type("a"), ["[1, 2]"])
        XCTAssertEqual(type("b"), ["[1, 2, 3]"])
        type("struct Point { var x = 0 }")
        type("var p = Point(x: 1)")
        type("var q = p")
        XCTAssertEqual(type("q.x = 5"), [])
        XCTAssertEqual(type("p.x"), ["1"])
        type("let s = PassthroughSubject<Int, Never>()")
        type("var step = 1")
        type("let kept5 = s.map { $0 * step }.sink { print($0) }")
        type("step = 3")
        XCTAssertEqual(values("s.send(2)"), ["6"], "a closure reads the variable when it runs, as Swift's captures")
    }

    func testAClosureChangesAVarItCapturesAsSwiftsDoes() {
        type("var received: [Int] = []")
        type("var count = 0")
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept6 = s.sink { received.append($0) }")
        type("let kept7 = s.sink { value in count += value }")
        XCTAssertEqual(values("s.send(2)"), [])
        XCTAssertEqual(values("s.send(5)"), [])
        XCTAssertEqual(type("received"), ["[2, 5]"])
        XCTAssertEqual(type("count"), ["7"])
        type("let fixed = [1]")
        XCTAssertTrue(error("let kept8 = s.sink { fixed.append($0) }").contains(
            "cannot use mutating member `append` on immutable value: `fixed` is a `let` constant"))
        XCTAssertTrue(error("let kept9 = s.sink { latest = $0 }").contains(
            "a closure here sets only a top-level `var`, and `latest` is not one: make it with `var latest = VALUE`"))
        XCTAssertTrue(error("drop received").contains("live sink `kept6` reads it"))
        XCTAssertEqual(values("s.send(1)"), [], "the refused lines left the two sinks as they were")
        XCTAssertEqual(type("received"), ["[2, 5, 1]"])
    }

    func testAMethodWithoutWhatItNeedsSaysWhatToWrite() {
        type("let xs = [1, 2]")
        XCTAssertTrue(error("xs.map()").contains("`map` takes a closure, as in `map { $0 ... }`"))
        XCTAssertTrue(error("xs.reduce(+)").contains("`reduce` takes a first value and a closure"))
        XCTAssertTrue(error("xs.first(where: 3)").contains("`first(where:)` takes a closure"))
        XCTAssertTrue(error("xs.filter { $0 }").contains("the closure of `filter` must give true or false"))
        type("let s = PassthroughSubject<[Int], Never>()")
        type("sink out = s.map { $0.append(1) }")
        XCTAssertEqual(values("s.send([0])"), ["out ✗ failed: cannot use mutating member `append` on an immutable "
            + "value (array [0]): it changes a `var` in place, on a line of its own (`names.append(...)`) or in a "
            + "method (`self.PROPERTY.append(...)`); here `xs + [x]` gives a new value"])
        type("var grows = [1]")
        for _ in 0..<21 { type("grows.append(grows)") }
        XCTAssertTrue(error("grows.append(grows)").contains("would hold more than 2,000,000"),
            "an array that holds itself doubles; it stops before printing it would take for ever")
    }

    func testBadValueLinesSayWhatWasWrongAndKeepEverything() {
        type("let x = 5")
        type("var label = \"a\"")
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept10 = s.map { $0 + x }.sink { print($0) }")
        XCTAssertTrue(error("let x = 6").contains(
            "invalid redeclaration of `x`: it is already `let x = 5`; choose another name, or `drop x` first"))
        XCTAssertTrue(error("var label = \"b\"").contains("or assign it: `label = VALUE`"))
        XCTAssertTrue(error("let y = 5 +").contains("the line ends where a value was expected"))
        XCTAssertTrue(error("let y = nope * 2").contains("cannot find `nope` in scope"))
        XCTAssertTrue(error("label = 3").contains("cannot assign value of type 'Int' to type 'String'"))
        XCTAssertTrue(error("label.remove(at: 0)").contains("string \"a\" has no mutating method `remove`"))
        XCTAssertTrue(error("x.frobnicate()").contains("value of type 'Int' has no member 'frobnicate'"),
            "refused before it runs, in swiftc's words")
        XCTAssertTrue(error("nothing = 1").contains("`nothing` is not a variable or a binding"))
        XCTAssertTrue(error("let double = { (x: Int y) in x * 2 }").contains("unexpected code 'y' in parameter clause"))
        XCTAssertTrue(error("let double = { (x: Int) in x * nope }").contains("cannot find `nope` in scope"))
        XCTAssertTrue(error("var typed: Int").contains("needs a value here, as a top-level Swift variable does"))
        XCTAssertEqual(type("x"), ["5"])
        XCTAssertEqual(type("label"), ["\"a\""])
        XCTAssertEqual(values("s.send(1)"), ["6"], "the subscription is still there")
    }

    func testSeed002RemovesFromAnArrayPropertyInAMethod() {
        type("struct Standup: Equatable { var title: String }")
        type("""
            class StandupListsModel: ObservableObject {
              @Published var standups: [Standup] = []
              func add(standup: Standup) { standups.append(standup) }
              func delete(standup: Standup) {
                self.standups.removeAll { $0 == standup }
              }
            }
            """)
        type("let model = StandupListsModel()")
        type("let daily = Standup(title: \"Daily\")")
        type("model.add(standup: daily)")
        type("model.add(standup: Standup(title: \"Retro\"))")
        type("let kept11 = model.$standups.sink { print($0.count) }")
        XCTAssertEqual(values("model.delete(standup: daily)"), ["1"])
        XCTAssertEqual(values("model.standups.map { $0.title }"), ["[\"Retro\"]"])
        XCTAssertEqual(values("model.standups.removeAll()"), ["0"], "a property mutates at the top level too")
        let refused = error("""
            class Other: ObservableObject {
              @Published var standups: [Standup] = []
              func delete(standup: Standup) { self.standups.remove { $0 == standup } }
            }
            """)
        XCTAssertTrue(refused.contains("Swift's Array has no `remove { ... }`: `removeAll(where:)` removes every "
            + "element that matches"), refused)
        XCTAssertTrue(error("let gone = Other()").contains("Other"), "the refused class is not declared")
    }

    func testAScriptReportsAValueErrorWithFileLineAndColumn() {
        let script = "let fixed = [1]\nprint(fixed.count)\n  fixed.append(2)\nprint(\"not reached\")\n"
        let report = ScriptRunner.run(text: script, path: "values.conduit", session: Session(), check: false)
        XCTAssertEqual(report.failures.count, 1)
        XCTAssertEqual(report.failures.first?.line, 3)
        XCTAssertTrue(report.failures.first?.message.contains(
            "values.conduit:3:3: error: cannot use mutating member `append` on immutable value") ?? false,
            report.failures.first?.message ?? "")
        let chained = "let xs = [1, 2]\nlet ys = xs\n  .map { $0 * 2 }\n  .frob()\n"
        let pointed = ScriptRunner.run(text: chained, path: "chain.conduit", session: Session(), check: false)
        XCTAssertTrue(pointed.failures.first?.message.contains(
            "chain.conduit:4:4: error: array [2, 4] has no method `frob`") ?? false,
            pointed.failures.first?.message ?? "")
    }
}
