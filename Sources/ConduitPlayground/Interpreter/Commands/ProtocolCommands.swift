/// `protocol` and `extension`, as Swift code that objects talk through writes them: a delegate's
/// protocol, a class that conforms to it, and the conformance added in an extension.
enum ProtocolCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "protocol", usage: "protocol NAME { func METHOD() }",
            summary: "declares a protocol, as in Swift: a class or struct that lists it (`class VC: NAME`) must "
                + "have its methods and properties; calls are resolved by name when they run",
            example: "protocol PickerDelegate: AnyObject { func picked(_ color: String) }", arguments: [.newName]
        ) { parser, word in
            let nameToken = parser.current
            let declaration = try parser.protocolDeclaration()
            return Statement(word.display) { session in try session.declareProtocol(declaration, at: nameToken) }
        },
        CommandSpec(
            "extension", usage: "extension TYPE[: PROTOCOL] {…}",
            summary: "adds methods and computed properties to a class or struct declared in the session (and the "
                + "protocols it conforms to), default methods to a protocol, methods and computed properties to "
                + "String, Int, Double, Bool and Array, and static names to Notification.Name, as Swift's does",
            example: "extension Player { func play() { print(\"playing\") } }", arguments: [.anyName]
        ) { parser, word in
            // `extension Notification.Name`: the type as written, dots and all.
            let name = try parser.extendedType()
            _ = try parser.existingName(after: "extension", usage: "`extension Player { func play() { } }`")
            let protocols = try parser.inheritedTypes(of: name)
            let constraint = parser.current.identifier == "where" ? parser.current : nil
            // The body is read when the extension runs, once the type is known to be the session's, with its
            // members known: its methods name them without `self.`, as the type's own do.
            let body = parser
            parser.position = parser.tokens.count - 1
            return Statement(word.display) { session in
                try session.checkExtensible(name)
                if let constraint {
                    throw SyntaxError("a constrained extension (`where ...`) is not run here: extend the type "
                        + "itself, `extension \(name.display) { ... }`", at: constraint)
                }
                var reread = body
                let (properties, methods) = try ProtocolCommands.extensionBody(
                    &reread, of: name, word: word, knowing: session.memberNames(of: name))
                try session.extend(
                    with: TypeExtension(name: name, protocols: protocols, properties: properties, methods: methods))
            }
        },
    ]
}

extension ProtocolCommands {
    /// An extension's members, read with `members` (the type's) known by name; `word` is its `extension`.
    fileprivate static func extensionBody(
        _ parser: inout Parser, of name: Token, word: Token, knowing members: Set<String>
    ) throws
        -> (properties: [PropertyDeclaration], methods: [MethodDeclaration])
    {
        // A `mutating` method says the type is a struct, whose methods read `self` as a value.
        let mutates = try parser.extensionHasMutatingMethod(word)
        parser.enclosingTypeName = name.display
        parser.knownMembers = members
        let (properties, methods) = try parser.typeBody(in: mutates ? "a struct" : "an extension")
        if let stored = properties.first(where: { $0.computed == nil && !$0.isStatic }) {
            let name = stored.name.display
            throw SyntaxError("extensions must not contain stored properties: make `\(name)` computed "
                + "(`var \(name): TYPE { ... }`), or declare it in the type", at: stored.name)
        }
        try parser.expectEnd()
        return (properties, methods)
    }
}
