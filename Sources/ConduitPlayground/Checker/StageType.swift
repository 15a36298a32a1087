/// One stage of a pipeline as `types` shows it: how it was written, the engine's publisher type
/// for it (Combine's name), and the Output and Failure it has as Combine would infer them.
struct StageType {
    /// How the stage was written: `taps`, `.map { $0 * 2 }`.
    let text: String
    /// `Publishers.Map`, `PassthroughSubject`, `Subscribers.Sink`.
    let publisher: String
    let output: ValueType
    let failure: FailureType
    /// Why the types changed here, when they did in a way learners ask about.
    var note: String?
    /// The `let` pipeline this stage belongs to, when the stages of a named pipeline are shown.
    var pipeline: String?
    /// Whether it is the subscriber that ends a chain (`.sink`, `.assign`): it takes values, it
    /// does not publish.
    var isSubscriber = false
    /// What the stage is when it is still a `Publishers.Sequence`, whose own operators the next call
    /// may pick (`SequenceOverload`); nil for any other publisher.
    var sequence: SequenceShape?
    /// The engine's generic type for an operator's stage, with `Stand`'s types in place of the real ones
    /// (`Publishers.Map<Empty<Stand.Upstream, Stand.UpstreamFailure>, Stand.Result>`), from which
    /// `type(of:)` spells the stage's concrete type; nil where the stage has no engine shape.
    var template: String?
    /// The concrete types of the publishers the operator reads (`merge(with: b)`'s `b`), in order; nil
    /// for one whose type is not known.
    var argumentTypes: [String?] = []
    /// This publisher's own concrete type, when it is one an operator reads (`merge(with: b)`).
    var concrete: String?

    /// The stage as a value a closure could hold (what `flatMap` subscribes to).
    var publisherType: ValueType { .publisher(output: output, failure: failure) }

    /// Whether this stage is, as far as `types` can tell, a publisher of the same Swift type as
    /// `other` (`a.merge(with: b)` of two `PassthroughSubject<Int, Never>`).
    func isSameType(as other: StageType) -> Bool {
        !publisher.isEmpty && publisher == other.publisher && output == other.output && failure == other.failure
    }
}
