/// A class's `lazy var` whose first value a closure makes (`lazy var data: [Int] = { print("Loading");
/// return [1, 2, 3] }()`), as Swift runs it: the closure runs the first time the property is read,
/// not when the object is made, and the value is kept from then on.
extension Parser {
    /// The prefix of the name of the stored property that keeps a lazy property's value once made.
    static let lazyStoragePrefix = "#lazy "

    /// `lazy var NAME[: TYPE] = { ... }()` in a class's body: the property, read through a getter that
    /// makes its value once, and the stored property that keeps it; nil (reading nothing) otherwise.
    mutating func lazyClosureProperty(members: Set<String>) throws -> [PropertyDeclaration]? {
        guard !readingStruct else { return nil }
        var ahead = 0
        var isLazy = false
        let modifiers: Set<String> = ["lazy", "private", "fileprivate", "public", "internal"]
        while let word = peek(ahead).identifier, modifiers.contains(word) {
            isLazy = isLazy || word == "lazy"
            ahead += 1
        }
        guard isLazy, peek(ahead).identifier == "var", peek(ahead + 1).identifier != nil else { return nil }
        let start = position
        for _ in 0...ahead { advance() }
        let name = current
        advance()
        var declaredType: String?
        if current.isSymbol(":") {
            advance()
            declaredType = try skipType()
        }
        guard current.isSymbol("="), peek(1).isSymbol("{"), !(declaredType?.contains("->") ?? false) else {
            position = start
            return nil
        }
        advance()
        let property = name.display
        let made = try memberBody(parameters: ["self": 0], members: members, of: "the first value of `\(property)`")
        guard current.isSymbol("("), peek(1).isSymbol(")") else {
            throw SyntaxError("a `lazy var` made by a closure calls it: write `lazy var \(property) = { ... }()`",
                at: current)
        }
        advance()
        advance()
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
}

extension PropertyDeclaration {
    /// Whether it keeps a `lazy var`'s value, which the class's listing leaves out.
    var isLazyStorage: Bool { name.display.hasPrefix(Parser.lazyStoragePrefix) }
}
