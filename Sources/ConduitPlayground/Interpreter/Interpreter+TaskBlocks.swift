extension Interpreter {
    /// Runs the statements of a `Task { ... }` in order, each as a statement of its own (`line` is the
    /// line the `Task` starts on); stops at the first that fails, and says whether all succeeded.
    func run(_ task: TaskBlock, file: String?, line: Int) -> Bool {
        var reader = StatementReader(mode: .lookahead)
        for piece in reader.read(lines: task.body) + reader.finish() {
            guard run(piece, file: file, line: line + task.firstLine + piece.line) else { return false }
        }
        return true
    }
}
