import SwiftSyntax

/// Array and dictionary literals (`[1, 2]`, `["ana": 1, "bo": 2]`, `[:]`) as Swift's parser reads them:
/// whether the brackets hold an array or a dictionary, its elements and where it ends are the tree's
/// `ArrayExprSyntax` or `DictionaryExprSyntax`; each element is read there by the parser's readings and
/// must end where Swift ends it. Kept out of `primary`, which recurses for every level of nesting.
extension Parser {
    /// What an array or dictionary literal may hold, for messages about one that holds something else.
    static let collectionUsage = "an array reads `[1, 2]`, a dictionary `[\"ana\": 1, \"bo\": 2]` (`[:]` when empty)"

    /// At `[`: the array, or the dictionary (a record of its keys' fields), Swift's parser
    /// reads there; `[Int]()` and `[String: Int](...)`, Swift's initialisers, are read as those. Moves
    /// past the `]`.
    @inline(never)
    mutating func collectionLiteral() throws -> Expression {
        let open = current
        guard treeCache.tree(text: text, tokens: tokens) != nil else {
            // Text Swift's parser is not given (longer than 64 KB, `[` nested more than 12 deep, data rather
            // than a statement anyone writes): an array of values up to its `]`.
            advance()
            return .array(try list(until: "]", what: "the array") { try $0.expression() })
        }
        guard let (tree, literal) = try swiftNode(at: open, { token -> Syntax? in
            guard let parent = token.parent else { return nil }
            if let array = parent.as(ArrayExprSyntax.self), array.leftSquare.id == token.id { return parent }
            if let dictionary = parent.as(DictionaryExprSyntax.self), dictionary.leftSquare.id == token.id {
                return parent
            }
            return nil
        }) else {
            throw SyntaxError("Swift reads no array or dictionary at this `[`; " + Parser.collectionUsage, at: open)
        }
        if let call = literal.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == literal.id,
            let made = try collectionInitialiser()
        {
            // `[Int]()`, `[[Int]]()`, `[String: Int](...)`: the brackets Swift calls are a type's.
            return made
        }
        if Parser.hasOwnError(literal) { throw ownError(in: literal, of: tree, hint: Parser.collectionUsage) }
        let value: Expression
        if let array = literal.as(ArrayExprSyntax.self) {
            var items: [Expression] = []
            for element in array.elements {
                let item = try read(element.expression, in: tree, as: "an element of the array") { try $0.expression() }
                items.append(item)
            }
            value = .array(items)
        } else if let dictionary = literal.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        {
            var fields: [(Expression, Expression)] = []
            for element in elements { fields.append(try dictionaryEntry(element, in: tree)) }
            value = .dictionary(fields)
        } else {
            // `[:]`, Swift's empty dictionary.
            value = .dictionary([])
        }
        moveToToken(atOrAfter: tree.offset(of: literal.endPositionBeforeTrailingTrivia))
        return value
    }

    /// One `key: value` of a dictionary literal, each read by the parser's readings where Swift's tree
    /// has them (a key may be a string, a number, a boolean or an enumeration's case, as Swift's
    /// `Hashable` keys are).
    private mutating func dictionaryEntry(
        _ element: DictionaryElementSyntax, in tree: SwiftTree
    ) throws -> (Expression, Expression) {
        let key = try read(element.key, in: tree, as: "the dictionary's key") { try $0.expression() }
        return (key, try read(element.value, in: tree, as: "the dictionary's value") { try $0.expression() })
    }
}
