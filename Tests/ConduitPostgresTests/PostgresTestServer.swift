#if Postgres
import Foundation
import XCTest

/// A private PostgreSQL server for one test class or test (scripts/pg-test-server): a fresh cluster in
/// a temporary folder on a free loopback port, stopped and removed by `stop()`.
final class PostgresTestServer: @unchecked Sendable {
    let url: String
    private let folder: URL

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts a server; skips the test when PostgreSQL is not installed here, except in CI
    /// (CI=true), where scripts/setup installs it and its absence is a failure.
    static func start() throws -> PostgresTestServer {
        if try run(["available"]).status != 0 {
            let reason = "PostgreSQL's server is not installed (scripts/setup installs it: apt-get install postgresql)"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail(reason)
            }
            throw XCTSkip(reason)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conduit-pg-\(UUID().uuidString)")
        let started = try run(["start", folder.path])
        guard started.status == 0 else {
            throw TestServerError(message: "scripts/pg-test-server start failed: \(started.output)")
        }
        return PostgresTestServer(url: started.output.trimmingCharacters(in: .whitespacesAndNewlines), folder: folder)
    }

    private init(url: String, folder: URL) {
        self.url = url
        self.folder = folder
    }

    /// Stops the server and starts it again on the same port (every connection is dropped).
    func restart() throws {
        let result = try Self.run(["restart", folder.path])
        guard result.status == 0 else {
            throw TestServerError(message: "scripts/pg-test-server restart failed: \(result.output)")
        }
    }

    func stop() {
        _ = try? Self.run(["stop", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs scripts/pg-test-server with `arguments`; its standard output and error, and its status.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = repository.appendingPathComponent("scripts/pg-test-server")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

struct TestServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
#endif
