import XCTest

@testable import ConduitPlayground

/// `let` and `var` declarations read from Swift's tree (`VariableDeclSyntax`): properties of a type's
/// body with their modifiers, groups, lazy values and accessors; a body's steps, tuples and groups; a
/// top-level declaration's head. Wrong ones are swiftc's messages; hostile ones end with a message.
final class VariableDeclarationLoweringTests: SessionTestCase {
    func testPropertiesOfEveryShapeRunAsSwiftRunsThem() {
        let program = """
            class Counter {
                static let unit = 1
                @Published private(set) var count = 0
                weak var delegate: Counter?
                var low = 0, high: Int = 10
                var x, y: Int
                lazy var made: [Int] = { print("making"); return [1, 2] }()
                var step = 1 {
                    willSet(next) { print("step will be", next) }
                    didSet(previous) { print("step was", previous) }
                }
                var doubled: Int { count * 2 }
                var half: Int {
                    get { count / 2 }
                    set(value) { count = value * 2 }
                }
                init() { x = 1; y = 2 }
            }
            let c = Counter()
            c.step = 3
            c.half = 4
            print(c.count, c.doubled, c.low, c.high, c.x + c.y, Counter.unit)
            print(c.made, c.made)
            """
        XCTAssertEqual(
            printed(program), ["step will be 3", "step was 1", "8 16 0 10 3 1", "making", "[1, 2] [1, 2]"])
    }

    func testAClosurePropertyIsWhatSwiftsTreeReadsThere() {
        type("""
            class Panel {
                var onClose: ((String) -> Void)? = nil
                var onOpen: () -> Void = {}
                var onSave: () -> Void = unimplemented("Panel.onSave")
                let shout = { (s: String) in s.uppercased() }
            }
            """)
        type("let panel = Panel()")
        XCTAssertEqual(printed("panel.onOpen(); panel.onClose?(\"x\"); print(panel.shout(\"hi\"))"), ["HI"])
        XCTAssertEqual(printed("panel.onSave()"), ["unimplemented: Panel.onSave"])
        type("panel.onOpen = { print(\"opened\") }")
        XCTAssertEqual(printed("panel.onOpen()"), ["opened"])
        XCTAssertTrue(
            error("class Bad { var onTap: () -> Void = 5 }").contains("`onTap` holds a closure: write one in braces"))
    }

    func testABodysDeclarationsTakeNamesTuplesAndGroups() {
        type("""
            func f() -> Int {
                let (a, _, c) = (1, 2, 3)
                var d = 4, e: Double = 5
                var result: String
                result = "r"
                let _ = print(result)
                e += 1
                d += 1
                return a + c + d + Int(e)
            }
            """)
        XCTAssertEqual(printed("print(f())"), ["r", "15"])
    }

    func testATopLevelDeclarationsHeadIsSwifts() {
        XCTAssertEqual(printed("let typed: Double = 2; print(typed)"), ["2.0"])
        XCTAssertEqual(printed("var (p, _, q) = (1, \"x\", 3); p += q; print(p)"), ["4"])
        XCTAssertEqual(
            printed("let one = 1, two: Double = 2; var three = \"3\", four, five: Int?; print(one, two, three)"),
            ["1 2.0 3"])
        XCTAssertEqual(printed("print(four == nil, five == nil)"), ["true true"])
        XCTAssertTrue(error("let six = 6, seven").contains("type annotation missing in pattern"))
        XCTAssertTrue(error("print(six)").contains("cannot find `six`"), "nothing of it was declared")
    }

    func testWrongDeclarationsAreSwiftcsMessages() {
        XCTAssertTrue(
            error("class A { var : Int = 1 }").hasPrefix(
                "error: expected pattern in variable (fix-it: insert pattern); a property is declared as"))
        XCTAssertTrue(
            error("func g() -> Int { let = 5; return 1 }").hasPrefix(
                "error: expected pattern in variable (fix-it: insert pattern); a step in a body reads `let NAME"))
        XCTAssertTrue(
            error("let : Int = 5").hasPrefix(
                "error: expected pattern in variable (fix-it: insert pattern); write `let NAME = PIPELINE`"))
        XCTAssertTrue(error("class B { lazy var v = { 1 } }").contains("a `lazy var` made by a closure calls it"))
        XCTAssertTrue(
            error("class C { @Frozen var v = 1 }").contains("the playground knows the attribute `@Published`"))
        XCTAssertTrue(error("func h() { var total { 1 } }").contains("a variable of a body has no accessors here"))
        XCTAssertTrue(error("class D { total = 0 }").contains("expected a member here: a property (`var total = 0`)"))
        XCTAssertEqual(printed("object e { @Published total = 1; var more = 2 }; print(e.total + e.more)"), ["3"])
    }

    func testHostileDeclarationsEndWithAMessage() {
        let bindings = (0..<5_000).map { "a\($0) = 0" }.joined(separator: ", ")
        XCTAssertEqual(printed("class Many { var \(bindings) }; print(Many().a4999)"), ["0"])
        XCTAssertFalse(error("func many() -> Int { var \(bindings); return a0 }").isEmpty)
        XCTAssertEqual(printed("var \(bindings); print(a4999)"), ["0"])
        let names = (0..<5_000).map { "t\($0)" }.joined(separator: ", ")
        XCTAssertTrue(
            error("func tuple() -> Int { let (\(names)) = (1, 2); return t0 }").contains("nests too deeply"))
        let deep = String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000)
        XCTAssertFalse(error("class Deep { var v = \(deep) }").isEmpty)
        XCTAssertFalse(error("func deep() -> Int { let v = \(deep); return v }").isEmpty)
        XCTAssertFalse(error("let v = \(deep)").isEmpty)
        XCTAssertEqual(printed("print(1)"), ["1"], "the session goes on")
    }
}
