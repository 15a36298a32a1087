import Conduit
import Foundation

/// The type of one operator's stage: which of the engine's publisher types Combine's method of that
/// name and shape returns (`first()` is `Publishers.First`, `first(where:)` `Publishers.FirstWhere`,
/// `tryFirst(where:)` `Publishers.TryFirstWhere`), asked for its Output and Failure.
extension Session {
    func stage(
        for call: OperatorCall, text: String, after upstream: StageType, arguments: [ValueType], depth: Int
    ) throws -> StageType {
        typealias P = Publishers
        typealias Up = Stand.Up
        typealias R = Stand.Result
        typealias C = Stand.Clock
        if call.name == "sink" || call.name == "assign" {
            return subscriberStage(for: call, text: text, after: upstream)
        }
        guard let spec = OperatorTable.spec(named: call.name) else {
            let hint = Suggestion.closest(to: call.name, in: OperatorTable.names).map { "; did you mean `\($0)`?" }
                ?? "; `help operators` lists them"
            throw SyntaxError("unknown operator `\(call.name)`\(hint)", at: call.token)
        }
        let isTry = call.name.hasPrefix("try")
        let closure = call.trailingClosure ?? call.arguments.lazy.compactMap { argument -> Closure? in
            if case .closure(let closure) = argument.content { return closure }
            return nil
        }.first
        var given = StandIns(upstream: upstream.output, upstreamFailure: upstream.failure)
        func result(_ types: [ValueType]) -> ValueType {
            guard let closure else { return .value }
            var types = types
            if closure.parameterCount > types.count, types.count == 1, case .tuple(let items) = types[0] {
                types = items
            }
            return type(of: closure.body, arguments: types, depth: depth + 1)
        }
        let labels = call.arguments.map { $0.label ?? "" }
        let publisherArguments = call.arguments.filter { !OperatorTable.isScheduler($0, of: call) }.compactMap {
            argument -> StageType? in
            switch argument.content {
            case .name(let name):
                return publisherStage(of: .name(name, argument.token), depth: depth)
            case .expression(let expression):
                return publisherStage(of: expression, depth: depth)
            default: return nil
            }
        }
        let shape: EngineShape
        var note: String?
        switch spec.name {
        case "map":
            given.result = result([upstream.output])
            shape = isTry ? EngineShape(P.TryMap<Up, R>.self) : EngineShape(P.Map<Up, R>.self)
        case "filter":
            shape = isTry ? EngineShape(P.TryFilter<Up>.self) : EngineShape(P.Filter<Up>.self)
        case "compactMap":
            given.result = result([upstream.output]).unwrapped
            shape = isTry ? EngineShape(P.TryCompactMap<Up, R>.self) : EngineShape(P.CompactMap<Up, R>.self)
        case "scan", "reduce":
            let initial = call.arguments.first.map { argumentType($0, depth: depth) } ?? .value
            given.result = ValueType.join(initial, result([initial, upstream.output]))
            if initial == .optional(.value) || initial == .array(.value) {
                given.result = result([initial, upstream.output])
            }
            shape = spec.name == "scan"
                ? (isTry ? EngineShape(P.TryScan<Up, R>.self) : EngineShape(P.Scan<Up, R>.self))
                : (isTry ? EngineShape(P.TryReduce<Up, R>.self) : EngineShape(P.Reduce<Up, R>.self))
        case "removeDuplicates":
            shape = isTry ? EngineShape(P.TryRemoveDuplicates<Up>.self) : EngineShape(P.RemoveDuplicates<Up>.self)
        case "dropFirst":
            shape = EngineShape(P.Drop<Up>.self)
        case "drop":
            if labels.contains("untilOutputFrom") {
                shape = EngineShape(P.DropUntilOutput<Up, Stand.Second>.self)
            } else {
                shape = isTry ? EngineShape(P.TryDropWhile<Up>.self) : EngineShape(P.DropWhile<Up>.self)
            }
        case "prefix":
            if labels.contains("untilOutputFrom") {
                shape = EngineShape(P.PrefixUntilOutput<Up, Stand.Second>.self)
            } else if closure != nil {
                shape = isTry ? EngineShape(P.TryPrefixWhile<Up>.self) : EngineShape(P.PrefixWhile<Up>.self)
            } else {
                shape = EngineShape(P.Output<Up>.self)
            }
        case "output":
            shape = EngineShape(P.Output<Up>.self)
        case "first":
            shape = closure == nil ? EngineShape(P.First<Up>.self)
                : isTry ? EngineShape(P.TryFirstWhere<Up>.self) : EngineShape(P.FirstWhere<Up>.self)
        case "last":
            shape = closure == nil ? EngineShape(P.Last<Up>.self)
                : isTry ? EngineShape(P.TryLastWhere<Up>.self) : EngineShape(P.LastWhere<Up>.self)
        case "collect":
            switch call.arguments.first?.content {
            case .enumCase?: shape = EngineShape(P.CollectByTime<Up, C>.self)
            case nil: shape = EngineShape(P.Collect<Up>.self)
            default: shape = EngineShape(P.CollectByCount<Up>.self)
            }
        case "count":
            shape = EngineShape(P.Count<Up>.self)
        case "min", "max":
            shape = isTry ? EngineShape(P.TryComparison<Up>.self) : EngineShape(P.Comparison<Up>.self)
        case "contains":
            shape = closure == nil ? EngineShape(P.Contains<Up>.self)
                : isTry ? EngineShape(P.TryContainsWhere<Up>.self) : EngineShape(P.ContainsWhere<Up>.self)
        case "allSatisfy":
            shape = isTry ? EngineShape(P.TryAllSatisfy<Up>.self) : EngineShape(P.AllSatisfy<Up>.self)
        case "replaceNil":
            // Combine's replaceNil(with:) is a map from `T?` to `T`.
            let replacement = call.arguments.first.map { argumentType($0, depth: depth) } ?? .value
            given.result = ValueType.join(upstream.output.unwrapped, replacement)
            shape = EngineShape(P.Map<Up, R>.self)
        case "replaceEmpty":
            shape = EngineShape(P.ReplaceEmpty<Up>.self)
        case "replaceError":
            shape = EngineShape(P.ReplaceError<Up>.self)
            note = "a failure is replaced by the value: Failure becomes Never"
        case "ignoreOutput":
            shape = EngineShape(P.IgnoreOutput<Up>.self)
            note = "no value goes on, only the completion: Output becomes Never"
        case "append", "prepend":
            if publisherArguments.count == call.arguments.count, !publisherArguments.isEmpty {
                shape = spec.name == "append" ? EngineShape(P.Concatenate<Up, Up>.self)
                    : EngineShape(P.Concatenate<Up, Up>.self)
            } else {
                shape = spec.name == "append"
                    ? EngineShape(P.Concatenate<Up, P.Sequence<[Stand.Upstream], Stand.UpstreamFailure>>.self)
                    : EngineShape(P.Concatenate<P.Sequence<[Stand.Upstream], Stand.UpstreamFailure>, Up>.self)
            }
        case "print":
            shape = EngineShape(P.Print<Up>.self)
        case "handleEvents":
            shape = EngineShape(P.HandleEvents<Up>.self)
        case "breakpoint", "breakpointOnError":
            shape = EngineShape(P.Breakpoint<Up>.self)
        case "encode":
            shape = EngineShape(P.Encode<Up, JSONEncoder>.self)
        case "decode":
            given.result = decodedType(call)
            shape = EngineShape(P.Decode<Empty<Data, Stand.UpstreamFailure>, R, JSONDecoder>.self)
        case "combineLatest", "zip":
            given.others = publisherArguments.map(\.output)
            let three = publisherArguments.count >= 2
            let isZip = spec.name == "zip"
            if closure != nil {
                given.result = result([.tuple([upstream.output] + given.others)])
                shape = EngineShape(P.Map<Up, R>.self)
            } else if three {
                shape = isZip ? EngineShape(P.Zip3<Up, Stand.Second, Stand.Third3>.self)
                    : EngineShape(P.CombineLatest3<Up, Stand.Second, Stand.Third3>.self)
            } else {
                shape = isZip ? EngineShape(P.Zip<Up, Stand.Second>.self)
                    : EngineShape(P.CombineLatest<Up, Stand.Second>.self)
            }
            let combined = closure == nil ? shape.publisher
                : (isZip ? (three ? "Publishers.Zip3" : "Publishers.Zip")
                    : (three ? "Publishers.CombineLatest3" : "Publishers.CombineLatest"))
            note = mismatchedFailures(upstream, publisherArguments, operator: spec.name, into: &given)
            if closure != nil {
                let stage = stageFrom(shape, given, text: text, note: note)
                return StageType(text: text, publisher: "Publishers.Map<\(combined)>", output: stage.output,
                    failure: stage.failure, note: note)
            }
        case "merge":
            given.upstream = ValueType.join([upstream.output] + publisherArguments.map(\.output))
            note = mismatchedFailures(upstream, publisherArguments, operator: "merge", into: &given)
            switch publisherArguments.count {
            case 2: shape = EngineShape(P.Merge3<Up, Up, Up>.self)
            case 3: shape = EngineShape(P.Merge4<Up, Up, Up, Up>.self)
            case 0, 1: shape = EngineShape(P.Merge<Up, Up>.self)
            default: shape = EngineShape(P.MergeMany<Up>.self)
            }
        case "flatMap":
            return flatMapStage(text: text, upstream: upstream, inner: result([upstream.output]))
        case "switchToLatest":
            guard case .publisher(let output, let failure) = upstream.output else {
                return StageType(text: text, publisher: "Publishers.SwitchToLatest", output: .value,
                    failure: upstream.failure, note: "its upstream must send publishers")
            }
            given.innerOutput = output
            shape = EngineShape(P.SwitchToLatest<Empty<Stand.InnerOutput, Stand.UpstreamFailure>,
                Empty<Empty<Stand.InnerOutput, Stand.UpstreamFailure>, Stand.UpstreamFailure>>.self)
            if failure != upstream.failure, failure != .never {
                note = "the inner publishers fail with \(failure): Combine needs the same Failure as the upstream"
            }
        case "catch":
            let inner = result([.named(upstream.failure.description)])
            given.innerFailure = .error
            if case .publisher(_, let failure) = inner { given.innerFailure = failure }
            shape = isTry ? EngineShape(P.TryCatch<Up, Empty<Stand.Upstream, Stand.InnerFailure>>.self)
                : EngineShape(P.Catch<Up, Empty<Stand.Upstream, Stand.InnerFailure>>.self)
            note = isTry ? "the closure may throw: Failure becomes Error"
                : "a failure switches to the publisher the closure returns: Failure becomes its \(given.innerFailure)"
        case "retry":
            shape = EngineShape(P.Retry<Up>.self)
        case "share":
            shape = EngineShape(P.Share<Up>.self)
        case "buffer":
            shape = EngineShape(P.Buffer<Up>.self)
        case "makeConnectable":
            shape = EngineShape(P.MakeConnectable<Up>.self)
        case "multicast":
            shape = EngineShape(P.Multicast<Up, PassthroughSubject<Stand.Upstream, Stand.UpstreamFailure>>.self)
        case "autoconnect":
            shape = EngineShape(P.Autoconnect<P.MakeConnectable<Up>>.self)
        case "eraseToAnyPublisher":
            shape = EngineShape(AnyPublisher<Stand.Upstream, Stand.UpstreamFailure>.self)
        case "setFailureType":
            given.innerFailure = call.arguments.compactMap { argument -> FailureType? in
                if case .swiftName(let name) = argument.content {
                    return FailureType(written: name.hasSuffix(".self") ? String(name.dropLast(5)) : name)
                }
                return nil
            }.first ?? .error
            shape = EngineShape(P.SetFailureType<Stand.UpNever, Stand.InnerFailure>.self)
            note = upstream.failure == .never
                ? "Failure becomes \(given.innerFailure), so it can meet failing publishers"
                : "Combine offers setFailureType only where the Failure is Never (here it is \(upstream.failure))"
        case "mapError":
            shape = EngineShape(P.MapError<Up, any Error>.self)
            note = "the closure makes the new error"
        case "assertNoFailure":
            shape = EngineShape(P.AssertNoFailure<Up>.self)
            note = "a failure would stop the program: Failure becomes Never"
        case "debounce": shape = EngineShape(P.Debounce<Up, C>.self)
        case "throttle": shape = EngineShape(P.Throttle<Up, C>.self)
        case "delay": shape = EngineShape(P.Delay<Up, C>.self)
        case "timeout": shape = EngineShape(P.Timeout<Up, C>.self)
        case "receive": shape = EngineShape(P.ReceiveOn<Up, C>.self)
        case "subscribe": shape = EngineShape(P.SubscribeOn<Up, C>.self)
        case "measureInterval":
            given.scheduler = schedulerName(of: call)
            shape = EngineShape(P.MeasureInterval<Up, C>.self)
        default:
            shape = EngineShape(AnyPublisher<Stand.Upstream, Stand.UpstreamFailure>.self)
        }
        if isTry, note == nil, given.failure(shape.failure) != upstream.failure {
            note = "`\(call.name)`'s closure may throw: Failure becomes Error"
        }
        return stageFrom(shape, given, text: text, note: note)
    }

