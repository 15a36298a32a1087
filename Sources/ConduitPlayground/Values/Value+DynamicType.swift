/// The type of a value as Swift's `type(of:)` prints it: `Circle` for a struct's value held as a
/// protocol (`let shapes: [Shape]`), `Int`, `Array<String>`, `Optional<Int>`, a class's name.
extension Value {
    /// The name of the value's own type, not the type of the variable it is held in.
    var dynamicTypeName: String {
        switch self {
        case .object(let object): return object.typeName ?? object.name
        case .array(let items):
            return "Array<\(ValueType.join(items.map(ValueType.init(of:))).swiftName)>"
        case .record(let fields):
            if case .instance(let type) = fields.kind { return type }
            if case .dictionary = fields.kind {
                let key = ValueType.join(fields.map { ValueType(of: $0.keyValue) })
                return "Dictionary<\(fields.isEmpty ? "String" : key.swiftName), "
                    + "\(ValueType.join(fields.map { ValueType(of: $0.value) }).swiftName)>"
            }
            return ValueType(of: self).swiftName
        default: return ValueType(of: self).swiftName
        }
    }
}
