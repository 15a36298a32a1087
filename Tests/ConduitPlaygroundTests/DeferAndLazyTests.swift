import XCTest

@testable import ConduitPlayground

/// `defer` in functions and methods, and a class's `lazy var` made by a closure, in the order swiftc's
/// build prints them (trial case 17-defer-lazy-computed).
final class DeferAndLazyTests: SessionTestCase {
    func testADeferRunsWhenTheBodyIsLeftInReverseOrder() {
        type("""
            func process() -> Int {
                defer { print("cleanup 1") }
                defer { print("cleanup 2") }
                print("processing")
                return 3
            }
            """)
        XCTAssertEqual(valueLines("print(process())"), ["processing", "cleanup 2", "cleanup 1", "3"])
        type("""
            func early(_ n: Int) -> String {
                defer { print("leaving", n) }
                guard n > 0 else { return "none" }
                for i in 0..<n {
                    if i == 2 { return "stopped at 2" }
                }
                return "all"
            }
            """)
        XCTAssertEqual(valueLines("print(early(0)); print(early(5)); print(early(1))"),
            ["leaving 0", "none", "leaving 5", "stopped at 2", "leaving 1", "all"])
    }

    func testADeferRunsWhenAnErrorLeaves() {
        type("enum E: Error { case bad }")
        type("func thrower() throws { defer { print(\"deferred\") }; throw E.bad }")
        XCTAssertEqual(valueLines("do { try thrower() } catch { print(\"caught\", error) }"),
            ["deferred", "caught bad"])
    }

    func testALazyPropertyIsMadeWhenFirstReadAndKept() {
        type("""
            class DataLoader {
                lazy var data: [Int] = {
                    print("Loading data...")
                    return [1, 2, 3]
                }()

                var count: Int {
                    return data.count
                }

                func process() {
                    defer { print("cleanup") }
                    print("processing \\(count) items")
                }
            }
            """)
        XCTAssertEqual(valueLines("let loader = DataLoader(); print(\"created\")"), ["created"])
        XCTAssertEqual(valueLines("loader.process()"), ["Loading data...", "processing 3 items", "cleanup"])
        XCTAssertEqual(valueLines("print(loader.count)"), ["3"])
        type("class A { var base = 2; lazy var doubled: Int = { print(\"making\"); return self.base * 2 }() }")
        type("let a = A()")
        type("a.base = 5")
        XCTAssertEqual(valueLines("print(a.doubled, a.doubled)"), ["making", "10 10"])
        type("a.doubled = 1")
        XCTAssertEqual(valueLines("print(a.doubled)"), ["1"])
    }

    func testMistakesAreAnswered() {
        XCTAssertTrue(error("func f() { defer print(1) }").contains("expected '{' in 'defer' statement"))
        XCTAssertTrue(error("class B { lazy var d: Int = { 1 } }").contains("write `lazy var d = { ... }()`"))
        XCTAssertTrue(error("let b = B()").contains("B"))
    }
}
