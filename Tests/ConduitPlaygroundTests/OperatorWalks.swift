import Conduit
import Foundation
@testable import ConduitPlayground

/// What one operator does on a small input, for the operator-walk test: the lines typed first,
/// the pipeline (ending in the operator), the lines that make it deliver, what its sink prints
/// (as Combine would deliver it), and the engine's publisher type for the same call written in
/// Swift with concrete types: what `types` must say the stage is.
struct OperatorWalk {
    var setup: [String] = []
    /// The pipeline, ending in a call of the operator; its sink is `out` (`sink out = PIPELINE`).
    let pipeline: String
    var drive: [String] = []
    /// The value and completion lines the walk prints from the pipeline on, without `@time`.
    let delivers: [String]
    let engine: EngineType
    /// The sink that runs the pipeline; `assign` ends one itself.
    var sinkName = "out"
}

/// A stage's type as the engine declares it: Combine's name for the publisher (or subscriber)
/// type, and its Output (a subscriber's Input) and Failure spelled as `types` spells them.
struct EngineType: Equatable, CustomStringConvertible {
    let publisher: String
    let output: String
    let failure: String

    var description: String { "\(publisher) \(output) \(failure)" }

    /// What `types` says a stage is.
    init(publisher: String, output: String, failure: String) {
        self.publisher = publisher
        self.output = output
        self.failure = failure
    }

    /// The type of a publisher built with the engine's own operator.
    init<P: Publisher>(_: P) {
        publisher = EngineShape.names(of: P.self).short
        output = EngineType.spelled(P.Output.self)
        failure = EngineType.spelled(P.Failure.self)
    }

    init<S: Subscriber>(subscriber _: S.Type) {
        publisher = EngineShape.names(of: S.self).short
        output = EngineType.spelled(S.Input.self)
        failure = EngineType.spelled(S.Failure.self)
    }

    /// A Swift type as `types` writes it: `[Int]`, `Int?`, `(Int, Int)`, `Error`, without modules.
    static func spelled(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        let modules = ["(extension in Conduit):", "Swift.", "FoundationEssentials.", "Foundation.", "Dispatch.",
            "Conduit.", "ConduitPlaygroundTests."]
        for module in modules {
            name = name.replacingOccurrences(of: module, with: "")
        }
        name = name.replacingOccurrences(of: "any Error", with: "Error")
        for (generic, open, close) in [("Array<", "[", "]"), ("Optional<", "", "?")] {
            while let start = name.range(of: generic) {
                var depth = 1
                var end = start.upperBound
                while depth > 0 {
                    if name[end] == "<" { depth += 1 }
                    if name[end] == ">" { depth -= 1 }
                    if depth > 0 { end = name.index(after: end) }
                }
                let inner = name[start.upperBound..<end]
                name.replaceSubrange(start.lowerBound...end, with: open + inner + close)
            }
        }
        return name
    }
}

/// A record type to decode into, as `decode(type: Card.self, ...)` names one.
struct Card: Decodable {}

/// A failure for the engine-side pipelines that fail (`tryMap { 10 / $0 }` at 0).
private struct DivisionByZero: Error {}

/// `[1, 2].publisher` as a publisher without `Publishers.Sequence`'s own overloads (in Combine its
/// `map` gives a `Publishers.Sequence` again, its `count()` a `Just`), for the `try` forms, which
/// are Publisher's generic methods but for the three the sequence has (`tryReduce`, ...).
private func plain<P: Publisher>(_ publisher: P) -> Publishers.HandleEvents<P> {
    publisher.handleEvents()
}

private func tenOver(_ value: Int) throws -> Int {
    guard value != 0 else { throw DivisionByZero() }
    return 10 / value
}

/// Every operator's walk, by the operator's name. Adding an operator to the playground means
/// adding its walk here: `OperatorWalkTests` fails for an operator without one.
enum OperatorWalks {
    static let ints = "let n = PassthroughSubject<Int, Never>()"
    static let pair = ["let a = PassthroughSubject<Int, Never>()", "let b = PassthroughSubject<Int, Never>()"]

