extension Interpreter {
    /// Runs the statements of a `Task { ... }` in order, each as a statement of its own (`line` is the
    /// line the `Task` starts on); stops at the first that fails, and says whether all succeeded. The
    /// constants and variables its body declares are its own, as a closure's are: they are forgotten
    /// when it ends (what it subscribed stays), so that another `Task` may declare them again.
    func run(_ task: TaskBlock, file: String?, line: Int) -> Bool {
        let before = Set(order)
        defer {
            for name in order where !before.contains(name) {
                guard case .value? = entries[name] else { continue }
                _ = names.remove(name)
                recorder.record(.dropped(name: name))
            }
        }
        var reader = StatementReader(mode: .lookahead)
        for piece in reader.read(lines: task.body) + reader.finish() {
            guard run(piece, file: file, line: line + task.firstLine + piece.line) else { return false }
        }
        return true
    }
}
