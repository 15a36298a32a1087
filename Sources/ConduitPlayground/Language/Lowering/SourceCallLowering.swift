import SwiftSyntax

/// A source made by a call (`Just(1)`, `just(1)`, `Empty(completeImmediately: false)`,
/// `Fail<Int, LoadError>(error: .offline)`) as Swift's parser reads it: the call, its generic
/// arguments and its arguments' labels are Swift's tree's; each argument's value is read there by the
/// parser's readings.
extension Parser {
    /// Swift's call whose called name is the current token (`Just` in `Just<Int>(1)`), with its tree;
    /// nil where Swift reads none there. Fails, with swiftc's message, where the call's own punctuation
    /// is wrong (`Just(1`).
    func swiftSourceCall(usage: String) throws -> (tree: SwiftTree, call: FunctionCallExprSyntax)? {
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        guard let (tree, call) = swiftCall(at: position) else { return nil }
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError {
            if let error = tree.firstError(in: call, hint: usage) { throw error }
        }
        return (tree, call)
    }

    /// What follows the name at the current token in Swift's tree, where Swift reads no call of it
    /// (`just 1`, `Fail` alone): where the call's `(` was expected.
    private func swiftTokenAfterName() throws -> Token {
        let tree = try swiftTree()
        guard let name = tree.token(at: current.offset), let next = name.nextToken(viewMode: .sourceAccurate) else {
            return current
        }
        // The playground's token there, whole (a string literal is one, where Swift's tree has three).
        var after = self
        after.moveToToken(atOrAfter: tree.offset(of: next.positionAfterSkippingLeadingTrivia))
        return after.current
    }