    static var all: [String: OperatorWalk] {
        let n = PassthroughSubject<Int, Never>()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let clock = ImmediateScheduler.shared
        return transform(n).merging(combiningAndTime(a, b, n, clock)) { first, _ in first }
            .merging(others(n, clock)) { first, _ in first }
    }

    private static func transform(_ n: PassthroughSubject<Int, Never>) -> [String: OperatorWalk] {
        [
            "map": OperatorWalk(pipeline: "[1, 2, 3].publisher.map { $0 * 2 }",
                delivers: ["out ← 2", "out ← 4", "out ← 6", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.map { $0 * 2 })),
            "filter": OperatorWalk(pipeline: "[1, 2, 3, 4].publisher.filter { $0 > 2 }",
                delivers: ["out ← 3", "out ← 4", "out ✓ finished"],
                engine: EngineType([1, 2, 3, 4].publisher.filter { $0 > 2 })),
            "compactMap": OperatorWalk(pipeline: "[1, nil, 3].publisher.compactMap { $0 }",
                delivers: ["out ← 1", "out ← 3", "out ✓ finished"],
                engine: EngineType([1, nil, 3].publisher.compactMap { $0 })),
            "scan": OperatorWalk(pipeline: "[1, 2, 3].publisher.scan(0) { $0 + $1 }",
                delivers: ["out ← 1", "out ← 3", "out ← 6", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.scan(0) { $0 + $1 })),
            "reduce": OperatorWalk(pipeline: "[1, 2, 3].publisher.reduce(0) { $0 + $1 }",
                delivers: ["out ← 6", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.reduce(0) { $0 + $1 })),
            "removeDuplicates": OperatorWalk(pipeline: "[1, 1, 2, 2, 1].publisher.removeDuplicates()",
                delivers: ["out ← 1", "out ← 2", "out ← 1", "out ✓ finished"],
                engine: EngineType([1, 1, 2, 2, 1].publisher.removeDuplicates())),
            "dropFirst": OperatorWalk(pipeline: "[1, 2, 3].publisher.dropFirst(2)",
                delivers: ["out ← 3", "out ✓ finished"], engine: EngineType([1, 2, 3].publisher.dropFirst(2))),
            "prefix": OperatorWalk(pipeline: "[1, 2, 3].publisher.prefix(2)",
                delivers: ["out ← 1", "out ← 2", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.prefix(2))),
            "drop": OperatorWalk(pipeline: "[1, 2, 3, 1].publisher.drop(while: { $0 < 2 })",
                delivers: ["out ← 2", "out ← 3", "out ← 1", "out ✓ finished"],
                engine: EngineType([1, 2, 3, 1].publisher.drop(while: { $0 < 2 }))),
            "first": OperatorWalk(pipeline: "[3, 8, 12].publisher.first { $0 > 5 }",
                delivers: ["out ← 8", "out ✓ finished"],
                engine: EngineType([3, 8, 12].publisher.first { $0 > 5 })),
            "last": OperatorWalk(pipeline: "[3, 8, 12].publisher.last()",
                delivers: ["out ← 12", "out ✓ finished"], engine: EngineType([3, 8, 12].publisher.last())),
            "output": OperatorWalk(pipeline: "[1, 2, 3, 4].publisher.output(in: 1...2)",
                delivers: ["out ← 2", "out ← 3", "out ✓ finished"],
                engine: EngineType([1, 2, 3, 4].publisher.output(in: 1...2))),
            "collect": OperatorWalk(pipeline: "[1, 2, 3].publisher.collect(2)",
                delivers: ["out ← [1, 2]", "out ← [3]", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.collect(2))),
            "count": OperatorWalk(pipeline: "[1, 2, 3].publisher.count()",
                delivers: ["out ← 3", "out ✓ finished"], engine: EngineType([1, 2, 3].publisher.count())),
            "min": OperatorWalk(pipeline: "[3, 1, 2].publisher.min()",
                delivers: ["out ← 1", "out ✓ finished"], engine: EngineType([3, 1, 2].publisher.min())),
            "max": OperatorWalk(pipeline: "[3, 1, 2].publisher.max()",
                delivers: ["out ← 3", "out ✓ finished"], engine: EngineType([3, 1, 2].publisher.max())),
            "contains": OperatorWalk(pipeline: "[1, 2, 3].publisher.contains(2)",
                delivers: ["out ← true", "out ✓ finished"], engine: EngineType([1, 2, 3].publisher.contains(2))),
            "allSatisfy": OperatorWalk(pipeline: "[1, 2, 3].publisher.allSatisfy { $0 > 1 }",
                delivers: ["out ← false", "out ✓ finished"],
                engine: EngineType([1, 2, 3].publisher.allSatisfy { $0 > 1 })),
            "replaceNil": OperatorWalk(pipeline: "[1, nil].publisher.replaceNil(with: 0)",
                delivers: ["out ← 1", "out ← 0", "out ✓ finished"],
                engine: EngineType([1, nil].publisher.replaceNil(with: 0))),
            "replaceEmpty": OperatorWalk(pipeline: "[1, 2].publisher.filter { $0 > 5 }.replaceEmpty(with: 0)",
                delivers: ["out ← 0", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.filter { $0 > 5 }.replaceEmpty(with: 0))),
            "replaceError": OperatorWalk(pipeline: "[1, 0].publisher.tryMap { 10 / $0 }.replaceError(with: -1)",
                delivers: ["out ← 10", "out ← -1", "out ✓ finished"],
                engine: EngineType([1, 0].publisher.tryMap(tenOver).replaceError(with: -1))),
            "ignoreOutput": OperatorWalk(pipeline: "[1, 2].publisher.ignoreOutput()",
                delivers: ["out ✓ finished"], engine: EngineType([1, 2].publisher.ignoreOutput())),
            "append": OperatorWalk(pipeline: "[1, 2].publisher.append(3, 4)",
                delivers: ["out ← 1", "out ← 2", "out ← 3", "out ← 4", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.append(3, 4))),
            "prepend": OperatorWalk(pipeline: "[1, 2].publisher.prepend(0)",
                delivers: ["out ← 0", "out ← 1", "out ← 2", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.prepend(0))),
            "print": OperatorWalk(pipeline: "[1].publisher.print(\"p\")",
                delivers: ["out ← 1", "out ✓ finished"], engine: EngineType([1].publisher.print("p"))),
        ]
    }

