import XCTest
@testable import ConduitPlayground

/// The subscription tree as data (`SubscriptionTree`): what each name is, what it reads, a sink's
/// demand; and `subs` as the text of that data.
final class SubscriptionTreeTests: SessionTestCase {
    func testASinkIsARootWithWhatItReadsUnderIt() throws {
        type("subject s")
        type("let p = s.map { $0 * 2 }")
        type("sink out = p")
        type("send s 1")
        type("send s 2")
        let tree = session.overview().subscriptions
        XCTAssertEqual(tree.roots.map(\.name), ["out"], "the sink is the root; what it reads is under it")
        let out = try XCTUnwrap(tree.roots.first)
        XCTAssertEqual(out.kind, "sink")
        XCTAssertEqual(out.demand?.delivered, 2, "the sink's demand counts what it was given")
        XCTAssertEqual(out.children.map(\.name), ["p"])
        XCTAssertEqual(out.children.first?.kind, "pipeline")
        XCTAssertEqual(out.children.first?.children.map(\.name), ["s"])
        XCTAssertEqual(out.children.first?.children.first?.kind, "subject")
        XCTAssertNil(out.children.first?.demand, "only a sink has demand")
    }

    func testSubsPrintsTheTreesText() {
        type("subject s")
        type("sink out = s.filter { $0 > 1 }")
        type("let x = 5")
        let tree = session.overview().subscriptions
        XCTAssertEqual(tree.roots.map(\.name), ["out", "x"], "names no sink reads follow the sinks")
        XCTAssertEqual(tree.roots.last?.kind, "constant")
        XCTAssertEqual(type("subs").joined(separator: "\n"), tree.text)
    }

    func testANameDroppedSinceIsSaidSo() {
        type("subject s")
        type("let p = s.map { $0 }")
        type("sink out = p")
        type("cancel out")
        type("drop p")
        let out = session.overview().subscriptions.roots.first { $0.name == "out" }
        XCTAssertEqual(out?.children.map(\.kind), ["dropped"])
        XCTAssertEqual(out?.children.first?.line, "(dropped since)")
    }

    func testAnEmptySessionSaysHowToStart() {
        let tree = session.overview().subscriptions
        XCTAssertTrue(tree.roots.isEmpty)
        XCTAssertEqual(tree.text, "nothing yet: make one with `subject NAME`")
    }
}