    private func stageFrom(_ shape: EngineShape, _ given: StandIns, text: String, note: String?) -> StageType {
        StageType(text: text, publisher: shape.publisher, output: given.output(shape.output),
            failure: given.failure(shape.failure), note: note)
    }

    /// `flatMap`: Combine's three shapes (same Failure on both sides; a Never upstream made to fail
    /// as the inner publishers do; Never inner publishers made to fail as the upstream does).
    private func flatMapStage(text: String, upstream: StageType, inner: ValueType) -> StageType {
        typealias P = Publishers
        guard case .publisher(let output, let failure) = inner else {
            return StageType(text: text, publisher: "Publishers.FlatMap", output: .value, failure: upstream.failure,
                note: "the closure must return a publisher, such as `Just($0)`")
        }
        var given = StandIns(upstream: upstream.output, upstreamFailure: upstream.failure)
        given.innerOutput = output
        given.innerFailure = failure
        let shape: EngineShape
        var note: String?
        if upstream.failure == .never, failure != .never {
            shape = EngineShape(P.FlatMap<Empty<Stand.InnerOutput, Stand.InnerFailure>,
                P.SetFailureType<Stand.UpNever, Stand.InnerFailure>>.self)
            note = "the inner publishers can fail: Failure becomes theirs (\(failure))"
        } else if failure == .never, upstream.failure != .never {
            shape = EngineShape(P.FlatMap<P.SetFailureType<Empty<Stand.InnerOutput, Never>, Stand.UpstreamFailure>,
                Stand.Up>.self)
        } else {
            shape = EngineShape(P.FlatMap<Empty<Stand.InnerOutput, Stand.UpstreamFailure>, Stand.Up>.self)
            if failure != upstream.failure {
                note = "Combine needs the inner publishers' Failure (\(failure)) "
                    + "to be the upstream's (\(upstream.failure))"
            }
        }
        return stageFrom(shape, given, text: text, note: note)
    }

