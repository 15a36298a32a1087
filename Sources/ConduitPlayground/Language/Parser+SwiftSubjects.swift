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
}
