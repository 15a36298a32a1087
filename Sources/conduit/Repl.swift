import ConduitPlayground

/// The interactive loop: reads lines with the line editor (or plainly when there is no terminal
/// to edit on), joins continuation lines while the session says the input is incomplete, evaluates
/// each complete input and prints what it produced.
struct Repl {
    static let banner = "Conduit \(Version.short) playground. `help` lists commands, `help operators` the operators, `help NAME` explains one; Tab completes, `quit` leaves.\n"

    let session: Session
    let console: Console

    /// Runs with the line editor; falls back to plain reading if libedit cannot start.
    func runEditing() -> Int32 {
        guard let editor = LineEditor(historyPath: HistoryLocation.path(), historySize: HistoryLocation.size) else {
            return runPlain(prompting: true)
        }
        let output = AsyncOutput(console: console, waker: editor.waker)
        session.asynchronousOutput = { record in output.post(record) }
        editor.onWake = { [unowned editor] in
            output.drain { text in editor.printAbove(text) }
        }
        let session = self.session
        editor.completer = { line, cursor in session.completions(for: line, cursor: cursor) }
        defer { session.asynchronousOutput = nil }

        console.write(Repl.banner)
        let prompt = console.styled("»", "1;35") + " "
        let continuation = console.styled("…", "2") + " "
        var pending = ""
        while !session.isFinished {
            editor.prompt = pending.isEmpty ? prompt : continuation
            output.beginEditing()
            let input = editor.read()
            output.endEditing()
            switch input {
            case .endOfInput:
                console.write("\n")
                return ExitStatus.success
            case .interrupted:
                pending = ""
            case .line(let line):
                editor.remember(line)
                let source = pending.isEmpty ? line : pending + "\n" + line
                if session.needsContinuation(source) {
                    pending = source
                    continue
                }
                pending = ""
                console.write(session.evaluate(source))
            }
        }
        return ExitStatus.success
    }

    /// Reads lines without editing: with a plain prompt on a terminal that cannot edit
    /// (`TERM=dumb`, output redirected), or silently from a pipe or file, as a script.
    func runPlain(prompting: Bool) -> Int32 {
        session.asynchronousOutput = { [console] record in console.write([record]) }
        defer { session.asynchronousOutput = nil }
        if prompting { console.write(Repl.banner, to: .error) }
        var pending = ""
        var pendingLine = 1
        var lineNumber = 0
        var failed = false
        while !session.isFinished {
            // Prompts go to standard error so that redirected output holds only results.
            if prompting { console.write(pending.isEmpty ? "» " : "… ", to: .error) }
            guard let line = readLine(strippingNewline: true) else { break }
            lineNumber += 1
            if pending.isEmpty { pendingLine = lineNumber }
            let source = pending.isEmpty ? line : pending + "\n" + line
            if session.needsContinuation(source) {
                pending = source
                continue
            }
            pending = ""
            let records = session.evaluate(source, file: prompting ? nil : "<stdin>", line: pendingLine)
            if prompting {
                console.write(records)
                continue
            }
            for record in records {
                if record.kind == .error {
                    failed = true
                    console.write(ScriptOutput.located(file: "<stdin>", line: pendingLine, message: record.text), to: .error)
                } else {
                    console.write([record])
                }
            }
            if failed { break }
        }
        if !pending.isEmpty && !prompting {
            console.write(ScriptOutput.located(file: "<stdin>", line: pendingLine, message: "incomplete input at the end"), to: .error)
            failed = true
        }
        if prompting { console.write("\n", to: .error) }
        return failed ? ExitStatus.scriptFailure : ExitStatus.success
    }
}
