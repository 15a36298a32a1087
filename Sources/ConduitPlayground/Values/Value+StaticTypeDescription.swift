/// A value printed as Swift prints a value of its static type where the playground's untyped value
/// alone cannot tell: an array of optionals shows each element that holds a value as `Optional(…)`
/// (`[Optional("a"), nil]`), as Swift's `print` does.
extension Value {
    /// The text `print` shows for the value when its static type is `type`; nil where the type adds
    /// nothing to the value's own text.
    func printed(as type: ValueType) -> String? {
        guard case .array = type, type.holdsOptional else { return nil }
        return described(as: type)
    }

    private func described(as type: ValueType) -> String {
        switch (type, self) {
        case (.optional, .null): return "nil"
        case (.optional(let wrapped), _): return "Optional(\(described(as: wrapped)))"
        case (.array(let element), .array(let items)):
            return "[" + items.map { $0.described(as: element) }.joined(separator: ", ") + "]"
        default: return nestedDescription
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
