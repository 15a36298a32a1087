import XCTest
@testable import ConduitPlayground

/// Closures written as Swift writes them in Combine code: parameter lists in parentheses, with
/// types and a return type, `return`, `let` steps, operators passed as functions, and Swift's
/// `String(...)`, `Int(...)` and `Double(...)`.
final class SwiftClosureSyntaxTests: SessionTestCase {
    func testParenthesisedAndTypedParametersNameTheArguments() {
        type("subject n")
        type("sink a = n.map { (x) in x * 3 }")
        type("sink b = n.map { (x: Int) -> Int in x + 1 }")
        type("sink c = n.map { x -> String in \"#\\(x)\" }")
        type("sink d = n.map { [weak self] (value: Int) -> Int in return value * 10 }")
        XCTAssertEqual(values("send n 4"), ["a ← 12", "b ← 5", "c ← \"#4\"", "d ← 40"])
    }

    func testEverySignatureSwiftsParserReadsNamesTheParameters() {
        type("subject n")
        type("sink thrown = n.map { x throws -> Int in x + 1 }")
        type("sink waited = n.map { (x: Int) async throws -> Int in x * 2 }")
        type("sink sendable = n.map { @Sendable x in x * 3 }")
        type("let base = 100")
        type("sink captured = n.map { [base] x in x + base }")
        type("sink unowned = n.map { [unowned self] value in value - 1 }")
        type("sink labelled = n.map { (_ value: Int) -> Int in value * 10 }")
        XCTAssertEqual(
            values("send n 4"),
            ["thrown ← 5", "waited ← 8", "sendable ← 12", "captured ← 104", "unowned ← 3", "labelled ← 40"])
    }

    func testAForLoopsInIsNoSignature() {
        type("var seen = 0")
        type("subject n")
        type("sink out = n.map { for x in [1, 2] { seen += x }; return $0 }")
        XCTAssertEqual(values("send n 7"), ["out ← 7"])
        XCTAssertTrue(type("print(seen)").contains("3"))
    }

    func testASignatureSwiftRefusesIsAnsweredInSwiftsWordsAndChangesNothing() {
        type("subject n")
        type("sink kept = n.map { $0 }")
        let message = error("sink bad = n.map { (x: Int y) in x }")
        XCTAssertTrue(message.contains("unexpected code 'y' in parameter clause"), message)
        XCTAssertTrue(message.contains("`{ name, age in ... }`"), message)
        let capture = error("sink copy = n.map { [y = n] x in x }")
        XCTAssertTrue(capture.contains("a capture with a value (`[y = n]`)"), capture)
        XCTAssertEqual(values("send n 1"), ["kept ← 1"], "the bad lines subscribed nothing and the sink is kept")
    }

    func testAClosureGivenANameIsAFunctionCalledAndPassedByName() {
        type("let add = { (a: Int, b: Int) -> Int in a + b }")
        XCTAssertEqual(type("print(add(2, 3))"), ["5"])
        type("let greet = { (name: String) in print(\"Hello, \\(name)!\") }")
        XCTAssertEqual(type("greet(\"Ada\")"), ["Hello, Ada!"])
        type("let double: (Int) -> Int = { $0 * 2 }")
        XCTAssertEqual(type("print([1, 2, 3].map(double))"), ["[2, 4, 6]"])
        type("var count = 0")
        type("let increment = { count += 1 }")
        type("increment()")
        type("increment()")
        XCTAssertEqual(type("print(count)"), ["2"])
        type("subject n")
        type("func label(_ value: Int) -> String { \"#\\(value)\" }")
        type("sink labels = n.map(label)")
        type("sink doubled = n.map(double)")
        XCTAssertEqual(values("send n 4"), ["labels ← \"#4\"", "doubled ← 8"])
    }

