/// A closure held as a value (`let f = makeIncrementer(by: 10)`, an element of `[() -> Void]`, a
/// completion handler given to a function declared in the session), called as Swift calls one:
/// `f()`, `completion(result)`, `handlers.forEach { $0() }`. It keeps what it captured (the arguments
/// and `var`s of the body it was written in), so each closure a function returns has its own. Two
/// closure values are equal only if they are the same one.
public final class ClosureValue: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// How many arguments it takes.
    let parameterCount: Int
    /// Runs the body with the arguments (immutable once made, so sharing it across threads is safe).
    private let run: ([Value]) throws -> Value

    init(parameterCount: Int, _ run: @escaping ([Value]) throws -> Value) {
        self.parameterCount = parameterCount
        self.run = run
    }

    /// A closure written in braces, with the scope it captured.
    convenience init(_ closure: Closure) {
        self.init(parameterCount: closure.parameterCount) { arguments in try closure.evaluate(arguments) }
    }

    /// A function declared in the session, passed by its name (`handlers.append(refresh)`).
    convenience init(_ function: UserFunction) {
        self.init(parameterCount: function.parameters.count) { arguments in try function.call(arguments) }
    }

    /// What Swift prints for a closure.
    public var description: String { "(Function)" }

    /// Calls it with `arguments`; `written` is how the call names it, for the message when the count
    /// is wrong. A closure of several parameters given one tuple takes it apart, as `Closure.call` does.
    func call(_ arguments: [Value], written: String) throws -> Value {
        var given = arguments
        if arguments.count != parameterCount, parameterCount > 1, arguments.count == 1,
            let items = arguments[0].destructured, items.count == parameterCount
        {
            given = items
        }
        guard given.count == parameterCount else {
            throw PlaygroundError(ClosureValue.countMessage(written, takes: parameterCount, given: arguments.count))
        }
        return try ClosureValue.nested("`\(written)`") { try run(given) }
    }

    /// Runs `body`, a call of the closure `what` says, one level deeper: a closure that calls itself
    /// (`handlers.append { handlers[0]() }`, `a.f = { a.f() }`) stops where Swift's stack would end.
    static func nested(_ what: String, _ body: () throws -> Value) throws -> Value {
        guard depth < SelfCall.maximumDepth else {
            throw PlaygroundError("\(what) called closures \(SelfCall.maximumDepth) levels deep: it stopped there, "
                + "as Swift would run out of stack; check what ends the calls")
        }
        return try $depth.withValue(depth + 1, operation: body)
    }

    /// How deeply closure values are calling one another on this thread (or task).
    @TaskLocal private static var depth = 0

    /// `Parser.closureCall`'s arguments (the callee, how the call names it, then the closure's
    /// arguments): the closure called, or a message saying what the callee holds instead.
    static func call(_ values: [Value]) throws -> Value {
        guard values.count >= 2, case .string(let written) = values[1] else {
            throw PlaygroundError("a closure was called without its name (an internal error of the playground)")
        }
        let arguments = Array(values.dropFirst(2))
        switch values[0] {
        case .closure(let closure):
            return try closure.call(arguments, written: written)
        case .null:
            throw PlaygroundError("`\(written)` is nil: it holds no closure to call; write `\(written)?(...)` to call "
                + "it only when it holds one")
        case let other:
            throw PlaygroundError("`\(written)` is \(other.kindName) \(other), not a closure: only a closure is called "
                + "as `\(written)(...)`")
        }
    }

    /// The message for a call of `written` with `given` arguments where it takes `takes`.
    static func countMessage(_ written: String, takes: Int, given: Int) -> String {
        let shown = (0..<takes).map { "v\($0 + 1)" }.joined(separator: ", ")
        return "`\(written)` is a closure of \(takes) parameter\(takes == 1 ? "" : "s"), called here with \(given) "
            + "argument\(given == 1 ? "" : "s"): call it as `\(written)(\(shown))`"
    }

    public static func == (lhs: ClosureValue, rhs: ClosureValue) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