    /// `.sink { ... }` or `.assign(...)` ending a chain: the engine's subscriber, and what it takes.
    private func subscriberStage(for call: OperatorCall, text: String, after upstream: StageType) -> StageType {
        let given = StandIns(upstream: upstream.output, upstreamFailure: upstream.failure)
        if call.name == "assign" {
            let shape = EngineShape(subscriber: Subscribers.Assign<PlaygroundObject, Stand.Upstream>.self)
            let note = upstream.failure == .never ? nil
                : "Combine's assign takes only a Failure of Never (here \(upstream.failure)): replaceError first"
            var stage = StageType(text: text, publisher: shape.publisher, output: given.output(shape.output),
                failure: given.failure(shape.failure), note: note)
            stage.isSubscriber = true
            return stage
        }
        let shape = EngineShape(subscriber: Subscribers.Sink<Stand.Upstream, Stand.UpstreamFailure>.self)
        var stage = stageFrom(shape, given, text: text, note: nil)
        stage.isSubscriber = true
        return stage
    }

    /// A publisher passed to an operator (`combineLatest(isOn)`, `merge(with: b)`): its last stage.
    private func publisherStage(of expression: Expression, depth: Int) -> StageType? {
        if case .name(let name, let token) = expression {
            switch entries[name] {
            case .subject(let subject)?: return subjectType(subject)
            case .pipeline(let pipeline)?:
                return (try? stageTypes(of: pipeline.syntax, arguments: [], depth: depth + 1))?.last
            default:
                _ = token
                return nil
            }
        }
        guard case .publisher(let output, let failure) = type(of: expression, arguments: [], depth: depth + 1) else {
            return nil
        }
        return StageType(text: "", publisher: "", output: output, failure: failure)
    }

