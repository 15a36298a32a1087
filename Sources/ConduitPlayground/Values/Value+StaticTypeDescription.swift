/// A value printed as Swift prints a value of its static type where the playground's untyped value
/// alone cannot tell: an array of optionals shows each element that holds a value as `Optional(…)`
/// (`[Optional("a"), nil]`), as Swift's `print` does.
extension Value {
    /// The text `print` shows for the value when its static type is `type` (an optional, or an array holding
    /// optionals); nil where the type adds nothing to the value's own text. `custom` gives the text of a value
    /// whose type declares `description` (`Optional(item 3)`, as Swift's), nil for any other.
    func printed(as type: ValueType, custom: (Value) throws -> String? = { _ in nil }) rethrows -> String? {
        guard type.holdsOptional else { return nil }
        return try described(as: type, custom)
    }

    private func described(as type: ValueType, _ custom: (Value) throws -> String?) rethrows -> String {
        switch (type, self) {
        case (.optional, .null): return "nil"
        case (.optional(let wrapped), _): return "Optional(\(try described(as: wrapped, custom)))"
        case (.array(let element), .array(let items)):
            return "[" + (try items.map { try $0.described(as: element, custom) }).joined(separator: ", ") + "]"
        default: return try custom(self) ?? nestedDescription
        }
    }
}

extension ValueType {
    /// Whether the type is optional or holds optionals as an array's elements (`[Int?]`, `[[String?]]`).
    var holdsOptional: Bool {
        switch self {
        case .optional: return true
        case .array(let element): return element.holdsOptional
        default: return false
        }
    }
}
