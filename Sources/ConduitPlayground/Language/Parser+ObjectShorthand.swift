import SwiftSyntax

/// The playground's own shorthand for an `object`'s properties, which is not Swift and so has no
/// declaration in Swift's tree: `object player { @Published song = "a"; name = "jukebox" }` declares
/// each property by its name and first value, with no `var`.
extension Parser {
    /// `[@Published] NAME [: TYPE] = VALUE` at the current token: the property it declares.
    mutating func objectShorthandProperty() throws -> PropertyDeclaration {
        var isPublished = false
        if current.isSymbol("@"),
            let (tree, attribute) = try swiftNode(at: current, { $0.parent?.as(AttributeSyntax.self) })
        {
            // The attribute as Swift's parser reads it, which it reads before the shorthand it has no
            // declaration for.
            guard attribute.attributeName.trimmedDescription == "Published", attribute.arguments == nil else {
                throw SyntaxError(
                    "the playground knows the attribute `@Published`", at: tree.token(covering: attribute))
            }
            isPublished = true
            skip(past: attribute, in: tree)
        }
        let name = current
        guard let word = name.identifier, !word.hasPrefix("$"), !Parser.swiftKeywords.contains(word) else {
            throw SyntaxError(
                "expected a property name, such as `@Published var currentSong = \"not playing\"`", at: name)
        }
        advance()
        var declaredType: String?
        if current.isSymbol(":") {
            advance()
            declaredType = try skipType()
        }
        try expectSymbol("=", "a property of an `object` is written `NAME = VALUE`, such as `@Published song = \"a\"`")
        return PropertyDeclaration(
            name: name, isPublished: isPublished, value: try valueExpression(), declaredType: declaredType)
    }
}
