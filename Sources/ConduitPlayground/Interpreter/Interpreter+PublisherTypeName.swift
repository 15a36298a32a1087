/// `type(of: mapped)` of a subject, a `let` pipeline or a chain: the concrete type Swift gives it
/// (`Map<PassthroughSubject<Int, Never>, Int>`), the same stages `types` shows, rather than the
/// playground's `some Publisher<Output, Failure>`.
extension Interpreter {
    /// The concrete type of the publisher `expression` names or writes; nil when it is no subject or
    /// pipeline, or when a stage's type is not known.
    func publisherTypeName(of expression: Expression) -> String? {
        if case .pipeline(var syntax) = expression {
            // `type(of: subject.map { $0 + 1 })`: the chain written there, from the subject or pipeline
            // it names (whose own type its stages start from).
            if case .expression(.name(let name, let token)) = syntax.source,
                entries[name].map(Self.isPublisher) == true
            {
                syntax = PipelineSyntax(source: .name(token), operators: syntax.operators, text: syntax.text,
                    startOffset: syntax.startOffset)
            }
            guard let stages = try? checker.stageTypes(of: syntax, arguments: []) else { return nil }
            return StageType.concreteName(of: stages)
        }
        guard case .name(let name, let token) = expression else { return nil }
        switch entries[name] {
        case .subject(let subject)?:
            return StageType.concreteName(of: [checker.subjectType(subject)])
        case .pipeline?:
            let named = PipelineSyntax(source: .name(token), operators: [], text: name, startOffset: 0)
            guard let stages = try? checker.stageTypes(of: named, arguments: []) else { return nil }
            return StageType.concreteName(of: stages)
        default:
            return nil
        }
    }

    /// Whether a name's entry is a subject or a pipeline.
    private static func isPublisher(_ entry: Entry) -> Bool {
        switch entry {
        case .subject, .pipeline: return true
        default: return false
        }
    }
}
