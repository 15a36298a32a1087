import XCTest

@testable import ConduitPlayground

/// Closures as values, as completion handlers use them (trial case 20-closures-in-vars): passed to a
/// function declared in the session and called there, kept in arrays and in a class's properties,
/// and returned with what they captured.
final class ClosureValueTests: SessionTestCase {
    func testAClosurePassedToAFunctionIsCalledThere() {
        type("func fetch(_ id: Int, completion: @escaping (String) -> Void) {\n    completion(\"user \\(id)\")\n}")
        XCTAssertEqual(valueLines("fetch(1) { name in print(name) }"), ["user 1"])
        XCTAssertEqual(valueLines("fetch(2, completion: { print($0) })"), ["user 2"])
        type("func twice(_ action: () -> Void) { action(); action() }")
        XCTAssertEqual(valueLines("twice { print(\"hi\") }"), ["hi", "hi"])
        type("func apply(_ f: (Int) -> Int, to x: Int) -> Int { f(x) }")
        type("func double(_ x: Int) -> Int { x * 2 }")
        XCTAssertEqual(valueLines("print(apply({ $0 * 3 }, to: 4), apply(double, to: 6))"), ["12 12"])
        // A function named like a command (`load FILE`) given a trailing closure is the function's call.
        type("func load(completionHandler: () -> Void) { completionHandler() }")
        XCTAssertEqual(valueLines("load { print(\"loaded\") }"), ["loaded"])
    }

    func testCompletionHandlersAsWorkshopsWriteThem() {
        type("enum LoadError: Error { case offline }")
        type("func fetchUser(id: Int, completion: @escaping (Result<String, LoadError>) -> Void) {\n"
            + "    if id > 0 { completion(.success(\"Ann\")) } else { completion(.failure(.offline)) }\n}")
        let handler = " { result in\n    switch result {\n    case .success(let name): print(\"got \\(name)\")\n"
            + "    case .failure(let error): print(\"failed \\(error)\")\n    }\n}"
        XCTAssertEqual(valueLines("fetchUser(id: 1)" + handler), ["got Ann"])
        XCTAssertEqual(valueLines("fetchUser(id: 0)" + handler), ["failed offline"])
        // An optional completion, nil by default: nothing to call, and nothing shown for the call.
        type("func save(completion: (() -> Void)? = nil) { print(\"saving\"); completion?() }")
        XCTAssertEqual(printed("save()"), ["saving"])
        XCTAssertEqual(valueLines("save { print(\"saved\") }"), ["saving", "saved"])
        // A method giving another object's method a trailing closure, which sets its own property.
        type("class Service { func load(completion: @escaping (Int) -> Void) { completion(42) } }")
        type("class ViewModel {\n    let service = Service()\n    var value = 0\n    func refresh() {\n"
            + "        service.load { [weak self] v in self?.value = v }\n    }\n"
            + "    func again() { service.load(completion: { print(\"again \\($0)\") }) }\n}")
        type("let model = ViewModel()")
        XCTAssertEqual(valueLines("model.refresh(); print(model.value); model.again()"), ["42", "again 42"])
    }

    func testACompletionHandlerIsCalledLaterFromTheMainQueueOrASink() {
        type("func load(after seconds: Double, completionHandler: @escaping () -> Void) {\n"
            + "    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { completionHandler() }\n}")
        XCTAssertEqual(valueLines("load(after: 1) { print(\"loaded\") }; print(\"waiting\")"), ["waiting"])
        XCTAssertEqual(valueLines("tick 1s"), ["loaded"])
        type("let scores = PassthroughSubject<Int, Never>()")
        type("var cancellables = Set<AnyCancellable>()")
        type("func watch(_ handler: @escaping (Int) -> Void) {\n"
            + "    scores.map { $0 * 2 }.sink { handler($0) }.store(in: &cancellables)\n}")
        type("watch { print(\"got \\($0)\") }")
        XCTAssertEqual(valueLines("scores.send(5)"), ["got 10"])
    }

    func testClosuresKeptInAnArrayAreCalledInTurn() {
        type("var completionHandlers: [() -> Void] = []")
        type("func register(completionHandler: @escaping () -> Void) {\n"
            + "    completionHandlers.append(completionHandler)\n}")
        type("register { print(\"first\") }")
        type("register { print(\"second\") }")
        type("completionHandlers.append({ print(\"third\") })")
        XCTAssertEqual(valueLines("completionHandlers.forEach { $0() }"), ["first", "second", "third"])
        XCTAssertEqual(valueLines("for h in completionHandlers { h() }"), ["first", "second", "third"])
        type("let steps: [(Int) -> Int] = [{ $0 + 1 }, { $0 * 10 }]")
        XCTAssertEqual(valueLines("print(steps[1](2), steps.map { $0(3) }, steps.count)"), ["20 [4, 30] 2"])
        XCTAssertEqual(valueLines("print(steps[0])"), ["(Function)"])
    }

