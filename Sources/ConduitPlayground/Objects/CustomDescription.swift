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
        case .object(let object) where object.typeName.map(isDescribed) == true:
            // `class Person: CustomStringConvertible`: its `description`, computed or stored, as Swift prints it.
            return object.value(of: "description").map(Functions.text)
        case .array(let items):
            let described = try items.map { try customDescription(of: $0) }
            guard described.contains(where: { $0 != nil }) else { return nil }
            return "[" + zip(items, described).map { $1 ?? $0.nestedDescription }.joined(separator: ", ") + "]"
        case .record(let fields) where fields.count == 1 && fields[0].name == "failure":
            // A failed completion as a closure sees it, printed as Swift prints `Subscribers.Completion`.
            return try customDescription(of: fields[0].value).map { "failure(\($0))" }
        case .record(let fields) where value.enumCaseName != nil:
            return try customCaseDescription(of: value, fields: fields)
        case .record(let fields) where fields.kind == .dictionary:
            let described = try fields.map { try customDescription(of: $0.value) }
            guard described.contains(where: { $0 != nil }) else { return nil }
            return "[" + zip(fields, described).map { field, text in
                field.keyDescription + ": " + (text ?? field.value.nestedDescription)
            }.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }

    /// A case carrying a value whose type declares `description`, as Swift prints it: `failure(code 2)` for a
    /// completion's or a `Result`'s error, the carried value by its own text; nil when none does.
    private func customCaseDescription(of value: Value, fields: RecordFields) throws -> String? {
        guard let name = value.enumCaseName else { return nil }
        let carried = fields.filter { $0.name.hasPrefix("#") && $0.name != EnumDeclaration.caseField }
        let described = try carried.map { try customDescription(of: $0.value) }
        guard described.contains(where: { $0 != nil }) else { return nil }
        let parts = zip(carried, described).map { field, text in
            let label = field.name.dropFirst()
            return (label.allSatisfy(\.isNumber) ? "" : label + ": ") + (text ?? field.value.nestedDescription)
        }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }

    /// A pipeline's failure as its sink's line shows it (`c ✗ failed: code 2`): the error's Swift value by its
    /// type's `description` where one is declared, as Swift's `print(error)` shows it; else the error's message.
    func failureText(of error: PlaygroundError) -> String {
        guard let value = error.thrownValue, describesAny else { return error.message }
        return (try? customDescription(of: value)) ?? error.message
    }

    /// The error with what its value's type's `description` gives (`(code 6)`), which Swift shows for it
    /// (`print(error)`, the print operator's `receive error:` line); unchanged where no type declares one.
    func described(_ error: PlaygroundError) -> PlaygroundError {
        guard let value = error.thrownValue, describesAny,
            let text = try? customDescription(of: value)
        else { return error }
        var described = error
        described.describedAs = text
        return described
    }
}
