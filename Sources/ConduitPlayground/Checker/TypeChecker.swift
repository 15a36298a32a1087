/// The static type checker: Swift's types for expressions, closures and pipelines, and Swift's
/// type errors before anything runs. It reads the session's names and declared classes and never
/// changes them, so a statement it refuses leaves the session as it was.
struct TypeChecker {
    /// What each name of the session stands for, as the statement being checked sees it.
    let entries: [String: Interpreter.Entry]
    /// The classes declared with `class NAME { ... }`, by name: their properties' declared types.
    let classes: [String: ObjectClass]
    /// Swift's types the session extended (`extension String { func shout() ... }`), by name: members
    /// Swift's own lists lack that their values have.
    var extendedSwiftTypes: [String: ObjectClass] = [:]
    /// The error for a pipeline that starts from `token`, a name that is no publisher: the
    /// interpreter's own message, with its suggestions.
    let unknownPublisher: (Token) -> any Error
}
