import ConduitPlayground
import Synchronization

/// The interactive loop: reads lines with the line editor (or plainly when there is no terminal
/// to edit on), joins continuation lines while the session says the input is incomplete, evaluates
/// each complete input and prints what it produced.
struct Repl {
    static let banner = "Conduit \(Version.short) playground. `help` lists commands, `help operators` the "
        + "operators, `help NAME` explains one, `tour` walks through the basics; Tab completes, `quit` leaves.\n"

    let session: Session
    let console: Console
    /// The live page's feed under `conduit serve`: every evaluated statement goes to it too.
    var live: (any LiveTranscript)? = nil

    /// Runs with the line editor; falls back to plain reading if libedit cannot start.
    func runEditing() -> Int32 {
        guard let editor = LineEditor(historyPath: HistoryLocation.path(), historySize: HistoryLocation.size) else {
            return runPlain(prompting: true)
        }
        let output = AsyncOutput(console: console, waker: editor.waker)
        let live = self.live
        session.asynchronousOutput = { record in
            output.post(record)
            live?.recordAsynchronous(record)
        }
        editor.onWake = { [unowned editor] in
            output.drain { text in editor.printAbove(text) }
        }
        let session = self.session
        // Ctrl-C stops a running line: the signal handler only sets a flag, which the session
        // asks about at each value delivered and between scheduled actions.
        let evaluating = Atomic<Bool>(false)
        session.setInterruptCheck { evaluating.load(ordering: .acquiring) && LineEditor.interruptPending }
        defer { session.setInterruptCheck(nil) }
        editor.completer = { line, cursor in session.completions(for: line, cursor: cursor) }
        defer { session.asynchronousOutput = nil }

        console.write(Repl.banner + (session.tourResumeHint.map { $0 + "\n" } ?? ""))
        let prompt = console.styled("»", "1;35") + " "
        let continuation = console.styled("…", "2") + " "
        editor.dotPrompt = continuation
        // A whole statement runs at the end of its line, unless more input is already waiting (a
        // paste): then the next line shows whether it continues the statement (`.map` on the next
        // line), and the pasted block is one entry of the history.
        var reader = StatementReader(mode: .lookahead)
        var pendingLines: [String] = []
        func evaluate(_ pieces: [StatementReader.Piece]) {
            for (index, piece) in pieces.enumerated() where !session.isFinished {
                _ = LineEditor.takeInterrupt()
                session.outputWidth = editor.columns
                // The line's output is written while it runs, and Ctrl-C cuts a flood of it short.
                let lineOutput = LineOutput(console: console) { LineEditor.interruptPending }
                session.streamedOutput = { lineOutput.add($0) }
                evaluating.store(true, ordering: .releasing)
                // A pasted block is a program's top-level code: its main-queue work runs after it.
                let last = index == pieces.count - 1 && !LineEditor.hasPendingInput()
                let records = session.evaluate(piece, turnsRunLoop: last)
                evaluating.store(false, ordering: .releasing)
                session.streamedOutput = nil
                lineOutput.finish()
                _ = LineEditor.takeInterrupt()
                live?.record(input: piece.text, records: records, session: session)
            }
        }
        /// Reads `lines` (one typed line, or a pasted block) and runs the statements they finish; a
        /// statement that is complete is one entry of the history, however many lines it took.
        func accept(_ lines: [String]) {
            pendingLines += lines
            var pieces: [StatementReader.Piece] = []
            for line in lines { pieces += reader.read(line) }
            if reader.isHolding, !LineEditor.hasPendingInput() { pieces += reader.release() }
            if !reader.isWaiting, !reader.isHolding {
                editor.remember(pendingLines)
                pendingLines = []
            }
            evaluate(pieces)
            live?.flush(session)
        }
        while !session.isFinished {
            editor.prompt = reader.isWaiting ? continuation : prompt
            editor.continuesStatement = reader.isWaiting || reader.isHolding
            output.beginEditing()
            let input = editor.read()
            output.endEditing()
            switch input {
            case .endOfInput:
                evaluate(reader.release())
                console.write("\n")
                return ExitStatus.success
            case .failed(let reason):
                console.write("\n")
                console.write("conduit: cannot read the terminal: \(reason)\n", to: .error)
                return ExitStatus.inputFailure
            case .interrupted:
                // An abandoned statement leaves nothing in the history.
                reader.discard()
                pendingLines = []
            case .line(let line):
                accept([line])
            case .pasted(let line, let more):
                // The editor showed the first line; the others are shown as read, after the
                // continuation prompt. The whole block is read before anything of it runs.
                console.write(more.map { continuation + $0 + "\n" }.joined())
                accept([line] + more)
            }
        }
        return ExitStatus.success
    }

    /// Reads lines without editing: with a plain prompt on a terminal that cannot edit
    /// (`TERM=dumb`, output redirected), or silently from a pipe or file, as a script.
    func runPlain(prompting: Bool) -> Int32 {
        session.outputWidth = Terminal.columns ?? 80
        session.asynchronousOutput = { [console] record in console.write([record]) }
        defer { session.asynchronousOutput = nil }
        if prompting { console.write(Repl.banner, to: .error) }
        // At a prompt each statement runs at the end of its line; from a pipe or file, the reader
        // looks ahead one line for a `.` continuation, as scripts do, but only at a line that has
        // already arrived: a statement whose next line is not there yet runs at once.
        var reader = StatementReader(mode: prompting ? .interactive : .lookahead)
        var input = InputLines()
        var failed = false
        var finished = false
        var linesRead = 0
        func run(_ pieces: [StatementReader.Piece]) {
            for piece in pieces where !failed && !session.isFinished {
                let records = session.evaluate(piece, file: prompting ? nil : "<stdin>", line: piece.line + 1)
                live?.record(input: piece.text, records: records, session: session)
                write(records, line: piece.line + 1)
            }
        }
        func write(_ records: [OutputRecord], line: Int) {
            if prompting {
                console.write(records)
                return
            }
            for record in records {
                if record.kind == .error {
                    failed = true
                    let message = ScriptOutput.located(file: "<stdin>", line: line, message: record.text)
                    console.write(message, to: .error)
                } else {
                    console.write([record])
                }
            }
        }
        /// A script from a pipe is a program's top-level code: its run loop turns (the main queue's
        /// work runs) when the input pauses, for a driver waiting on its answer, and at the end.
        func turnRunLoopIfIdle(line: Int) {
            guard !prompting, !failed, !session.isFinished, !reader.isWaiting, !reader.isHolding else { return }
            write(session.turnRunLoop(), line: line)
        }
        while !session.isFinished && !failed {
            // Prompts go to standard error so that redirected output holds only results.
            if prompting { console.write(reader.isWaiting ? "… " : "» ", to: .error) }
            guard let line = input.next() else {
                finished = true
                break
            }
            linesRead += 1
            run(reader.read(line))
            if !prompting, !input.hasWaitingInput() {
                if reader.isHolding { run(reader.release()) }
                turnRunLoopIfIdle(line: linesRead)
            }
            if prompting { live?.flush(session) }
        }
        if finished {
            run(reader.finish())
            turnRunLoopIfIdle(line: linesRead)
        }
        if finished, !failed, let note = session.realTimeWorkLeft() {
            console.write([OutputRecord(kind: .info, text: note)])
        }
        live?.flush(session)
        if prompting { console.write("\n", to: .error) }
        return failed ? ExitStatus.scriptFailure : ExitStatus.success
    }
}
