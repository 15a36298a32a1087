import SwiftSyntax

/// A future's promise called (`promise(.success(VALUE))`, `$0(.failure(ERROR))`, `promise(RESULT)`) as
/// Swift's parser reads it: the call, its one argument and the result's case are Swift's tree's; the value
/// is read there by the parser's readings.
extension Parser {
    /// The function a bare case given to a promise's `.failure(...)` stands for: the case itself.
    static let impliedFailureCase = "#impliedFailureCase"

    /// Whether the closure at the current `{` (after `Future`) calls `$0` first (`Future { $0(.success(1)) }`):
    /// its promise is then `$0`.
    func promiseIsDollar() -> Bool {
        let found = try? swiftNode(at: current) { (token: TokenSyntax) -> ClosureExprSyntax? in
            guard let closure = token.parent?.as(ClosureExprSyntax.self), closure.leftBrace.id == token.id else {
                return nil
            }
            return closure
        }
        let first = found?.node.statements.first?.item.as(FunctionCallExprSyntax.self)
        return first?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0"
    }

    /// `promise(.success(VALUE))`, `promise(.failure(ERROR))` or `promise(RESULT)` where `promise` (read
    /// as `promise`) names a future's promise, the parser at its `(`: a send of `{success: VALUE}` or
    /// `{failure: ERROR}` into it.
    mutating func promiseCall(_ promise: Expression, named name: String) throws -> Expression {
        let open = current
        let usage = "call the promise with a result: `\(name)(.success(VALUE))`"
        guard open.isSymbol("("), let (tree, call) = swiftCall(at: position) else {
            throw SyntaxError(usage, at: open)
        }
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError,
            let error = tree.firstError(in: call, hint: usage)
        {
            throw error
        }
        if call.arguments.count > 1 {
            throw SyntaxError("expected `)` to close the call of `\(name)` opened here", at: open)
        }
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            call.trailingClosure == nil
        else { throw SyntaxError(usage, at: tree.token(covering: call)) }
        let result: Expression
        if let (reference, made) = Parser.swiftCompletion(argument.expression),
            case let kind = reference.baseName.text, kind == "success" || kind == "failure"
        {
            guard let made, made.trailingClosure == nil else {
                throw SyntaxError("write `.\(kind)(VALUE)`", at: tree.token(covering: argument.expression))
            }
            if kind == "success", made.arguments.isEmpty {
                // `promise(.success(()))` written `.success()`: Void.
                result = .record([(kind, .literal(.void))])
            } else {
                guard made.arguments.count == 1, let value = made.arguments.first, value.label == nil else {
                    throw SyntaxError("write `.\(kind)(VALUE)`", at: tree.token(covering: made))
                }
                // `promise(.failure(.offline))`: the case of the enumeration that has it (Interpreter+Enums).
                let bare = kind == "failure" && value.expression.as(MemberAccessExprSyntax.self)?.base == nil
                    && value.expression.is(MemberAccessExprSyntax.self)
                var read = try self.read(value.expression, in: tree, as: "the result's value") {
                    try $0.rangeAfter(try $0.expression())
                }
                if bare, case .literal(.string) = read { read = .call(Parser.impliedFailureCase, [read]) }
                result = .record([(kind, read)])
            }
        } else {
            result = try read(argument.expression, in: tree, as: "the result") { try $0.expression() }
        }
        skip(past: call, in: tree)
        return .call(".send", [promise, result])
    }
}
