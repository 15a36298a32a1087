import Conduit

/// A publisher held as a playground value, so that a closure can return one
/// (`.flatMap { Just($0).delay(for: 1s) }`) and `flatMap`, `switchToLatest` and `catch` subscribe
/// to it through the engine. Two publisher values are equal only if they are the same one.
public final class PublisherValue: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The engine publisher (immutable once made, so sharing it across threads is safe).
    let pipe: Pipe
    /// How it was written, for printing: `Just(2)`, `search("swift")`.
    public let description: String
    /// Sends a value into it, when it is a subject an object holds (`vm.objectWillChange`,
    /// `state.didChange`); nil for any other publisher.
    let sender: ((Value) -> Void)?
    /// Its elements, when it is an array's or a range's `Publishers.Sequence` (`xs.publisher`), whose
    /// own operators a chain from it picks.
    let sequence: EagerSequence?
    /// Its outcome, when it is a `Result`'s `Result.Publisher` (`result.publisher`), whose own
    /// operators a chain from it picks.
    let eager: EagerValue?

    init(_ pipe: Pipe, description: String, sender: ((Value) -> Void)? = nil) {
        self.pipe = pipe
        self.description = description
        self.sender = sender
        sequence = nil
        eager = nil
    }

    /// A `let` pipeline read in an expression (`p.count().sink { ... }` on a line of its own), with
    /// what it still is (a sequence, a `Just`, ...), whose own operators a chain from it picks.
    init(pipeline pipe: Pipe, description: String, sequence: EagerSequence?, eager: EagerValue?) {
        self.pipe = pipe
        self.description = description
        sender = nil
        self.sequence = sequence
        self.eager = eager
    }

    /// `result.publisher`: the engine's publisher of `outcome`, with it kept for its operators.
    init(eager outcome: EagerValue, description: String) {
        pipe = outcome.pipe
        self.description = description
        sender = nil
        sequence = nil
        eager = outcome
    }

    /// `xs.publisher`: the engine's sequence publisher of `values`, with them kept for its operators.
    init(sequence values: [Value], of elements: SequenceShape.Elements, description: String) {
        let sequence = EagerSequence(values: values, shape: SequenceShape(elements: elements, failsNever: true))
        pipe = sequence.publisher.pipe()
        self.description = description
        sender = nil
        self.sequence = sequence
        eager = nil
    }

    /// `subject.send()` or `subject.send(VALUE)`: sends the value (`()` when there is none).
    func send(_ arguments: [Value]) throws -> Value {
        guard let sender else {
            throw PlaygroundError("\(description) is a publisher, not a subject: it has no `send`")
        }
        guard arguments.count <= 1 else {
            throw PlaygroundError("`\(description).send` takes one value, not \(arguments.count)")
        }
        let value = arguments.first ?? .void
        guard FeedbackGuard.run({ sender(value) }) else {
            throw PlaygroundError(
                "\(description).send(\(arguments.first?.description ?? "")) feeds itself "
                    + "(a loop of \(FeedbackGuard.limit) sends): stopped")
        }
        return .void
    }

    public static func == (lhs: PublisherValue, rhs: PublisherValue) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
