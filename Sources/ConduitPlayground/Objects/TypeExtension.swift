/// What an `extension TYPE[: PROTOCOL, ...] { ... }` adds to a class or struct the session declared:
/// methods, computed properties and the protocols it conforms to.
struct TypeExtension {
    let name: Token
    let protocols: [Token]
    let properties: [PropertyDeclaration]
    let methods: [MethodDeclaration]
}
