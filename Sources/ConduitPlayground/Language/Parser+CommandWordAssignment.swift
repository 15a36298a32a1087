import SwiftSyntax

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

extension Parser {
    /// `load { ... }` where the session may have declared `func load(completion: @escaping () -> Void)`:
    /// the call of the function it names, given a trailing closure, when one of that name is declared
    /// when the line runs; the command otherwise. Nil (reading nothing) if the line is no such call.
    mutating func commandWordTrailingClosure(_ spec: CommandSpec, at first: Token) throws -> Statement? {
        var asCall = self
        guard let call = try? ObjectCommands.expressionStatement(&asCall), asCall.current.kind == .end else {
            return nil
        }
        var asCommand = self
        asCommand.advance()
        let command = Result { try spec.parse(&asCommand, first) }
        self = asCall
        let word = first.display
        // What the command would define, for the lines that follow (`.map` continuing its pipeline).
        let parsed = try? command.get()
        return Statement(call.command, defines: parsed?.defines, pipeline: parsed?.pipeline) { session in
            switch session.entries[word] {
            case .function?, .value?: try call.run(session)
            default: try command.get().run(session)
            }
        }
    }
}
