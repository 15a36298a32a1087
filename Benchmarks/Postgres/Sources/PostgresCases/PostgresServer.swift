import Foundation

/// The private server the LISTEN/NOTIFY rows run against: scripts/pg-test-server in a temporary
/// folder (a fresh cluster on a free loopback port), stopped when the table is done.
public final class PostgresServer: @unchecked Sendable {
    public let url: String
    private let script: String
    private let folder: String

    /// Starts one with `script` (scripts/pg-test-server); nil, with the reason on standard error, if it cannot.
    public static func start(script: String) -> PostgresServer? {
        guard run(script, ["available"]).status == 0 else {
            FileHandle.standardError.write(Data("PostgreSQL rows skipped: no server installed (scripts/setup)\n".utf8))
            return nil
        }
        let folder = NSTemporaryDirectory() + "conduit-bench-pg-\(getpid())"
        let started = run(script, ["start", folder])
        guard started.status == 0 else {
            FileHandle.standardError.write(Data("PostgreSQL rows skipped: \(started.output)\n".utf8))
            return nil
        }
        return PostgresServer(url: started.output.trimmingCharacters(in: .whitespacesAndNewlines), script: script,
            folder: folder)
    }

    private init(url: String, script: String, folder: String) {
        self.url = url
        self.script = script
        self.folder = folder
    }

    public func stop() {
        _ = Self.run(script, ["stop", folder])
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func run(_ script: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (127, "\(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
