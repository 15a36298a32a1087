import SwiftSyntax

/// Methods of one type that share a name and differ by their argument labels, as a `Subscriber`'s
/// `receive(subscription:)`, `receive(_:)` and `receive(completion:)` do: each is kept under its
/// full Swift name, labels included, which is how the engine's bridge (`ObjectSubscriber`) finds it.
/// Methods whose names are unique keep their plain names, which calls use.
enum MethodOverloads {
    /// `methods`, each overloaded one renamed `name(label:label:)` (`_` for an unlabelled argument),
    /// with labels read from Swift's tree of the declaration. Two of one name with the same labels
    /// are left as they are, for the body's check to refuse as declared twice.
    static func named(_ methods: [MethodDeclaration], in tree: @autoclosure () throws -> SwiftTree) throws
        -> [MethodDeclaration]
    {
        var counts: [String: Int] = [:]
        for method in methods { counts[method.name.display, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > 1 }) else { return methods }
        let tree = try tree()
        let renamed = methods.map { method -> MethodDeclaration in
            guard counts[method.name.display, default: 0] > 1,
                let declaration = tree.node(FunctionDeclSyntax.self, holdingTokenAt: method.name.offset)
            else { return method }
            let labels = declaration.signature.parameterClause.parameters.map { $0.firstName.text }
            var named = method
            named.name = Token(
                kind: .identifier(fullName(method.name.display, labels: labels)), offset: method.name.offset,
                length: method.name.length)
            return named
        }
        // Renamed alike (the same labels): the plain names go back, for the message that they repeat.
        let fullNames = renamed.map(\.name.display)
        return zip(methods, renamed).map { plain, named in
            fullNames.filter { $0 == named.name.display }.count > 1 ? plain : named
        }
    }

    /// `receive(completion:)`: a method's name with its argument labels, as Swift spells it.
    static func fullName(_ name: String, labels: [String]) -> String {
        name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
}
