import XCTest
@testable import ConduitPlayground

/// Walks every operator the playground declares through the four things its declaration gives:
/// it builds and delivers what Combine would on a small input, `types` gives the stage the type
/// Combine's signature gives (the engine's own publisher type for the same call in Swift), `help`
/// prints its page, and Tab offers it (and its argument labels). An operator declared without a
/// walk fails here.
final class OperatorWalkTests: SessionTestCase {
    private let walks = OperatorWalks.all

    func testEveryDeclaredOperatorHasAWalkAndNoWalkIsForAnUndeclaredOne() {
        let declared = Set(OperatorTable.all.map(\.name))
        XCTAssertEqual(declared.count, OperatorTable.all.count, "an operator is declared twice")
        for name in declared.subtracting(walks.keys).sorted() {
            XCTFail("`\(name)` has no walk in OperatorWalks: say what it delivers and its engine type")
        }
        for name in Set(walks.keys).subtracting(declared).sorted() {
            XCTFail("OperatorWalks has a walk for `\(name)`, which is not a declared operator")
        }
    }

    func testEveryOperatorBuildsAndDeliversAsCombineWould() {
        for spec in OperatorTable.all {
            guard let walk = walks[spec.name] else { continue }
            session = Session()
            for line in walk.setup { expectNoError(line, spec.name) }
            var delivered = expectNoError("sink \(walk.sinkName) = \(walk.pipeline)", spec.name)
            for line in walk.drive { delivered += expectNoError(line, spec.name) }
            let lines = delivered.filter { $0.kind == .value || $0.kind == .completion }.map { record in
                // A value sent at a later virtual time carries it (`out ← 2   @400ms`).
                record.text.replacingOccurrences(of: #"\s+@\S+$"#, with: "", options: .regularExpression)
            }
            XCTAssertEqual(lines, walk.delivers, "`\(spec.name)` delivered differently: \(walk.pipeline)")
        }
    }

    func testEveryOperatorIsTypedAsTheEnginesPublisherForTheSameCall() throws {
        for spec in OperatorTable.all {
            guard let walk = walks[spec.name] else { continue }
            session = Session()
            for line in walk.setup { expectNoError(line, spec.name) }
            var parser = try Parser(walk.pipeline)
            let stages = try session.interpreter.checker.stageTypes(of: try parser.pipeline(), arguments: [])
            guard let stage = stages.last else {
                XCTFail("`types` gave no stage for \(walk.pipeline)")
                continue
            }
            let typed = EngineType(publisher: stage.publisher, output: stage.output.description,
                failure: stage.failure.description)
            XCTAssertEqual(typed, walk.engine, "`\(spec.name)`'s typing is not the engine's for \(walk.pipeline)")
        }
    }

    func testEveryTryFormIsTypedAsTheEnginesTryPublisher() throws {
        XCTAssertEqual(Set(TryFormWalks.all.keys), Set(OperatorTable.aliases.keys))
        type("let n = PassthroughSubject<Int, Never>()")
        for (name, walk) in TryFormWalks.all.sorted(by: { $0.key < $1.key }) {
            var parser = try Parser(walk.pipeline)
            let checker = session.interpreter.checker
            let stage = try XCTUnwrap(checker.stageTypes(of: try parser.pipeline(), arguments: []).last)
            XCTAssertEqual(EngineType(publisher: stage.publisher, output: stage.output.description,
                failure: stage.failure.description), walk.engine, "`\(name)` on \(walk.pipeline)")
            XCTAssertEqual(walk.engine.failure, "Error", name)
        }
    }

    func testTheOtherShapesAreTypedAsTheEnginesPublishers() throws {
        for line in ShapeWalks.setup { type(line) }
        for walk in ShapeWalks.all {
            var parser = try Parser(walk.pipeline)
            let checker = session.interpreter.checker
            let stage = try XCTUnwrap(checker.stageTypes(of: try parser.pipeline(), arguments: []).last)
            XCTAssertEqual(EngineType(publisher: stage.publisher, output: stage.output.description,
                failure: stage.failure.description), walk.engine, walk.pipeline)
        }
    }

    func testEveryOperatorHasAHelpPageAndIsListed() {
        session.outputWidth = 1_000
        let listed = type("help operators")
        for spec in OperatorTable.all {
            XCTAssertFalse(spec.summary.isEmpty || spec.usage.isEmpty || spec.example.isEmpty, spec.name)
            let page = type("help \(spec.name)")
            XCTAssertEqual(page.first, ".\(spec.name): \(spec.summary)", "help \(spec.name)")
            XCTAssertTrue(page.contains("  usage:   \(spec.usage)"), "help \(spec.name): \(page)")
            XCTAssertTrue(page.contains("  example: \(spec.example)"), "help \(spec.name): \(page)")
            XCTAssertTrue(listed.contains { $0.hasPrefix("  .\(spec.name) ") && $0.hasSuffix(spec.summary) },
                "`help operators` does not list \(spec.name)")
        }
    }

    func testTabOffersEveryOperatorAfterADotAndItsArgumentLabelsInsideTheCall() {
        type("let n = PassthroughSubject<Int, Never>()")
        for spec in OperatorTable.all {
            for typed in [String(spec.name.prefix(2)), spec.name] {
                let line = "sink x = n.map { $0 }.\(typed)"
                XCTAssertTrue(session.completions(for: line, cursor: line.count).contains(spec.name),
                    "Tab after `.\(typed)` does not offer \(spec.name)")
            }
            let call = "sink x = n.\(spec.name)("
            let offered = session.completions(for: call, cursor: call.count)
            for label in spec.argumentLabels {
                XCTAssertTrue(offered.contains(label), "Tab in `.\(spec.name)(` does not offer `\(label)`")
            }
        }
    }

    /// Types `line`, failing the walk of `name` if it printed an error.
    @discardableResult
    private func expectNoError(_ line: String, _ name: String) -> [OutputRecord] {
        let records = session.evaluate(line)
        for record in records where record.kind == .error {
            XCTFail("walk of `\(name)`: `\(line)` gave \(record.text)")
        }
        return records
    }
}
