import Conduit
import Foundation

/// Stand-ins for the types around a stage. `types` asks the engine's own publisher types (such as
/// `Publishers.TryMap<Upstream, Result>`) what their `Output` and `Failure` are with these in
/// place, and reads the answer back in terms of the real types: so what `types` shows is what the
/// engine's generic signatures say, not a second copy of Combine's rules.
enum Stand {
    /// The upstream's Output.
    struct Upstream: Codable, Hashable, Comparable {
        static func < (_: Upstream, _: Upstream) -> Bool { false }
    }
    /// The upstream's Failure.
    struct UpstreamFailure: Error {}
    /// What an operator's closure returns (or the type it is given, for `decode`, `scan`'s initial).
    struct Result: Codable {}
    /// The Output of a second and a third publisher (`combineLatest`, `zip`).
    struct Other {}
    struct Third {}
    /// The Output and Failure of the publisher a closure returns (`flatMap`, `catch`).
    struct InnerOutput {}
    struct InnerFailure: Error {}

    typealias Up = Empty<Upstream, UpstreamFailure>
    typealias UpNever = Empty<Upstream, Never>
    typealias Second = Empty<Other, UpstreamFailure>
    typealias Third3 = Empty<Third, UpstreamFailure>
    typealias Clock = ImmediateScheduler
}

/// The engine's publisher type for one stage, with its Output and Failure as the engine declares
/// them (in terms of `Stand`'s types).
struct EngineShape {
    /// Combine's name for it: `Publishers.Map`, `Just`.
    let publisher: String
    let output: Any.Type
    let failure: Any.Type
    /// The whole generic type, stand-ins and all, as the runtime spells it.
    let template: String

    init<P: Publisher>(_ type: P.Type) {
        (publisher, template) = EngineShape.names(of: type)
        output = P.Output.self
        failure = P.Failure.self
    }

    /// A subscriber's shape (`Subscribers.Sink`): what it takes in, and the Failure it accepts.
    init<S: Subscriber>(subscriber type: S.Type) {
        (publisher, template) = EngineShape.names(of: type)
        output = S.Input.self
        failure = S.Failure.self
    }

    /// The names of the engine's types spelled so far, by type: the runtime demangles a generic type's name
    /// each time it is asked (a tenth of a replayed `s.send(1)` line's instructions went to it), and a type's
    /// names never change.
    private static let spelled = LockedValue<[ObjectIdentifier: (short: String, full: String)]>([:])

    /// Combine's name for `type` (`shortName(of:)`) and the runtime's whole name, spelled once per type.
    static func names(of type: Any.Type) -> (short: String, full: String) {
        if let names = spelled.withLock({ $0[ObjectIdentifier(type)] }) { return names }
        let names = (short: shortName(of: type), full: String(reflecting: type))
        spelled.withLock { $0[ObjectIdentifier(type)] = names }
        return names
    }

    /// `Conduit.Publishers.Map<...>` as Combine names it: `Publishers.Map`.
    private static func shortName(of type: Any.Type) -> String {
        // Generic arguments left out: `Published<Value>.Publisher` is `Published.Publisher`.
        var name = ""
        var depth = 0
        for character in String(reflecting: type) {
            if character == "<" { depth += 1 }
            if depth == 0 { name.append(character) }
            if character == ">" { depth -= 1 }
        }
        // `Result<Int, Never>.Publisher`, which the engine declares in an extension: `Result.Publisher`.
        for module in ["(extension in Conduit):", "Swift.", "Conduit.", "Foundation."] where name.hasPrefix(module) {
            name = String(name.dropFirst(module.count))
        }
        return name
    }
}

/// The real types to read `Stand`'s types back as.
struct StandIns {
    var upstream: ValueType
    var upstreamFailure: FailureType
    var result: ValueType = .value
    var others: [ValueType] = []
    var innerOutput: ValueType = .value
    var innerFailure: FailureType = .error
    /// How the scheduler's stride reads (`DispatchQueue.SchedulerTimeType.Stride`).
    var scheduler = "DispatchQueue"

    func output(_ type: Any.Type) -> ValueType {
        let other = others.first ?? .value
        let third = others.count > 1 ? others[1] : .value
        let known: [(Any.Type, ValueType)] = [
            (Stand.Upstream.self, upstream), (Stand.Result.self, result), (Stand.Other.self, other),
            (Stand.Third.self, third), (Stand.InnerOutput.self, innerOutput),
            ([Stand.Upstream].self, .array(upstream)), (Stand.Upstream?.self, .optional(upstream)),
            ((Stand.Upstream, Stand.Other).self, .tuple([upstream, other])),
            ((Stand.Upstream, Stand.Other, Stand.Third).self, .tuple([upstream, other, third])),
            (Int.self, .int), (Bool.self, .bool), (String.self, .string), (Double.self, .double), (Void.self, .void),
            (Never.self, .never), (Data.self, .named("Data")),
            (Stand.Clock.SchedulerTimeType.Stride.self, .named("\(scheduler).SchedulerTimeType.Stride")),
        ]
        return known.first { ObjectIdentifier($0.0) == ObjectIdentifier(type) }?.1
            ?? .named(EngineShape.names(of: type).short)
    }

    func failure(_ type: Any.Type) -> FailureType {
        let known: [(Any.Type, FailureType)] = [
            (Never.self, .never), ((any Error).self, .error), (Stand.UpstreamFailure.self, upstreamFailure),
            (Stand.InnerFailure.self, innerFailure),
        ]
        return known.first { ObjectIdentifier($0.0) == ObjectIdentifier(type) }?.1
            ?? .named(EngineShape.names(of: type).short)
    }
}
