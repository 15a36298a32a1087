/// `let (code, message) = response`, `var (a, b) = (1, 2)`: Swift's declaration of several names
/// from the elements of one tuple (`_` leaves an element aside). The value is made once; each name
/// is then declared with its element, as `let NAME = VALUE` declares one.
extension Parser {
    /// Reads the value of `let (NAME, NAME...) = VALUE` (or `var`, `word`) whose names Swift's parser read
    /// (`declarationHead`), nil for `_`: the parser is at the value.
    mutating func tupleDeclaration(_ word: Token, names: [Token?]) throws -> Statement {
        let command = word.display
        let first = current
        let expression = try valueExpression()
        try expectEnd()
        let isConstant = command == "let"
        return Statement(command) { session in
            let type = session.checker.type(of: expression, arguments: [])
            if let message = Parser.patternMismatch(names: names.count, value: type) {
                throw SyntaxError(message, at: first)
            }
            let value = try session.located(at: first) { try session.bind(expression).evaluate([]) }
            guard let items = value.tupleItems, items.count == names.count else {
                throw SyntaxError(
                    "cannot destructure \(value.kindName) \(value) into \(names.count) names: "
                        + "`\(command) (...)` takes a tuple of \(names.count) elements", at: first)
            }
            for (index, name) in names.enumerated() {
                guard let name else { continue }
                var element: ValueType?
                if case .tuple(let types, _) = type, types.indices.contains(index) { element = types[index] }
                try session.defineValue(name, items[index], isConstant: isConstant, staticType: element)
            }
        }
    }
}

extension Parser {
    /// Swift's refusal of a tuple pattern of `names` names for a value of type `value`, found before
    /// anything runs: a tuple of another length (`let (a, b) = (1, 2, 3)`), or a value that is surely
    /// no tuple (`let (a, b) = 5`); nil when it fits or the type is not known well enough to say.
    static func patternMismatch(names: Int, value: ValueType) -> String? {
        switch value {
        case .tuple(let items, _) where items.count != names:
            // swiftc spells the pattern with the value's types where it has them (`(Int, String, _)`).
            let pattern = (0..<names).map { $0 < items.count ? items[$0].swiftName : "_" }
            return "'\(value.swiftName)' is not convertible to '(\(pattern.joined(separator: ", ")))', tuples have a "
                + "different number of elements"
        case .tuple, .optional, .void:
            return nil
        default:
            guard value.isKnownPlainType else { return nil }
            let pattern = Array(repeating: "_", count: names).joined(separator: ", ")
            return "cannot convert value of type '\(value.swiftName)' to specified type '(\(pattern))'"
        }
    }
}