    func testATupleIsTakenApartByParenthesisedNames() {
        type("subject a")
        type("subject b")
        type("sink product = a.zip(b).map { (x, y) in x * y }")
        type("sink second = a.zip(b).map { (_, y) in y }")
        type("sink typed = a.combineLatest(b).map { (x: Int, y: Int) -> Int in x - y }")
        type("send a 6")
        XCTAssertEqual(values("send b 7"), ["product ← 42", "second ← 7", "typed ← -1"])
    }

    func testAReturnTypeThatIsAPublisherIsSkipped() {
        type("subject q")
        type("sink out = q.flatMap { text -> AnyPublisher<String, Never> in Just(text + \"!\").eraseToAnyPublisher() }")
        XCTAssertEqual(values("send q \"go\""), ["out ← \"go!\""])
    }

    func testLetStepsRunInOrderBeforeTheValue() {
        type("subject n")
        type("sink out = n.map { x in let doubled = x * 2; let shown: String = \"<\\(doubled)>\"; return shown }")
        type("sink anonymous = n.map { let y = $0 + 1; return y * y }")
        type("sink running = n.scan(0) { total, x in let next = total + x; return next }")
        XCTAssertEqual(values("send n 3"), ["out ← \"<6>\"", "anonymous ← 16", "running ← 3"])
        XCTAssertEqual(values("send n 4"), ["out ← \"<8>\"", "anonymous ← 25", "running ← 7"])
    }

    func testALetStepShadowsAParameterOnlyAfterIt() {
        type("subject n")
        type("sink out = n.map { x in let x = x + 100; return x * 2 }")
        XCTAssertEqual(values("send n 1"), ["out ← 202"])
    }

    func testLetStepsInAClosureInsideAClosureKeepTheirOwnValues() {
        type("subject n")
        type("sink out = n.flatMap { x in let base = x * 10; return Just(base).map { y in let z = y + 1; return z } }")
        XCTAssertEqual(values("send n 2"), ["out ← 21"])
    }

    func testAClosureThatEndsAfterALetSaysWhatIsMissing() {
        type("subject n")
        let message = error("sink out = n.map { x in let y = x * 2 }")
        XCTAssertTrue(message.contains("write the value it gives, for example `return y`"), message)
        XCTAssertTrue(error("sink out = n.map { (x) }").contains("unknown name `x`"))
        XCTAssertEqual(values("send n 1"), [], "nothing was subscribed by the bad lines")
        XCTAssertTrue(type("subs").joined().contains("n"), "the subject is kept")
    }

    func testOperatorsPassedAsFunctions() {
        type("subject n")
        type("sink sum = n.reduce(0, +)")
        type("sink product = n.scan(1, *)")
        type("sink biggest = n.max(by: <)")
        type("sink changes = n.removeDuplicates(by: ==)")
        XCTAssertEqual(values("send n 3"), ["product ← 3", "changes ← 3"])
        XCTAssertEqual(values("send n 3"), ["product ← 9"])
        XCTAssertEqual(values("send n 5"), ["product ← 45", "changes ← 5"])
        XCTAssertEqual(values("complete n"), [
            "sum ← 11", "sum ✓ finished", "product ✓ finished", "biggest ← 5", "biggest ✓ finished",
            "changes ✓ finished",
        ])
    }

    func testSwiftConversionsGiveNilForTextThatIsNoNumber() {
        type("subject words")
        type("sink numbers = words.compactMap { Int($0) }")
        type("sink decimals = words.map { Double($0) }")
        type("sink texts = words.map { String($0.count) + \" letters\" }")
        XCTAssertEqual(values("send words \"42\""), ["numbers ← 42", "decimals ← 42.0", "texts ← \"2 letters\""])
        XCTAssertEqual(values("send words \"four\""), ["decimals ← nil", "texts ← \"4 letters\""])
        type("subject n")
        type("sink whole = n.map { Int($0) }")
        XCTAssertEqual(values("send n 2.9"), ["whole ← 2"], "as Swift's Int(2.9), toward zero")
        XCTAssertTrue(type("types words.compactMap { Int($0) }").joined(separator: "\n").contains("CompactMap"))
    }

