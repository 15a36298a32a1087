import Conduit
import Foundation

/// The types at every stage of a pipeline, for `types`: the source's, then each operator's, read
/// from the engine's own publisher types (`EngineShape`) with the closure's result typed by
/// `type(of:arguments:)`. A pipeline that starts from a `let` name shows that pipeline's stages first.
extension TypeChecker {
    func stageTypes(of syntax: PipelineSyntax, arguments: [ValueType], depth: Int = 0) throws -> [StageType] {
        guard depth < 32 else { throw PlaygroundError("the pipelines read each other too deeply to show") }
        let texts = stageTexts(of: syntax)
        var stages = try sourceStages(of: syntax, text: texts.source, arguments: arguments, depth: depth)
        for (call, text) in zip(syntax.operators, texts.calls) {
            guard let upstream = stages.last else { break }
            if call.name == "store" { continue }  // `.store(in: &cancellables)` keeps the subscription
            stages.append(try stage(for: call, text: text, after: upstream, arguments: arguments, depth: depth))
        }
        return stages
    }

    /// The source's text and each call's (`.map { $0 * 2 }`), as the parser read them; a
    /// pipeline the playground put together shows its calls by name.
    private func stageTexts(of syntax: PipelineSyntax) -> (source: String, calls: [String]) {
        let source = !syntax.sourceText.isEmpty ? syntax.sourceText : syntax.operators.isEmpty ? syntax.text : "…"
        return (source, syntax.operators.map { $0.written.isEmpty ? ".\($0.name)(…)" : $0.written })
    }

    private func sourceStages(
        of syntax: PipelineSyntax, text: String, arguments: [ValueType], depth: Int
    ) throws -> [StageType] {
        func stage(
            _ shape: EngineShape, _ output: ValueType, _ failure: FailureType, note: String? = nil
        ) -> [StageType] {
            [StageType(text: text, publisher: shape.publisher, output: output, failure: failure, note: note)]
        }
        switch syntax.source {
        case .name(let token):
            switch entries[token.display] {
            case .subject(let subject)?:
                var stage = subjectType(subject)
                stage = StageType(text: text, publisher: stage.publisher, output: stage.output, failure: stage.failure,
                    note: stage.note)
                return [stage]
            case .pipeline(let pipeline)?:
                return try stageTypes(of: pipeline.syntax, arguments: [], depth: depth + 1).map { stage in
                    var stage = stage
                    if stage.pipeline == nil { stage.pipeline = token.display }
                    return stage
                }
            default:
                throw unknownPublisher(token)
            }
        case .just(let expression):
            return stage(EngineShape(Just<Stand.Result>.self), type(of: expression, arguments: arguments), .never)
        case .sequence(let items):
            let element = ValueType.join(items.map { type(of: $0, arguments: arguments) })
            var stages = stage(EngineShape(Publishers.Sequence<[Stand.Result], Never>.self), element, .never)
            stages[0].sequence = .array
            return stages
        case .empty:
            return stage(EngineShape(Empty<Stand.Result, Never>.self), .value, .never,
                note: "Swift infers Empty's Output from where it is used")
        case .fail:
            return stage(EngineShape(Fail<Stand.Result, any Error>.self), .value, .error)
        case .timer, .timerPublish:
            return [StageType(text: text, publisher: "Timer.TimerPublisher", output: .int, failure: .never,
                note: "Combine's timer sends the Date; the playground's counts 1, 2, 3")]
        case .deferred(let inner):
            if let written = inner.writtenType, let declared = WrittenPublisherType(written) {
                // `Deferred { () -> Just<Int> in ... }`: the type the signature names, as Swift takes it.
                return [StageType(text: text, publisher: "Deferred<\(written)>", output: declared.output,
                    failure: declared.failure)]
            }
            if case .publisher(let output, let failure)? = returnedPublisher(ofDeferred: inner, depth: depth) {
                // `Deferred { print("made"); return Just(1) }`: Swift infers the closure's type from the
                // publisher it returns.
                return stage(EngineShape(Deferred<Stand.Up>.self), output, failure)
            }
            let last = try stageTypes(of: inner, arguments: arguments, depth: depth + 1).last
            return stage(EngineShape(Deferred<Stand.Up>.self), last?.output ?? .value, last?.failure ?? .error)
        case .future(let expression, _):
            return stage(EngineShape(Future<Stand.Result, Never>.self), type(of: expression, arguments: arguments),
                .never)
        case .record(let items, let failure):
            let element = ValueType.join(items.map { type(of: $0, arguments: arguments) })
            return stage(EngineShape(Record<Stand.Result, any Error>.self), element, failure == nil ? .never : .error)
        case .cold:
            return [StageType(text: text, publisher: "PassthroughSubject", output: .value, failure: .error,
                note: "a cold marble timeline: a subject of its own per subscriber, played from its subscription")]
        case .expression(let expression):
            let type = self.type(of: expression, arguments: arguments, depth: depth + 1)
            guard case .publisher(let output, let failure) = type else {
                return [StageType(text: text, publisher: "AnyPublisher", output: .value, failure: .error)]
            }
            var stages = stage(sourceShape(of: expression), output, failure)
            if case .member(let base, "publisher") = expression {
                // `numbers.publisher`, `(1...3).publisher`, `stride(...).publisher`: a `Publishers.Sequence`.
                stages[0].sequence = sequenceShape(ofSource: expression, arguments: arguments, depth: depth)
                switch self.type(of: base, arguments: arguments, depth: depth + 1) {
                case .optional:
                    let shape = EngineShape(Optional<Stand.Result>.Publisher.self)
                    stages[0] = StageType(text: text, publisher: shape.publisher, output: output, failure: failure)
                case .named(let written) where written.hasPrefix("Result<"):
                    // A `Result`'s publisher, whose own operators the next call picks (`EagerKind`).
                    let shape = EngineShape(Result<Stand.Result, Never>.Publisher.self)
                    stages[0] = StageType(text: text, publisher: shape.publisher, output: output, failure: failure)
                default: break
                }
            }
            return stages
        }
    }

