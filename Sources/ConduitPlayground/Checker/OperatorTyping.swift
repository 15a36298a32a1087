import Conduit
import Foundation

/// The type of one operator's stage, as the operator's declaration (`OperatorSpec.typing`) says:
/// which of the engine's publisher types Combine's method of that name and shape returns
/// (`first()` is `Publishers.First`, `first(where:)` `Publishers.FirstWhere`), asked for its
/// Output and Failure. This gathers what the rule is given from the session's names.
extension TypeChecker {
    func stage(
        for call: OperatorCall, text: String, after upstream: StageType, arguments: [ValueType], depth: Int
    ) throws -> StageType {
        if let subscriber = subscribeStage(for: call, text: text, after: upstream) { return subscriber }
        let known = call.name == "sink" ? nil : OperatorTable.spec(named: call.name)
        if call.name != "sink", known == nil {
            let hint = Suggestion.closest(to: call.name, in: OperatorTable.names).map { "; did you mean `\($0)`?" }
                ?? "; `help operators` lists them"
            throw SyntaxError("unknown operator `\(call.name)`\(hint)", at: call.token)
        }
        let closure = call.trailingClosure ?? call.arguments.lazy.compactMap { argument -> Closure? in
            if case .closure(let closure) = argument.content { return closure }
            return nil
        }.first
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
        var context = TypingContext(
            call: call, text: text, upstream: upstream, isTry: known?.tryName == call.name, closure: closure,
            labels: call.arguments.map { $0.label ?? "" }, publisherArguments: publisherArguments,
            given: StandIns(upstream: upstream.output, upstreamFailure: upstream.failure),
            closureType: { closure, types in
                self.type(of: closure.body, arguments: types, depth: depth + 1)
            },
            argumentType: { argument in self.argumentType(argument, depth: depth) }
        )
        guard let spec = known else {
            return context.subscriberStage(EngineShape(subscriber: Subscribers.Sink<Stand.Upstream,
                Stand.UpstreamFailure>.self))
        }
        if let sequence = upstream.sequence,
            let overload = SequenceOverload.picked(by: call, spec: spec, isTry: context.isTry, on: sequence,
                // `append(other)`: a publisher, told apart by whether it is a sequence publisher.
                appended: publisherArguments.count == 1 && call.arguments.count == 1
                    ? .publisher(publisherArguments[0].sequence) : .values)
        {
            var stage = SequenceTyping.stage(overload, spec: spec, &context)
            stage.sequence = overload.shape(after: sequence)
            return stage
        }
        if upstream.sequence == nil, let kind = EagerKind(publisher: upstream.publisher, failure: upstream.failure),
            let overload = EagerOverload.picked(by: call, spec: spec, isTry: context.isTry, on: kind)
        {
            return EagerTyping.stage(overload, on: kind, spec: spec, &context)
        }
        return spec.typing(&context)
    }

    /// `.subscribe(SUBSCRIBER)` (not `subscribe(on:)`): the subscriber that ends the chain, a subject
    /// or an instance of a class that conforms to `Subscriber`, taking the upstream's values.
    private func subscribeStage(for call: OperatorCall, text: String, after upstream: StageType) -> StageType? {
        guard call.name == "subscribe", call.arguments.count == 1, call.arguments[0].label == nil else { return nil }
        var subscriber = "Subscriber"
        switch call.arguments[0].content {
        case .name(let name):
            if case .subject(let subject)? = entries[name] { subscriber = subjectType(subject).publisher }
            if case .object(let object)? = entries[name] { subscriber = object.typeName ?? subscriber }
        case .swiftName(let written): subscriber = written.hasSuffix("()") ? String(written.dropLast(2)) : written
        default: break
        }
        var stage = StageType(text: text, publisher: subscriber, output: upstream.output, failure: upstream.failure)
        stage.isSubscriber = true
        return stage
    }

    /// A publisher passed to an operator (`combineLatest(isOn)`, `merge(with: b)`): its last stage.
    private func publisherStage(of expression: Expression, depth: Int) -> StageType? {
        if case .name(let name, let token) = expression {
            switch entries[name] {
            case .subject(let subject)?:
                var stage = subjectType(subject)
                stage.concrete = StageType.concreteName(of: [stage])
                return stage
            case .pipeline(let pipeline)?:
                guard let stages = try? stageTypes(of: pipeline.syntax, arguments: [], depth: depth + 1),
                    var last = stages.last
                else { return nil }
                last.concrete = StageType.concreteName(of: stages)
                return last
            default:
                _ = token
                return nil
            }
        }
        guard case .publisher(let output, let failure) = type(of: expression, arguments: [], depth: depth + 1) else {
            return nil
        }
        var stage = StageType(text: "", publisher: "", output: output, failure: failure)
        stage.sequence = sequenceShape(ofSource: expression, depth: depth)
        return stage
    }

    private func argumentType(_ argument: Argument, depth: Int) -> ValueType {
        switch argument.content {
        case .expression(let expression): return type(of: expression, arguments: [], depth: depth + 1)
        case .name(let name):
            return type(of: .name(name, argument.token), arguments: [], depth: depth + 1)
        default: return .value
        }
    }
}