    private static func combiningAndTime(
        _ a: PassthroughSubject<Int, Never>, _ b: PassthroughSubject<Int, Never>, _ n: PassthroughSubject<Int, Never>,
        _ clock: ImmediateScheduler
    ) -> [String: OperatorWalk] {
        let choice = PassthroughSubject<Bool, Never>()
        return [
            "combineLatest": OperatorWalk(setup: pair, pipeline: "a.combineLatest(b)",
                drive: ["send a 1", "send b 2", "send a 3"], delivers: ["out ← (1, 2)", "out ← (3, 2)"],
                engine: EngineType(a.combineLatest(b))),
            "zip": OperatorWalk(setup: pair, pipeline: "a.zip(b)",
                drive: ["send a 1", "send a 2", "send b 10"], delivers: ["out ← (1, 10)"],
                engine: EngineType(a.zip(b))),
            "merge": OperatorWalk(setup: pair, pipeline: "a.merge(with: b)",
                drive: ["send a 1", "send b 2"], delivers: ["out ← 1", "out ← 2"],
                engine: EngineType(a.merge(with: b))),
            "flatMap": OperatorWalk(pipeline: "[1, 2].publisher.flatMap { Just($0 * 10) }",
                delivers: ["out ← 10", "out ← 20", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.flatMap { Just($0 * 10) })),
            "switchToLatest": OperatorWalk(
                setup: pair + ["let choice = PassthroughSubject<Bool, Never>()"],
                pipeline: "choice.map { $0 ? a : b }.switchToLatest()",
                drive: ["send choice true", "send a 1", "send b 2", "send choice false", "send a 3", "send b 4"],
                delivers: ["out ← 1", "out ← 4"], engine: EngineType(choice.map { $0 ? a : b }.switchToLatest())),
            "catch": OperatorWalk(pipeline: "[1, 0].publisher.tryMap { 10 / $0 }.catch { _ in Just(-1) }",
                delivers: ["out ← 10", "out ← -1", "out ✓ finished"],
                engine: EngineType([1, 0].publisher.tryMap(tenOver).catch { _ in Just(-1) })),
            "retry": OperatorWalk(pipeline: "[1, 0].publisher.tryMap { 10 / $0 }.retry(1)",
                delivers: ["out ← 10", "out ← 10", "out ✗ failed: division by zero: 10 / 0"],
                engine: EngineType([1, 0].publisher.tryMap(tenOver).retry(1))),
            "share": OperatorWalk(pipeline: "[1, 2].publisher.share()",
                delivers: ["out ← 1", "out ← 2", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.share())),
            "buffer": OperatorWalk(
                pipeline: "[1, 2].publisher.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)",
                delivers: ["out ← 1", "out ← 2", "out ✓ finished"],
                engine: EngineType([1, 2].publisher.buffer(size: 2, prefetch: .keepFull,
                    whenFull: .dropOldest))),
            "debounce": OperatorWalk(setup: [ints], pipeline: "n.debounce(for: 300ms)",
                drive: ["send n 1", "tick 100ms", "send n 2", "tick 300ms"], delivers: ["out ← 2"],
                engine: EngineType(n.debounce(for: .zero, scheduler: clock))),
            "throttle": OperatorWalk(setup: [ints], pipeline: "n.throttle(for: 200ms, latest: true)",
                drive: ["send n 1", "tick 50ms", "send n 2", "tick 50ms", "send n 3", "tick 200ms"],
                delivers: ["out ← 1", "out ← 3"], engine: EngineType(n.throttle(for: .zero, scheduler: clock,
                    latest: true))),
            "delay": OperatorWalk(setup: [ints], pipeline: "n.delay(for: 1s)",
                drive: ["send n 1", "tick 500ms", "tick 500ms"], delivers: ["out ← 1"],
                engine: EngineType(n.delay(for: .zero, scheduler: clock))),
            "timeout": OperatorWalk(setup: [ints], pipeline: "n.timeout(1s)",
                drive: ["send n 1", "tick 2s", "send n 2"], delivers: ["out ← 1", "out ✓ finished"],
                engine: EngineType(n.timeout(.zero, scheduler: clock))),
        ]
    }