    func testAMultiLineClosureWithLetStepsReadsAsOneStatement() {
        var reader = StatementReader(mode: .lookahead)
        let source = """
            sink lengths = words
                .map { (word: String) -> Int in
                    let lower = word.lowercased
                    return lower.count
                }
            send words "Combine"
            """
        let statements = (reader.read(lines: source) + reader.finish()).map(\.text)
        XCTAssertEqual(statements.count, 2, "\(statements)")
        type("subject words")
        for statement in statements.dropLast() { type(statement) }
        XCTAssertEqual(values(statements[1]), ["lengths ← 7"])
    }

    func testAnInnerClosureUsesTheParameterOfTheClosureAroundIt() {
        type("subject n")
        type("sink out = n.flatMap { x in Just(x * 10).map { y in y + x } }")
        XCTAssertEqual(values("send n 2"), ["out ← 22"])
        XCTAssertEqual(values("send n 3"), ["out ← 33"], "each value's pipeline sees its own x")
        type("subject q")
        type("sink pairs = q.flatMap { query in Just(query.count).map { found in [query, found] } }")
        XCTAssertEqual(values("send q \"swift\""), ["pairs ← [\"swift\", 5]"])
    }

    func testAnOuterParameterPassedToAMethodInAnInnerClosure() {
        type("let names = [\"Anna\", \"Bob\", \"Hannah\"]")
        type("let query = PassthroughSubject<String, Never>()")
        type("let c = query.map { text in names.filter { $0.lowercased().contains(text) } }.sink { print($0) }")
        XCTAssertEqual(type("query.send(\"an\")"), ["[\"Anna\", \"Hannah\"]"])
        XCTAssertEqual(type("query.send(\"b\")"), ["[\"Bob\"]"], "a Never pipeline keeps going")
    }

    func testParametersTwoClosuresOutAndLetStepsAreCapturedToo() {
        type("subject n")
        type("sink digits = n.flatMap { a in Just(1).flatMap { b in Just(2).map { c in a * 100 + b * 10 + c } } }")
        type("sink stepped = n.flatMap { x in let k = x * 2; return Just(1).map { y in y + k } }")
        XCTAssertEqual(values("send n 7"), ["digits ← 712", "stepped ← 15"])
    }

    func testADeclaredFunctionsParameterIsCapturedByItsClosures() {
        type("subject n")
        type("func plus(v) = Just(v).map { w in w + v }")
        type("sink out = n.flatMap { plus($0) }")
        XCTAssertEqual(values("send n 4"), ["out ← 8"])
    }

    func testAnUnknownNameInAnInnerClosureIsReportedWhereItIs() {
        type("subject n")
        let message = error("sink out = n.flatMap { x in Just(1).map { y in x + z } }")
        XCTAssertTrue(message.contains("unknown name `z`"), message)
    }

    func testIfElseAndElseIfGiveTheBranchesValue() {
        type("subject n")
        type("sink size = n.map { v in if v > 3 { return \"big\" } else if v > 1 { return \"mid\" } "
            + "else { return \"small\" } }")
        type("sink early = n.map { v in if v > 3 { return \"big\" }; return \"other\" }")
        XCTAssertEqual(values("send n 4"), ["size ← \"big\"", "early ← \"big\""])
        XCTAssertEqual(values("send n 2"), ["size ← \"mid\"", "early ← \"other\""])
        XCTAssertEqual(values("send n 1"), ["size ← \"small\"", "early ← \"other\""])
    }

    func testGuardAndOptionalBindingAsSwiftWritesThem() {
        type("subject n")
        type("let maybe = n.map { $0 == 4 ? nil : $0 }")
        type("sink guarded = n.map { v in guard v > 2 else { return 0 }; return v * 10 }")
        type("sink bound = maybe.map { x in if let y = x { return y * 2 } else { return -1 } }")
        type("sink unwrapped = maybe.map { x in guard let y = x else { return -1 }; return y + 100 }")
        XCTAssertEqual(values("send n 4"), ["guarded ← 40", "bound ← -1", "unwrapped ← -1"])
        XCTAssertEqual(values("send n 1"), ["guarded ← 0", "bound ← 2", "unwrapped ← 101"])
    }