    /// The generic arguments written after the source's name (`<Int, Never>`), moved past.
    private mutating func sourceGenerics(of call: FunctionCallExprSyntax, in tree: SwiftTree) -> String? {
        guard let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) else { return nil }
        skip(past: generic, in: tree)
        return generic.genericArgumentClause.trimmedDescription
    }

    /// `Just(VALUE)` or `just(VALUE)`: the value, read where Swift puts it.
    mutating func justSource(named word: String) throws -> PipelineSyntax.Source {
        let usage = "write `\(word)(VALUE)`"
        guard let (tree, call) = try swiftSourceCall(usage: usage) else {
            throw SyntaxError("expected `(`: \(usage)", at: try swiftTokenAfterName())
        }
        _ = sourceGenerics(of: call, in: tree)
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            call.trailingClosure == nil
        else {
            throw SyntaxError("`\(word)` takes one value: \(usage)", at: tree.token(covering: call))
        }
        let value = try read(argument.expression, in: tree, as: "the value") { try $0.expression() }
        skip(past: call, in: tree)
        return .just(value)
    }

    /// `Empty()`, `Empty<Int, Never>()` or `Empty(completeImmediately: false)`.
    mutating func emptySource() throws -> PipelineSyntax.Source {
        let usage = "write `Empty()` or `Empty(completeImmediately: false)`"
        guard let (tree, call) = try swiftSourceCall(usage: usage) else {
            // `Empty` alone, as the type's name is written in `Empty<Int, Never>` only with a call.
            advance()
            return .empty(completeImmediately: true)
        }
        _ = sourceGenerics(of: call, in: tree)
        var completes = true
        if let argument = call.arguments.first {
            guard call.arguments.count == 1, argument.label?.text == "completeImmediately" else {
                throw SyntaxError(usage, at: tree.token(covering: argument))
            }
            guard let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else {
                throw SyntaxError("`completeImmediately:` takes true or false", at: tree.token(covering: argument))
            }
            completes = literal.literal.tokenKind == .keyword(.true)
        }
        skip(past: call, in: tree)
        return .empty(completeImmediately: completes)
    }

    /// `Fail("why")`, `Fail(error: LoadError())` or `Fail<Int, LoadError>(error: .offline)`: the error as
    /// Swift prints it (a case of the Failure type named by the generic arguments).
    mutating func failSource(named word: String) throws -> PipelineSyntax.Source {
        let usage = "write `\(word)(\"why\")`"
        guard let (tree, call) = try swiftSourceCall(usage: usage) else {
            throw SyntaxError("expected `(`: \(usage)", at: try swiftTokenAfterName())
        }
        let generics = sourceGenerics(of: call, in: tree)
        guard call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil || argument.label?.text == "error", call.trailingClosure == nil
        else {
            throw SyntaxError("`\(word)` takes one error: \(usage)", at: tree.token(covering: call))
        }
        let message: String
        if let literal = argument.expression.as(StringLiteralExprSyntax.self),
            let text = literal.representedLiteralValue
        {
            message = text
        } else {
            // `Fail(error: LoadError())`, `Fail(error: .offline)`: the error, as Swift prints it.
            let start = tree.token(covering: argument.expression)
            let error = try read(argument.expression, in: tree, as: "the error") { try $0.expression() }
            switch error {
            case .literal(.int), .literal(.double), .literal(.bool), .array, .dictionary, .tuple:
                throw SyntaxError(
                    "argument type '\(error.literalTypeName)' does not conform to expected type 'Error': "
                        + "`\(word)(error: ...)` takes an error (`\(word)(error: LoadError())`, a case of an "
                        + "`enum LoadError: Error`) or a message in double quotes", at: start)
            default:
                break
            }
            let written = argument.expression.trimmedDescription
            let failureType = ValueType.genericArguments(of: generics).last.map { $0 + "." } ?? ""
            if argument.expression.is(StringLiteralExprSyntax.self), error.namesRead.isEmpty,
                case .string(let text)? = try? error.evaluate([])
            {
                // `Fail(error: "down \(2)")`: the text the interpolation makes, not the one written.
                message = text
            } else {
                message = written.hasPrefix(".") ? failureType + written.dropFirst() : written
            }
        }
        skip(past: call, in: tree)
        return .fail(message)
    }

    /// `Record(output: [1, 2], completion: .finished)` or `completion: .failure("why")` (with or without
    /// `<Output, Failure>`): the values recorded, and the failure's message if it fails.
    mutating func recordSource() throws -> PipelineSyntax.Source {
        let usage = "write `Record(output: [1, 2], completion: .finished)` or `completion: .failure(\"why\")`"
        let word = current
        guard let (tree, call) = try swiftSourceCall(usage: usage) else { throw SyntaxError(usage, at: word) }
        _ = sourceGenerics(of: call, in: tree)
        let arguments = Array(call.arguments)
        guard let output = arguments.first, output.label?.text == "output", arguments.count <= 2,
            call.trailingClosure == nil
        else {
            throw SyntaxError(usage, at: tree.token(covering: arguments.first.map(Syntax.init) ?? Syntax(call)))
        }
        guard output.expression.is(ArrayExprSyntax.self),
            case .array(let items) = try read(output.expression, in: tree, as: "the output", { try $0.primary() })
        else {
            throw SyntaxError(
                "`output:` takes an array of values; \(usage)", at: tree.token(covering: output.expression))
        }
        var failure: String?
        if arguments.count == 2 {
            let completion = arguments[1]
            guard completion.label?.text == "completion",
                let (kind, failed) = Parser.swiftCompletion(completion.expression)
            else { throw SyntaxError(usage, at: tree.token(covering: completion)) }
            switch kind.baseName.text {
            case "finished" where failed == nil:
                break
            case "failure":
                guard let failed, failed.arguments.count == 1, let message = failed.arguments.first,
                    message.label == nil,
                    let text = message.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                else {
                    throw SyntaxError("`.failure(...)` needs a message in double quotes",
                        at: tree.token(covering: failed.map(Syntax.init) ?? Syntax(kind)))
                }
                failure = text
            default:
                throw SyntaxError(
                    "the completion is `.finished` or `.failure(\"why\")`", at: tree.token(covering: kind))
            }
        }
        skip(past: call, in: tree)
        return .record(items, failure: failure)
    }

    /// `Future { promise in ... }` (Swift's, with or without `<Output, Failure>`), or the playground's
    /// `Future { VALUE }` and `Future(after: 1s) { VALUE }`: the closure trailing the call, and the delay
    /// given to it, where Swift's parser puts them.
    mutating func futureSource() throws -> PipelineSyntax.Source {
        let usage = "write `Future { VALUE }` or `Future(after: 1s) { VALUE }`"
        let valueUsage = "write `Future { VALUE }`: the value the promise is fulfilled with"
        let word = current
        guard let (tree, call) = try swiftSourceCall(usage: usage) else { throw SyntaxError(valueUsage, at: word) }
        _ = sourceGenerics(of: call, in: tree)
        guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty else {
            throw SyntaxError(valueUsage, at: tree.token(covering: call))
        }
        var delay: Int64 = 0
        if let after = call.arguments.first {
            guard call.arguments.count == 1, after.label?.text == "after" else {
                throw SyntaxError(usage, at: tree.token(covering: after))
            }
            delay = try read(after.expression, in: tree, as: "the delay") {
                try $0.positiveDuration(for: "Future(after:)")
            }
        }
        moveToToken(atOrAfter: tree.offset(of: closure.positionAfterSkippingLeadingTrivia))
        if delay == 0, let promised = try promiseFuture() { return promised }
        // The playground's `Future { VALUE }`: one value, no signature.
        guard closure.signature == nil, closure.statements.count == 1, let value = closure.statements.first else {
            throw SyntaxError(valueUsage, at: tree.token(covering: closure, kind: .symbol("{")))
        }
        let fulfilled = try read(value.item, in: tree, as: "the future's value") { try $0.valueExpression() }
        skip(past: call, in: tree)
        return .future(fulfilled, delay: delay)
    }
}
