import XCTest

@testable import ConduitPlayground

/// Structs as The Swift Programming Language and workshop slides declare them: `static func`
/// called through the type, properties declared together (`let width, height: Double`), values of
/// several structs held as their protocol (`[Shape]`) and `type(of:)`, printing what swiftc's build
/// prints.
final class StructDeclarationTests: SessionTestCase {
    func testAStaticFuncIsCalledThroughItsType() {
        type("""
            struct Counter {
                var count = 0
                mutating func increment(by amount: Int = 1) {
                    count += amount
                }
                static func zero() -> Counter { Counter() }
                static func starting(at n: Int) -> Counter { Counter(count: n) }
            }
            """)
        type("var c = Counter()")
        type("c.increment()")
        type("c.increment(by: 5)")
        type("var copy = c")
        type("copy.increment()")
        XCTAssertEqual(valueLines("print(c.count, copy.count)"), ["6 7"])
        XCTAssertEqual(valueLines("let z = Counter.zero(); print(z)"), ["Counter(count: 0)"])
        XCTAssertEqual(valueLines("print(Counter.starting(at: 4).count)"), ["4"])
        type("class Maker { var n = 1; static func make() -> Maker { Maker() }; func copy() -> Maker { Maker() } }")
        XCTAssertEqual(valueLines("let m = Maker.make(); print(m.n, m.copy().n)"), ["1 1"])
        type("enum Light { case red, green; static func start() -> Light { .red } }")
        XCTAssertEqual(valueLines("print(Light.start())"), ["red"])
    }

    func testAStaticFuncIsNoInstancesAndAMissingOneIsNamed() {
        type("struct P { var x = 0; static func at(_ x: Int) -> P { P(x: x) }; func twice() -> Int { x * 2 } }")
        XCTAssertTrue(error("print(P.nope())").contains("type 'P' has no member 'nope'; its static methods are `at`"))
        XCTAssertTrue(error("print(P.twice())").contains("instance member 'twice' cannot be used on type 'P'"))
        XCTAssertTrue(type("struct Q { static func a() -> Int { 1 } }").joined().contains("static func a()"))
    }

    func testPropertiesDeclaredTogetherShareTheirType() {
        type("""
            struct Rectangle {
                let width, height: Double
                var area: Double { width * height }
            }
            """)
        XCTAssertEqual(valueLines("let r = Rectangle(width: 2, height: 3); print(r.area, r.width)"), ["6.0 2.0"])
        XCTAssertTrue(error("struct Bad { let a, b = 1 }").contains("type annotation missing in pattern"))
        // As Swift reads it, the type and the value are the last name's alone.
        XCTAssertTrue(error("struct Bad2 { let a, b: Int = 1 }").contains("type annotation missing in pattern"))
        type("struct Pair { let a: Int, b: Int = 1; var c = 2, d = \"x\" }")
        XCTAssertEqual(valueLines("let p = Pair(a: 5); print(p.a, p.b, p.c, p.d)"), ["5 1 2 x"])
    }

    func testProtocolTypedArraysAndTypeOf() {
        type("""
            protocol Shape {
                var area: Double { get }
                func describe() -> String
            }
            """)
        type("""
            struct Circle: Shape {
                let radius: Double
                var area: Double { Double.pi * radius * radius }
                func describe() -> String { "Circle with area \\(area)" }
            }
            """)
        type("""
            struct Rectangle: Shape {
                let width, height: Double
                var area: Double { width * height }
                func describe() -> String { "Rectangle \\(width)x\\(height)" }
            }
            """)
        type("let shapes: [Shape] = [Circle(radius: 1), Rectangle(width: 2, height: 3)]")
        XCTAssertEqual(valueLines("for shape in shapes { print(shape.describe()) }"),
            ["Circle with area 3.141592653589793", "Rectangle 2.0x3.0"])
        XCTAssertEqual(valueLines("let total = shapes.map { $0.area }.reduce(0, +); print(\"Total area: \\(total)\")"),
            ["Total area: 9.141592653589793"])
        XCTAssertEqual(valueLines("let largest = shapes.max { $0.area < $1.area }; print(type(of: largest!))"),
            ["Rectangle"])
        XCTAssertEqual(valueLines("print(type(of: 1), type(of: \"a\"), type(of: [1, 2]), type(of: 2.5))"),
            ["Int String Array<Int> Double"])
    }
}
