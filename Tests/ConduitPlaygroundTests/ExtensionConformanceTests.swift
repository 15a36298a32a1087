import XCTest

@testable import ConduitPlayground

/// An extension that adds `CustomStringConvertible` to a class, or members to an enum declared before
/// (`Interpreter+Protocols.swift`, `Interpreter+Enums.swift`): what Swift prints for the values after it.
final class ExtensionConformanceTests: SessionTestCase {
    func testAClassExtendedWithADescriptionPrintsByItInsideAnArray() {
        type("final class Item { let name: String; init(name: String) { self.name = name } }")
        type("extension Item: CustomStringConvertible { var description: String { \"Item(\\(name))\" } }")
        type("let a = Item(name: \"a\")")
        XCTAssertEqual(values("print([a, Item(name: \"b\")])"), ["[Item(a), Item(b)]"])
        XCTAssertEqual(values("print(\"got \\(a)\")"), ["got Item(a)"])
    }

    func testAnEnumExtendedWithADescriptionAndAMethod() {
        type("enum Level { case low, high }")
        type("""
            extension Level: CustomStringConvertible {
                var description: String {
                    switch self {
                    case .low: return "LOW"
                    case .high: return "HIGH"
                    }
                }
                func louder() -> Level { .high }
            }
            """)
        type("let low = Level.low")
        XCTAssertEqual(values("print(low, [Level.high], low.louder())"), ["LOW [HIGH] HIGH"])
    }

    func testAnEnumExtensionWithAStaticPropertyIsRefused() {
        type("enum Level { case low, high }")
        let message = error("extension Level { static var loudest: Level { .high } }")
        XCTAssertTrue(message.contains("not `static` properties: declare `loudest` in the enum"), message)
    }
}
