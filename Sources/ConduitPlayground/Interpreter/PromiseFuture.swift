import Conduit

/// `Future { promise in ... }` as Swift writes it (Parser+Future.swift): each time the expression is
/// evaluated a new engine `Future` is made, whose closure runs at once with the promise as its
/// argument; the promise takes the first result it is given, as Swift's does.
extension Interpreter {
    func boundPromiseFuture(_ syntax: PipelineSyntax) throws -> Expression {
        guard let closure = syntax.operators.first?.trailingClosure else {
            throw SyntaxError("write `Future { promise in promise(.success(VALUE)) }`", at: syntax.operators[0].token)
        }
        let bound = try bind(closure)
        return .bound(
            BoundExpression { arguments in
                let scoped = bound.scoped(CapturedScope(values: arguments, parent: CapturedScope.current))
                let future = Future<Value, PlaygroundError> { fulfil in
                    let settled = LockedValue(false)
                    let promise = PublisherValue(Empty<Value, PlaygroundError>().eraseToAnyPublisher(),
                        description: "promise") { result in
                        let first = settled.withLock { done in
                            defer { done = true }
                            return !done
                        }
                        guard first else { return }
                        fulfil(Interpreter.result(of: result))
                    }
                    do {
                        _ = try scoped.evaluate([.publisher(promise)])
                    } catch {
                        // A closure that fails before it calls the promise fails the future.
                        promise.sender?(.record([.init("failure", .string(Interpreter.message(of: error)))]))
                    }
                }
                return .publisher(PublisherValue(future.eraseToAnyPublisher(), description: "Future"))
            })
    }

    /// What a promise was called with: `{success: VALUE}`, `{failure: ERROR}`, or a value as a success.
    static func result(of value: Value) -> Result<Value, PlaygroundError> {
        if let failure = value.field("failure") {
            // `promise(.failure(E.bad))`: the error's value, which a completion's closure binds.
            return .failure(PlaygroundError.carrying(failure))
        }
        if let success = value.field("success"), case .record(let fields) = value, fields.count == 1 {
            return .success(success)
        }
        return .success(value)
    }
}
