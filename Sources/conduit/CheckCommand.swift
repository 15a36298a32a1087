import ArgumentParser
import ConduitPlayground

/// `conduit check FILE...`: replays scripts and compares what each line produces with the `#>`
/// lines written under it; prints every mismatch as `file:line: ...` and a summary.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay scripts and compare their output with the expected `#>` lines.",
        discussion: "Prints each mismatch as file:line: message and a summary such as `3 scripts, 41 checks: 41 passed, 0 failed`. Exit status 1 on any mismatch or failing line."
    )

    @Argument(help: ArgumentHelp("Scripts to check (usually *.conduit).", valueName: "file"))
    var files: [String]

    @OptionGroup var display: DisplayOptions

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file: conduit check FILE...") }
    }

    mutating func run() throws {
        try ScriptFiles.requireReadable(files)
        let console = Console(colour: Terminal.wantsColour(noColorFlag: display.noColor))
        var checks = 0
        var passed = 0
        var failures = 0
        for file in files {
            let session = Session()
            if display.realTime { session.setRealTime(true) }
            let report = ScriptRunner.run(path: file, session: session, check: true)
            checks += report.checks
            passed += report.passed
            failures += report.failures.count
            for failure in report.failures {
                console.write(console.styled(ScriptOutput.located(file: failure.file, line: failure.line, message: failure.message), "31"), to: .error)
            }
        }
        let scripts = files.count == 1 ? "1 script" : "\(files.count) scripts"
        let checked = checks == 1 ? "1 check" : "\(checks) checks"
        let failed = checks - passed
        console.write("\(scripts), \(checked): \(passed) passed, \(max(failed, failures > 0 && failed == 0 ? failures : failed)) failed\n")
        if failures > 0 || failed > 0 {
            throw CommandFailure(status: ExitStatus.scriptFailure, message: nil)
        }
    }
}
