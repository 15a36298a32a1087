import Conduit
import XCTest

@testable import ConduitPlayground

/// `types` on chains of `Just`, `Optional.Publisher` and `Result.Publisher`, compared with the type
/// Swift's own overload resolution gives the same call written here against the engine: the
/// publisher's own operator where it has one, Publisher's generic one where it does not.
final class EagerShapeTests: SessionTestCase {
    private enum Failure: Error { case bad }

    /// Each pipeline as the playground reads it, and the same call in Swift.
    private static var shapes: [(pipeline: String, engine: EngineType)] {
        let just = Just(1)
        let optional = Just(1).filter { $0 > 0 }
        let result = Just(1).tryMap { $0 * 2 }
        return [
            ("Just(1).map { $0 * 2 }", EngineType(just.map { $0 * 2 })),
            ("Just(1).map { \"\\($0)\" }", EngineType(just.map { "\($0)" })),
            ("Just(1).tryMap { $0 * 2 }", EngineType(just.tryMap { $0 * 2 })),
            ("Just(1).filter { $0 > 0 }", EngineType(just.filter { $0 > 0 })),
            ("Just(1).compactMap { $0 > 0 ? $0 : nil }", EngineType(just.compactMap { $0 > 0 ? $0 : nil })),
            ("Just(1).setFailureType(to: Error.self)", EngineType(just.setFailureType(to: Error.self))),
            ("Just(1).replaceError(with: 0)", EngineType(just.replaceError(with: 0))),
            ("Just(1).replaceEmpty(with: 0)", EngineType(just.replaceEmpty(with: 0))),
            ("Just(1).retry(1)", EngineType(just.retry(1))),
            ("Just(1).count()", EngineType(just.count())),
            ("Just(1).collect()", EngineType(just.collect())),
            ("Just(1).collect(2)", EngineType(just.collect(2))),
            ("Just(1).first()", EngineType(just.first())),
            ("Just(1).first(where: { $0 > 0 })", EngineType(just.first(where: { $0 > 0 }))),
            ("Just(1).last { $0 > 0 }", EngineType(just.last { $0 > 0 })),
            ("Just(1).ignoreOutput()", EngineType(just.ignoreOutput())),
            ("Just(1).dropFirst()", EngineType(just.dropFirst())),
            ("Just(1).drop(while: { $0 > 0 })", EngineType(just.drop(while: { $0 > 0 }))),
            ("Just(1).prefix(1)", EngineType(just.prefix(1))),
            ("Just(1).prefix(while: { $0 > 0 })", EngineType(just.prefix(while: { $0 > 0 }))),
            ("Just(1).output(at: 0)", EngineType(just.output(at: 0))),
            ("Just(1).output(in: 0...1)", EngineType(just.output(in: 0...1))),
            ("Just(1).allSatisfy { $0 > 0 }", EngineType(just.allSatisfy { $0 > 0 })),
            ("Just(1).tryAllSatisfy { $0 > 0 }", EngineType(just.tryAllSatisfy { $0 > 0 })),
            ("Just(1).contains(1)", EngineType(just.contains(1))),
            ("Just(1).contains { $0 > 0 }", EngineType(just.contains { $0 > 0 })),
            ("Just(1).tryContains(where: { $0 > 0 })", EngineType(just.tryContains(where: { $0 > 0 }))),
            ("Just(1).reduce(0) { $0 + $1 }", EngineType(just.reduce(0) { $0 + $1 })),
            ("Just(1).tryReduce(0) { $0 + $1 }", EngineType(just.tryReduce(0) { $0 + $1 })),
            ("Just(1).scan(\"\") { a, b in a + \"\\(b)\" }", EngineType(just.scan("") { a, b in a + "\(b)" })),
            ("Just(1).tryScan(0) { $0 + $1 }", EngineType(just.tryScan(0) { $0 + $1 })),
            ("Just(1).min()", EngineType(just.min())),
            ("Just(1).max(by: { $0 < $1 })", EngineType(just.max(by: { $0 < $1 }))),
            ("Just(1).tryMin(by: { $0 < $1 })", EngineType(just.tryMin(by: { $0 < $1 }))),
            ("Just(1).removeDuplicates()", EngineType(just.removeDuplicates())),
            ("Just(1).tryRemoveDuplicates { $0 == $1 }", EngineType(just.tryRemoveDuplicates { $0 == $1 })),
            ("Just(1).append(2, 3)", EngineType(just.append(2, 3))),
            ("Just(1).prepend(0)", EngineType(just.prepend(0))),
            ("Just(1).tryFilter { $0 > 0 }", EngineType(just.tryFilter { $0 > 0 })),
            ("Just(1).delay(for: 1s)", EngineType(just.delay(for: .zero, scheduler: ImmediateScheduler.shared))),
            ("Just(1).filter { $0 > 0 }.map { $0 * 2 }", EngineType(optional.map { $0 * 2 })),
            ("Just(1).filter { $0 > 0 }.count()", EngineType(optional.count())),
            ("Just(1).filter { $0 > 0 }.replaceEmpty(with: 0)", EngineType(optional.replaceEmpty(with: 0))),
            ("Just(1).filter { $0 > 0 }.reduce(0) { $0 + $1 }", EngineType(optional.reduce(0) { $0 + $1 })),
            ("Just(1).filter { $0 > 0 }.tryMap { $0 }", EngineType(optional.tryMap { $0 })),
            ("Just(1).filter { $0 > 0 }.append(2)", EngineType(optional.append(2))),
            ("Just(1).tryMap { $0 * 2 }.map { $0 + 1 }", EngineType(result.map { $0 + 1 })),
            ("Just(1).tryMap { $0 * 2 }.replaceError(with: 0)", EngineType(result.replaceError(with: 0))),
            ("Just(1).tryMap { $0 * 2 }.collect()", EngineType(result.collect())),
            ("Just(1).tryMap { $0 * 2 }.filter { $0 > 0 }", EngineType(result.filter { $0 > 0 })),
            ("Just(1).tryMap { $0 * 2 }.dropFirst()", EngineType(result.dropFirst())),
            ("Just(1).reduce(0) { $0 + $1 }.setFailureType(to: Error.self)",
                EngineType(just.reduce(0) { $0 + $1 }.setFailureType(to: Error.self))),
            ("Just(1).append(2).map { $0 * 2 }", EngineType(just.append(2).map { $0 * 2 })),
            ("[1, 2].publisher.first().map { $0 * 2 }", EngineType([1, 2].publisher.first().map { $0 * 2 })),
            ("[1, 2].publisher.count().map { $0 * 2 }", EngineType([1, 2].publisher.count().map { $0 * 2 })),
            ("[1, 2].publisher.setFailureType(to: Error.self).count().map { $0 * 2 }",
                EngineType([1, 2].publisher.setFailureType(to: Error.self).count().map { $0 * 2 })),
        ]
    }

