import XCTest
@testable import ConduitPlayground

/// An integer literal where Swift's declared type is `Double` is a Double, as Swift types a literal
/// by where it goes: one test per place that declares a type (a function's parameters and result, a
/// subject's Output, an object's and a struct's properties, a variable, a method's and a closure's
/// signature), and one that an `Int` where Swift's type is `Int` stays one.
final class DoubleLiteralTests: SessionTestCase {
    func testAFunctionsDoubleParameterTakesAnInteger() {
        type("func half(_ v: Double) -> Double { v / 2 }")
        XCTAssertEqual(values("print(half(5))"), ["2.5"])
    }

    func testAFunctionsDoubleResultIsADouble() {
        type("func total() -> Double { return 10 }")
        XCTAssertEqual(values("print(total())"), ["10.0"])
        XCTAssertEqual(type("let t = total()"), ["t: Double = 10.0"], "the echo states Swift's type")
    }

    func testAnIntDeclaredIntStaysAnInt() {
        type("func f(_ x: Int) -> Int { x / 2 }")
        XCTAssertEqual(values("print(f(5))"), ["2"])
        XCTAssertEqual(type("let n = 5"), ["n: Int = 5"])
        XCTAssertEqual(values("print([1, 2].reduce(0, +) / 2)"), ["1"])
    }

    func testAPassthroughSubjectOfDoubleSendsADouble() {
        type("let t = PassthroughSubject<Double, Never>()")
        type("let c = t.map { $0 / 2 }.sink { print($0) }")
        XCTAssertEqual(values("t.send(5)"), ["2.5"])
        XCTAssertEqual(values("send t 3"), ["1.5"], "the playground's `send` command too")
    }

    func testACurrentValueSubjectOfDoubleStartsWithADouble() {
        type("let s = CurrentValueSubject<Double, Never>(1)")
        XCTAssertEqual(values("let c = s.sink { print($0) }"), ["1.0"])
        XCTAssertEqual(values("s.send(2)"), ["2.0"])
        XCTAssertEqual(values("s.value = 3"), ["3.0"])
    }

    func testAClassesDoublePropertiesOnCreationAndEveryWrite() {
        type("""
            class Account {
                var balance: Double = 100
                func applyInterest(rate: Double) { balance = balance * (1 + rate / 100) }
                func reset() { balance = 10 }
            }
            """)
        type("let acct = Account()")
        XCTAssertEqual(values("print(acct.balance)"), ["100.0"])
        type("acct.applyInterest(rate: 5)")
        XCTAssertEqual(values("print(acct.balance)"), ["105.0"], "the method's Double parameter takes 5 as 5.0")
        type("acct.reset()")
        XCTAssertEqual(values("print(acct.balance)"), ["10.0"], "an assignment in a method")
        type("acct.balance = 7")
        XCTAssertEqual(values("print(acct.balance)"), ["7.0"], "an assignment from outside")
    }

    func testAPublishedDoublePropertySendsDoubles() {
        type("""
            final class Settings: ObservableObject {
                @Published var fontSize: Double = 14
                func reset() { fontSize = 14 }
            }
            """)
        type("let store = Settings()")
        XCTAssertEqual(values("let c = store.$fontSize.sink { print(\"font size:\", $0) }"), ["font size: 14.0"])
        XCTAssertEqual(values("store.fontSize += 2"), ["font size: 16.0"])
        XCTAssertEqual(values("store.reset()"), ["font size: 14.0"])
    }

    func testAPlainAndAPublishedPropertyPrintAsDoubles() {
        type("class A { var x: Double = 3; @Published var y: Double = 4 }")
        type("let a = A()")
        XCTAssertEqual(values("print(a.x, a.y)"), ["3.0 4.0"])
    }

    func testAnInitialisersDoubleParameterTakesAnInteger() {
        type("class M { var m: Double; init(m: Double) { self.m = m } }")
        type("let mm = M(m: 3)")
        XCTAssertEqual(values("print(mm.m)"), ["3.0"])
    }

    func testAStructsMethodsDoubleParameterTakesAnInteger() {
        type("struct V { var v: Double; func scaled(by k: Double) -> Double { v * k / 2 } }")
        type("let w = V(v: 1)")
        XCTAssertEqual(values("print(w.scaled(by: 3))"), ["1.5"])
    }

    func testATopLevelDoubleVariableAndItsAssignments() {
        XCTAssertEqual(type("let x: Double = 5"), ["x: Double = 5.0"])
        type("var y: Double = 1")
        type("y = 3")
        XCTAssertEqual(values("print(x, y)"), ["5.0 3.0"])
        type("var z: Double? = nil")
        type("z = 2")
        XCTAssertEqual(values("print(z ?? 0)"), ["2.0"], "an optional converts what it wraps")
    }

    func testArraysAndDictionariesOfDoubleConvertTheirElements() {
        XCTAssertEqual(values("let prices: [Double] = [1, 2]; print(prices)"), ["[1.0, 2.0]"])
        type("var more: [Double] = []")
        type("more.append(3)")
        XCTAssertEqual(values("print(more)"), ["[3.0]"], "an element appended")
        XCTAssertEqual(values("let rates: [String: Double] = [\"a\": 1, \"b\": 2.5]; print(rates)"),
            ["[\"a\": 1.0, \"b\": 2.5]"])
    }

    func testADoubleVariableInAFunctionsBody() {
        type("func k() -> Int { let z: Double = 7; var w: Double = 1; w = 2; print(z, w); return 0 }")
        XCTAssertEqual(values("print(k())"), ["7.0 2.0", "0"])
    }

    func testAClosureGivenANameConvertsItsTypedParameter() {
        type("let h = { (v: Double) in v / 2 }")
        XCTAssertEqual(values("print(h(5))"), ["2.5"])
    }

    func testADoubleSumOfStructFieldsIsTypedDouble() {
        type("struct Item { let price: Double; let qty: Int }")
        type("let items = [Item(price: 3, qty: 2), Item(price: 5, qty: 1)]")
        XCTAssertEqual(type("let avg = items.map { $0.price }.reduce(0, +) / 2"), ["avg: Double = 4.0"])
    }
}
