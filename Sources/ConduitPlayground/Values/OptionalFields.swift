/// Which properties of the session's structs are declared optional (`var plays: Int?`), by type:
/// Swift prints such a property's value as `Optional(3)` inside the struct's description
/// (`Song(title: "Blue", plays: Optional(3))`), while the playground's value is the bare `3`. A
/// value does not know its session, so the session that runs a statement says it here, for the
/// descriptions made meanwhile on that thread (`Interpreter.runAndSettle`).
enum OptionalFields {
    /// The optional properties of each struct, by the struct's name.
    @TaskLocal static var byType: [String: Set<String>] = [:]

    /// A field's value as it prints inside its struct's description.
    static func described(_ value: Value, field: String, of type: String) -> String {
        guard value != .null, byType[type]?.contains(field) == true else { return value.nestedDescription }
        return "Optional(\(value.nestedDescription))"
    }
}
