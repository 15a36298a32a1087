/// What `OptionalFields` tells descriptions: the session's structs' optional properties.
extension Interpreter {
    /// The optional properties of the structs declared so far, by struct.
    var optionalFieldsByType: [String: Set<String>] {
        var table: [String: Set<String>] = [:]
        for (name, declared) in classes where declared.isValueType {
            let optional = declared.properties.filter { $0.declaredType?.hasSuffix("?") == true }.map(\.name.display)
            if !optional.isEmpty { table[name] = Set(optional) }
        }
        return table
    }
}
