/// Several stored properties declared on one line with one type, as Swift allows:
/// `let width, height: Double` in a struct is `let width: Double` and `let height: Double`.
extension Parser {
    /// The modifiers a property group may start with.
    private static let groupModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final"]

    /// `let NAME, NAME: TYPE` (or `var`) at the current token: a property of that type for each name;
    /// nil (reading nothing) when no group is next.
    mutating func propertyGroup() throws -> [PropertyDeclaration]? {
        var ahead = 0
        while let word = peek(ahead).identifier, Parser.groupModifiers.contains(word) { ahead += 1 }
        guard peek(ahead).identifier == "let" || peek(ahead).identifier == "var", peek(ahead + 1).identifier != nil,
            peek(ahead + 2).isSymbol(",")
        else { return nil }
        for _ in 0...ahead { advance() }
        var names: [Token] = []
        while true {
            guard let word = current.identifier, !["let", "var"].contains(word) else {
                throw SyntaxError("expected a property name: `let width, height: Double`", at: current)
            }
            names.append(current)
            advance()
            guard current.isSymbol(",") else { break }
            advance()
        }
        guard current.isSymbol(":") else {
            throw SyntaxError(
                "properties declared together take one type after the last name: `let width, height: Double`",
                at: current)
        }
        advance()
        let type = try skipType()
        if current.isSymbol("=") || current.isSymbol("{") {
            throw SyntaxError(
                "a value or a body here would be the last property's alone: declare each property on a line of its own",
                at: current)
        }
        return names.map { PropertyDeclaration(name: $0, isPublished: false, value: nil, declaredType: type) }
    }
}
