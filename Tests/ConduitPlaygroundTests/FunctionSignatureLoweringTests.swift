import XCTest

@testable import ConduitPlayground

/// Functions, methods and initialisers whose signatures are read from Swift's own tree
/// (`Language/Lowering/FunctionSignatureLowering.swift`): labels, names, types, defaults read where
/// Swift puts them, `inout`, variadics, attributes and effects; swiftc's words where a signature is
/// wrong; and the playground's own `func f(x) = VALUE`, which is not Swift, read as before.
final class FunctionSignatureLoweringTests: SessionTestCase {
    func testLabelsDefaultsAndTheReturnType() {
        type("func greet(_ name: String, with greeting: String = \"Hello\") -> String { \"\\(greeting), \\(name)!\" }")
        XCTAssertEqual(valueLines("print(greet(\"Ann\"))"), ["Hello, Ann!"])
        XCTAssertEqual(valueLines("print(greet(\"Bob\", with: \"Hi\"))"), ["Hi, Bob!"])
        type("func half(_ v: Double) -> Double { v / 2 }")
        XCTAssertEqual(valueLines("print(half(5))"), ["2.5"], "the written return and parameter types convert")
    }

    func testADefaultIsReadWhereSwiftPutsIt() {
        // A default with commas and operators inside: Swift's tree says where it ends, not bracket counting.
        type("func total(_ xs: [Int] = [1, 2, 3], plus extra: Int = 2 + 3 * 4) -> Int { xs.reduce(0, +) + extra }")
        XCTAssertEqual(valueLines("print(total())"), ["20"])
        XCTAssertEqual(valueLines("print(total([5]))"), ["19"])
        XCTAssertEqual(valueLines("print(total([5], plus: 1))"), ["6"])
    }

    func testInoutAndEffects() {
        type("func double(_ value: inout Int) { value *= 2 }")
        type("var n = 3")
        type("double(&n)")
        XCTAssertEqual(valueLines("print(n)"), ["6"])
        type("enum Fault: Error { case empty }")
        type("func pick(_ xs: [Int]) async throws -> Int { guard let first = xs.first else { throw Fault.empty }; "
            + "return first }")
        XCTAssertEqual(valueLines("print(try pick([4, 5]))"), ["4"])
        type("func each(_ xs: [Int], _ body: (Int) throws -> Void) rethrows { for x in xs { try body(x) } }")
        XCTAssertEqual(valueLines("each([1, 2]) { print($0 * 10) }"), ["10", "20"])
    }

    func testVariadicParametersGatherTheirArguments() {
        type("func sum(_ xs: Int...) -> Int { xs.reduce(0, +) }")
        XCTAssertEqual(valueLines("print(sum(1, 2, 3))"), ["6"])
        XCTAssertEqual(valueLines("print(sum())"), ["0"])
        type("func joined(_ parts: String..., separator: String) -> String { parts.joined(separator: separator) }")
        XCTAssertEqual(valueLines("print(joined(\"a\", \"b\", \"c\", separator: \"-\"))"), ["a-b-c"])
        XCTAssertEqual(type("func sum(_ xs: Int...) -> Int { 0 }").last, "func sum(xs...) (declared again: "
            + "the new one serves from now on)")
    }

    func testAMethodMayThrowOrBeAsyncAsSwiftReadsItsEffects() {
        // The effects were left unread before the body's `{`, which refused the method.
        type("enum LoadError: Error { case empty }")
        type("class Loader { var count = 0; func load(_ names: [String]) throws -> Int { "
            + "if names.isEmpty { throw LoadError.empty }; count += names.count; return count }; "
            + "func wait() async -> Int { count } }")
        type("let loader = Loader()")
        XCTAssertEqual(valueLines("print(try loader.load([\"a\", \"b\"]))"), ["2"])
        XCTAssertEqual(valueLines("do { _ = try loader.load([]) } catch { print(\"failed: \\(error)\") }"),
            ["failed: empty"])
        type("struct Digits { var text: String; func number() throws -> Int { "
            + "guard let n = Int(text) else { throw LoadError.empty }; return n } }")
        XCTAssertEqual(valueLines("print((try? Digits(text: \"42\").number()) ?? -1)"), ["42"])
    }

    func testVariadicParametersOfMethodsGatherTheirArguments() {
        type("class Bag { var items: [Int] = []; func add(_ xs: Int...) { items += xs } }")
        type("let bag = Bag()")
        type("bag.add(1, 2, 3); bag.add(); bag.add(4)")
        XCTAssertEqual(valueLines("print(bag.items)"), ["[1, 2, 3, 4]"])
        type("struct Stats { var n = 0; func mean(_ xs: Double...) -> Double { xs.reduce(0, +) / Double(xs.count) }; "
            + "mutating func bump(_ by: Int...) { n += by.reduce(0, +) }; "
            + "static func total(_ xs: Int...) -> Int { xs.reduce(0, +) } }")
        type("var stats = Stats()")
        XCTAssertEqual(valueLines("print(stats.mean(1, 2, 4.5))"), ["2.5"])
        type("stats.bump(1, 2)")
        XCTAssertEqual(valueLines("print(stats.n, Stats.total(5, 6))"), ["3 11"])
    }

    func testAnEscapingClosureParameterIsAClosureOfItsArity() {
        type("func run(_ work: @escaping (Int) -> Void) { work(3) }")
        XCTAssertEqual(valueLines("run { print($0 + 1) }"), ["4"])
        let message = error("run { a, b in print(a) }")
        XCTAssertTrue(message.contains("a closure of 1 parameter (`(Int) -> Void`)"), message)
    }