    func testAClassKeepsClosuresInItsProperties() {
        type("class Counter {\n    var onChange: ((Int) -> Void)?\n    var handlers: [() -> Void] = []\n"
            + "    var value = 0\n    func bump() { value += 1; onChange?(value) }\n"
            + "    func register(_ h: @escaping () -> Void) { handlers.append(h) }\n"
            + "    func fire() { handlers.forEach { $0() } }\n}")
        type("let counter = Counter()")
        XCTAssertEqual(valueLines("counter.bump()"), [])
        type("counter.onChange = { print(\"changed to \\($0)\") }")
        XCTAssertEqual(valueLines("counter.bump()"), ["changed to 2"])
        XCTAssertEqual(valueLines("counter.onChange?(3)"), ["changed to 3"])
        // A closure value given from a method, or from the top level, and nil, which leaves nothing to call.
        type("class Relay {\n    var onValue: ((Int) -> Void)?\n"
            + "    func listen(_ handler: @escaping (Int) -> Void) { onValue = handler }\n"
            + "    func fire() { onValue?(1) }\n}")
        type("let relay = Relay()")
        type("relay.listen { print(\"heard \\($0)\") }")
        XCTAssertEqual(valueLines("relay.fire()"), ["heard 1"])
        type("let shout: (Int) -> Void = { print(\"SHOUT \\($0)\") }")
        type("relay.onValue = shout")
        XCTAssertEqual(valueLines("relay.fire()"), ["SHOUT 1"])
        type("relay.onValue = nil")
        XCTAssertEqual(valueLines("relay.fire()"), [])
        XCTAssertTrue(error("relay.onValue = 5").contains("relay.onValue holds a closure"))
        type("counter.register { print(\"one\") }")
        type("counter.register { print(\"two\") }")
        XCTAssertEqual(valueLines("counter.fire()"), ["one", "two"])
    }

    func testAnOptionalClosureVariableIsCalledOnlyWhenItHoldsOne() {
        type("var onDone: (() -> Void)? = nil")
        XCTAssertEqual(printed("onDone?()"), [])
        type("onDone = { print(\"done\") }")
        XCTAssertEqual(valueLines("onDone?(); onDone()"), ["done", "done"])
        type("onDone = nil")
        XCTAssertTrue(error("onDone()").contains("`onDone` is nil: it holds no closure to call; write `onDone?(...)`"))
    }

    func testEachReturnedClosureKeepsItsOwnCapturedVariable() {
        type("func makeIncrementer(by amount: Int) -> () -> Int {\n    var total = 0\n    return {\n"
            + "        total += amount\n        return total\n    }\n}")
        // Named with the closure type the function is declared to return, as Swift types it.
        XCTAssertEqual(type("let incByTen = makeIncrementer(by: 10)"), ["incByTen: () -> Int = (Function)"])
        type("let incBySeven = makeIncrementer(by: 7)")
        XCTAssertEqual(valueLines("print(incByTen())"), ["10"])
        XCTAssertEqual(valueLines("print(incByTen(), incBySeven(), incByTen())"), ["20 7 30"])
        // A returned closure goes where a closure goes: a collection method's, an operator's.
        type("func adder(_ n: Int) -> (Int) -> Int { return { $0 + n } }")
        type("let addTwo = adder(2)")
        XCTAssertEqual(valueLines("print([1, 2].map(addTwo), addTwo(5), adder(2)(3))"), ["[3, 4] 7 5"])
        type("let numbers = PassthroughSubject<Int, Never>()")
        type("let sums = numbers.map(addTwo).sink { print($0) }")
        XCTAssertEqual(valueLines("numbers.send(40)"), ["42"])
        type("let later = numbers.map { v in adder(v)(1) }.sink { print($0) }")
        XCTAssertEqual(valueLines("numbers.send(4)"), ["6", "5"])
        type("let add: (Int, Int) -> Int = { $0 + $1 }")
        XCTAssertEqual(valueLines("print(add(2, 3))"), ["5"])
    }

    func testCallingWhatHoldsNoClosureOrWithTheWrongCountIsRefusedAndChangesNothing() {
        type("let n = 5")
        XCTAssertTrue(error("n()").hasPrefix(
            "error: `n` is integer 5, not a closure: only a closure is called as `n(...)`\n  n()\n  ^^^"))
        type("func makeIncrementer(by amount: Int) -> () -> Int {\n    var total = 0\n"
            + "    return { total += amount; return total }\n}")
        type("let inc = makeIncrementer(by: 1)")
        XCTAssertTrue(error("print(inc(5))").contains(
            "`inc` is a closure of 0 parameters, called here with 1 argument: call it as `inc()`"))
        type("var handlers: [() -> Void] = []")
        type("func run(_ f: () -> Void) { handlers.append(f); f() }")
        XCTAssertTrue(error("run(5)").contains("`run` takes a closure for `f` (`() -> Void`), not integer 5"))
        type("func call(_ f: (Int) -> Void) { handlers.append({ print(\"kept\") }); f() }")
        XCTAssertTrue(error("call { a, b in print(a) }").contains(
            "`call` takes for `f` a closure of 1 parameter (`(Int) -> Void`); this one takes 2"))
        XCTAssertTrue(error("call { print($0) }").contains(
            "`f` is a closure of 1 parameter, called here with 0 arguments: call it as `f(v1)`"))
        // A closure that calls itself stops, with a message, where Swift's stack would end.
        type("var loops: [() -> Void] = []")
        type("loops.append { loops[0]() }")
        XCTAssertTrue(error("loops[0]()").contains("`loops[0]` called closures 200 levels deep: it stopped there"))
        // Only the last call ran its body (Swift would not compile it): it appended before it failed.
        XCTAssertEqual(valueLines("print(inc(), handlers.count)"), ["1 1"])
    }
}
