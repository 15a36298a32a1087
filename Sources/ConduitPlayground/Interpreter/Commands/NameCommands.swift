/// The commands about names themselves: `drop` frees one.
enum NameCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "drop", usage: "drop NAME",
            summary: "frees a name (a sink is cancelled first) and says what read it; refused while a live "
                + "sink reads it",
            example: "drop out", arguments: [.anyName]
        ) { parser, word in
            let name = try parser.existingName(after: "drop", usage: "drop NAME")
            return Statement(word.display) { session in try session.drop(name) }
        },
    ]
}

extension Interpreter {
    /// `drop NAME`: forgets the name, unless a live sink reads it or it is a connected pipeline.
    /// What read it keeps what it was built with.
    func drop(_ name: Token) throws {
        let key = name.display
        guard let entry = entries[key] else {
            if dropType(name) { return }
            throw unknown(name, expected: "name")
        }
        if case .sink(let sink) = entry, sink.isLive {
            sink.cancel()
            info("\(key) cancelled")
        } else {
            let users = liveSinks(of: key)
            guard users.isEmpty else {
                throw SyntaxError(
                    "cannot drop `\(key)`: live \(Interpreter.list(users, one: "sink", many: "sinks")) "
                        + "\(users.count == 1 ? "reads" : "read") it; cancel \(users.count == 1 ? "it" : "them") first",
                    at: name
                )
            }
            if let connection = connections[key], connection.isConnected {
                throw SyntaxError("cannot drop `\(key)`: it is connected; `cancel \(key)` disconnects it", at: name)
            }
        }
        let readers = names.dependents(of: key)
        connections.removeValue(forKey: key)?.disconnect()
        names.remove(key)
        recorder.record(.dropped(name: key))
        if lastStatement?.pipelineName == key { lastStatement = nil }
        guard !readers.isEmpty else {
            info("dropped \(key)")
            return
        }
        let quoted = Interpreter.list(readers, one: "", many: "").trimmingWhitespace()
        info(
            "dropped \(key); \(quoted) \(readers.count == 1 ? "reads" : "read") it and "
                + "\(readers.count == 1 ? "keeps" : "keep") what \(readers.count == 1 ? "it was" : "they were") made "
                    + "with"
        )
    }
}
