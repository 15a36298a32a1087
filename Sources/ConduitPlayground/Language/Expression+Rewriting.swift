/// Rewriting an expression: each part, from the outside in, is given to a transform, which
/// replaces it or lets the rewriting go on into it. Closures written in it are other scopes and
/// are left as they are.
extension Expression {
    /// The expression with the parts `transform` gives a replacement for replaced; with
    /// `intoPipelines`, also in a pipeline's starting expression and its operators' plain arguments
    /// (`x.uppercased()`, `xs.contains(x)`), which are in the same scope.
    func rewritten(intoPipelines: Bool = false, _ transform: (Expression) -> Expression?) -> Expression {
        if let replacement = transform(self) { return replacement }
        func inner(_ expression: Expression) -> Expression {
            expression.rewritten(intoPipelines: intoPipelines, transform)
        }
        switch self {
        case .literal, .argument, .captured, .bound, .name: return self
        case .pipeline(let syntax):
            return intoPipelines ? .pipeline(syntax.rewritingExpressions(inner)) : self
        case .array(let items): return .array(items.map(inner))
        case .record(let fields): return .record(fields.map { ($0.0, inner($0.1)) })
        case .dictionary(let pairs): return .dictionary(pairs.map { (inner($0.0), inner($0.1)) })
        case .tuple(let fields): return .tuple(fields.map { ($0.0, inner($0.1)) })
        case .member(let base, let member): return .member(inner(base), member)
        case .optionalMember(let base, let member): return .optionalMember(inner(base), member)
        case .index(let base, let index): return .index(inner(base), inner(index))
        case .unary(let op, let operand): return .unary(op, inner(operand))
        case .binary(let op, let left, let right): return .binary(op, inner(left), inner(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            return .conditional(inner(condition), inner(whenTrue), inner(whenFalse))
        case .local(let slot, let value, let body): return .local(slot: slot, value: inner(value), body: inner(body))
        case .call(let function, let arguments): return .call(function, arguments.map(inner))
        case .namedCall(let function, let arguments, let token):
            return .namedCall(function, arguments.map(inner), token)
        case .newVariable, .variable, .setVariable, .loop, .returning: return mappingBodyParts(inner)
        }
    }

    /// The expression with every use of the name `name` replaced (a loop's variable becomes `$0`).
    func replacingName(_ name: String, with replacement: Expression) -> Expression {
        rewritten { part in
            if case .name(let written, _) = part, written == name { return replacement }
            return nil
        }
    }
}

extension PipelineSyntax {
    /// The pipeline with its starting expression and its operators' plain arguments changed by
    /// `transform`; its closures stay as they are.
    func rewritingExpressions(_ transform: (Expression) -> Expression) -> PipelineSyntax {
        var start = source
        if case .expression(let base) = source { start = .expression(transform(base)) }
        let operators = operators.map { call in
            OperatorCall(
                name: call.name, token: call.token,
                arguments: call.arguments.map { argument in
                    guard case .expression(let value) = argument.content else { return argument }
                    let content = Argument.Content.expression(transform(value))
                    return Argument(label: argument.label, content: content, token: argument.token)
                },
                trailingClosure: call.trailingClosure, span: call.span)
        }
        return PipelineSyntax(source: start, operators: operators, text: text, startOffset: startOffset)
    }
}