    private static func others(_ n: PassthroughSubject<Int, Never>, _ clock: ImmediateScheduler)
        -> [String: OperatorWalk] {
        [
            "receive": OperatorWalk(setup: [ints], pipeline: "n.receive(on: clock)",
                drive: ["send n 1", "tick 1ms"], delivers: ["out ← 1"], engine: EngineType(n.receive(on: clock))),
            "subscribe": OperatorWalk(setup: [ints], pipeline: "n.subscribe(on: clock)",
                drive: ["tick 1ms", "send n 1"], delivers: ["out ← 1"], engine: EngineType(n.subscribe(on: clock))),
            "measureInterval": OperatorWalk(setup: [ints], pipeline: "n.measureInterval()",
                drive: ["tick 100ms", "send n 1", "tick 250ms", "send n 2"], delivers: ["out ← 100.0", "out ← 250.0"],
                engine: EngineType(n.measureInterval(using: DispatchQueue.main))),
            "handleEvents": OperatorWalk(pipeline: "[1].publisher.handleEvents()",
                delivers: ["out ← 1", "out ✓ finished"], engine: EngineType([1].publisher.handleEvents())),
            "breakpoint": OperatorWalk(pipeline: "[1].publisher.breakpoint(receiveOutput: { $0 > 3 })",
                delivers: ["out ← 1", "out ✓ finished"],
                engine: EngineType([1].publisher.breakpoint(receiveOutput: { $0 > 3 }))),
            "breakpointOnError": OperatorWalk(pipeline: "[1].publisher.breakpointOnError()",
                delivers: ["out ← 1", "out ✓ finished"], engine: EngineType([1].publisher.breakpointOnError())),
            "eraseToAnyPublisher": OperatorWalk(pipeline: "[1].publisher.eraseToAnyPublisher()",
                delivers: ["out ← 1", "out ✓ finished"],
                engine: EngineType([1].publisher.eraseToAnyPublisher())),
            "setFailureType": OperatorWalk(pipeline: "[1].publisher.setFailureType(to: Error.self)",
                delivers: ["out ← 1", "out ✓ finished"],
                engine: EngineType([1].publisher.setFailureType(to: Error.self))),
            "mapError": OperatorWalk(pipeline: "[1, 0].publisher.tryMap { 10 / $0 }.mapError { \"wrapped: \" + $0 }",
                delivers: ["out ← 10", "out ✗ failed: wrapped: division by zero: 10 / 0"],
                engine: EngineType([1, 0].publisher.tryMap(tenOver).mapError { $0 })),
            "assertNoFailure": OperatorWalk(pipeline: "[1].publisher.assertNoFailure()",
                delivers: ["out ← 1", "out ✓ finished"], engine: EngineType([1].publisher.assertNoFailure())),
            "assign": OperatorWalk(setup: ["current latest = 0", "sink seen = latest"],
                pipeline: "[1, 2].publisher.assign(to: \\.value, on: latest)",
                delivers: ["seen ← 1", "seen ← 2", "store ✓ finished"],
                engine: EngineType(subscriber: Subscribers.Assign<PlaygroundObject, Int>.self), sinkName: "store"),
            "encode": OperatorWalk(pipeline: "[1].publisher.encode(encoder: JSONEncoder())",
                delivers: ["out ← \"1\"", "out ✓ finished"],
                engine: EngineType([1].publisher.encode(encoder: JSONEncoder()))),
            "decode": OperatorWalk(
                pipeline: "[\"{\\\"a\\\": 1}\"].publisher.decode(type: Card.self, decoder: JSONDecoder())",
                delivers: ["out ← {a: 1}", "out ✓ finished"],
                engine: EngineType(Just(Data()).decode(type: Card.self, decoder: JSONDecoder()))),
            "makeConnectable": OperatorWalk(setup: [ints], pipeline: "n.makeConnectable()",
                drive: ["send n 1", "connect out", "send n 2"], delivers: ["out ← 2"],
                engine: EngineType(n.makeConnectable())),
            "multicast": OperatorWalk(setup: [ints], pipeline: "n.multicast { PassthroughSubject<Int, Never>() }",
                drive: ["send n 1", "connect out", "send n 2"], delivers: ["out ← 2"],
                engine: EngineType(n.multicast { PassthroughSubject<Int, Never>() })),
            "autoconnect": OperatorWalk(setup: [ints], pipeline: "n.makeConnectable().autoconnect()",
                drive: ["send n 1"], delivers: ["out ← 1"], engine: EngineType(n.makeConnectable().autoconnect())),
        ]
    }
}