    func testThePlaygroundsOwnFunctionsStayAsTheyAre() {
        type("func twice(x) = x * 2")
        XCTAssertEqual(valueLines("print(twice(4))"), ["8"])
        XCTAssertEqual(type("func search(term, limit) = Just([term]).delay(for: 100ms)"), ["func search(term, limit)"])
        type("sink found = search(\"swift\", 1)")
        XCTAssertEqual(values("tick 100ms"), ["found ← [\"swift\"]   @100ms", "found ✓ finished   @100ms"])
        type("object service { var n = 0 }")
        type("func service.find(_ term: String, limit: Int = 2) -> Int = limit")
        XCTAssertEqual(valueLines("print(service.find(\"x\"))"), ["2"])
    }

    func testMethodsAndInitialisersWithLabelsAndDefaults() {
        type("""
            class Counter {
                var count = 0
                let name: String
                init(name: String = "c", startingAt start: Int = 0) { self.name = name; count = start }
                func add(_ amount: Int = 1, times: Int = 1) -> Int { count += amount * times; return count }
                static func make() -> Counter { Counter(name: "made") }
            }
            """)
        type("let c = Counter(startingAt: 5)")
        XCTAssertEqual(valueLines("print(c.add())"), ["6"])
        XCTAssertEqual(valueLines("print(c.add(2, times: 3))"), ["12"])
        XCTAssertEqual(valueLines("print(Counter.make().name)"), ["made"])
        type("struct Point { var x = 0; mutating func move(by step: Int = 1) { x += step } }")
        type("var p = Point()")
        type("p.move(by: 4); p.move()")
        XCTAssertEqual(valueLines("print(p.x)"), ["5"])
    }

    func testWrongSignaturesAreSwiftcsWords() {
        var message = error("func g(x: Int y: Int) -> Int { x }")
        XCTAssertTrue(message.contains("expected ',' in parameter (fix-it: insert ',');"), message)
        message = error("class T { func f(x: Int y: Int) {} }")
        XCTAssertTrue(message.contains("expected ',' in parameter (fix-it: insert ','); a method reads"), message)
        message = error("class R { init(x) {} }")
        XCTAssertTrue(message.contains("expected ':' and type in parameter (fix-it: insert ':' and type); write "
            + "`init() { ... }`"), message)
        message = error("func f = 3")
        XCTAssertTrue(message.contains("expected parameter clause in function signature"), message)
        XCTAssertTrue(error("func k(x: Int, x: Int) {}").contains("`k` has two parameters named `x`"))
        XCTAssertTrue(error("class W { init(a: Int, a: Int) {} }").contains("`init` has two parameters named `a`"))
        XCTAssertTrue(error("func f<T>(_ x: T) -> T { x }").contains("a generic function is not run here"))
        XCTAssertTrue(error("class S { init(x: Int) throws {} }").contains("leave `throws` out"))
        XCTAssertTrue(error("class Q { init?(x: Int) {} }").contains("a failable `init?` is not run here"))
        message = error("class V { init(_ xs: Int...) {} }")
        XCTAssertTrue(message.contains("a variadic parameter of `init` is not run here: take an array (`_ xs: [Int]`)"),
            message)
    }

    func testFunctionTypesAreTakenApartBySwiftsTree() {
        XCTAssertEqual(Parser.parameterCount(ofFunctionType: "((String, Int) -> Void)?"), 2)
        XCTAssertEqual(Parser.parameterCount(ofFunctionType: "@escaping (Int) -> Void"), 1)
        XCTAssertEqual(Parser.parameterCount(ofFunctionType: "(Int) -> (String, Int) -> Void"), 1)
        XCTAssertEqual(Parser.parameterCount(ofFunctionType: "[(Int, Int) -> Void]"), 0, "an array of them")
        XCTAssertEqual(Parser.parameterCount(ofFunctionType: "Int"), 0)
        XCTAssertEqual(Parser.returnType(ofFunctionType: "() -> State"), "State")
        XCTAssertEqual(Parser.returnType(ofFunctionType: "((Int) -> [String])?"), "[String]")
        XCTAssertEqual(Parser.returnType(ofFunctionType: "(Int) -> (String) -> Void"), "(String) -> Void")
        XCTAssertNil(Parser.returnType(ofFunctionType: "Result<Int, Error>"))
    }

    func testThousandsOfParametersAndDeepTypesNeitherCrashNorHang() {
        let started = Date()
        let many = (0..<5_000).map { "a\($0): Int" }.joined(separator: ", ")
        XCTAssertEqual(type("func wide(\(many)) -> Int { a0 + a4999 }").first?.prefix(22), "func wide(a0, a1, a2, ")
        let arguments = (0..<5_000).map(String.init).joined(separator: ", ")
        XCTAssertEqual(valueLines("print(wide(\(arguments)))"), ["4999"])
        XCTAssertEqual(type("class Wide { func f(\(many)) {} }"), ["class Wide: func f()"])
        let deep = String(repeating: "(", count: 1_000) + "Int" + String(repeating: ")", count: 1_000)
        var message = error("func deep(x: \(deep)) {}")
        XCTAssertTrue(message.contains("parsing has exceeded the maximum nesting level; write `func deep("), message)
        message = error("class Deep { init(x: \(deep)) {} }")
        XCTAssertTrue(message.contains("parsing has exceeded the maximum nesting level; write `init() {"), message)
        let square = String(repeating: "[", count: 1_000) + "Int" + String(repeating: "]", count: 1_000)
        message = error("func deep(x: \(square)) {}")
        XCTAssertTrue(message.contains("too long or nests too deeply to read"), message)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30 * sanitizerSlowdown, "no statement hangs")
        type("func after(x: Int) -> Int { x + 1 }")
        XCTAssertEqual(valueLines("print(after(x: 1))"), ["2"], "the session goes on")
    }
}