    func testAnIfWithoutElseOrAGuardWithoutElseIsRefusedWithTheFix() {
        type("subject n")
        XCTAssertTrue(error("sink a = n.map { v in if v > 2 { return 1 } }").contains("has no `else`"))
        XCTAssertTrue(error("sink b = n.map { v in guard v > 2 { return 0 } }").contains("expected `else`"))
        XCTAssertEqual(values("send n 3"), [], "neither line subscribed anything")
    }

    func testMethodsOfValuesAsSwiftNamesThem() {
        type("subject n")
        type("subject words")
        type("sink even = n.filter { $0.isMultiple(of: 2) }")
        type("sink swift = words.filter { $0.hasPrefix(\"sw\") && $0.contains(\"-\") }")
        type("sink parts = words.map { $0.components(separatedBy: \"-\") }")
        type("sink short = words.map { word in word.prefix(2) + word.dropFirst(6) }")
        type("sink ordered = n.map { [$0, 1, 7].sorted().contains(4) }")
        XCTAssertEqual(values("send n 4"), ["even ← 4", "ordered ← true"])
        XCTAssertEqual(values("send n 3"), ["ordered ← false"])
        XCTAssertEqual(values("send words \"swift-ui\""), [
            "swift ← \"swift-ui\"", "parts ← [\"swift\", \"ui\"]", "short ← \"swui\"",
        ])
        XCTAssertTrue(error("sink x = n.map { $0.isMultple(of: 2) }").contains("did you mean `.isMultiple(...)`"))
    }

    func testAnOperatorOnAPublisherInAClosureIsStillTheOperator() {
        type("subject n")
        type("sink first = n.flatMap { Just($0).prefix(1) }")
        XCTAssertEqual(values("send n 5"), ["first ← 5"])
    }

    func testStatementsRunInOrderAndTheLastGivesTheValue() {
        XCTAssertEqual(session.evaluate("[1, 2].publisher.sink { v in print(\"got\"); print(v) }").map(\.text),
            ["got", "1", "got", "2", "sink1 ✓ finished"])
        XCTAssertEqual(
            session.evaluate("[1, 3].publisher.sink { v in if v > 2 { print(\"big\", v) }; print(\"saw\", v) }")
                .map(\.text),
            ["saw 1", "big 3", "saw 3", "sink2 ✓ finished"], "an if without else that returns nothing runs on")
        XCTAssertEqual(session.evaluate("[9].publisher.sink { v in guard v < 5 else { return }; print(v) }")
            .map(\.text), ["sink3 ✓ finished"], "a bare return ends the closure")
        XCTAssertEqual(session.evaluate("[1].publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in })")
            .map(\.text), ["sink4 ✓ finished"], "a closure may do nothing once its parameters are named")
    }

    /// A line that fails to subscribe takes no number: the next sink without a name is the next
    /// number, and the sinks before it are kept.
    func testAFailedSinkWithoutANameLeavesNoGapInTheNumbers() {
        XCTAssertEqual(session.evaluate("[1].publisher.sink { print($0) }").map(\.text), ["1", "sink1 ✓ finished"])
        let failed = session.evaluate("[2].publisher.nope().sink { print($0) }").map(\.text)
        XCTAssertTrue(failed.joined().contains("error"), "\(failed)")
        XCTAssertFalse(failed.joined().contains("sink2"), "\(failed)")
        XCTAssertEqual(session.evaluate("[3].publisher.sink { print($0) }").map(\.text), ["3", "sink2 ✓ finished"])
        let listed = session.evaluate("subs").map(\.text).joined(separator: "\n")
        XCTAssertTrue(listed.contains("sink1") && listed.contains("sink2"), listed)
        XCTAssertFalse(listed.contains("sink3"), listed)
    }

