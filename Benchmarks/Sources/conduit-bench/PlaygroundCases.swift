import BenchSupport
import Foundation

/// The playground's figures, taken from the `conduit` binary named by `CONDUIT_BIN` (scripts/bench
/// builds it when the main package has it): lines per second replaying a script of sends through a
/// three-operator pipeline, and the wall time of `conduit -e help`. Conduit only.
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
        return [
            Case("playground.replay", runs: 3) {
                let seconds = runTimed(binary, ["run", script.path])
                return seconds.map { Double(sends) / $0 } ?? .nan
            },
            Case("playground.startup") {
                runTimed(binary, ["-e", "help"]).map { $0 * 1_000 } ?? .nan
            },
        ]
    }

    /// Runs the binary to its end with output discarded; the wall-clock seconds it took, or nil
    /// if it failed.
    static func runTimed(_ binary: String, _ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = wallNanoseconds()
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        let end = wallNanoseconds()
        guard process.terminationStatus == 0 else { return nil }
        return Double(end - start) / 1e9
    }
}
