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
        let dollar = promiseIsDollar()
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
}
