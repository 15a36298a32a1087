import XCTest
@testable import ConduitPlayground

/// `help TOPIC` for Combine's concepts and `help topics`: each page exists, is listed, and its
/// example lines run in a fresh session and show what the page says.
final class ConceptHelpTests: SessionTestCase {
    func testEveryConceptTheWorkshopNeedsHasAPageListedInHelpTopics() {
        session.outputWidth = 1_000
        let list = type("help topics").joined(separator: "\n")
        for topic in ["publisher", "subscriber", "subscription", "demand", "subject", "hot", "cold", "scheduler",
                      "share"] {
            let page = type("help \(topic)").joined(separator: "\n")
            XCTAssertTrue(page.contains("example: "), "help \(topic): \(page)")
            XCTAssertFalse(page.hasPrefix("error"), page)
            let label = topic == "cold" || topic == "hot" ? "cold, hot" : topic
            XCTAssertTrue(list.contains("\n  \(label) "), "help topics lacks \(topic)")
        }
        // `hot` and `cold` are also marble commands: the command's page comes first, then the concept's.
        let concept = ConceptPages.text(of: ConceptPages.page(named: "cold")!)
        XCTAssertTrue(type("help hot").joined(separator: "\n").hasSuffix(concept))
        XCTAssertTrue(type("help cold").joined(separator: "\n").hasSuffix(concept))
        XCTAssertTrue(type("help").joined().contains("help topics"))
    }

    func testAConceptSharingItsNameKeepsTheOperatorAndSourcePages() {
        session.outputWidth = 1_000
        let share = type("help share")
        XCTAssertTrue(share[0].hasPrefix(".share: "), "\(share)")
        XCTAssertTrue(share.contains { $0.hasPrefix("share: `.share()` subscribes upstream once") })
        let publisher = type("help publisher")
        XCTAssertTrue(publisher[0].hasPrefix("publisher: delivers values over time"), "\(publisher)")
        XCTAssertTrue(publisher.contains("[V, ...].publisher"), "\(publisher)")
    }

    func testEveryConceptsExamplesRunInAFreshSession() {
        for page in ConceptPages.all {
            let fresh = Session()
            for line in page.examples {
                let errors = fresh.evaluate(line).filter { $0.kind == .error }
                XCTAssertTrue(errors.isEmpty, "help \(page.names[0]): `\(line)` failed: \(errors.map(\.text))")
            }
        }
    }

    func testTheHotAndColdExampleShowsWhatThePageSays() {
        let page = ConceptPages.page(named: "cold")!
        var printed: [String] = []
        for line in page.examples { printed += values(line) }
        XCTAssertEqual(printed, [
            "a ← 1", "a ← 2", "a ✓ finished", "b ← 1", "b ← 2", "b ✓ finished", "late ← 2",
        ])
    }

    func testTheShareExampleSubscribesUpstreamOnce() {
        let page = ConceptPages.page(named: "share")!
        let printed = page.examples.flatMap { type($0) }
        XCTAssertEqual(printed.filter { $0 == "subscribed" }.count, 1, "\(printed)")
        XCTAssertTrue(printed.contains("one ← 1") && printed.contains("two ← 1"), "\(printed)")
    }

    func testTheDemandExampleStopsAtWhatWasRequested() {
        let page = ConceptPages.page(named: "demand")!
        let printed = page.examples.prefix(2).flatMap { values($0) }
        XCTAssertEqual(printed, ["slow ← 1", "slow ← 2", "slow ← 3"])
    }

    func testAnUnknownTopicSuggestsAConcept() {
        let message = error("help subscrption")
        XCTAssertTrue(message.hasPrefix("error: no help for `subscrption`; did you mean `help subscription`?"), message)
    }
}
