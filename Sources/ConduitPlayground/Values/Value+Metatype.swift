/// What `type(of: x)` gives (Interpreter+Date.swift): a type as a value, which prints as Swift prints
/// a metatype (`Int`, `[String]`) and which Swift types `Int.Type`. It is made as a case without
/// values of the type `Int.Type`, so it prints bare and two of one type are equal.
extension Value {
    /// The type named `name` as a value.
    static func metatype(_ name: String) -> Value {
        .record(RecordFields([Field(EnumDeclaration.caseField, .string(name))], kind: .instance(name + ".Type")))
    }
}