    /// Combine needs the publishers an operator joins to fail alike; if they do not, the note says
    /// so and the stage shows the Failure that is not Never.
    private func mismatchedFailures(
        _ upstream: StageType, _ others: [StageType], operator name: String, into given: inout StandIns
    ) -> String? {
        let failures = [upstream.failure] + others.map(\.failure)
        guard Set(failures.map(\.description)).count > 1 else { return nil }
        given.upstreamFailure = failures.first { $0 != .never } ?? upstream.failure
        return "Combine's \(name) needs one Failure for all (here "
            + failures.map(\.description).joined(separator: ", ") + "): setFailureType or mapError first"
    }

    private func argumentType(_ argument: Argument, depth: Int) -> ValueType {
        switch argument.content {
        case .expression(let expression): return type(of: expression, arguments: [], depth: depth + 1)
        case .name(let name):
            return type(of: .name(name, argument.token), arguments: [], depth: depth + 1)
        default: return .value
        }
    }

    /// `decode(type: Card.self, decoder: JSONDecoder())`: the type written.
    private func decodedType(_ call: OperatorCall) -> ValueType {
        for argument in call.arguments where argument.label == "type" {
            if case .swiftName(let name) = argument.content {
                return ValueType(written: name.hasSuffix(".self") ? String(name.dropLast(5)) : name)
            }
            if case .expression(.member(.name(let name, _), "self")) = argument.content {
                return ValueType(written: name)
            }
        }
        return .value
    }

    /// The scheduler's type as written (`using: DispatchQueue.main` is a `DispatchQueue`).
    private func schedulerName(of call: OperatorCall) -> String {
        for argument in call.arguments where OperatorTable.isScheduler(argument, of: call) {
            if case .swiftName(let name) = argument.content { return name.components(separatedBy: ".").first ?? name }
        }
        return "DispatchQueue"
    }
}
