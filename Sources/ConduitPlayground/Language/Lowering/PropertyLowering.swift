import SwiftSyntax

/// The properties of a class's, a struct's, an enum's or an object's body, lowered from the declaration
/// Swift's parser reads there (`VariableDeclSyntax`): its attributes and modifiers, `let` or `var`, and
/// each binding's name, type, first value and accessors are where Swift's tree puts them. The value and
/// the accessors' bodies are read there by the parser's readings, and a wrong declaration is swiftc's
/// message followed by what the playground reads.
extension Parser {
    /// What a property declaration looks like, after swiftc's message on a wrong one.
    static let propertyUsage =
        "a property is declared as `@Published var song = \"\"`, `let width, height: Double` or "
        + "`var total: Int { count * 2 }`"

    /// The `var` or `let` declaration at the current token, as Swift's parser reads it: a property for
    /// each of its bindings (`let width, height: Double` declares two), and for a class's
    /// `lazy var data = { ... }()` the getter and the property that keeps its value. Moves past it. In an
    /// `object`'s body (`inObject`), a property may also be the playground's `NAME = VALUE`.
    mutating func memberProperties(members: Set<String>, inObject: Bool) throws -> [PropertyDeclaration] {
        let tree = try swiftTree()
        guard let declaration = tree.node(VariableDeclSyntax.self, holdingTokenAt: current.offset),
            tree.offset(of: declaration.positionAfterSkippingLeadingTrivia) == current.offset,
            declaration.bindingSpecifier.presence == .present
        else {
            // No `var` or `let`: the playground's own `object player { @Published song = "a" }`.
            guard inObject else {
                throw SyntaxError(
                    "expected a member here: a property (`var total = 0`), a method (`func reset() { ... }`) or "
                        + "an `init`", at: current)
            }
            return [try objectShorthandProperty()]
        }
        if let error = DeclarationShape.firstError(in: declaration, tree: tree, hint: Parser.propertyUsage) {
            throw error
        }
        let member = MemberDeclaration(
            isPublished: try publishedAttribute(of: declaration, in: tree),
            isStatic: declaration.modifiers.contains { $0.name.tokenKind == .keyword(.static) },
            isLazy: declaration.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) },
            isConstant: declaration.bindingSpecifier.tokenKind == .keyword(.let))
        let bindings = Array(declaration.bindings)
        var properties: [PropertyDeclaration] = []
        var endedEarly = false
        for (index, binding) in bindings.enumerated() {
            let declaredType = Parser.declaredType(of: index, in: bindings)
            properties += try memberProperty(
                binding, member: member, declaredType: declaredType?.trimmedDescription,
                members: members, tree: tree)
            // A value Swift's parser does not read (`300ms`) ends where the playground's reading ends it.
            endedEarly = binding.initializer?.value.hasError == true && binding.accessorBlock == nil
        }
        if !endedEarly { moveToToken(atOrAfter: tree.offset(of: declaration.endPositionBeforeTrailingTrivia)) }
        return properties
    }

    /// What a member's declaration says of all its bindings.
    private struct MemberDeclaration {
        let isPublished: Bool
        let isStatic: Bool
        let isLazy: Bool
        let isConstant: Bool
    }

    /// Whether the declaration is `@Published`, the one attribute the playground knows on a property.
    private func publishedAttribute(of declaration: VariableDeclSyntax, in tree: SwiftTree) throws -> Bool {
        var isPublished = false
        for element in declaration.attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription == "Published", attribute.arguments == nil
            else {
                throw SyntaxError("the playground knows the attribute `@Published`", at: tree.token(covering: element))
            }
            isPublished = true
        }
        return isPublished
    }

    /// The property (or a lazy one's two) that `binding` declares.
    private mutating func memberProperty(
        _ binding: PatternBindingSyntax, member: MemberDeclaration, declaredType: String?, members: Set<String>,
        tree: SwiftTree
    ) throws -> [PropertyDeclaration] {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
            throw SyntaxError(
                "a property is named by one name here, such as `var total = 0`: declare each property on a line "
                    + "of its own", at: tree.token(covering: binding.pattern))
        }
        moveToToken(atOrAfter: tree.offset(of: pattern.positionAfterSkippingLeadingTrivia))
        let name = current
        guard let word = name.identifier, !word.hasPrefix("$") else {
            throw SyntaxError(
                "expected a property name, such as `@Published var currentSong = \"not playing\"`", at: name)
        }
        if declaredType == nil, binding.initializer == nil, binding.accessorBlock == nil {
            throw SyntaxError(
                "type annotation missing in pattern: write `\(word): TYPE` or `\(word) = VALUE`", at: name)
        }
        let value = binding.initializer?.value
        if member.isLazy, !readingStruct, let value, declaredType.map(Parser.isFunctionType) != true,
            let lazy = try lazyProperty(
                name: name, value: value, declaredType: declaredType, members: members, tree: tree)
        {
            return lazy
        }
        let closureWritten = declaredType == nil && value.flatMap { $0.as(ClosureExprSyntax.self) }.map {
            !$0.statements.isEmpty || $0.signature != nil
        } == true
        var declaration = PropertyDeclaration(
            name: name, isPublished: member.isPublished, value: nil, declaredType: declaredType)
        declaration.isStatic = member.isStatic
        if declaredType.map(Parser.isFunctionType) == true || closureWritten, binding.accessorBlock == nil {
            // `var onDeleteButtonTapped: () -> Void = {}`, `let tidy = { (s: String) in s.lowercased() }`: a
            // closure the object calls, which may be replaced.
            if let value {
                declaration.closure = try read(value, in: tree, as: "the closure of `\(word)`") { parser in
                    try parser.closureValue(for: word, declaredType: declaredType)
                }
            }
            return [declaration]
        }
        if let value {
            let first = try firstValue(value, of: word, declaredType: declaredType, tree: tree)
            declaration = PropertyDeclaration(
                name: name, isPublished: member.isPublished, value: first.value, declaredType: declaredType)
            declaration.isStatic = member.isStatic
            declaration.subject = first.subject
        }
        if word == "objectWillChange", declaration.subject == nil || member.isPublished {
            throw SyntaxError(
                "`objectWillChange` is the publisher that announces changes: declare your own as "
                    + "`let objectWillChange = PassthroughSubject<Void, Never>()` or `= ObservableObjectPublisher()`, "
                    + "or leave it out to use the one every observable object has",
                at: name
            )
        }
        if let block = binding.accessorBlock {
            try readAccessors(
                block, of: &declaration, isConstant: member.isConstant, members: members, tree: tree)
        }
        return [declaration]
    }

    /// A stored property's first value, read where Swift puts it: a subject made for each instance
    /// (`PassthroughSubject<Void, Never>()`, `ObservableObjectPublisher()`), a store of subscriptions, or
    /// a value. A value Swift's parser does not read (`300ms`) is read as the playground reads it.
    private mutating func firstValue(
        _ value: ExprSyntax, of word: String, declaredType: String?, tree: SwiftTree
    ) throws -> (value: Expression?, subject: PropertySubject?) {
        let reading: (inout Parser) throws -> (value: Expression?, subject: PropertySubject?) = { parser in
            if let call = value.as(FunctionCallExprSyntax.self),
                call.calledExpression.trimmedDescription == "ObservableObjectPublisher", call.arguments.isEmpty,
                call.trailingClosure == nil
            {
                parser.skip(past: call, in: tree)
                return (nil, .observableObjectPublisher)
            }
            if let subject = try parser.swiftSubject() { return (nil, .subject(subject)) }
            if parser.skipCancellableStoreValue(declaredType: declaredType ?? "") {
                // `var cancellables = Set<AnyCancellable>()`: the session keeps each subscription by its
                // name, so the store is an empty array `.store(in: &cancellables)` leaves as it is.
                return (.array([]), nil)
            }
            return (try parser.valueExpression(), nil)
        }
        guard !value.hasError else {
            moveToToken(atOrAfter: tree.offset(of: value.positionAfterSkippingLeadingTrivia))
            return try reading(&self)
        }
        return try read(value, in: tree, as: "the value of `\(word)`", reading)
    }

    /// `lazy var NAME[: TYPE] = { ... }()` in a class's body: the property, read through a getter that
    /// makes its value once, and the stored property that keeps it; nil for a lazy property of another
    /// value, which is made with the object.
    private mutating func lazyProperty(
        name: Token, value: ExprSyntax, declaredType: String?, members: Set<String>, tree: SwiftTree
    ) throws -> [PropertyDeclaration]? {
        let property = name.display
        if value.is(ClosureExprSyntax.self) {
            throw SyntaxError(
                "a `lazy var` made by a closure calls it: write `lazy var \(property) = { ... }()`",
                at: tree.token(covering: value))
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
            let closure = call.calledExpression.as(ClosureExprSyntax.self),
            call.leftParen != nil, call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        let made = try read(closure, in: tree, as: "the closure of `\(property)`") { parser in
            try parser.memberBody(parameters: ["self": 0], members: members, of: "the first value of `\(property)`")
        }
        let storage = Parser.lazyStoragePrefix + property
        let kept = Expression.member(.argument(0), storage)
        // Made once: when nothing is kept yet, the closure's value is kept and given.
        let keep = Expression.call(".set", [.argument(0), .literal(.string(storage)), .argument(1)])
        let make = Expression.local(slot: 1, value: made, body: .local(slot: 2, value: keep, body: .argument(1)))
        let getter = Expression.conditional(.binary(.equal, kept, .literal(.null)), make, kept)
        let setter = Expression.call(".set", [.argument(0), .literal(.string(storage)), .argument(1)])
        var lazy = PropertyDeclaration(name: name, isPublished: false, value: nil, declaredType: declaredType)
        lazy.computed = ComputedProperty(getter: getter, setter: setter)
        let storageName = Token(kind: .identifier(storage), offset: name.offset, length: name.length)
        let stored = PropertyDeclaration(name: storageName, isPublished: false, value: nil, declaredType: declaredType)
        return [lazy, stored]
    }

    /// The prefix of the name of the stored property that keeps a lazy property's value once made.
    static let lazyStoragePrefix = "#lazy "
}

extension PropertyDeclaration {
    /// Whether it keeps a `lazy var`'s value, which the class's listing leaves out.
    var isLazyStorage: Bool { name.display.hasPrefix(Parser.lazyStoragePrefix) }
}
