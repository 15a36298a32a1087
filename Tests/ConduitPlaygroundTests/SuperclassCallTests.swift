import XCTest

@testable import ConduitPlayground

/// `super.init(...)` and `super.method()` in a subclass, as Swift runs them: the superclass's own
/// member, whatever the object's class overrides, at every level of a hierarchy.
final class SuperclassCallTests: SessionTestCase {
    func testSuperInitOfAClassNotDeclaredHereDoesNothingAndTheInitGoesOn() {
        type("""
            class Settings: NSObject, ObservableObject {
                @Published var volume: Int = 5
                var cancellables = Set<AnyCancellable>()
                override init() {
                    super.init()
                    $volume.dropFirst().sink { print("volume changed to \\($0)") }.store(in: &cancellables)
                }
            }
            """)
        type("let settings = Settings()")
        XCTAssertEqual(printed("settings.volume = 7"), ["volume changed to 7"])
    }

    func testSuperInitAndSuperMethodsThroughThreeLevels() {
        type("""
            class Animal {
                let name: String
                init(name: String) { self.name = name }
                func speak() -> String { "..." }
                func introduce() { print("\\(name) says \\(speak())") }
            }
            """)
        type("""
            class Dog: Animal {
                init(dogName: String) { super.init(name: dogName) }
                override func speak() -> String { "Woof" }
            }
            """)
        type("""
            class Puppy: Dog {
                init(puppy: String) { super.init(dogName: puppy + " Jr") }
                override func speak() -> String { super.speak() + " (small)" }
            }
            """)
        type("let puppy = Puppy(puppy: \"Rex\")")
        XCTAssertEqual(printed("print(puppy.name)"), ["Rex Jr"])
        XCTAssertEqual(printed("puppy.introduce()"), ["Rex Jr says Woof (small)"], "the override, calling Dog's")
        XCTAssertEqual(printed("print(Dog(dogName: \"Fido\").speak())"), ["Woof"])
    }

    func testASuperMethodTheSuperclassLacksSaysSo() {
        type("class Animal { func speak() -> String { \"...\" } }")
        type("class Loud: Animal { override func speak() -> String { super.bark() } }")
        type("let loud = Loud()")
        let message = error("print(loud.speak())")
        XCTAssertTrue(message.contains("`super.bark(...)`: Animal has no method `bark`"), message)
        XCTAssertEqual(printed("print(1)"), ["1"], "the session goes on")
    }
}