/// Combine's `try` forms, which the playground reads as their operators (`tryMap` is `map`):
/// each call, and the engine's `try` publisher type for it, whose Failure is `Error`.
enum TryFormWalks {
    static var all: [String: (pipeline: String, engine: EngineType)] {
        let numbers = plain([3, 1, 2].publisher)
        // Swift takes the sequence's own `tryReduce`, `tryContains(where:)` and `tryAllSatisfy`.
        let sequence = [3, 1, 2].publisher
        return [
            "tryMap": ("[3, 1, 2].publisher.tryMap { $0 * 2 }", EngineType(numbers.tryMap { $0 * 2 })),
            "tryFilter": ("[3, 1, 2].publisher.tryFilter { $0 > 1 }", EngineType(numbers.tryFilter { $0 > 1 })),
            "tryCompactMap": ("[3, 1, 2].publisher.tryCompactMap { $0 }", EngineType(numbers.tryCompactMap { $0 })),
            "tryScan": ("[3, 1, 2].publisher.tryScan(0) { $0 + $1 }", EngineType(numbers.tryScan(0) { $0 + $1 })),
            "tryReduce": ("[3, 1, 2].publisher.tryReduce(0) { $0 + $1 }",
                EngineType(sequence.tryReduce(0) { $0 + $1 })),
            "tryRemoveDuplicates": ("[3, 1, 2].publisher.tryRemoveDuplicates { $0 == $1 }",
                EngineType(numbers.tryRemoveDuplicates { $0 == $1 })),
            "tryFirst": ("[3, 1, 2].publisher.tryFirst { $0 > 1 }", EngineType(numbers.tryFirst { $0 > 1 })),
            "tryLast": ("[3, 1, 2].publisher.tryLast { $0 > 1 }", EngineType(numbers.tryLast { $0 > 1 })),
            "tryContains": ("[3, 1, 2].publisher.tryContains { $0 > 1 }", EngineType(sequence.tryContains { $0 > 1 })),
            "tryAllSatisfy": ("[3, 1, 2].publisher.tryAllSatisfy { $0 > 1 }",
                EngineType(sequence.tryAllSatisfy { $0 > 1 })),
            "tryPrefix": ("[3, 1, 2].publisher.tryPrefix(while: { $0 > 1 })",
                EngineType(numbers.tryPrefix(while: { $0 > 1 }))),
            "tryDrop": ("[3, 1, 2].publisher.tryDrop(while: { $0 > 1 })",
                EngineType(numbers.tryDrop(while: { $0 > 1 }))),
            "tryMin": ("[3, 1, 2].publisher.tryMin(by: { $0 < $1 })", EngineType(numbers.tryMin(by: { $0 < $1 }))),
            "tryMax": ("[3, 1, 2].publisher.tryMax(by: { $0 < $1 })", EngineType(numbers.tryMax(by: { $0 < $1 }))),
            "tryCatch": ("[3, 1, 2].publisher.tryMap { 10 / $0 }.tryCatch { _ in Just(0) }",
                EngineType(numbers.tryMap(tenOver).tryCatch { _ in Just(0) })),
        ]
    }
}

