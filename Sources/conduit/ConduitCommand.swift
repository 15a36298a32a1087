import ArgumentParser
import ConduitPlayground
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `conduit`: the playground. With no arguments it is interactive; `-e` evaluates lines given on
/// the command line; `run` and `check` replay scripts.
@main
struct ConduitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conduit",
        abstract: "The Conduit playground: build Combine pipelines by name, send values, watch them flow.",
        usage: """
            conduit [--no-color] [--real-time] [--seed N]   (interactive)
            conduit -e LINE [-e LINE ...] [--no-color] [--real-time] [--seed N]
            conduit run FILE...
            conduit check FILE...
            conduit serve [--port N] [--host ADDR] [FILE...]   (with a live page in the browser)
            """,
        discussion: """
            With no arguments, starts the interactive playground (`help` lists its commands, \
            `help operators` its operators, `help sources` where pipelines start; Tab \
            completes). When standard input is not a terminal, its lines are read as a script.

            EXAMPLES
              conduit -e 'sink s = [1, 2, 3].publisher.map { $0 * 10 }'
              conduit -e 'help operators'
              conduit run scripts/examples/*.conduit
              conduit check scripts/examples/*.conduit

            Line editing: emacs keys, Up/Down for history, Ctrl-R to search it, Tab to complete \
            a command or a name, Ctrl-C to discard the line, Ctrl-D on an empty line to leave. \
            History is kept in ~/.conduit_history, or in the file named by CONDUIT_HISTORY \
            (empty: not kept).

            Colour is off with --no-color, a non-empty NO_COLOR, TERM=dumb, or when standard \
            output is not a terminal.

            EXIT STATUS
              0  success (every check matched)
              1  a script line failed, a check did not match, or a -e line failed
              2  usage error: unknown option, missing argument, unreadable file
              3  the terminal could not be read (interactive)
            """,
        version: Version.full,
        subcommands: [RunCommand.self, CheckCommand.self, ServeCommand.self]
    )

    @Option(name: [.customShort("e"), .customLong("eval")],
            help: ArgumentHelp("Evaluate a line, then exit (repeatable; lines share one session).",
                               valueName: "line"))
    var lines: [String] = []

    @OptionGroup var display: DisplayOptions

    mutating func run() throws {
        try ConduitCommand.start(lines: lines, noColor: display.noColor, realTime: display.realTime)
    }

    /// Evaluates `-e` lines, or (without any) runs the interactive loop; the playground's work
    /// once the arguments are known, however they were parsed.
    static func start(lines: [String], noColor: Bool, realTime: Bool) throws {
        installSharedRooms()
        let console = Console(colour: Terminal.wantsColour(noColorFlag: noColor))
        let session = Session()
        if realTime { session.setRealTime(true) }
        if !lines.isEmpty {
            session.outputWidth = Terminal.columns ?? 80
            throw CommandFailure(status: evaluate(lines, in: session, console: console), message: nil)
        }
        session.rememberTour(in: TourLocation.path())
        let repl = Repl(session: session, console: console)
        let status: Int32
        if Terminal.canEdit {
            status = repl.runEditing()
        } else {
            status = repl.runPlain(prompting: Terminal.isTerminal(STDIN_FILENO))
        }
        if status != ExitStatus.success { throw CommandFailure(status: status, message: nil) }
    }

    /// Evaluates `-e` lines in order, read as the lines of one script (a `-e` starting with `.`
    /// continues the one before, and a `-e` holding newlines gives several lines); an error is
    /// reported as `-e:N:` with N the line of that script, so it stops there.
    private static func evaluate(_ lines: [String], in session: Session, console: Console) -> Int32 {
        session.asynchronousOutput = { record in console.write([record]) }
        defer { session.asynchronousOutput = nil }
        var reader = StatementReader(mode: .lookahead)
        func run(_ pieces: [StatementReader.Piece]) -> Bool {
            for piece in pieces where !session.isFinished {
                let line = piece.line + 1
                for record in session.evaluate(piece, file: "-e", line: line) {
                    if record.kind == .error {
                        console.write(ScriptOutput.located(file: "-e", line: line, message: record.text), to: .error)
                        return false
                    }
                    console.write([record])
                }
            }
            return true
        }
        for text in lines {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard run(reader.read(line)) else { return ExitStatus.scriptFailure }
            }
            if session.isFinished { return ExitStatus.success }
        }
        guard run(reader.finish()) else { return ExitStatus.scriptFailure }
        if !session.isFinished, let note = session.realTimeWorkLeft() {
            console.write([OutputRecord(kind: .info, text: note)])
        }
        return ExitStatus.success
    }

    /// Parses the arguments and runs, mapping every outcome to the documented exit status.
    static func main() {
        let status: Int32
        do {
            if let quick = QuickInvocation(arguments: Array(CommandLine.arguments.dropFirst())) {
                switch quick.action {
                case .evaluate(let lines):
                    try start(lines: lines, noColor: quick.noColor, realTime: quick.realTime)
                case .run(let files):
                    try RunCommand.replay(files, noColor: quick.noColor, realTime: quick.realTime)
                }
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
            status = ExitStatus.success
        } catch let failure as CommandFailure {
            if let message = failure.message {
                Console.writeUnlocked("conduit: \(message)\n", to: .error)
            }
            status = failure.status
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version
                Console.writeUnlocked(fullMessage(for: error) + "\n", to: .output)
                status = ExitStatus.success
            } else {
                Console.writeUnlocked(fullMessage(for: error) + "\n", to: .error)
                status = code == .validationFailure ? ExitStatus.usage : code.rawValue == 1
                    ? ExitStatus.scriptFailure : ExitStatus.usage
            }
        }
        terminate(status)
    }
}

/// Ends the process (named so that `ParsableCommand.exit` does not hide libc's `exit`).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}

/// Options that change how output looks and what a run prints, shared by every subcommand.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Do not colour the output.")
    var noColor = false

    @Flag(name: .customLong("real-time"),
        help: "Run time-based operators on the wall clock instead of the virtual clock.")
    var realTime = false

    @Option(name: .customLong("seed"),
        help: "Make random values (Int.random(in:), shuffled(), ...) the same on every run, from this number.")
    var seed: UInt64?

    /// Applies `--seed` as soon as the arguments are read, before any session runs a line.
    func validate() throws {
        if let seed { RandomSource.seed(seed) }
    }
}
