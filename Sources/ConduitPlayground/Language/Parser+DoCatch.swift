/// `do { try ... } catch { ... }` in a function's, a method's or a closure's body, as Swift writes it
/// (`catch let e as ParseError`, `catch ParseError.empty`, `catch`): the `do` block runs, and an error
/// Swift code throws in it runs the first clause that takes it, with the error named in it; one that no
/// clause takes goes on out of the body. A top-level `do` is a command (ControlFlowCommands.swift).
extension Parser {
    /// The function a body's `do`/`catch` stands for (bound by Interpreter+DoCatch.swift): its arguments
    /// are the slot at which a caught error is kept, the `do` block, then each clause's test of the error
    /// and its block, which read the error at that slot.
    static let doCatch = "#doCatch"

    /// `do { BODY } catch PATTERN { BODY } ...` at `do`, then what follows it in the body. A `return`
    /// inside leaves the body as a signal, as one in a loop does, so that what follows the `do` runs only
    /// when its blocks did not return (`do { return try parse(s) } catch { print(error) }; return 0`).
    mutating func doStatement(nextLocal: Int) throws -> Expression {
        let keyword = current
        advance()
        try enter()
        defer { depth -= 1 }
        let saved = (returnsAsSignal, returnsRead)
        returnsAsSignal = true
        let body = try block(nextLocal: nextLocal, after: keyword)
        let clauses = try catchClauses(slot: nextLocal)
        (returnsAsSignal, returnsRead) = saved
        guard !clauses.isEmpty else {
            // `do { ... }` alone: a block, as Swift's.
            return try followed(body, at: nextLocal)
        }
        let parts = [.literal(.int(nextLocal)), body] + clauses.flatMap { [$0.test, $0.handler] }
        return try followed(.namedCall(Parser.doCatch, parts, keyword), at: nextLocal)
    }
}
