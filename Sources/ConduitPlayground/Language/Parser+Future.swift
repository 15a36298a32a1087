/// Swift's `Future { promise in ... }` (with or without `<Output, Failure>`): the closure runs once,
/// when the future is made, and `promise(.success(VALUE))` or `promise(.failure(ERROR))` fulfils it,
/// at once or later (from `DispatchQueue.main.asyncAfter`, a subject's sink, ...). The playground's
/// own `Future { VALUE }` stays as it was.
extension Parser {
    /// The word that marks a promise's closure in a pipeline's place, written as an operator no one can type.
    static let promiseFuture = "=future"

    /// At `{` after `Future`: a closure that names its promise (`{ promise in`, `{ (promise) -> Void in`,
    /// `{ (promise: @escaping (Result<Int, Never>) -> Void) in`), read whole as a publisher source; nil,
    /// reading nothing, for the playground's `Future { VALUE }`.
    mutating func promiseFuture() throws -> PipelineSyntax.Source? {
        guard current.isSymbol("{") else { return nil }
        let dollar: Bool = if case .dollar(0) = peek(1).kind, peek(2).isSymbol("(") { true } else { false }
        // The signature as Swift's parser reads it: one parameter, the promise.
        let names = (try? signatureOfClosure())??.parameterNames ?? []
        guard let promise = dollar ? "$0" : names.count == 1 ? names[0] : nil, promise != "_" else { return nil }
        let start = current
        let saved = promiseNames
        promiseNames.insert(promise)
        defer { promiseNames = saved }
        let closure = try self.closure()
        let call = OperatorCall(
            name: Parser.promiseFuture, token: start, arguments: [], trailingClosure: closure,
            span: covering(from: start))
        return .expression(.pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "Future { \(promise) in ... }",
            startOffset: start.offset)))
    }

    /// `promise(.success(VALUE))`, `promise(.failure(ERROR))` or `promise(RESULT)` where `promise` (read
    /// as `promise`) names a future's promise: a send of `{success: VALUE}` or `{failure: ERROR}` into it.
    /// The function a bare case given to a promise's `.failure(...)` stands for: the case itself.
    static let impliedFailureCase = "#impliedFailureCase"

    mutating func promiseCall(_ promise: Expression, named name: String) throws -> Expression {
        let open = current
        try expectSymbol("(", "call the promise with a result: `\(name)(.success(VALUE))`")
        var result: Expression
        if current.isSymbol("."), let kind = peek(1).identifier, kind == "success" || kind == "failure" {
            advance()
            advance()
            if kind == "success", current.isSymbol("("), peek(1).isSymbol(")") {
                // `promise(.success(()))` written `.success()`: Void.
                advance()
                advance()
                result = .record([(kind, .literal(.void))])
            } else {
                try expectSymbol("(", "write `.\(kind)(VALUE)`")
                // `promise(.failure(.offline))`: the case of the enumeration that has it (Interpreter+Enums).
                let bare = kind == "failure" && current.isSymbol(".") && peek(2).isSymbol(")")
                var value = try rangeAfter(try expression())
                if bare, case .literal(.string) = value { value = .call(Parser.impliedFailureCase, [value]) }
                try expectSymbol(")", "close `.\(kind)(` with `)`")
                result = .record([(kind, value)])
            }
        } else {
            result = try expression()
        }
        guard current.isSymbol(")") else {
            throw SyntaxError("expected `)` to close the call of `\(name)` opened here", at: open)
        }
        advance()
        return .call(".send", [promise, result])
    }
}
