import ArgumentParser
import ConduitPlayground
import Foundation

/// `conduit run FILE...`: replays scripts, printing what they produce; the first failing line
/// is reported as `file:line: message` and the exit status is 1.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay playground scripts and print their output.",
        discussion: "Each file runs in a fresh session. A failing line stops its script and is reported as "
            + "file:line: message (exit status 1)."
    )

    @Argument(help: ArgumentHelp("Scripts to replay (usually *.conduit).", valueName: "file"))
    var files: [String]

    @OptionGroup var display: DisplayOptions

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file: conduit run FILE...") }
    }

    mutating func run() throws {
        try RunCommand.replay(files, noColor: display.noColor, realTime: display.realTime)
    }

    /// Replays `files` in order, each in a fresh session; the work of `run` once the arguments are
    /// known, however they were parsed.
    static func replay(_ files: [String], noColor: Bool, realTime: Bool) throws {
        installSharedRooms()
        try ScriptFiles.requireReadable(files)
        let console = Console(colour: Terminal.wantsColour(noColorFlag: noColor))
        var failed = false
        for file in files {
            let session = Session()
            if realTime { session.setRealTime(true) }
            // Output is written as the script goes, gathered into large writes (in real time, at
            // once, so that timer output arriving meanwhile stays in order).
            let flushAt = realTime ? 0 : 1 << 16
            var pending = ""
            session.asynchronousOutput = { record in console.write([record]) }
            let report = ScriptRunner.run(path: file, session: session, check: false) { records in
                for record in records { pending += console.render(record) }
                if pending.utf8.count >= flushAt {
                    console.write(pending)
                    pending = ""
                }
            }
            if report.failures.isEmpty, let note = session.realTimeWorkLeft() {
                pending += console.render(OutputRecord(kind: .info, text: note))
            }
            console.write(pending)
            session.asynchronousOutput = nil
            for failure in report.failures {
                failed = true
                console.write(ScriptOutput.located(file: failure.file, line: failure.line, message: failure.message),
                    to: .error)
            }
        }
        if failed { throw CommandFailure(status: ExitStatus.scriptFailure, message: nil) }
    }
}

/// Checks shared by `run` and `check` before any script starts.
enum ScriptFiles {
    /// Every file must be a readable script (`ScriptFile`); otherwise a usage error names the first
    /// that is not, and why, in one line.
    static func requireReadable(_ files: [String]) throws {
        for file in files {
            do {
                _ = try ScriptFile.read(file)
            } catch {
                throw CommandFailure(status: ExitStatus.usage, message: "\(file): \(error)")
            }
        }
    }
}
