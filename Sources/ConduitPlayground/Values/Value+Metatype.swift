/// What `type(of: x)` gives (Interpreter+Date.swift): a type as a value, which prints as Swift prints
/// a metatype (`Int`, `[String]`) and which Swift types `Int.Type`. It is made as a case without
/// values of the type `Int.Type`, so it prints bare and two of one type are equal.
extension Value {
    /// The type named `name` as a value.
    static func metatype(_ name: String) -> Value {
        .record(RecordFields([Field(EnumDeclaration.caseField, .string(name))], kind: .instance(name + ".Type")))
    }

    /// The name of the type a metatype value stands for (`Post` for `Post.self`); nil for any other value.
    var metatypeName: String? {
        guard case .record(let fields) = self, case .instance(let type) = fields.kind, type.hasSuffix(".Type"),
            fields.count == 1, case .string(let name)? = fields[EnumDeclaration.caseField]
        else { return nil }
        return name
    }
}
