/// Swift's type errors in a pipeline's closures, found before it is built: each closure is checked
/// with the types that flow into it (`n.map { $0.uppercased() }` on an `Int` subject is refused with
/// "value of type 'Int' has no member 'uppercased'"), and a test's closure must give a `Bool`.
extension TypeChecker {
    /// Checks the closures of `syntax`; a `TypeMismatch` becomes a `SyntaxError` whose caret is on
    /// the text the error is about.
    func checkTypes(of syntax: PipelineSyntax) throws {
        let calls = syntax.operators.filter { $0.name != "store" }
        guard calls.contains(where: { $0.trailingClosure != nil || $0.arguments.contains(where: \.isClosure) }),
            let stages = try? stageTypes(of: syntax, arguments: []), stages.count > calls.count
        else { return }
        let first = stages.count - calls.count
        for (index, call) in calls.enumerated() {
            let input = stages[first + index - 1].output
            guard input != .value else { continue }
            do {
                try checkClosure(of: call, input: input)
            } catch let mismatch as TypeMismatch {
                throw located(mismatch, in: syntax, after: call.token)
            }
        }
    }

    /// The type of the values that flow into each operator of `syntax` whose closure takes each
    /// value (`map`, `filter`, `sink` ...), by the operator's index; nil where it cannot tell.
    func closureInputs(of syntax: PipelineSyntax, arguments: [ValueType]) -> [ValueType?] {
        let none = [ValueType?](repeating: nil, count: syntax.operators.count)
        guard syntax.operators.contains(where: { Self.perValue.contains($0.name) }),
            let stages = try? stageTypes(of: syntax, arguments: arguments)
        else { return none }
        let calls = syntax.operators.filter { $0.name != "store" }
        guard stages.count > calls.count else { return none }
        var inputs = none
        var callIndex = 0
        for (index, call) in syntax.operators.enumerated() where call.name != "store" {
            let input = stages[stages.count - calls.count + callIndex - 1].output
            if Self.perValue.contains(call.name), input != .value { inputs[index] = input }
            callIndex += 1
        }
        return inputs
    }

    /// The operators whose closure is a test: it must give a `Bool`.
    private static let tests: Set<String> = [
        "filter", "tryFilter", "first", "tryFirst", "last", "tryLast", "drop", "tryDrop", "prefix", "tryPrefix",
        "contains", "tryContains", "allSatisfy", "tryAllSatisfy", "removeDuplicates", "tryRemoveDuplicates",
    ]

    /// The operators whose closure takes each value: a transform, a test or the sink's.
    static let perValue: Set<String> = tests.union([
        "map", "tryMap", "compactMap", "tryCompactMap", "flatMap", "sink",
    ])

    private func checkClosure(of call: OperatorCall, input: ValueType) throws {
        var arguments: [ValueType]
        var result: (type: ValueType, role: String)?
        let closure: Closure?
        switch call.name {
        case "sink":
            closure = call.closure(labelled: "receiveValue") ?? call.trailingClosure ?? call.closure(labelled: nil)
            arguments = [input]
        case "scan", "tryScan", "reduce", "tryReduce":
            guard case .expression(let initial)? = call.arguments.first?.content else { return }
            let accumulator = type(of: initial, arguments: [])
            closure = call.trailingClosure ?? call.arguments.dropFirst().lazy.compactMap(\.closure).first
            arguments = [accumulator, input]
            if accumulator.isKnownPlainType { result = (accumulator, "closure result type") }
        case let name where Self.perValue.contains(name):
            closure = call.trailingClosure ?? call.arguments.lazy.compactMap(\.closure).first
            arguments = call.name.hasSuffix("emoveDuplicates") ? [input, input] : [input]
            if Self.tests.contains(name) { result = (.bool, "closure result type") }
        default:
            return
        }
        guard let closure else { return }
        if closure.parameterCount > arguments.count, arguments.count == 1 {
            if case .tuple(let items, _) = arguments[0] {
                arguments = items
            } else if arguments[0] != .value {
                throw TypeMismatch(
                    message: "contextual closure type expects 1 argument (\(arguments[0])), but "
                        + "\(closure.parameterCount) were used in closure body", near: nil)
            }
        }
        try checkExpression(closure.body, arguments: arguments)
        if let (expected, role) = result,
            let message = TypeMismatch.conversion(from: type(of: closure.body, arguments: arguments), to: expected,
                as: role)
        {
            throw TypeMismatch(message: message, near: nil)
        }
    }

    /// The error placed on its text in the pipeline (the first `near` after `token`), else on `token`.
    func located(_ mismatch: TypeMismatch, in syntax: PipelineSyntax, after token: Token) -> SyntaxError {
        if let exact = mismatch.token { return SyntaxError(mismatch.message, at: exact) }
        let from = max(0, token.offset - syntax.startOffset)
        if let near = mismatch.near, from <= syntax.text.utf16.count {
            let text = syntax.text
            let start = text.utf16.index(text.utf16.startIndex, offsetBy: from)
            if let range = text[start...].range(of: near) {
                let offset = syntax.startOffset + text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound)
                return SyntaxError(mismatch.message, offset: offset, length: max(1, near.utf16.count))
            }
        }
        return SyntaxError(mismatch.message, at: token)
    }
}

extension OperatorCall {
    /// The closure given as the argument with this label (nil: the first unlabelled one).
    func closure(labelled label: String?) -> Closure? {
        arguments.first { $0.label == label && $0.closure != nil }?.closure
    }
}

extension Argument {
    /// The closure this argument is, if it is one.
    var closure: Closure? {
        if case .closure(let closure) = content { return closure }
        return nil
    }

    var isClosure: Bool { closure != nil }
}
