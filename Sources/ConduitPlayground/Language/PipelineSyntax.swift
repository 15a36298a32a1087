/// A pipeline as written: a source followed by a chain of operator calls.
struct PipelineSyntax {
    enum Source {
        /// A subject or a named pipeline.
        case name(Token)
        case just(Expression)
        /// `[1, 2, 3].publisher`
        case sequence([Expression])
        /// `empty`, `Empty()`, or `Empty(completeImmediately: false)` (never finishes).
        case empty(completeImmediately: Bool)
        case fail(String)
        /// `timer(1s)`: a value every interval, counting from 1.
        case timer(nanoseconds: Int64)
        /// `Timer.publish(every: 1s)`: the same ticks from a connectable publisher, as in Swift
        /// (`connect NAME` or `.autoconnect()` starts it).
        case timerPublish(nanoseconds: Int64)
        /// `Deferred { PIPELINE }`: the pipeline is built anew for each subscriber.
        indirect case deferred(PipelineSyntax)
        /// `Future { VALUE }`, or `Future(after: 1s) { VALUE }`: one result, made once, when the
        /// future is created (not when it is subscribed to), and replayed to every subscriber.
        case future(Expression, delay: Int64)
        /// `Record(output: [1, 2], completion: .finished)` or `.failure("why")`.
        case record([Expression], failure: String?)
        /// `cold("-a--b-|", {a: 1})`: a timeline played anew for each subscriber, from when it subscribes.
        case cold(ColdTimelineSyntax)
        /// A publisher an expression gives: `player.$currentSong`, `service.search("swift")`,
        /// `NotificationCenter.default.publisher(for: "tapped")`, or a closure's `$0` publisher.
        case expression(Expression)
    }

    let source: Source
    let operators: [OperatorCall]
    /// The source text of the pipeline, for `subs` and `inspect`.
    let text: String
    /// Where the pipeline starts in its statement (for pipelines written inside expressions).
    var startOffset = 0
    /// The source as written before the first call (`[1, 2].publisher`), on one line, for `types`;
    /// empty for a pipeline the playground put together.
    var sourceText = ""
    /// The publisher type its closure's signature names (`Just<Int>` for `Deferred { () -> Just<Int> in ... }`),
    /// which `types` shows as Swift takes it; nil where none is written.
    var writtenType: String?
}

/// One `.name(arguments) { closure }` of a chain.
struct OperatorCall {
    let name: String
    let token: Token
    let arguments: [Argument]
    let trailingClosure: Closure?
    /// The whole call, for messages that point at it.
    let span: Token
    /// The call as written from its `.` (`.map { $0 * 2 }`), on one line, for `types`; empty for
    /// a call the playground made.
    var written = ""
}

/// One argument of an operator call, with its label if it had one.
struct Argument {
    enum Content {
        case expression(Expression)
        /// A bare name: a subject or a pipeline.
        case name(String)
        case duration(Int64)
        case closure(Closure)
        /// An enumeration case, such as `.dropOldest`, or with arguments, such as `.byTime(1s)`.
        case enumCase(String, [Argument])
        /// A Swift type or scheduler written in a pasted chain: `Error.self`, `DispatchQueue.main`.
        /// It means nothing for playground values, so it is accepted and ignored.
        case swiftName(String)
        /// `2...4`, `2..<4` or `2...`, as `output(in:)` takes.
        case range(Expression, Expression?, closed: Bool)
        /// `{ PassthroughSubject<Int, Never>() }`: the subject factory `multicast` takes.
        case subjectFactory
        /// `&player.$currentSong` or `&cancellables`: Swift's in-out argument.
        case reference(Expression)
    }

    let label: String?
    let content: Content
    let token: Token

    /// Whether it is an in-out argument (`&player.$song`).
    var isReference: Bool {
        if case .reference = content { return true }
        return false
    }
}

/// A closure `{ $0 * 2 }` or `{ a, b in a + b }`.
struct Closure {
    let body: Expression
    /// The highest argument the body uses, plus one (or the number of named parameters).
    let parameterCount: Int
    let token: Token
    /// Whether it names its parameters (`{ name, on in ... }`), which may take a tuple apart.
    var namesParameters = false
    /// The arguments of the closures around it, when it uses their parameters (see `CapturedScope`).
    var scope: CapturedScope?
    /// Whether its signature declares an optional result (`{ n -> Item? in ... }`), which Swift types it by
    /// whatever its body gives: a `map` of it sends optionals, which print as `Optional(...)`.
    var declaresOptionalResult = false

    /// Named parameters (`{ name, on in ... }`) or `$1` and beyond with a single argument that is
    /// an array of as many elements: Swift's destructuring of a tuple into the parameters.
    func call(_ arguments: Value...) throws -> Value {
        if parameterCount > arguments.count, arguments.count == 1, let items = arguments[0].destructured {
            guard items.count >= parameterCount else {
                throw PlaygroundError(
                    "this closure takes \(parameterCount) values, but got \(arguments[0]) "
                        + "(\(items.count) element\(items.count == 1 ? "" : "s"))"
                )
            }
            return try evaluate(items)
        }
        return try evaluate(arguments)
    }
}

extension Expression {
    /// "number", "boolean": what the expression surely gives when that can never be a publisher
    /// or an array (arithmetic, comparisons, literals); nil when it may be one.
    var plainValueKind: String? {
        switch self {
        case .literal(.int), .literal(.double): return "number"
        case .literal(.bool): return "boolean"
        case .unary("!", _): return "boolean"
        case .unary("-", _): return "number"
        case .binary(let op, _, _):
            switch op {
            case .minus, .times, .divide, .remainder: return "number"
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or: return "boolean"
            case .plus, .coalesce: return nil
            }
        default: return nil
        }
    }

    /// Whether this is a publisher with operators (`Just(1).delay(for: 1s)`).
    var isPipeline: Bool {
        if case .pipeline = self { return true }
        return false
    }
}
