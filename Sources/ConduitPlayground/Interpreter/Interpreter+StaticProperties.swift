/// A class's or struct's `static` properties (`static let shared = Settings()`): the type's own, not
/// each instance's. As in Swift, each is evaluated once, the first time it is read, and then kept:
/// `Settings.shared` is the one instance every read returns.
extension Interpreter {
    /// `TYPE.NAME` where `NAME` is a static property of the declared type `root` (or one an extension
    /// gave Swift's type, `Notification.Name.userLoggedIn`); nil if it is none.
    func staticProperty(_ root: String, _ name: String, at token: Token) -> Expression? {
        let type = classes[root] ?? extendedSwiftTypes[root]
        guard let property = type?.properties.first(where: { $0.isStatic && $0.name.display == name })
        else { return nil }
        if let computed = property.computed {
            // `static var shared: Int { 42 }`: its getter runs at each read, as Swift's computed property's
            // does; it has no instance: `self` is the type, whose other statics it reads (`base * 2`).
            let getter = computed.getter.rewritten { part in
                switch part {
                case .member(.argument(0), let member): return .member(.name(root, token), member)
                case .name("Self", let written): return .name(root, written)
                default: return nil
                }
            }
            return .bound(BoundExpression { [weak self] _ in
                guard let self else { return .null }
                return try self.bind(getter).evaluate([.null])
            })
        }
        let key = "\(root).\(name)"
        let initial = property.value ?? .literal(.null)
        return .bound(BoundExpression { [weak self] _ in
            guard let self else { return .null }
            return try self.staticValue(key, initial: initial, at: token)
        })
    }

    /// `TYPE.NAME = VALUE` where `NAME` is a static property of the declared type `root` (its first
    /// value made first, as Swift's lazy static is); nil if it is none.
    func staticAssignment(_ root: String, _ name: String, _ value: Expression, at token: Token) throws -> Expression? {
        guard entries[root] == nil, let read = staticProperty(root, name, at: token) else { return nil }
        let (current, next) = (try bind(read), try bind(value))
        let key = "\(root).\(name)"
        return .bound(BoundExpression { [weak self] values in
            _ = try current.evaluate(values)
            let value = try next.evaluate(values)
            self?.staticValues[key] = value
            return .void
        })
    }

    /// The value of the static property `key`, evaluated from `initial` the first time.
    private func staticValue(_ key: String, initial: Expression, at token: Token) throws -> Value {
        if let value = staticValues[key] { return value }
        guard staticsBeingMade.insert(key).inserted else {
            throw PlaygroundError("`\(key)` is read while its own value is being made: its initial value needs "
                + "itself (Swift would stop there)")
        }
        defer { staticsBeingMade.remove(key) }
        let value = try bind(initial).evaluate([])
        staticValues[key] = value
        return value
    }

    /// Lets go of every static value (the session ends, or `reset`): an object among them lets go of
    /// what it holds, which may hold it (a singleton whose child's delegate it is).
    func letGoOfStaticValues() {
        for case .object(let object) in staticValues.values { object.letGo() }
        staticValues = [:]
    }

    /// Forgets the static values of `type` (declared again, or dropped).
    func forgetStaticValues(of type: String) {
        for (key, value) in staticValues where key.hasPrefix(type + ".") {
            if case .object(let object) = value { object.letGo() }
            staticValues[key] = nil
        }
    }

    /// `PaletteController.shared.picker.choose("teal")`, read as one dotted call: the method called on
    /// what the static property leads to (or an enumeration's case, `Level.low.louder()`); nil when
    /// `name` does not start with a static property or a case.
    func staticChainCall(_ name: String, _ arguments: [Expression], at token: Token) -> Expression? {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count >= 3, entries[parts[0]] == nil,
            classes[parts[0]]?.properties.contains(where: { $0.isStatic && $0.name.display == parts[1] }) == true
                || parts[0] == Value.dateType && parts[1] == "now" && classes[parts[0]] == nil  // `Date.now.x(...)`
                || enums[parts[0]]?.case(named: parts[1])?.associatedCount == 0
        else { return nil }
        var base = Expression.member(.name(parts[0], token), parts[1])
        for member in parts[2..<(parts.count - 1)] { base = .member(base, member) }
        return .call("." + parts[parts.count - 1], [base] + arguments)
    }
}
