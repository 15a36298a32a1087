/// A class's `deinit { ... }`, read as a method named `deinit` with the object as `self`, which runs
/// when the last variable holding the object lets go of it (`b = nil`).
extension Parser {
    /// `deinit { BODY }` at the current token, in a class's body (a struct has none, as in Swift).
    mutating func deinitialiserBody(members: Set<String>) throws -> MethodDeclaration? {
        guard !readingStruct, current.identifier == "deinit" else { return nil }
        let keyword = current
        let start = position
        advance()
        defer { position = start }
        let body = try memberBody(parameters: ["self": 0], members: members, of: "deinit")
        return MethodDeclaration(name: keyword, parameters: [], body: body)
    }
}
