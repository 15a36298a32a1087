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

    /// The names of the members of `name` that an extension's methods name without `self.`: a declared
    /// type's properties and methods, a protocol's requirements and defaults, what Swift gives one of
    /// its own types and what extensions added (none if `name` is none of these).
    func memberNames(of name: Token) -> Set<String> {
        if let declaration = protocols[name.display] { return declaration.memberNames }
        if let builtin = SwiftTypeExtensions.builtinMembers(of: name.display) {
            let added = extendedSwiftTypes[name.display]
            let members = (added?.properties ?? []).map(\.name.display) + (added?.methods ?? []).map(\.name.display)
            return builtin.union(members)
        }
        if let declaration = enums[name.display], !declaration.isBuiltIn {
            return Set(declaration.methods.map(\.name.display))
        }
        guard let type = classes[name.display] else { return [] }
        return Set(type.properties.map(\.name.display) + type.methods.map(\.name.display))
    }

    /// Fails unless `name` is a class, struct or protocol the session declared, or one of Swift's types
    /// that an extension may add to (`SwiftTypeExtensions.extensible`).
    func checkExtensible(_ name: Token) throws {
        let type = name.display
        guard classes[type] == nil, protocols[type] == nil, enums[type].map(\.isBuiltIn) ?? true,
            !SwiftTypeExtensions.extensible.contains(type)
        else {
            return
        }
        if let message = AppleOnlyFrameworks.message(for: type, asAttribute: false) {
            throw SyntaxError(message, at: name)
        }
        let swiftTypes = SwiftTypeExtensions.extensible.dropLast().map { "`\($0)`" }.joined(separator: ", ")
            + " and `\(SwiftTypeExtensions.extensible.last ?? "")`"
        throw SyntaxError(
            "`extension \(type)`: the playground extends the classes, structs, enums and protocols declared in this "
                + "session and Swift's \(swiftTypes); for another type, write a function (`func NAME(...) { ... }`)",
            at: name)
    }

    /// Adds what `extension` declares to the class, struct or protocol it names, or to Swift's type.
    func extend(with extension: TypeExtension) throws {
        let name = `extension`.name.display
        try checkExtensible(`extension`.name)
        if protocols[name] != nil { return try extendProtocol(with: `extension`) }
        if enums[name] != nil { return try extendEnum(with: `extension`) }
        guard let type = classes[name] else { return try extendSwiftType(with: `extension`) }
        let added = `extension`.methods.map(\.name.display) + `extension`.properties.map(\.name.display)
        var extended = type
        if !type.isValueType {
            extended.properties = type.properties + `extension`.properties.filter { !$0.isStatic }
        }
        // A struct's computed property is read as a method of the value (as in its declaration).
        let getters = type.isValueType ? `extension`.properties.compactMap(\.getterMethod) : []
        extended.methods = type.methods.filter { !added.contains($0.name.display) } + getters + `extension`.methods
        // What it declares is its own: a protocol's default of that name no longer applies.
        extended.defaulted.subtract(added)
        let listed = `extension`.protocols.map(\.display)
        extended.conformances += listed.filter { protocols[$0] != nil && !type.conformances.contains($0) }
        let before = Set(extended.methods.map(\.name.display))
        extended = adoptingDefaults(extended)
        let defaults = extended.methods.filter { !before.contains($0.name.display) }
        try checkConformance(of: extended, to: listed, at: `extension`.name)
        try redeclare(extended, installing: `extension`.methods + defaults)
        if !type.isValueType, listed.contains("CustomStringConvertible") {
            // `extension Item: CustomStringConvertible`: its objects print by the `description` it adds.
            structMethods.setDescribed(name, true)
        }
        info("extension \(name): " + added.joined(separator: ", "))
    }

    /// `type` with the defaults of every protocol it conforms to that it does not declare itself.
    func adoptingDefaults(_ type: ObjectClass) -> ObjectClass {
        type.conformances.compactMap { protocols[$0] }.reduce(type) { $0.adopting(defaultsOf: $1) }
    }

    /// Makes `type` the declared class or struct of its name: a struct's methods are resolved again,
    /// and the objects of a class made before get `methods` (new or changed), as in Swift.
    func redeclare(_ type: ObjectClass, installing methods: [MethodDeclaration]) throws {
        if type.isValueType {
            structMethods.declare(type.methods.map(\.name.display))
            structMethods.register(try boundStructMethods(type.methods), for: type.name)
        } else if !methods.isEmpty {
            let named = entries.values.compactMap { entry -> PlaygroundObject? in
                if case .object(let object) = entry { return object } else { return nil }
            }
            let held = staticValues.values.compactMap { value -> PlaygroundObject? in
                if case .object(let object) = value { return object } else { return nil }
            }
            for object in named + held where object.typeName == type.name {
                try install(methods, on: object)
            }
        }
        classes[type.name] = type
    }
}
