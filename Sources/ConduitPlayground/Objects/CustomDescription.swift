/// What `print` and `"\(value)"` show for a value whose type declares `description`
/// (`CustomStringConvertible`), also inside an array, a dictionary or an optional, as Swift's
/// `print([card])` shows `[card 3]`.
extension StructMethodTable {
    /// `value`'s text as its type's `description` gives it (an `enum APIError` whose `var description`
    /// reads "invalid value 3"), or an array's or a dictionary's with their elements' own; nil when
    /// no type in it declares one (the value's own text serves).
    func customDescription(of value: Value) throws -> String? {
        if let method = method("description", for: value), method.parameterCount == 0 {
            return Functions.text(try method.run(on: value, []).result)
        }
        switch value {
        case .array(let items):
            let described = try items.map { try customDescription(of: $0) }
            guard described.contains(where: { $0 != nil }) else { return nil }
            return "[" + zip(items, described).map { $1 ?? $0.nestedDescription }.joined(separator: ", ") + "]"
        case .record(let fields) where fields.kind == .dictionary:
            let described = try fields.map { try customDescription(of: $0.value) }
            guard described.contains(where: { $0 != nil }) else { return nil }
            return "[" + zip(fields, described).map { field, text in
                Value.quote(field.name) + ": " + (text ?? field.value.nestedDescription)
            }.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }
}
