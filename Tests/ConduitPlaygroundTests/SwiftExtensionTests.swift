import XCTest

@testable import ConduitPlayground

/// Extensions as Swift tutorials write them: a protocol's extension with default methods, static
/// notification names on `Notification.Name`, and methods and computed properties added to String,
/// Int, Double, Bool and Array, each run as written.
final class SwiftExtensionTests: SessionTestCase {
    func testAProtocolsDefaultsGoToEveryAdopterUnlessItHasItsOwn() {
        type("protocol Greeter { func greet() -> String }")
        // Declared, and one made, before the extension: they get its defaults too.
        type("class Early: Greeter { func greet() -> String { \"early\" } }")
        type("struct Plain: Greeter { var n = 1; func greet() -> String { \"plain\" } }")
        type("let early = Early()")
        type("""
            extension Greeter {
                func greet() -> String { "Hello" }
                func twice() -> String { greet() + greet() }
            }
            """)
        // A default calls the adopter's own requirement; the adopter's own method wins.
        XCTAssertEqual(printed("print(early.twice(), Plain().twice())"), ["earlyearly plainplain"])
        // A type that lacks the requirement conforms through the default.
        type("class Robot: Greeter { var name = \"R2\" }")
        XCTAssertEqual(printed("print(Robot().greet(), Robot().twice())"), ["Hello HelloHello"])
        type("struct Bot: Greeter { }")
        XCTAssertEqual(printed("print(Bot().twice())"), ["HelloHello"])
        // A method of the adopter names a default without `self.`.
        type("class Fan: Greeter { func greet() -> String { \"Hi\" }; func loud() -> String { twice() + \"!\" } }")
        XCTAssertEqual(printed("print(Fan().loud())"), ["HiHi!"])
        type("struct Box: Greeter { func label() -> String { twice() + \"?\" } }")
        XCTAssertEqual(printed("print(Box().label())"), ["HelloHello?"])
        // The type's own extension overrides a default it had, on objects made before too.
        type("let robot = Robot()")
        type("extension Robot { func greet() -> String { \"beep\" } }")
        XCTAssertEqual(printed("print(robot.twice())"), ["beepbeep"])
    }

    func testADelegatesDefaultMethodIsCalledThroughItsWeakReference() {
        type("protocol DownloadDelegate: AnyObject {\n    func didStart()\n    func didFinish(with result: String)\n}")
        type("extension DownloadDelegate {\n    func didStart() { print(\"Default: started\") }\n}")
        type("""
            class Downloader {
                weak var delegate: DownloadDelegate?
                func download() {
                    delegate?.didStart()
                    delegate?.didFinish(with: "file.zip")
                }
            }
            """)
        type("""
            class ViewController: DownloadDelegate {
                let downloader = Downloader()
                init() { downloader.delegate = self }
                func didFinish(with result: String) { print("Finished downloading \\(result)") }
            }
            """)
        type("let vc = ViewController()")
        XCTAssertEqual(printed("vc.downloader.download()"), ["Default: started", "Finished downloading file.zip"])
    }

    func testAProtocolsComputedPropertyDefaultReadsTheAdoptersRequirement() {
        type("protocol Named { var name: String { get } }")
        type("extension Named { var greeting: String { \"Hi, \" + name } }")
        type("struct Dog: Named { var name = \"Rex\" }")
        type("class Cat: Named { var name = \"Tom\" }")
        XCTAssertEqual(printed("print(Dog(name: \"Fido\").greeting, Cat().greeting)"), ["Hi, Fido Hi, Tom"])
        // Conformance still needs what no default gives.
        XCTAssertTrue(error("struct Rock: Named { var size = 1 }")
            .contains("type 'Rock' does not conform to protocol 'Named': add `var name`"))
    }

    func testNotificationNamesDeclaredInAnExtensionNameTheirNotifications() {
        type("""
            extension Notification.Name {
                static let userLoggedIn = Notification.Name("user.loggedIn")
            }
            """)
        XCTAssertEqual(printed("print(Notification.Name.userLoggedIn)"), ["user.loggedIn"])
        type("""
            NotificationCenter.default.publisher(for: .userLoggedIn)
                .compactMap { $0.object as? String }
                .sink { name in print("Welcome, \\(name)!") }
                .store(in: &cancellables)
            """)
        XCTAssertEqual(printed("NotificationCenter.default.post(name: .userLoggedIn, object: \"Alice\")"),
            ["Welcome, Alice!"])
        XCTAssertEqual(printed("NotificationCenter.default.post(name: .userLoggedIn, object: 42)"), [])
        XCTAssertEqual(
            printed("NotificationCenter.default.post(name: Notification.Name.userLoggedIn, object: \"Bob\")"),
            ["Welcome, Bob!"])
        XCTAssertEqual(
            printed("NotificationCenter.default.post(name: Notification.Name(\"user.loggedIn\"), object: \"Cy\")"),
            ["Welcome, Cy!"])
        XCTAssertTrue(error("print(Notification.Name.userLogedIn)")
            .contains("`Notification.Name` has no static `userLogedIn`"))
        XCTAssertTrue(error("extension Notification.Name { func f() { } }")
            .contains("Notification.Name is extended with static names here"))
    }

    func testExtensionsOfSwiftsValueTypesAddMethodsAndComputedProperties() {
        type("""
            extension String {
                var isValidEmail: Bool { return contains("@") && contains(".") }
                var isBlank: Bool { trimmingCharacters(in: .whitespaces).isEmpty }
                func shout() -> String { return uppercased() + "!" }
            }
            """)
        type("extension Int { var squared: Int { self * self }; func times(_ n: Int) -> Int { self * n } }")
        XCTAssertEqual(printed("print(\"a@b.com\".isValidEmail, \"ab\".isValidEmail)"), ["true false"])
        XCTAssertEqual(printed("print(\"hello\".shout(), \"  \".isBlank, \" a \".isBlank)"), ["HELLO! true false"])
        XCTAssertEqual(printed("print(4.squared, 5.times(3))"), ["16 15"])
        type("let names = [\"ann\", \"bo\"]")
        XCTAssertEqual(printed("print(names.map { $0.shout() })"), ["[\"ANN!\", \"BO!\"]"])
        type("let k = 7")
        XCTAssertEqual(printed("print(k.squared + 1, [1, 2, 3].map { $0.squared })"), ["50 [1, 4, 9]"])
        type("extension Double { var half: Double { self / 2 } }")
        type("extension Array { func second() -> Int { self[1] } }")
        XCTAssertEqual(printed("print(3.0.half, [5, 6, 7].second())"), ["1.5 6"])
        // What no extension added is still refused in Swift's words.
        XCTAssertTrue(error("print(5.cubed)").contains("value of type 'Int' has no member 'cubed'"))
    }

    func testAnExtensionOfAnUnknownTypeIsRefusedAndChangesNothing() {
        type("extension String { func shout() -> String { uppercased() + \"!\" } }")
        let message = error("extension Widget { func shout() -> String { \"no\" } }")
        XCTAssertTrue(message.contains("`extension Widget`: the playground extends the classes, structs, "
            + "enums and protocols declared in this session and Swift's `String`"), message)
        XCTAssertTrue(error("extension String: Identifiable { }").contains("not conformances"))
        XCTAssertTrue(error("extension Int { var n = 3 }").contains("extensions must not contain stored properties"))
        XCTAssertEqual(printed("print(\"hi\".shout())"), ["HI!"], "the String extension is as it was")
        XCTAssertTrue(error("print(Widget())").contains("Widget"))
    }
}