/// The other shapes of the operators that have several (`prefix(2)`, `prefix(while:)`,
/// `prefix(untilOutputFrom:)`), and the Failure changes Combine's overloads make (`flatMap` of
/// Never inner publishers on a failing upstream): each call, and the engine's type for it.
enum ShapeWalks {
    static let setup = [
        "let n = PassthroughSubject<Int, Never>()", "let m = PassthroughSubject<Int, Never>()",
        "let e = PassthroughSubject<Int, Error>()", "let s = PassthroughSubject<String, Never>()",
        "let choice = PassthroughSubject<Bool, Never>()",
    ]

    static var all: [(pipeline: String, engine: EngineType)] {
        let n = PassthroughSubject<Int, Never>()
        let m = PassthroughSubject<Int, Never>()
        let e = PassthroughSubject<Int, Error>()
        let s = PassthroughSubject<String, Never>()
        let choice = PassthroughSubject<Bool, Never>()
        let clock = ImmediateScheduler.shared
        return [
            ("n.map { $0 > 1 }", EngineType(n.map { $0 > 1 })),
            ("s.map { $0.count }", EngineType(s.map { $0.count })),
            ("n.prefix(while: { $0 < 5 })", EngineType(n.prefix(while: { $0 < 5 }))),
            ("n.prefix(untilOutputFrom: m)", EngineType(n.prefix(untilOutputFrom: m))),
            ("n.drop(untilOutputFrom: m)", EngineType(n.drop(untilOutputFrom: m))),
            ("n.first()", EngineType(n.first())),
            ("n.last { $0 > 1 }", EngineType(n.last { $0 > 1 })),
            ("n.output(at: 1)", EngineType(n.output(at: 1))),
            ("n.collect()", EngineType(n.collect())),
            ("n.collect(.byTime(1s))", EngineType(n.collect(.byTime(clock, .zero)))),
            ("n.removeDuplicates { $0 == $1 }", EngineType(n.removeDuplicates { $0 == $1 })),
            ("n.contains { $0 > 1 }", EngineType(n.contains { $0 > 1 })),
            ("n.min(by: { $0 < $1 })", EngineType(n.min(by: { $0 < $1 }))),
            ("n.append(m)", EngineType(n.append(m))),
            ("n.prepend(m)", EngineType(n.prepend(m))),
            ("n.combineLatest(m, s)", EngineType(n.combineLatest(m, s))),
            ("n.zip(m, s)", EngineType(n.zip(m, s))),
            ("n.merge(with: m, n)", EngineType(n.merge(with: m, n))),
            ("n.throttle(for: 1s, latest: false)", EngineType(n.throttle(for: .zero, scheduler: clock, latest: false))),
            ("e.flatMap { Just($0) }", EngineType(e.flatMap { Just($0) })),
            ("n.flatMap { _ in e }", EngineType(n.flatMap { _ in e })),
            ("choice.map { $0 ? e : e }.switchToLatest()", EngineType(choice.map { _ in e }.switchToLatest())),
            ("e.catch { _ in Just(0) }", EngineType(e.catch { _ in Just(0) })),
            ("e.replaceError(with: 0)", EngineType(e.replaceError(with: 0))),
            ("e.assertNoFailure()", EngineType(e.assertNoFailure())),
            ("e.retry(2)", EngineType(e.retry(2))),
            ("e.mapError { $0 }", EngineType(e.mapError { $0 })),
            ("e.tryMap { $0 * 2 }", EngineType(e.tryMap { $0 * 2 })),
            ("n.timeout(1s)", EngineType(n.timeout(.zero, scheduler: clock))),
        ] + sequenceShapes
    }

