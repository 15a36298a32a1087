extension Interpreter {
    /// Runs the statements of a `Task { ... }` in order, each as a statement of its own (`line` is the
    /// line the `Task` starts on); stops at the first that fails, and says whether all succeeded. The
    /// constants and variables its body declares are its own, as a closure's are: they are forgotten
    /// when it ends (what it subscribed stays), so that another `Task` may declare them again.
    ///
    /// A `for await` loop over a publisher that has not finished holds the task, as Swift's does: the
    /// statements after it run once the publisher finishes (after the line that finished it).
    func run(_ task: TaskBlock, file: String?, line: Int) -> Bool {
        var reader = StatementReader(mode: .lookahead)
        let pieces = reader.read(lines: task.body) + reader.finish()
        return resumeTask(pieces[...], declared: [], file: file, line: line + task.firstLine)
    }

    /// The rest of a task, from `pieces` on; `declared` are the values its earlier statements named.
    func resumeTask(
        _ pieces: ArraySlice<StatementReader.Piece>, declared: [String], file: String?, line: Int
    ) -> Bool {
        var declared = declared
        var rest = pieces
        defer { forgetTaskValues(declared) }
        while let piece = rest.popFirst() {
            if let awaited = AwaitedValue(piece.text),
                let ran = runAwait(awaited, rest: rest, declared: declared, file: file, line: line)
            {
                // The value, when it arrives, is declared with the task's other values, which go with it.
                declared = []
                return ran
            }
            let before = Set(order)
            startedLoop = nil
            let succeeded = run(piece, file: file, line: line + piece.line)
            declared += order.filter { !before.contains($0) }
            guard succeeded else { return false }
            if let loop = startedLoop, case .sink(let sink)? = entries[loop], sink.isLive, !rest.isEmpty {
                // Swift's task waits in the loop until the publisher finishes; what follows runs then.
                let remaining = rest
                let names = declared
                waitingTasks[loop] = { [weak self] in
                    _ = self?.resumeTask(remaining, declared: names, file: file, line: line)
                }
                declared = []
                return true
            }
        }
        return true
    }

    /// The `for await` loop `loop` ended: the task waiting in it goes on, on the main queue (after
    /// the line that finished the publisher, as a task resumes on its executor).
    func loopFinished(_ loop: String) {
        guard let resume = waitingTasks.removeValue(forKey: loop) else { return }
        let work = UncheckedTaskWork(resume)
        scheduler.runOnMainQueue { work.run() }
    }

    /// `break` in the `for await` loop `loop`: its subscription is cancelled, as leaving Swift's loop
    /// cancels the iteration, and a task waiting in it goes on.
    func breakLoop(_ loop: String) {
        if case .sink(let sink)? = entries[loop] { sink.cancel() }
        loopFinished(loop)
    }

    /// Forgets the constants and variables a task named (its subscriptions stay).
    private func forgetTaskValues(_ names: [String]) {
        for name in names {
            guard case .value? = entries[name] else { continue }
            _ = self.names.remove(name)
            recorder.record(.dropped(name: name))
        }
    }
}

/// The rest of a task, handed to the main queue: it runs on the thread that runs the session's lines.
private struct UncheckedTaskWork: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
