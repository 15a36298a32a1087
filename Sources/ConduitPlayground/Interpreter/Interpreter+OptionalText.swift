/// Text made of an optional (`"\(item)"`, `String(describing: item)` of an `Item?`), as Swift makes it:
/// `Optional(...)` around the value's own text, which is its type's `description` where it declares one.
extension Interpreter {
    /// `argument`'s text when its static type is `type` (an optional, or an array of optionals): `nil`,
    /// `Optional(item 3)`, `[Optional(1), nil]`.
    func boundOptionalText(_ argument: Expression, as type: ValueType) -> Expression {
        let table = structMethods
        return .bound(BoundExpression { [weak table] values in
            let value = try argument.evaluate(values)
            // Asked when it runs, so that a function written before the type that declares it shows it too.
            let described = table?.describesAny == true ? table : nil
            return .string(try value.printed(as: type, custom: { try described?.customDescription(of: $0) })
                ?? Functions.text(value))
        })
    }
}

extension Interpreter {
    /// Whether a body's local is declared with the type written (`let x: Int? = 2`, `var y: String? = nil`),
    /// which says how it prints.
    static func isTypedLocal(_ value: Expression) -> Bool {
        switch value {
        case .call("#typed", _): return true
        case .newVariable(let inner): return isTypedLocal(inner)
        default: return false
        }
    }
}