    /// The type of what a `Deferred`'s closure without a written signature returns (`Deferred {
    /// print("made"); return Just(1) }`), as Swift infers it from the closure's body; nil for the
    /// playground's `Deferred { PIPELINE }`, whose stages say it.
    private func returnedPublisher(ofDeferred inner: PipelineSyntax, depth: Int) -> ValueType? {
        guard case .expression(.call(Parser.closureCall, let parameters)) = inner.source,
            case .pipeline(let literal)? = parameters.first, Parser.isClosureLiteral(literal),
            let closure = literal.operators[0].trailingClosure
        else { return nil }
        return type(of: closure.body, arguments: [], depth: depth + 1)
    }

    /// The engine's type for a publisher an expression gives: `player.$song` is a
    /// `Published<Value>.Publisher`, `player.objectWillChange` an `ObservableObjectPublisher`.
    private func sourceShape(of expression: Expression) -> EngineShape {
        switch expression {
        case .member(_, "objectWillChange"): return EngineShape(ObservableObjectPublisher.self)
        case .member(_, let member) where member.hasPrefix("$"): return EngineShape(Published<Value>.Publisher.self)
        case .member(_, "publisher"): return EngineShape(Publishers.Sequence<[Stand.Result], Never>.self)
        case .namedCall("NotificationCenter.default.publisher", _, _):
            return EngineShape(NotificationCenter.Publisher.self)
        default: return EngineShape(AnyPublisher<Stand.Result, Never>.self)
        }
    }

    /// A subject's stage: the types it was declared with (`PassthroughSubject<String, Never>()`), or
    /// else `Value` (a `subject` takes any value) or its first value's type (`current n = 1`), with
    /// `Error`, as the playground lets any subject fail.
    func subjectType(_ subject: SubjectEntry) -> StageType {
        var output: ValueType = .value
        var failure = FailureType.error
        if let declared = subject.declaredTypes {
            output = ValueType(written: declared.output)
            failure = FailureType(written: declared.failure)
        } else if case .current(let current) = subject.storage {
            output = ValueType(of: current.value)
        } else if case .shared(let link) = subject.storage {
            output = ValueType(written: link.typeName)
        }
        let shape = switch subject.storage {
        case .passthrough, .shared: EngineShape(PassthroughSubject<Stand.Result, Never>.self)
        case .current: EngineShape(CurrentValueSubject<Stand.Result, Never>.self)
        }
        let note = subject.declaredTypes == nil && output == .value
            ? "declare `let NAME = PassthroughSubject<String, Never>()` to give it types" : nil
        return StageType(text: "", publisher: shape.publisher, output: output, failure: failure, note: note)
    }
}

extension TypeChecker {
    /// What a source expression's `Publishers.Sequence` holds (`numbers.publisher` an array, `(1...3).publisher` a
    /// range, `stride(from: 0, to: 9, by: 3).publisher` a stride); nil for a source that is no sequence publisher.
    func sequenceShape(ofSource expression: Expression, arguments: [ValueType] = [], depth: Int) -> SequenceShape? {
        guard case .member(let base, "publisher") = expression else { return nil }
        if case .call(let name, _) = base, LabelledFunctions.strides.contains(name) {
            return SequenceShape(elements: .stride, failsNever: true)
        }
        switch type(of: base, arguments: arguments, depth: depth + 1) {
        case .array: return .array
        case .range: return SequenceShape(elements: .range, failsNever: true)
        default: return nil
        }
    }
}
