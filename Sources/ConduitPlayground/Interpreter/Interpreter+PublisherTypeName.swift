/// `type(of: mapped)` of a subject or a `let` pipeline: the concrete type Swift gives it
/// (`Map<PassthroughSubject<Int, Never>, Int>`), the same stages `types` shows, rather than the
/// playground's `some Publisher<Output, Failure>`.
extension Interpreter {
    /// The concrete type of the publisher `expression` names; nil when it names no subject or
    /// pipeline, or when a stage's type is not known.
    func publisherTypeName(of expression: Expression) -> String? {
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
}
