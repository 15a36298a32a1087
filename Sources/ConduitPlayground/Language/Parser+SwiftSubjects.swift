/// A subject constructed as Swift writes it: `PassthroughSubject<String, Never>()` or
/// `CurrentValueSubject<Bool, Never>(true)`.
enum SwiftSubject {
    /// `types` is what is written between `<` and `>` (`String, Never`), if anything is.
    case passthrough(types: String?)
    case current(Expression, types: String?)
}

extension Parser {
    /// Reads `Set<AnyCancellable>()` or `[AnyCancellable]()` (or `[]` and `Set()` after a declared
    /// type naming `AnyCancellable`) up to the end of the statement: the store Swift code keeps
    /// subscriptions in. Says whether it was one, reading nothing if not.
    mutating func skipCancellableStore(declaredType: String) -> Bool {
        let start = position
        guard skipCancellableStoreValue(declaredType: declaredType), current.kind == .end || current.isSymbol(";")
        else {
            position = start
            return false
        }
        return true
    }

    /// Reads `Set<AnyCancellable>()`, `[AnyCancellable]()` (or `[]` and `Set()` after a declared type
    /// naming `AnyCancellable`) wherever it stands, as a property's first value in a class body; says
    /// whether it was one, reading nothing if not.
    mutating func skipCancellableStoreValue(declaredType: String) -> Bool {
        let start = position
        if declaredType.contains("AnyCancellable"), current.isSymbol("[") && peek(1).isSymbol("]")
            || current.identifier == "Set" && peek(1).isSymbol("(") && peek(2).isSymbol(")")
        {
            while !current.isSymbol("]"), !current.isSymbol(")") { advance() }
            advance()
        } else {
            guard (current.identifier == "Set" && peek(1).isSymbol("<")) || current.isSymbol("["),
                  (try? skipType()) != nil, tokens[position - 1].isSymbol(">") || tokens[position - 1].isSymbol("]"),
                  source_text(tokens[start].offset, tokens[position - 1].offset).contains("AnyCancellable"),
                  current.isSymbol("("), peek(1).isSymbol(")")
            else {
                position = start
                return false
            }
            advance()
            advance()
        }
        return true
    }
}
