import SwiftSyntax

/// A subject made as Swift writes it (`PassthroughSubject<String, Never>()`, `CurrentValueSubject<Bool,
/// Never>(true)`, `ObservableObjectPublisher()`), as Swift's parser reads it: the call, its generic
/// arguments and its arguments are Swift's tree's; the first value is read there by the parser's readings.
extension Parser {
    /// The subject made at the current token after `let NAME =`, read whole; nil (reading nothing) for
    /// anything else. A wrong call is swiftc's message, or says what the subject takes.
    mutating func swiftSubject() throws -> SwiftSubject? {
        guard let word = current.identifier,
            word == "PassthroughSubject" || word == "CurrentValueSubject" || word == "ObservableObjectPublisher"
        else { return nil }
        let usage = switch word {
        case "CurrentValueSubject": "write `CurrentValueSubject<Bool, Never>(true)`"
        case "PassthroughSubject": "write `PassthroughSubject<String, Never>()`"
        default: "write `ObservableObjectPublisher()`"
        }
        guard let (tree, call) = try swiftSourceCall(usage: usage) else {
            // `PassthroughSubject<Int, Never>` with no call: the type, not a subject.
            if word != "ObservableObjectPublisher", let (_, reference) = try swiftNode(at: current, {
                $0.parent?.as(DeclReferenceExprSyntax.self)
            }), reference.parent?.is(GenericSpecializationExprSyntax.self) == true {
                throw SyntaxError(usage, at: current)
            }
            return nil
        }
        let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self)
        if let generic { skip(past: generic, in: tree) } else { advance() }
        let types = generic.map { String($0.genericArgumentClause.trimmedDescription.dropFirst().dropLast()) }
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else {
            throw SyntaxError(usage, at: tree.token(covering: call))
        }
        switch word {
        case "ObservableObjectPublisher":
            // A subject of `()`: `objectDidChange.send()` sends one.
            guard call.arguments.isEmpty else {
                throw SyntaxError(usage, at: tree.token(covering: call.arguments))
            }
            skip(past: call, in: tree)
            return .passthrough(types: "Void, Never")
        case "PassthroughSubject":
            guard call.arguments.isEmpty else {
                throw SyntaxError("a PassthroughSubject starts with no value: `PassthroughSubject<String, Never>()`",
                    at: tree.token(covering: call.arguments))
            }
            skip(past: call, in: tree)
            return .passthrough(types: types)
        default:
            guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else {
                throw SyntaxError("a CurrentValueSubject starts with one value: \(usage)",
                    at: tree.token(covering: call.arguments.isEmpty ? Syntax(call) : Syntax(call.arguments)))
            }
            let value = try read(argument.expression, in: tree, as: "the first value") { try $0.valueExpression() }
            skip(past: call, in: tree)
            return .current(value, types: types)
        }
    }
}
