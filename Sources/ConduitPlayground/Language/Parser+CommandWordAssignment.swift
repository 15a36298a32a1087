/// `current = node.next`, `count += 1` where the name is also a playground command's word: Swift code
/// that sets a variable of that name. Which it is depends on the session: with no such name, the
/// line is the command missing its name (`sink = n`), and says so.
extension Parser {
    /// The assignment to the variable `first` names, or (when the session has no such name) the
    /// command `spec`'s own error.
    mutating func commandWordAssignment(_ spec: CommandSpec, at first: Token) throws -> Statement {
        var asCommand = self
        asCommand.advance()
        var commandError: Error?
        do {
            _ = try spec.parse(&asCommand, first)
        } catch {
            commandError = error
        }
        let assignment = try ObjectCommands.expressionStatement(&self)
        let word = first.display
        return Statement(assignment.command, defines: assignment.defines, pipeline: assignment.pipeline) { session in
            if session.entries[word] == nil, let commandError { throw commandError }
            try assignment.run(session)
        }
    }
}
