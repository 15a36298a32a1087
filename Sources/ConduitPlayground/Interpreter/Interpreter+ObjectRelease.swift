/// `b = nil` for a variable made by `var b: Box? = Box()`, as Swift's ARC lets go of the object when
/// its last reference goes: its `deinit` runs, and the `AnyCancellable`s its properties hold cancel
/// their subscriptions. An object another name still holds is not let go of (only the variable is nil).
extension Interpreter {
    /// Sets the optional object variable `name` to nil, letting go of its object; false when `name`
    /// names no such variable.
    func releaseObject(named name: String, at token: Token) throws -> Bool {
        guard case .object(let object)? = entries[name] else { return false }
        guard optionalObjectVariables.contains(name) else {
            throw SyntaxError("'nil' cannot be assigned to `\(name)`, which holds an object: declare it "
                + "`var \(name): \(object.typeName ?? "TYPE")? = ...` to let go of it", at: token)
        }
        func holds(_ value: Value) -> Bool {
            switch value {
            case .object(let other): return other === object
            case .array(let items): return items.contains(where: holds)
            default: return false
            }
        }
        let elsewhere = entries.contains { key, entry in
            guard key != name else { return false }
            switch entry {
            case .object(let other): return other === object
            case .value(let named): return holds(named.value)
            default: return false
            }
        }
        names.define(name, as: .value(NamedValue(.null, isConstant: false)), reads: [], syntax: nil)
        recorder.record(.defined(name: name, entity: "value"))
        optionalObjectVariables.remove(name)
        guard !elsewhere else { return true }
        let deinitialiser = object.typeName.flatMap { classes[$0] }?.methods.first { $0.name.display == "deinit" }
        if let deinitialiser {
            let body = try bind(deinitialiser.body)
            _ = try located(at: token) { try body.evaluate([.object(object)]) }
        }
        for property in object.propertyNames {
            if case .object(let held)? = object.value(of: property), held.methods["cancel"] != nil {
                _ = try located(at: token) { try held.call("cancel", []) }
            }
        }
        return true
    }
}
