/// Extensions of what is not a class or struct of the session: a protocol's extension gives its
/// adopters default methods (`extension Greeter { func twice() -> String { greet() + greet() } }`),
/// and an extension of Swift's own type adds methods and computed properties to its values
/// (`extension String { func shout() -> String { uppercased() + "!" } }`) or static names
/// (`extension Notification.Name { static let userLoggedIn = Notification.Name("userLoggedIn") }`).
extension Interpreter {
    /// Adds `extension`'s members to its protocol as defaults, and gives them to each type that conforms
    /// to it (and to the objects already made) unless the type declares its own of that name.
    func extendProtocol(with extension: TypeExtension) throws {
        let name = `extension`.name.display
        guard var declaration = protocols[name] else { return }
        if let listed = `extension`.protocols.first {
            throw SyntaxError("a protocol's extension gives default methods here, not conformances: list "
                + "`\(listed.display)` in the protocol (`protocol \(name): \(listed.display) { ... }`)", at: listed)
        }
        if let member = `extension`.properties.first(where: \.isStatic) {
            throw SyntaxError("a protocol's extension gives its adopters methods and computed properties here, "
                + "not `static` members: declare `\(member.name.display)` in each type", at: member.name)
        }
        let added = Set(`extension`.methods.map(\.name.display) + `extension`.properties.map(\.name.display))
        declaration.defaultMethods = declaration.defaultMethods.filter { !added.contains($0.name.display) }
            + `extension`.methods
        declaration.defaultProperties = declaration.defaultProperties.filter { !added.contains($0.name.display) }
            + `extension`.properties
        protocols[name] = declaration
        for type in classes.values.sorted(by: { $0.name < $1.name }) where type.conformances.contains(name) {
            let adopted = type.adopting(defaultsOf: declaration)
            let given = adopted.methods.filter {
                added.contains($0.name.display) && adopted.defaulted.contains($0.name.display)
            }
            try redeclare(adopted, installing: given)
        }
        info("extension \(name): " + (`extension`.properties.map(\.name.display)
            + `extension`.methods.map(\.name.display)).joined(separator: ", "))
    }

    /// Adds `extension`'s members to Swift's type it names: methods and computed properties to its
    /// values, which calls find by the value's type as a struct's methods are found, and static
    /// properties read as `TYPE.NAME`.
    func extendSwiftType(with extension: TypeExtension) throws {
        let name = `extension`.name.display
        if let listed = `extension`.protocols.first {
            throw SyntaxError("`extension \(name): \(listed.display)`: the playground adds methods and computed "
                + "properties to Swift's types, not conformances: leave out `: \(listed.display)`", at: listed)
        }
        let instanceMembers = `extension`.methods.map(\.name)
            + `extension`.properties.filter { !$0.isStatic }.map(\.name)
        if name == SwiftTypeExtensions.notificationName, let member = instanceMembers.first {
            throw SyntaxError("Notification.Name is extended with static names here (`static let userLoggedIn = "
                + "Notification.Name(\"userLoggedIn\")`): make `\(member.display)` one, or leave it out", at: member)
        }
        if let settable = `extension`.properties.first(where: { $0.computed?.setter != nil }) {
            throw SyntaxError("a computed property of `\(name)` is read here, not set: leave out its `set`",
                at: settable.name)
        }
        let added = Set(instanceMembers.map(\.display) + `extension`.properties.map(\.name.display))
        var type = extendedSwiftTypes[name] ?? ObjectClass(name: name, properties: [], isValueType: true)
        type.properties = type.properties.filter { !added.contains($0.name.display) }
            + `extension`.properties.filter(\.isStatic)
        type.methods = type.methods.filter { !added.contains($0.name.display) }
            + `extension`.properties.filter { !$0.isStatic }.compactMap(\.getterMethod) + `extension`.methods
        // A static name declared again is made again from its new value when next read.
        for property in `extension`.properties where property.isStatic {
            staticValues["\(name).\(property.name.display)"] = nil
        }
        structMethods.declare(type.methods.map(\.name.display))
        structMethods.register(try boundStructMethods(type.methods), for: name)
        extendedSwiftTypes[name] = type
        info("extension \(name): " + (`extension`.properties.map(\.name.display)
            + `extension`.methods.map(\.name.display)).joined(separator: ", "))
    }

    /// The notification name `argument` gives where one is expected (`post(name: .userLoggedIn)`):
    /// `.userLoggedIn`, which reads as its text, is the static name an extension gave
    /// `Notification.Name`, if it gave one of that name; any other argument is itself.
    func notificationName(_ argument: Expression, at token: Token) -> Expression {
        guard case .literal(.string(let name)) = argument,
            let value = staticProperty(SwiftTypeExtensions.notificationName, name, at: token)
        else { return argument }
        return value
    }

    /// The extended Swift type `base` names (`Notification.Name`, `String`), unless a name of the
    /// session hides it; nil if it names none.
    func extendedSwiftType(named base: Expression) -> String? {
        guard !extendedSwiftTypes.isEmpty, let (type, _) = Parser.dottedName(of: base), extendedSwiftTypes[type] != nil,
            entries[String(type.prefix { $0 != "." })] == nil
        else { return nil }
        return type
    }

    /// `Notification.Name.userLoggedIn`: the static property an extension gave Swift's type `base`
    /// names (which `extendedSwiftType(named:)` found); the error says which it has when it has none.
    func extendedStaticMember(_ base: Expression, _ name: String) throws -> Expression {
        guard let (type, token) = Parser.dottedName(of: base), let extended = extendedSwiftTypes[type] else {
            return .member(try bind(base), name)
        }
        if let value = staticProperty(type, name, at: token) { return value }
        let statics = extended.properties.filter(\.isStatic).map(\.name.display)
        let hint = Suggestion.closest(to: name, in: statics).map { "; did you mean `\($0)`?" } ?? ""
        throw SyntaxError("`\(type)` has no static `\(name)` (an extension declares one: `extension \(type) "
            + "{ static let \(name) = ... }`)\(hint)", at: token)
    }
}
