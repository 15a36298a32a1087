import ArgumentParser
import ConduitPlayground
import Foundation

/// `conduit check FILE...`: replays scripts and compares what each line produces with the `#>`
/// lines written under it; prints every mismatch as `file:line: ...` and a summary whose counts add
/// up (every failing line is a failed check). `--update` writes what the scripts printed back
/// into their `#>` lines instead, for the author to review.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay scripts and compare their output with the expected `#>` lines.",
        discussion: """
            Under a command, `#> TEXT` states a line it must print and `#> (nothing)` that it \
            prints nothing (informational lines such as `taps: PassthroughSubject` are only \
            compared when stated). An error is expected with `#> error: ...`, without the file \
            name, so a copied script still passes. A line that fails unexpectedly is a failed \
            check, and checking goes on. Prints each mismatch as file:line: message and a \
            summary such as `3 scripts, 41 checks: 41 passed, 0 failed`. Exit status 1 on any \
            failed check. With --update, each script's `#>` lines are rewritten from what it \
            printed (review the change before committing it).
            """
    )

    @Argument(help: ArgumentHelp("Scripts to check (usually *.conduit).", valueName: "file"))
    var files: [String]

    @Flag(name: .customLong("update"), help: "Rewrite the `#>` lines from what each script prints.")
    var update = false

    @OptionGroup var display: DisplayOptions

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file: conduit check FILE...") }
    }

    mutating func run() throws {
        try ScriptFiles.requireReadable(files)
        installSharedRooms()
        let console = Console(colour: Terminal.wantsColour(noColorFlag: display.noColor))
        var checks = 0
        var passed = 0
        var updated = 0
        for file in files {
            let session = Session()
            if display.realTime { session.setRealTime(true) }
            let report = ScriptRunner.run(path: file, session: session, check: true)
            if update {
                if try CheckCommand.rewrite(file, with: report) {
                    updated += 1
                    console.write("updated \(file)\n")
                }
                continue
            }
            checks += report.checks
            passed += report.passed
            for failure in report.failures {
                console.write(console.styled(ScriptOutput.located(file: failure.file, line: failure.line,
                    message: failure.message), "31"), to: .error)
            }
        }
        let scripts = files.count == 1 ? "1 script" : "\(files.count) scripts"
        if update {
            console.write("\(scripts), \(updated) updated\n")
            return
        }
        let checked = checks == 1 ? "1 check" : "\(checks) checks"
        let failed = checks - passed
        console.write("\(scripts), \(checked): \(passed) passed, \(failed) failed\n")
        if failed > 0 {
            throw CommandFailure(status: ExitStatus.scriptFailure, message: nil)
        }
    }

    /// Writes the report's rewritten text over `file` when it differs; says whether it did.
    static func rewrite(_ file: String, with report: ScriptReport) throws -> Bool {
        guard let text = report.updatedText,
              let original = try? String(contentsOfFile: file, encoding: .utf8)
        else { return false }
        // The original's line ending style is kept.
        let updated = original.contains("\r\n") ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
        guard updated != original else { return false }
        do {
            try updated.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw CommandFailure(status: ExitStatus.usage,
                message: "\(file): cannot be written (\(error.localizedDescription))")
        }
        return true
    }
}
