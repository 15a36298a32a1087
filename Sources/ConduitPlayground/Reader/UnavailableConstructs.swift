import SwiftSyntax

/// The Swift constructs the playground cannot run on Linux, found in Swift's syntax tree: each is
/// refused with one precise message at its place, instead of a cascade of errors or a wait.
enum UnavailableConstructs {
    /// The first construct of `tree` out of reach, as the error that says why. A framework's name
    /// that the session has declared itself (`isDeclared`, such as an `enum Color`) is the session's.
    static func first(
        in tree: SourceFileSyntax, text: String, isDeclared: (String) -> Bool = { _ in false }
    ) -> SyntaxError? {
        let declared = DeclaredNames(viewMode: .sourceAccurate)
        declared.walk(tree)
        let finder = Finder(viewMode: .sourceAccurate)
        finder.declared = declared.names
        withoutActuallyEscaping(isDeclared) { isDeclared in
            finder.isDeclared = isDeclared
            finder.walk(tree)
            finder.isDeclared = { _ in false }
        }
        guard let found = finder.found ?? finder.frameworkFound else { return nil }
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

    /// The types a statement declares itself: a `struct Text` of the user's is not SwiftUI's.
    private final class DeclaredNames: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.name.text)
            return .visitChildren
        }
    }

    /// Attributes of declarations the playground does not make: its own property wrapper and an
    /// app's entry point.
    static let declarationAttributes: [String: String] = [
        "propertyWrapper": "declaring a property wrapper (`@propertyWrapper`) is not part of the playground: "
            + "its `@Published` is built in, and a plain property with `didSet` does the rest",
        "main": "`@main` marks an app's entry point, which the playground does not have: paste the code "
            + "that the app would run, and it runs as you paste it",
        "frozen": "`@frozen` is for a library's binary interface, which the playground does not have: remove it",
    ]

    private final class Finder: SyntaxVisitor {
        var found: (node: Syntax, message: String)?
        /// The first name of an Apple-only framework: the message when nothing else is found, since
        /// `#selector` or `@objc` in a `UISwitch` subclass says more about what to change.
        var frameworkFound: (node: Syntax, message: String)?
        var declared: Set<String> = []
        var isDeclared: (String) -> Bool = { _ in false }

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
            if !isOwn(name), let message = AppleOnlyFrameworks.message(for: name, asAttribute: true) {
                return noteFramework(node, message)
            }
            if let message = UnavailableConstructs.declarationAttributes[name] { return note(node, message) }
            if name == "Published", !node.isInsideClass {
                return note(node, "`@Published` is a property of a class, as in Swift: declare it inside "
                    + "`class NAME: ObservableObject { @Published var ... }`")
            }
            guard UnavailableConstructs.objectiveCAttributes.contains(name) else { return .visitChildren }
            return note(node, "`@\(name)` needs the Objective-C runtime, which Linux does not have; "
                + "remove it: a Swift method or property works without it here")
        }

        /// A framework's type where a type is written: `: View`, `some View`, `[UIView]`.
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            frameworkName(node.name.text, at: node.name)
        }

        /// A framework's name where a value is written: `Text("Hi")`, `UIApplication.shared`; not a
        /// member's name (`x.View`).
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                return .visitChildren
            }
            if node.baseName.text == "PlaygroundPage", let current = node.parent?.as(MemberAccessExprSyntax.self),
                let member = current.parent?.as(MemberAccessExprSyntax.self),
                ["needsIndefiniteExecution", "finishExecution"].contains(member.declName.baseName.text)
            {
                // `PlaygroundPage.current.needsIndefiniteExecution = true`: accepted, as the session runs on.
                return .visitChildren
            }
            return frameworkName(node.baseName.text, at: node.baseName)
        }

        /// Whether the statement or the session declares `name` itself.
        private func isOwn(_ name: String) -> Bool {
            declared.contains(name) || isDeclared(name)
        }

        private func frameworkName(_ name: String, at token: TokenSyntax) -> SyntaxVisitorContinueKind {
            guard !isOwn(name), let message = AppleOnlyFrameworks.message(for: name, asAttribute: false)
            else { return .visitChildren }
            return noteFramework(token, message)
        }

        private func noteFramework(_ node: some SyntaxProtocol, _ message: String) -> SyntaxVisitorContinueKind {
            if frameworkFound == nil { frameworkFound = (Syntax(node), message) }
            return .visitChildren
        }

        override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
            guard node.name.tokenKind == .keyword(.override), !Syntax(node).isInsideClass else {
                return .visitChildren
            }
            return note(node, "`override` belongs to a method of a subclass; at the top level there is nothing "
                + "to override: remove it, or declare the class it belongs to")
        }

        /// `var count = 0 { didSet { ... } }` at the top level: Swift has it, the playground observes
        /// only a property of a class.
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
            guard case .accessors(let accessors) = node.accessors,
                accessors.contains(where: {
                    [.keyword(.didSet), .keyword(.willSet)].contains($0.accessorSpecifier.tokenKind)
                }),
                !Syntax(node).isInsideType
            else { return .visitChildren }
            return note(node.leftBrace, "a top-level variable with `didSet` or `willSet` is not part of the "
                + "playground: observe a property of a class (`class NAME { var count = 0 { didSet { ... } } }`), "
                + "or subscribe to a `@Published` one")
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard !Syntax(node).isInsideType else { return .visitChildren }
            return note(node.initKeyword, "an `init` belongs inside a type, as in Swift "
                + "(`class NAME { init(...) { ... } }`): at the top level there is nothing to initialise")
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

extension SyntaxProtocol {
    /// Whether the node is inside a class's (or actor's) body.
    fileprivate var isInsideClass: Bool {
        var current = parent
        while let node = current {
            if node.is(ClassDeclSyntax.self) || node.is(ActorDeclSyntax.self) { return true }
            current = node.parent
        }
        return false
    }

    /// Whether the node is inside the body of a type (class, struct, enum, actor or extension).
    fileprivate var isInsideType: Bool {
        var current = parent
        while let node = current {
            if node.is(MemberBlockSyntax.self) { return true }
            current = node.parent
        }
        return false
    }
}