    /// `Publishers.Sequence`'s own operators as Swift picks them: a Failure that is not Never, or a
    /// sequence that is no collection (after `dropFirst`), leaves some to Publisher's generic ones.
    private static var sequenceShapes: [(pipeline: String, engine: EngineType)] {
        let numbers = [1, 2, 3].publisher
        let failing = numbers.setFailureType(to: Error.self)
        return [
            ("[1, 2, 3].publisher.count()", EngineType(numbers.count())),
            ("[1, 2, 3].publisher.setFailureType(to: Error.self).count()", EngineType(failing.count())),
            ("[1, 2, 3].publisher.setFailureType(to: Error.self).first()", EngineType(failing.first())),
            ("[1, 2, 3].publisher.setFailureType(to: Error.self).map { $0 * 2 }", EngineType(failing.map { $0 * 2 })),
            ("[1, 2, 3].publisher.dropFirst().count()", EngineType(numbers.dropFirst().count())),
            ("[1, 2, 3].publisher.dropFirst().map { $0 * 2 }", EngineType(numbers.dropFirst().map { $0 * 2 })),
            ("[1, 2, 3].publisher.prefix(2).append(4)", EngineType(numbers.prefix(2).append(4))),
            ("[1, 2, 3].publisher.first()", EngineType(numbers.first())),
            ("[1, 2, 3].publisher.collect()", EngineType(numbers.collect())),
            ("[1, 2, 3].publisher.min(by: { $0 < $1 })", EngineType(numbers.min(by: { $0 < $1 }))),
            ("[1, 2, 3].publisher.contains { $0 > 1 }", EngineType(numbers.contains { $0 > 1 })),
            ("[1, 2, 3].publisher.removeDuplicates { $0 == $1 }", EngineType(numbers.removeDuplicates { $0 == $1 })),
            ("[1, 2, 3].publisher.prefix(while: { $0 < 3 })", EngineType(numbers.prefix(while: { $0 < 3 }))),
            ("[1, 2, 3].publisher.output(at: 1)", EngineType(numbers.output(at: 1))),
            ("[1, 2, 3].publisher.output(in: 1..<2)", EngineType(numbers.output(in: 1..<2))),
            ("[1, 2, 3].publisher.map { $0 * 2 }.filter { $0 > 2 }.reduce(0) { $0 + $1 }",
                EngineType(numbers.map { $0 * 2 }.filter { $0 > 2 }.reduce(0) { $0 + $1 })),
            ("(1...3).publisher.map { $0 * 2 }", EngineType((1...3).publisher.map { $0 * 2 })),
            ("(1...3).publisher.last()", EngineType((1...3).publisher.last())),
        ]
    }
}
