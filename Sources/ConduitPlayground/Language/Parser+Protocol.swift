import SwiftSyntax

/// `protocol NAME[: AnyObject] { func f(_ x: Int); var name: String { get } }`, lowered from Swift's
/// own tree of it: its requirements, each a method or a property.
extension Parser {
    /// Reads the protocol whose name is the current token, and moves past it.
    mutating func protocolDeclaration() throws -> ProtocolDeclaration {
        let nameToken = current
        let tree = try swiftTree()
        guard let declaration = tree.declaration(ProtocolDeclSyntax.self, named: nameToken) else {
            throw SyntaxError(
                "a protocol reads `protocol NAME { func method() }`, its requirements in braces", at: nameToken)
        }
        _ = try newName(after: "protocol")
        if ProtocolDeclaration.combines.contains(nameToken.display) {
            throw SyntaxError("`\(nameToken.display)` is Combine's protocol, which the playground has: use it by "
                + "name (`class Model: ObservableObject { ... }`)", at: nameToken)
        }
        if let error = tree.firstError(
            in: declaration, hint: "a protocol is written `protocol Delegate: AnyObject { func didFinish() }`")
        {
            throw error
        }
        var requirements: [ProtocolDeclaration.Requirement] = []
        for member in declaration.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
                requirements.append(.init(
                    name: function.name.text, isMethod: true, summary: "func \(function.name.text)(\(labels))"))
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    requirements.append(.init(name: name, isMethod: false, summary: "var \(name)"))
                }
            } else if member.decl.is(AssociatedTypeDeclSyntax.self) {
                throw SyntaxError(
                    "a protocol with an `associatedtype` is not run here: the playground's values carry their "
                        + "own types; leave it out", at: tree.token(covering: member.decl))
            }
        }
        skip(past: declaration, in: tree)
        return ProtocolDeclaration(name: nameToken.display, requirements: requirements)
    }
}
