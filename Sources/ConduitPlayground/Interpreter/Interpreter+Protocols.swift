/// Protocols the session declares, the conformance of its classes and structs to them, and the
/// extensions that add methods to its types.
extension Interpreter {
    /// Declares `declaration`; a protocol declared again replaces the old one, as in Swift's REPL.
    func declareProtocol(_ declaration: ProtocolDeclaration, at name: Token) throws {
        if let entry = entries[name.display] {
            throw SyntaxError("`\(name.display)` already names a \(entry.kindName); choose another name", at: name)
        }
        protocols[declaration.name] = declaration
        let requirements = declaration.requirements.map(\.summary)
        info("protocol \(declaration.name)" + (requirements.isEmpty ? "" : ": " + requirements.joined(separator: ", ")))
    }

    /// Fails, in Swift's words, if `type` lacks what a protocol among `listed` requires.
    func checkConformance(of type: ObjectClass, to listed: [String], at token: Token) throws {
        let methods = Set(type.methods.map(\.name.display))
        let properties = Set(type.properties.map(\.name.display))
        for name in listed {
            guard let declaration = protocols[name],
                let first = declaration.missing(methods: methods, properties: properties).first
            else { continue }
            throw SyntaxError(
                "type '\(type.name)' does not conform to protocol '\(name)': add `\(first.summary)`", at: token)
        }
    }

    /// The names of the properties and methods of the declared type `name` (none if it is not one).
    func memberNames(of name: Token) -> Set<String> {
        guard let type = classes[name.display] else { return [] }
        return Set(type.properties.map(\.name.display) + type.methods.map(\.name.display))
    }

    /// Fails unless `name` is a class or struct the session declared, which an extension may extend.
    func checkExtensible(_ name: Token) throws {
        if protocols[name.display] != nil {
            throw SyntaxError("extending a protocol is not run here: put the method in each class that conforms "
                + "to `\(name.display)`", at: name)
        }
        guard classes[name.display] == nil else { return }
        if let message = AppleOnlyFrameworks.message(for: name.display, asAttribute: false) {
            throw SyntaxError(message, at: name)
        }
        throw SyntaxError(
            "`extension \(name.display)`: the playground extends only the classes and structs declared in this "
                + "session; for another type, write a function (`func NAME(...) { ... }`)",
            at: name)
    }

    /// Adds what `extension` declares to the class or struct it names.
    func extend(with extension: TypeExtension) throws {
        let name = `extension`.name.display
        try checkExtensible(`extension`.name)
        guard let type = classes[name] else { return }
        let added = `extension`.methods.map(\.name.display) + `extension`.properties.map(\.name.display)
        var extended = type.isValueType
            ? ObjectClass(name: name, properties: type.properties, isValueType: true)
            : ObjectClass(name: name, properties: type.properties + `extension`.properties.filter { !$0.isStatic })
        // A struct's computed property is read as a method of the value (as in its declaration).
        let getters = type.isValueType ? `extension`.properties.compactMap(\.getterMethod) : []
        extended.methods = type.methods.filter { !added.contains($0.name.display) } + getters + `extension`.methods
        try checkConformance(of: extended, to: `extension`.protocols.map(\.display), at: `extension`.name)
        if type.isValueType {
            structMethods.declare(extended.methods.map(\.name.display))
            structMethods.register(try boundStructMethods(extended.methods), for: name)
        } else {
            // The objects made before the extension have its methods too, as in Swift.
            let named = entries.values.compactMap { entry -> PlaygroundObject? in
                if case .object(let object) = entry { return object } else { return nil }
            }
            let held = staticValues.values.compactMap { value -> PlaygroundObject? in
                if case .object(let object) = value { return object } else { return nil }
            }
            for object in named + held where object.typeName == name {
                try install(`extension`.methods, on: object)
            }
        }
        classes[name] = extended
        info("extension \(name): " + added.joined(separator: ", "))
    }
}
