import Conduit
import ConduitInstrumentation
import Foundation

/// Making names and looking them up: what `let`, `subject` and `sink` define, whether a name may be
/// made again, and the entry a command's name must be.
extension Interpreter {
    /// Makes `name` stand for `entry`. A sink is given the pipeline it was written with (a
    /// pipeline's is in its entry); what that reads is recorded. A name may be made again when
    /// what it named is no longer in use (`checkRedefinable`).
    /// `alsoReads`: names read besides the pipeline's (what a sink's own closure reads).
    func define(_ name: Token, as entry: Entry, syntax: PipelineSyntax? = nil, alsoReads: [String] = []) throws {
        try checkRedefinable(name)
        let key = name.display
        if entries[key] != nil {
            connections.removeValue(forKey: key)?.disconnect()
        }
        var written = syntax
        if case .pipeline(let pipeline) = entry { written = pipeline.syntax }
        let reads = (written?.namesRead ?? []) + alsoReads.filter { !(written?.namesRead ?? []).contains($0) }
        names.define(key, as: entry, reads: reads, syntax: written)
        recorder.record(.defined(name: key, entity: entry.kindName))
    }

    /// Throws unless `name` is free, or names what nobody uses any more: a sink that is cancelled,
    /// finished or failed, or a pipeline no live sink reads and not connected.
    func checkRedefinable(_ name: Token) throws {
        let key = name.display
        guard let existing = entries[key] else { return }
        switch existing {
        case .sink(let sink):
            if !sink.isLive { return }
            throw SyntaxError(
                "`\(key)` is a live sink; `cancel \(key)` (or `drop \(key)`) first, or choose another name", at: name
            )
        case .pipeline:
            if let connection = connections[key], connection.isConnected {
                throw SyntaxError("`\(key)` is a connected pipeline; `cancel \(key)` disconnects it first", at: name)
            }
            let users = liveSinks(of: key)
            if users.isEmpty { return }
            throw SyntaxError(
                "`\(key)` is read by live \(Interpreter.list(users, one: "sink", many: "sinks")); cancel "
                    + "\(users.count == 1 ? "it" : "them") first, or choose another name",
                at: name
            )
        case .value(let named):
            let assign = named.isConstant ? "" : ", or assign it: `\(key) = VALUE`"
            throw SyntaxError(
                "invalid redeclaration of `\(key)`: it is already `\(named.summary(named: key))`; choose another name"
                    + "\(assign), or `drop \(key)` first",
                at: name)
        case .function:
            // As in Swift's REPL, a function may be declared again; what was made with the old one keeps it.
            return
        default:
            throw SyntaxError(
                "`\(key)` already names a \(existing.kindName); choose another name, or `drop \(key)` first", at: name
            )
        }
    }

    /// The live sinks that read `name`, directly or through pipelines, in the order made.
    func liveSinks(of name: String) -> [String] {
        order.filter { sinkName in
            guard case .sink(let sink)? = entries[sinkName], sink.isLive else { return false }
            return names.reads(sinkName, from: name)
        }
    }

    /// `` `a` ``, `` `a` and `b` `` or `` `a`, `b` and `c` ``, after "sink" or "sinks".
    static func list(_ names: [String], one: String, many: String) -> String {
        let quoted = names.map { "`\($0)`" }
        guard let last = quoted.last else { return many }
        if quoted.count == 1 { return "\(one) \(last)" }
        return "\(many) " + quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    func constant(_ expression: Expression, at token: Token) throws -> Value {
        let expression = try bind(expression)
        do {
            return try expression.evaluate([])
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, offset: token.offset + token.length + 1, length: 1)
        }
    }

    func unknown(_ name: Token, expected: String) -> SyntaxError {
        let hint = Suggestion.closest(to: name.display, in: order).map { "; did you mean `\($0)`?" }
            ?? (order.isEmpty ? "; nothing has been made yet (try `subject NAME`)" : "; known names: "
                + "\(order.joined(separator: ", "))")
        return SyntaxError("unknown \(expected) `\(name.display)`\(hint)", at: name)
    }

    func subjectEntry(_ name: Token, for command: String) throws -> SubjectEntry {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject") }
        guard case .subject(let subject) = entry else {
            throw SyntaxError("`\(command)` works on subjects, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return subject
    }

    func sinkEntry(_ name: Token, for command: String) throws -> PlaygroundSink {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "sink") }
        guard case .sink(let sink) = entry else {
            throw SyntaxError("`\(command)` works on sinks, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return sink
    }
}
