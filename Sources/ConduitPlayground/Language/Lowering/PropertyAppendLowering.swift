import SwiftSyntax

/// `songs.append(x)` and `self.songs.append(contentsOf: xs)` on an object's own array property, in its
/// methods: Swift's tree says which property, which argument and its label; the value is read there.
extension Parser {
    /// `self.songs.append(x)` or `songs.append(contentsOf: xs)` in a method, an initialiser or a closure
    /// inside one: sets the object's array property to itself with the values added, as Swift's
    /// mutating `append` does. Nil, reading nothing, for anything else.
    mutating func propertyAppend() throws -> Expression? {
        guard let receiver = selfReference, current.identifier != nil,
            let (tree, append) = try swiftPropertyAppend(), let close = append.call.rightParen
        else { return nil }
        let token = tokens[position + append.nameTokenIndex]
        let (property, element) = (append.property, append.element)
        let added = try read(element.expression, in: tree, as: "the value given to `\(property).append`") {
            try $0.expression()
        }
        moveToToken(atOrAfter: tree.offset(of: close.endPositionBeforeTrailingTrivia))
        let whole = element.label?.text == "contentsOf"
        let updated = Expression.binary(.plus, .member(receiver, property), whole ? added : .array([added]))
        return try Parser.setting(property, of: receiver, to: updated, immutable: immutableSelf, at: token)
    }

    /// The call Swift reads from the current token as `property.append(x)`, `self.property.append(x)` or
    /// `….append(contentsOf: xs)`, where `property` is the object's own (not a parameter of the same name):
    /// the property, its one argument, and how many tokens after the current one `append` is. A call of
    /// `append` on the property with other arguments is refused, with what it takes.
    private func swiftPropertyAppend() throws -> (tree: SwiftTree, PropertyAppend)? {
        let found = try swiftNode(at: current) { (token: TokenSyntax) -> (FunctionCallExprSyntax, String, Int)? in
            guard var place = token.parent?.as(ExprSyntax.self) else { return nil }
            if token.tokenKind == .keyword(.self) {
                guard let member = SwiftMemberUse(base: place) else { return nil }
                place = ExprSyntax(member.access)
            } else if !(place.is(DeclReferenceExprSyntax.self) && selfMembers.contains(token.text)) {
                return nil
            }
            let property = place.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? token.text
            guard parameters[property] == nil, let method = SwiftMemberUse(base: place), method.name.text == "append",
                method.access.declName.argumentNames == nil, let call = method.call
            else { return nil }
            let nameTokenIndex = token.tokenKind == .keyword(.self) ? 4 : 2
            return (call, property, nameTokenIndex)
        }
        guard let (tree, (call, property, nameTokenIndex)) = found else { return nil }
        let usage = "`\(property).append(x)` adds a value and `\(property).append(contentsOf: xs)` adds a sequence's"
        guard Parser.hasWellFormedPunctuation(call) else {
            throw tree.firstError(in: call, hint: usage) ?? SyntaxError(usage, at: tokens[position + nameTokenIndex])
        }
        guard call.trailingClosure == nil, call.arguments.count == 1, let element = call.arguments.first,
            element.label == nil || element.label?.text == "contentsOf"
        else {
            let wrong =
                if call.trailingClosure != nil {
                    "its value goes in parentheses, not in a closure after them"
                } else if call.arguments.count == 1 {
                    "no parameter is labelled `\(call.arguments.first?.label?.text ?? "")`"
                } else {
                    "it takes one argument, and \(call.arguments.count) are given"
                }
            throw SyntaxError("`\(property).append` cannot be called so: \(wrong); \(usage)",
                at: tokens[position + nameTokenIndex])
        }
        return (tree, PropertyAppend(call: call, property: property, element: element, nameTokenIndex: nameTokenIndex))
    }
}

/// A call of `append` on an object's array property, as Swift's tree has it.
private struct PropertyAppend {
    /// The call, `songs.append(x)`.
    let call: FunctionCallExprSyntax
    /// The property's name, `songs`.
    let property: String
    /// The one argument, labelled `contentsOf:` or not.
    let element: LabeledExprSyntax
    /// How many tokens after the statement's first one the name `append` is.
    let nameTokenIndex: Int
}
