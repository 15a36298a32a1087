import XCTest

@testable import ConduitPlayground

/// `protocol` and `extension` as delegation is written in Swift: a delegate's protocol, a class that
/// conforms to it in an extension, calls resolved by name, and Swift's refusal of a class that lacks
/// a requirement.
final class ProtocolCommandsTests: SessionTestCase {
    func testADelegateDeclaredByAProtocolIsCalledThroughItsWeakReference() {
        type("protocol ColorPickerDelegate: AnyObject {\n"
            + "    func colorPicker(_ picker: ColorPicker, didSelect color: String)\n}")
        type("""
            class ColorPicker {
                weak var delegate: ColorPickerDelegate?
                func choose(_ color: String) { delegate?.colorPicker(self, didSelect: color) }
            }
            """)
        type("class ViewController {\n    let picker = ColorPicker()\n    var chosen = \"none\"\n"
            + "    init() { picker.delegate = self }\n}")
        type("let vc = ViewController()")
        // Added after the object was made: it has the method too, and names the class's members.
        type("""
            extension ViewController: ColorPickerDelegate {
                func colorPicker(_ picker: ColorPicker, didSelect color: String) {
                    chosen = color
                }
            }
            """)
        type("vc.picker.choose(\"red\")")
        XCTAssertEqual(printed("print(vc.chosen)"), ["red"])
    }

    func testAClassThatLacksARequirementIsRefusedInSwiftsWords() {
        type("protocol Greeter { func greet() -> String; var name: String { get } }")
        let message = error("class Robot: Greeter { var name = \"R2\" }")
        XCTAssertTrue(message.contains("type 'Robot' does not conform to protocol 'Greeter': add `func greet()`"),
            message)
        type("class Person: Greeter { var name = \"Ann\"; func greet() -> String { \"hi \" + name } }")
        XCTAssertEqual(printed("print(Person().greet())"), ["hi Ann"])
        XCTAssertTrue(error("protocol Box { associatedtype Item }").contains("`associatedtype` is not run here"))
    }

    func testAnExtensionOfAStructAddsMethodsAndComputedProperties() {
        type("struct Point { var x = 0 }")
        type("extension Point {\n    var doubled: Int { x * 2 }\n    mutating func bump() { x += 1 }\n}")
        type("var p = Point(x: 2)")
        type("p.bump()")
        XCTAssertEqual(printed("print(p.doubled, p)"), ["6 Point(x: 3)"])
    }

    func testAnExtensionNeedsADeclaredTypeAndNoStoredProperty() {
        XCTAssertTrue(error("extension Date { func shout() -> String { \"x\" } }")
            .contains("the playground extends the classes, structs, enums and protocols declared in this session"))
        XCTAssertTrue(error("public protocol ObservableObject: AnyObject { }").contains("is Combine's protocol"))
        type("class Player { var n = 0 }")
        XCTAssertTrue(error("extension Player { var volume = 3 }")
            .contains("extensions must not contain stored properties"))
        type("protocol Playable { func play() }")
        XCTAssertTrue(error("extension Playable { static let n = 1 }").contains("not `static` members"))
    }

    func testATypesHeadIsReadBySwiftsParser() {
        XCTAssertTrue(error("class Box<T> { var item: T? = nil }").contains("a generic type is not run here"))
        let generic = error("func first<T>(_ xs: [T]) -> T? { xs.first }")
        XCTAssertTrue(generic.contains("a generic function is not run here") && generic.contains("without `<T>`"),
            generic)
        XCTAssertNil(session.interpreter.entries["first"], "nothing was declared")
        type("class Model: ObservableObject, Identifiable { var n = 1 }")
        type("class Special: Model { }")
        XCTAssertEqual(printed("print(Special().n)"), ["1"], "the first type listed is its superclass")
        type("struct Point: Equatable, Codable { var x = 0 }")
        XCTAssertEqual(printed("print(Point(x: 2))"), ["Point(x: 2)"])
    }
}
