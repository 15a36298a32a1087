/// Leading-dot calls, kept out of `postfix` and `primary`: those two recurse for
/// every level of nesting, so each line added to them costs stack at every level (the thread
/// sanitizer's frames ran out of it on 150 nested brackets).
extension Parser {
    /// `.circle(radius: 1)`, an enum case with values whose type Swift infers: the session finds the
    /// one enumeration declared with that case.
    @inline(never)
    mutating func implicitMemberCall() throws -> Expression {
        let token = current
        advance()
        let name = "." + (current.identifier ?? "")
        advance()
        advance()
        if name == ".init" {
            // `let p: Point = .init(x: 1, y: 2)`: the fields by name, as `Point(x: 1, y: 2)` gives them.
            let labelled = try labelledCallArguments(of: name)
            let fields = labelled.compactMap { argument in argument.label.map { ($0, argument.value) } }
            let named = !labelled.isEmpty && fields.count == labelled.count
            let arguments = named ? [Expression.record(fields)] : labelled.map(\.value)
            return .namedCall(name, arguments, covering(from: token))
        }
        let arguments = try callArguments(of: name)
        return .namedCall(name, arguments, covering(from: token))
    }

    /// Whether `expression` is a body's `var`, whose methods (a struct's) are called by name.
    static func isVariable(_ expression: Expression) -> Bool {
        if case .variable = expression { return true }
        return false
    }
}
