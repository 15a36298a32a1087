/// A type's `static func` (`static func zero() -> Counter { Counter() }`), called as Swift calls it,
/// through the type: `Counter.zero()`. Its body is read as a method's, with the type's name as `self`.
extension Interpreter {
    /// `TYPE.NAME(ARGUMENTS)` where `TYPE` is a struct, class or enum of the session with a `static func
    /// NAME`: the call, its arguments converted as declared; nil when `name` names no such method.
    func staticMethodCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let root = String(name[..<dot])
        let member = String(name[name.index(after: dot)...])
        guard entries[root] == nil else { return nil }
        guard let method = (classes[root]?.methods ?? enums[root]?.methods)?
            .first(where: { $0.isStatic && $0.name.display == member })
        else {
            guard let type = classes[root], !type.properties.contains(where: { $0.name.display == member }) else {
                return nil
            }
            let statics = type.methods.filter(\.isStatic).map { "`\($0.name.display)`" }
            let instance = type.methods.contains { $0.name.display == member }
            throw SyntaxError(
                instance
                    ? "instance member '\(member)' cannot be used on type '\(root)': call it on a value of the type"
                    : "type '\(root)' has no member '\(member)'"
                        + (statics.isEmpty ? "" : "; its static methods are \(statics.joined(separator: ", "))"),
                at: token)
        }
        let key = "#static " + name
        guard staticsBeingMade.insert(key).inserted else {
            throw SyntaxError("`\(name)` calls itself, which a static method is not run to do here: "
                + "write the loop in its body, or a function outside the type", at: token)
        }
        defer { staticsBeingMade.remove(key) }
        var plain = method
        plain.isStatic = false
        guard let bound = try boundStructMethods([plain]).first else { return nil }
        let given = try arguments.map(bind)
        return .bound(BoundExpression { values in
            try bound.run(on: .string(root), try given.map { try $0.evaluate(values) }).result
        })
    }
}
