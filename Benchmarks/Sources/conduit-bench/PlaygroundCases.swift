import BenchSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The playground's figures, taken from the `conduit` binary named by `CONDUIT_BIN` (scripts/bench
/// builds it when the main package has it): lines per second replaying a script of sends through a
/// three-operator pipeline and a script of classes and closures, the wall time of `conduit -e help`
/// and of a loop of 200,000 appends, and how soon Ctrl-C stops a flood (`InterruptCase`). Conduit only.
enum PlaygroundCases {
    static func all(binary: String?) -> [Case] {
        guard let binary, FileManager.default.isExecutableFile(atPath: binary) else { return [] }
        let sends = 100_000
        let script = FileManager.default.temporaryDirectory
            .appendingPathComponent("conduit-bench-replay-\(getpid()).conduit")
        var text = "subject s\nlet p = s.map { $0 * 2 }.filter { $0 % 3 == 0 }.map { $0 + 1 }\nsink out = p\n"
        text.reserveCapacity(sends * 16)
        for value in 0..<sends - 3 { text += "send s \(value)\n" }
        guard FileManager.default.createFile(atPath: script.path, contents: Data(text.utf8)) else { return [] }
        let classes = FileManager.default.temporaryDirectory
            .appendingPathComponent("conduit-bench-classes-\(getpid()).conduit")
        guard FileManager.default.createFile(atPath: classes.path, contents: Data(classesScript.utf8)) else {
            return []
        }
        return [
            Case("playground.replay", runs: 3) {
                let seconds = runTimed(binary, ["run", script.path])
                return seconds.map { Double(sends) / $0 } ?? .nan
            },
            Case("playground.startup") {
                runTimed(binary, ["-e", "help"]).map { $0 * 1_000 } ?? .nan
            },
            Case("playground.classes", runs: 3) {
                runTimed(binary, ["run", classes.path]).map { Double(classesLines) / $0 } ?? .nan
            },
            Case("playground.append200k", runs: 3) {
                runTimed(binary, ["-e", "var big: [Int] = []", "-e", "for i in 0..<200000 { big.append(i) }"])
                    .map { $0 * 1_000 } ?? .nan
            },
            Case("playground.dictionary200k", runs: 3) {
                runTimed(binary, ["-e", "var d = [String: Int]()", "-e", "for i in 0..<200000 { d[\"k\\(i)\"] = i }"])
                    .map { $0 * 1_000 } ?? .nan
            },
            Case("playground.loop1m", runs: 3) {
                runTimed(binary, ["-e", "var total = 0", "-e", "for i in 0..<1000000 { total += i }"])
                    .map { $0 * 1_000 } ?? .nan
            },
            Case("playground.interrupt", runs: 3) {
                InterruptCase.latency(binary: binary) ?? .nan
            },
        ]
    }

    static let classesLines = 10_000

    /// A script of `classesLines` lines such as a lesson's: a class with a `@Published` property and
    /// a method, a sink whose closure changes a `var`, and lines that call the method, set the
    /// property and run chains of closures on arrays.
    static var classesScript: String {
        var lines = [
            "class Counter: ObservableObject {", "    @Published var count = 0", "    var label = \"\"",
            "    func add(_ n: Int) {", "        count += n", "        label = \"added \\(n)\"", "    }", "}",
            "let counter = Counter()", "var seen = 0", "var total = 0",
            "counter.$count.sink { seen += 1 }", "func twice(x) = x * 2",
        ]
        var index = 0
        while lines.count < classesLines {
            lines += [
                "counter.add(\(index % 7))",
                "total = [\(index), \(index + 1), \(index + 2)].map { twice($0) }.filter { $0 > 2 }.reduce(0, +)",
                "counter.count = total % 100",
                "let name\(index) = counter.label",
            ]
            index += 1
        }
        return lines.prefix(classesLines).joined(separator: "\n") + "\n"
    }

    /// Runs the binary to its end with standard input, output and error on /dev/null; the
    /// wall-clock seconds from spawning it until it was reaped, or nil if it failed.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process: on Linux `waitUntilExit()` polls
    /// the run loop in 50 ms slices, so every run measured at least ~50 ms (`/bin/true` included).
    static func runTimed(_ binary: String, _ arguments: [String]) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = wallNanoseconds()
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return nil }
        }
        let end = wallNanoseconds()
        guard status == 0 else { return nil }  // exited normally with status 0
        return Double(end - start) / 1e9
    }
}
