import XCTest
@testable import ConduitPlayground

/// Whether an extension has a `mutating` method (so extends a struct), read from Swift's tree of its members.
final class ExtensionMutationTests: SessionTestCase {
    func testAnExtensionIsAStructsWhenAMemberIsMutating() {
        type("struct Counter { var n = 0 }")
        type("extension Counter { mutating func bump() { n += 1 } }")
        type("var c = Counter(); c.bump(); c.bump()")
        XCTAssertEqual(valueLines("print(c.n)"), ["2"])
        // `mutating` as a name inside a class's method is no modifier: the method still changes the object.
        type("class Player { var name = \"a\" }")
        type("extension Player { func rename() { let mutating = \"b\"; name = mutating } }")
        type("let p = Player(); p.rename()")
        XCTAssertEqual(valueLines("print(p.name)"), ["b"])
    }

    func testAnExtensionWithAHugeBodyIsRefusedNotACrash() {
        type("struct Counter { var n = 0 }")
        let line = "extension Counter { mutating func f() { n = " + String(repeating: "(", count: 5_000) + "1"
            + String(repeating: ")", count: 5_000) + " } }"
        XCTAssertFalse(error(line).isEmpty)
    }
}
