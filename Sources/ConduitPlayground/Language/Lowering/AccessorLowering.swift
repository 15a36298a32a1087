import SwiftSyntax

/// A property's accessors, lowered from the block Swift's parser reads after it (`AccessorBlockSyntax`):
/// `willSet` and `didSet` observers, `get` and `set`, or a computed property's bare body. Which accessors
/// there are, their names for the value and where their bodies start are Swift's; each body is read by
/// `memberBody` from its `{`, with the object as `self`.
extension Parser {
    /// Reads `block`, the accessors of `declaration`, into its observers or its getter and setter.
    mutating func readAccessors(
        _ block: AccessorBlockSyntax, of declaration: inout PropertyDeclaration, isConstant: Bool,
        members: Set<String>, tree: SwiftTree
    ) throws {
        let property = declaration.name.display
        let open = tree.token(covering: block.leftBrace, kind: .symbol("{"))
        switch block.accessors {
        case .getter(let items):
            try refuseMisspeltAccessor(items, of: property, in: tree)
            try refuseComputing(declaration, isConstant: isConstant, at: open)
            // `var total: Int { count * 2 }`: a getter alone.
            let getter = try read(block, in: tree, as: "the getter of `\(property)`") { parser in
                try parser.memberBody(parameters: ["self": 0], members: members, of: "the getter of `\(property)`")
            }
            declaration.computed = ComputedProperty(getter: getter, setter: nil)
        case .accessors(let accessors):
            let observes = accessors.first.map { Parser.observerWords.contains($0.accessorSpecifier.text) } ?? false
            if observes {
                if isConstant {
                    throw SyntaxError(
                        "`let \(property)` is a constant, which has no observers; declare it `var \(property)` "
                            + "to run `willSet` or `didSet`",
                        at: open)
                }
                declaration.observers = try observers(accessors, of: property, members: members, tree: tree)
            } else {
                try refuseComputing(declaration, isConstant: isConstant, at: open)
                declaration.computed = try computed(accessors, of: property, at: open, members: members, tree: tree)
            }
        }
        moveToToken(atOrAfter: tree.offset(of: block.endPositionBeforeTrailingTrivia))
    }

    private static let observerWords: Set<String> = ["willSet", "didSet"]

    /// Fails for a computed property that also has a value, is `@Published` or is a `let`.
    private func refuseComputing(_ declaration: PropertyDeclaration, isConstant: Bool, at open: Token) throws {
        guard declaration.value != nil || declaration.subject != nil || declaration.isPublished || isConstant else {
            return
        }
        let word = declaration.name.display
        throw SyntaxError(
            "`\(word)` is computed by the body in braces, so it cannot also "
                + (isConstant ? "be a `let`" : declaration.isPublished ? "be @Published" : "have a value")
                + "; write `var \(word): TYPE { ... }`",
            at: open)
    }

    /// Fails where a body Swift reads as a getter starts with an accessor's word written wrong: `willset`
    /// or `didSet` not followed by a body (`{ willSet print(1) }`), or a word close to an observer's
    /// before a body (`{ wilSet { ... } }`).
    private func refuseMisspeltAccessor(_ items: CodeBlockItemListSyntax, of property: String, in tree: SwiftTree)
        throws
    {
        guard let first = items.first?.firstToken(viewMode: .sourceAccurate),
            case .identifier(let word) = first.tokenKind
        else { return }
        let next = first.nextToken(viewMode: .sourceAccurate)
        let bodyFollows = next?.tokenKind == .leftBrace || next?.tokenKind == .leftParen
        let token = tree.token(covering: first)
        if Parser.observerWords.contains(word) || ["get", "set"].contains(word) {
            throw SyntaxError("`\(word)` needs its body in braces, such as `\(word) { ... }`", at: token)
        }
        guard bodyFollows, let meant = Suggestion.closest(to: word, in: ["willSet", "didSet"]) else { return }
        throw SyntaxError(
            "the braces after `\(property)` hold its observers, `willSet` and `didSet`; did you mean `\(meant)`?",
            at: token)
    }

    /// `willSet` and `didSet`, each body read as a closure's with the object as `self` (`$0`) and the new
    /// or old value (`newValue`, `oldValue`, or the name in parentheses) as `$1`.
    private mutating func observers(
        _ accessors: AccessorDeclListSyntax, of property: String, members: Set<String>, tree: SwiftTree
    ) throws -> PropertyObservers {
        var observers = PropertyObservers()
        for accessor in accessors {
            let word = accessor.accessorSpecifier.text
            let keyword = tree.token(covering: accessor.accessorSpecifier)
            guard Parser.observerWords.contains(word) else {
                if ["get", "set"].contains(word) {
                    throw SyntaxError(
                        "`\(property)` is a computed property (`get`/`set`), which the playground does not run: "
                            + "give it a value (`var \(property) = VALUE`) and watch its changes with "
                            + "`willSet { ... }` or `didSet { ... }`",
                        at: keyword)
                }
                throw SyntaxError(
                    "the braces after `\(property)` hold its observers, `willSet` and `didSet`", at: keyword)
            }
            let valueName = accessor.parameters?.name.text ?? (word == "willSet" ? "newValue" : "oldValue")
            guard let body = accessor.body else {
                throw SyntaxError(
                    "`\(word)` needs its body in braces, such as `\(word) { objectWillChange.send() }`", at: keyword)
            }
            if (word == "willSet" ? observers.willSetBody : observers.didSetBody) != nil {
                throw SyntaxError(
                    "`\(word)` is written twice for `\(property)`; put its statements in one body", at: keyword)
            }
            let read = try read(body, in: tree, as: "the body of `\(word)`") { parser in
                try parser.memberBody(parameters: ["self": 0, valueName: 1], members: members, of: word)
            }
            if word == "willSet" { observers.willSetBody = read } else { observers.didSetBody = read }
        }
        return observers
    }

    /// `get { ... }` and `set { ... }` (or `set(NAME) { ... }`): the getter, with the object as `self`, and
    /// the setter, with the new value as `$1`.
    private mutating func computed(
        _ accessors: AccessorDeclListSyntax, of property: String, at open: Token, members: Set<String>,
        tree: SwiftTree
    ) throws -> ComputedProperty {
        var getter: Expression?
        var setter: Expression?
        for accessor in accessors {
            let word = accessor.accessorSpecifier.text
            let keyword = tree.token(covering: accessor.accessorSpecifier)
            guard word == "get" || word == "set" else {
                throw SyntaxError(
                    "the braces of the computed property `\(property)` hold `get { ... }` and `set { ... }`",
                    at: keyword)
            }
            if let effects = accessor.effectSpecifiers {
                throw SyntaxError(
                    "the playground's `\(word)` neither throws nor waits: leave `\(effects.trimmedDescription)` out",
                    at: tree.token(covering: effects))
            }
            guard let body = accessor.body else {
                throw SyntaxError("`\(word)` needs its body in braces, such as `\(word) { ... }`", at: keyword)
            }
            guard (word == "get" ? getter : setter) == nil else {
                throw SyntaxError("`\(word)` is written twice for `\(property)`", at: keyword)
            }
            let scope = word == "get" ? ["self": 0] : ["self": 0, accessor.parameters?.name.text ?? "newValue": 1]
            let read = try read(body, in: tree, as: "the body of `\(word)`") { parser in
                try parser.memberBody(parameters: scope, members: members, of: word)
            }
            if word == "get" { getter = read } else { setter = read }
        }
        guard let getter else {
            throw SyntaxError("the computed property `\(property)` needs a `get { ... }`", at: open)
        }
        return ComputedProperty(getter: getter, setter: setter)
    }
}
