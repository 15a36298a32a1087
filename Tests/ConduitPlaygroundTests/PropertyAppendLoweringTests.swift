import XCTest

@testable import ConduitPlayground

/// `songs.append(x)` on an object's own array property, read from Swift's tree: the forms Swift
/// accepts add to the property; the calls Swift refuses are refused with what `append` takes.
final class PropertyAppendLoweringTests: SessionTestCase {
    /// Declares a class whose method `add(_:)` has `body`, makes one object, and returns what running
    /// the method with `["x", "y"]` and printing the property gives: its value, or the first error.
    private func appended(_ body: String) -> String {
        session = Session()
        let declared = session.evaluate(
            "class Playlist {\n    var songs: [String] = []\n    func add(_ more: [String]) { \(body) }\n}")
        if let error = declared.first(where: { $0.kind == .error }) { return error.text }
        type("let list = Playlist()")
        let records = session.evaluate("list.add([\"x\", \"y\"])") + session.evaluate("print(list.songs)")
        if let error = records.first(where: { $0.kind == .error }) { return error.text }
        return records.filter { $0.kind == .value }.map(\.text).joined(separator: "\n")
    }

    func testEachFormAddsToTheProperty() {
        XCTAssertEqual(appended("songs.append(\"a\")"), "[\"a\"]")
        XCTAssertEqual(appended("self.songs.append(\"a\" + \"b\")"), "[\"ab\"]")
        XCTAssertEqual(appended("songs.append(contentsOf: more)"), "[\"x\", \"y\"]")
        XCTAssertEqual(appended("self.songs.append(contentsOf: more + [\"z\"])"), "[\"x\", \"y\", \"z\"]")
        XCTAssertEqual(
            appended("songs.append(\"a\"); self.songs.append(contentsOf: more.reversed())"), "[\"a\", \"y\", \"x\"]")
    }

    func testACallSwiftRefusesSaysWhatAppendTakes() {
        let cases: [(body: String, message: String)] = [
            ("songs.append(\"a\", \"b\")", "it takes one argument, and 2 are given"),
            ("songs.append(x: \"a\")", "no parameter is labelled `x`"),
            ("self.songs.append { \"a\" }", "its value goes in parentheses, not in a closure after them"),
        ]
        for (body, message) in cases {
            let error = appended(body)
            XCTAssertTrue(error.contains("`songs.append` cannot be called so: \(message)"), "\(body): \(error)")
            XCTAssertTrue(error.contains("`songs.append(contentsOf: xs)` adds a sequence's"), "\(body): \(error)")
        }
    }

    func testAWrongValueIsSwiftcsMessage() {
        let error = appended("self.songs.append(\"a\" + )")
        XCTAssertTrue(error.contains("expected expression after operator"), error)
        XCTAssertTrue(appended("songs.append(\"a\"").contains("`(` is never closed"))
    }

    func testAHundredAppendsInOneMethodAreRead() {
        let body = Array(repeating: "songs.append(\"a\")", count: 100).joined(separator: "; ")
        let printed = appended(body)
        XCTAssertTrue(printed.hasPrefix("[\"a\", \"a\", "), String(printed.prefix(200)))
        XCTAssertEqual(printed.components(separatedBy: "\"a\"").count - 1, 100)
    }
}
