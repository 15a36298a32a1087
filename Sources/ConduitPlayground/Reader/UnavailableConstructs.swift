import SwiftSyntax

/// The Swift constructs the playground cannot run on Linux, found in Swift's syntax tree: each is
/// refused with one precise message at its place, instead of a cascade of errors or a wait.
enum UnavailableConstructs {
    /// The first construct of `tree` out of reach, as the error that says why.
    static func first(in tree: SourceFileSyntax, text: String) -> SyntaxError? {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let found = finder.found else { return nil }
        let start = found.node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = found.node.endPositionBeforeTrailingTrivia.utf8Offset
        let offset = String(decoding: text.utf8.prefix(start), as: UTF8.self).count
        let length = String(decoding: text.utf8.dropFirst(start).prefix(end - start), as: UTF8.self).count
        return SyntaxError(found.message, offset: offset, length: length)
    }

    /// The attributes that exist only with the Objective-C runtime or Interface Builder.
    static let objectiveCAttributes: Set<String> = [
        "objc", "objcMembers", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable", "NSManaged",
    ]

    private final class Finder: SyntaxVisitor {
        var found: (node: Syntax, message: String)?

        private func note(_ node: some SyntaxProtocol, _ message: String) -> SyntaxVisitorContinueKind {
            if found == nil { found = (Syntax(node), message) }
            return .skipChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            switch node.macroName.text {
            case "selector", "keyPath":
                return note(node, "`#\(node.macroName.text)` needs the Objective-C runtime, which Linux does not have; "
                    + "pass a closure instead (`{ self.tapped() }`)")
            default:
                return note(node, "`#\(node.macroName.text)` is not available in the playground")
            }
        }

        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            note(node, "`#\(node.macroName.text)` is not available in the playground")
        }

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            let name = node.attributeName.trimmedDescription
            guard UnavailableConstructs.objectiveCAttributes.contains(name) else { return .visitChildren }
            return note(node, "`@\(name)` needs the Objective-C runtime, which Linux does not have; "
                + "remove it: a Swift method or property works without it here")
        }

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            note(node, "`#if` (conditional compilation) is not read by the playground; paste the branch you mean")
        }

        override func visit(_ node: AvailabilityConditionSyntax) -> SyntaxVisitorContinueKind {
            note(node, "`#available` asks about Apple's systems, which the playground is not; "
                + "write the code of the branch you mean")
        }
    }
}
