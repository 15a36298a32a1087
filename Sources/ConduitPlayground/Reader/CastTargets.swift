import SwiftSyntax

/// The types casts name (`error as? APIError`, `value is Card`, `catch let e as LoadError`): one the
/// session has not declared and Swift does not have is refused before the statement runs, in Swift's
/// words (`cannot find type 'Foo' in scope`), since a cast to it would quietly give nil.
enum CastTargets {
    /// Swift's and Foundation's types a cast may name without the session declaring them.
    static let swiftTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "TimeInterval", "Decimal", "String", "Substring", "Character", "Bool", "Void", "Never", "Any",
        "AnyObject", "AnyHashable", "NSObject", "NSNumber", "NSString", "NSError", "Error", "LocalizedError",
        "URLError", "DecodingError", "EncodingError", "CancellationError", "CocoaError", "Date", "URL", "Data",
        "UUID", "Notification", "Array", "Dictionary", "Set", "Optional", "Result", "Self", "Equatable",
        "Hashable", "Comparable", "Codable", "Decodable", "Encodable", "Identifiable", "CustomStringConvertible",
        "Sendable", "AnyCancellable", "Cancellable", "Subscribers", "Publishers", "AnyPublisher", "Just", "Future",
        "Fail", "Empty", "Deferred", "PassthroughSubject", "CurrentValueSubject", "Published", "Publisher",
        "Subject", "DispatchQueue", "RunLoop", "OperationQueue", "NotificationCenter", "UserDefaults",
        "JSONDecoder", "JSONEncoder", "NumberFormatter", "DateFormatter", "Timer",
    ]

    /// Whether `text` may hold a cast, worth reading Swift's syntax tree for.
    static func mayCast(_ text: String) -> Bool {
        // A scan of the bytes for ` as` and ` is `: this runs for every statement (`send s 1` in a
        // replayed script), where Foundation's `contains` would bridge the text to search it.
        var utf8 = text.utf8.makeIterator()
        var window: (UInt8, UInt8, UInt8) = (0, 0, 0)
        while let byte = utf8.next() {
            if window.0 == UInt8(ascii: " "), window.2 == UInt8(ascii: "s"),
                window.1 == UInt8(ascii: "a") || window.1 == UInt8(ascii: "i") && byte == UInt8(ascii: " ")
            {
                return true
            }
            window = (window.1, window.2, byte)
        }
        return window.0 == UInt8(ascii: " ") && window.1 == UInt8(ascii: "a") && window.2 == UInt8(ascii: "s")
    }

    /// The first cast in `tree` to a type neither Swift's nor declared (in the statement, or by the
    /// session: `isDeclared`), as the error that says so.
    static func unknown(in tree: SourceFileSyntax, text: String, isDeclared: (String) -> Bool) -> SyntaxError? {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let found = finder.casts.first(where: { !finder.declared.contains($0.name) && !isDeclared($0.name)
            && !swiftTypes.contains($0.name) && AppleOnlyFrameworks.message(for: $0.name, asAttribute: false) == nil
        }) else { return nil }
        let start = found.node.positionAfterSkippingLeadingTrivia.utf8Offset
        let offset = String(decoding: text.utf8.prefix(start), as: UTF8.self).count
        return SyntaxError(
            "cannot find type '\(found.name)' in scope: a cast names a type the session declared (`enum "
                + "\(found.name): Error { ... }`, `struct \(found.name)`) or one of Swift's (`Int`, `String`, `Error`)",
            offset: offset, length: found.name.count)
    }

    /// Collects the types casts name, and the types and generic parameters the statement declares.
    private final class Finder: SyntaxVisitor {
        var casts: [(name: String, node: Syntax)] = []
        var declared: Set<String> = []

        override func visit(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind {
            // A plain `as` converts (`x as AnyPublisher<...>`): only a pattern's (`catch let e as T`) casts.
            guard node.questionOrExclamationMark != nil || Syntax(node).isInPattern else { return .visitChildren }
            return noteType(after: Syntax(node))
        }

        override func visit(_ node: UnresolvedIsExprSyntax) -> SyntaxVisitorContinueKind {
            noteType(after: Syntax(node))
        }

        override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
            if node.questionOrExclamationMark != nil || Syntax(node).isInPattern { note(node.type) }
            return .visitChildren
        }

        override func visit(_ node: IsExprSyntax) -> SyntaxVisitorContinueKind {
            note(node.type)
            return .visitChildren
        }

        override func visit(_ node: IsTypePatternSyntax) -> SyntaxVisitorContinueKind {
            note(node.type)
            return .visitChildren
        }

        override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
        override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }

        private func declare(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(name.text)
            return .visitChildren
        }

        /// The type after `as` or `is` in an expression not yet folded: the sequence's next element.
        private func noteType(after node: Syntax) -> SyntaxVisitorContinueKind {
            guard let list = node.parent?.as(ExprListSyntax.self) else { return .visitChildren }
            let elements = Array(list)
            if let index = elements.firstIndex(where: { $0.id == node.id }), index + 1 < elements.count,
                let type = elements[index + 1].as(TypeExprSyntax.self)
            {
                note(type.type)
            }
            return .visitChildren
        }

        /// A plain type's name (`APIError`, `APIError?`); a compound one (`[Int]`, `(Int) -> Void`) is
        /// not checked.
        private func note(_ type: TypeSyntax) {
            var type = type
            while true {
                if let optional = type.as(OptionalTypeSyntax.self) {
                    type = optional.wrappedType
                } else if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    type = forced.wrappedType
                } else {
                    break
                }
            }
            guard let identifier = type.as(IdentifierTypeSyntax.self) else { return }
            casts.append((identifier.name.text, Syntax(identifier)))
        }
    }
}

extension Syntax {
    /// Whether the node is part of a `catch` clause's or a `case`'s pattern, where `as` is a cast.
    fileprivate var isInPattern: Bool {
        var current = parent
        while let node = current {
            if node.is(CatchItemSyntax.self) || node.is(SwitchCaseItemSyntax.self) { return true }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
}