    func testSwitchOnACompletionAndOnAValue() {
        let handler = "receiveCompletion: { completion in switch completion { case .finished: print(\"done\"); "
            + "case .failure(let error): print(\"error:\", error) } }, receiveValue: { print($0) }"
        XCTAssertEqual(session.evaluate("[1].publisher.sink(\(handler))").map(\.text),
            ["1", "done", "sink1 ✓ finished"])
        XCTAssertEqual(session.evaluate("Fail(error: \"boom\").sink(\(handler))").map(\.text),
            ["error: boom", "sink2 ✗ failed: boom"])
        type("subject n")
        type("sink size = n.map { v in switch v { case 1: return \"one\"; case 2, 3: return \"few\"; "
            + "default: return \"many\" } }")
        type("sink strict = n.map { v in switch v { case 1: return \"one\" } }")
        XCTAssertEqual(values("send n 1"), ["size ← \"one\"", "strict ← \"one\""])
        XCTAssertEqual(values("send n 3"), [
            "size ← \"few\"", "strict ✗ failed: no case of the switch matches 3; add `default:`",
        ])
    }

    func testIfCaseTakesAFailureApart() {
        let line = "Fail(error: \"offline\").sink(receiveCompletion: { completion in "
            + "if case .failure(let error) = completion { print(\"failed:\", error) } }, receiveValue: { _ in })"
        XCTAssertEqual(session.evaluate(line).map(\.text), ["failed: offline", "sink1 ✗ failed: offline"])
    }

    func testAProgramsMultiLineSinkRunsAsWritten() {
        var reader = StatementReader(mode: .lookahead)
        let source = """
            let subject = PassthroughSubject<Int, Error>()
            let cancellable = subject
                .map { $0 * 2 }
                .sink(receiveCompletion: { completion in
                    switch completion {
                    case .finished:
                        print("Finished")
                    case .failure(let error):
                        print("Error: \\(error)")
                    }
                }, receiveValue: { value in
                    print("Received")
                    print(value)
                })
            """
        let statements = (reader.read(lines: source) + reader.finish()).map(\.text)
        XCTAssertEqual(statements.count, 2, "\(statements)")
        for statement in statements { XCTAssertFalse(type(statement).contains { $0.hasPrefix("error") }) }
        XCTAssertEqual(session.evaluate("subject.send(1)").map(\.text), ["Received", "2"])
        XCTAssertEqual(session.evaluate("subject.send(completion: .failure(\"bad\"))").map(\.text),
            ["Error: bad", "cancellable ✗ failed: bad"])
    }
}

/// Swift's multiple trailing closures, the form Xcode completes `sink` to.
final class MultipleTrailingClosuresTests: SessionTestCase {
    func testSinkWithACompletionClosureThenALabelledValueClosure() {
        type("let subject = PassthroughSubject<Int, Error>()")
        type("""
            let c = subject
                .map { $0 * 2 }
                .sink { completion in
                    switch completion {
                    case .finished: print("done")
                    case .failure(let error): print("error:", error)
                    }
                } receiveValue: { value in
                    print("value:", value)
                }
            """)
        XCTAssertEqual(type("subject.send(1)"), ["value: 2"])
        XCTAssertEqual(type("subject.send(completion: .finished)"), ["done", "c ✓ finished"])
    }

    func testALabelThatIsNotTheCallsIsRefusedAndNothingIsSubscribed() {
        type("let subject = PassthroughSubject<Int, Never>()")
        let message = error("let c = subject.sink { _ in } receiveNothing: { print($0) }")
        XCTAssertTrue(message.contains("`.sink(receiveCompletion: { ... }, receiveValue: { ... })`"), message)
        XCTAssertEqual(type("subject.send(1)"), [], "no sink was made")
    }
}