    func testEachStageIsTypedAsSwiftResolvesTheSameCall() throws {
        for shape in EagerShapeTests.shapes {
            var parser = try Parser(shape.pipeline)
            let checker = session.interpreter.checker
            let stage = try XCTUnwrap(checker.stageTypes(of: try parser.pipeline(), arguments: []).last)
            XCTAssertEqual(EngineType(publisher: stage.publisher, output: stage.output.description,
                failure: stage.failure.description), shape.engine, shape.pipeline)
        }
    }

    func testAnOptionalsPublisherIsTypedAsSwiftsOptionalPublisher() throws {
        type("let x: Int? = 3")
        let optional: Int? = 3
        for (pipeline, engine) in [
            ("x.publisher", EngineType(optional.publisher)),
            ("x.publisher.map { $0 * 2 }", EngineType(optional.publisher.map { $0 * 2 })),
            ("x.publisher.min()", EngineType(optional.publisher.min())),
        ] {
            var parser = try Parser(pipeline)
            let stage = try XCTUnwrap(session.interpreter.checker.stageTypes(of: try parser.pipeline(),
                arguments: []).last)
            XCTAssertEqual(EngineType(publisher: stage.publisher, output: stage.output.description,
                failure: stage.failure.description), engine, pipeline)
        }
    }
}
