/// One statement, as parsed from a line: the command it runs, the name it defines and the
/// pipeline it ends with (if any), and its execution with the arguments the parser read.
struct Statement {
    /// The command word (`sink`, `send`, ...), as its `CommandSpec` names it.
    let command: String
    /// The name a definition (`subject`, `current`, `let`, `sink`) makes.
    var defines: Token?
    /// The pipeline a `let` or `sink` ends with: a line starting with `.` continues it.
    var pipeline: PipelineSyntax?
    /// Carries the statement out in a session; throws what went wrong without changing anything
    /// when it can.
    let run: (Interpreter) throws -> Void

    init(
        _ command: String, defines: Token? = nil, pipeline: PipelineSyntax? = nil,
        run: @escaping (Interpreter) throws -> Void
    ) {
        self.command = command
        self.defines = defines
        self.pipeline = pipeline
        self.run = run
    }
}
