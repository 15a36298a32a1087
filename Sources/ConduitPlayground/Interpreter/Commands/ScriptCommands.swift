import Foundation

/// The commands of scripts and of the session as a whole: `load` a script, `reset` every name,
/// `quit`, and `import` for Swift code pasted with its imports.
enum ScriptCommands {
    /// The modules whose names the playground has: importing them changes nothing.
    static let modulesHere: Set<String> = ["Combine", "Conduit", "Foundation", "Dispatch", "OpenCombine"]

    static let all: [CommandSpec] = [
        CommandSpec(
            "import", usage: "import MODULE",
            summary: "accepted, for Swift code pasted with its imports: Combine's names are always here",
            example: "import Combine", arguments: [.newName]
        ) { parser, word in
            guard let module = parser.current.identifier else {
                throw SyntaxError("`import` needs a module name, for example `import Combine`", at: parser.current)
            }
            parser.advance()
            return Statement(word.display) { session in
                guard !ScriptCommands.modulesHere.contains(module) else { return }
                session.info("\(module) is not part of the playground: its names are unknown here "
                    + "(Combine's and Foundation's publishers are)")
            }
        },
        CommandSpec(
            "typealias", usage: "typealias NAME = TYPE",
            summary: "accepted, for Swift code pasted with its type aliases: values here carry their own types, "
                + "so a type written with the alias is read as Swift reads it",
            example: "typealias Handler = (Int) -> Void", arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "typealias")
            try parser.expectSymbol("=", "write `typealias \(name.display) = TYPE`, such as `(Int) -> Void`")
            guard parser.current.kind != .end, !parser.current.isSymbol(";") else {
                throw SyntaxError("`typealias \(name.display) =` needs a type, such as `(Int) -> Void`",
                    at: parser.current)
            }
            let written = try parser.skipType()
            try parser.expectEnd()
            return Statement(word.display) { session in
                session.info("typealias \(name.display) = \(written)")
            }
        },
        CommandSpec(
            "load", usage: "load FILE", summary: "runs the lines of a script file in this session",
            example: "load scripts/examples/first-pipeline.conduit", arguments: [.file],
            freeText: { path in Statement("load") { session in try session.load(path) } }
        ) { parser, word in
            guard parser.current.kind != .end else {
                throw SyntaxError(
                    "`load` needs a file name, for example `load scripts/examples/first-pipeline.conduit`",
                    at: parser.current
                )
            }
            var path = ""
            if case .string(let quoted) = parser.current.kind {
                parser.advance()
                path = quoted
            } else {
                path = parser.restOfLine() ?? ""
            }
            return Statement(word.display) { [path] session in try session.load(path) }
        },
        CommandSpec(
            "reset", usage: "reset", summary: "cancels every sink, forgets every name and starts the clock at 0",
            example: "reset"
        ) { _, word in
            Statement(word.display) { session in
                session.reset()
                session.info("reset: every name is gone")
            }
        },
        CommandSpec(
            "quit", aliases: ["exit"], usage: "quit (or exit)", summary: "leaves the playground",
            example: "quit"
        ) { _, word in
            Statement("quit") { session in session.isFinished = true }
        },
    ]
}

extension Interpreter {
    /// `load FILE`: runs the script's lines in this session, as if typed; its first error is
    /// this statement's error.
    func load(_ path: String) throws {
        let location = SyntaxError("", offset: 5, length: path.count)
        func failure(_ message: String) -> SyntaxError {
            SyntaxError(message, offset: location.offset, length: location.length)
        }
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if let first = loading.firstIndex(of: canonical) {
            guard first < loading.count - 1 else {
                throw failure("`\(path)` is already being loaded: a script cannot load itself")
            }
            let circle = (loading[first...] + [canonical]).map { URL(fileURLWithPath: $0).lastPathComponent }
            throw failure(
                "`\(path)` is already being loaded: scripts cannot load each other in a circle "
                    + "(\(circle.joined(separator: " → ")))"
            )
        }
        guard loading.count < 8 else {
            throw SyntaxError("`load` is nested more than 8 deep", offset: 0, length: 4)
        }
        let text: String
        do {
            text = try ScriptFile.read(path)
        } catch .missing {
            let here = FileManager.default.currentDirectoryPath
            throw failure("there is no file `\(path)` (relative paths start at \(here))")
        } catch .directory {
            throw failure(
                "`\(path)` is a directory; `load` takes a script file such as `scripts/examples/first-pipeline.conduit`"
            )
        } catch {
            throw failure("`\(path)` \(error)")
        }
        loading.append(canonical)
        defer { loading.removeLast() }
        let saved = outputLock.withLock { collected }
        let report = ScriptRunner.run(text: text, path: path, session: self, check: false)
        outputLock.withLock { collected = (saved ?? []) + report.output }
        if let first = report.failures.first {
            throw failure("\(first.message) (in \(path):\(first.line))")
        }
        info("loaded \(path)")
    }
}
