import BenchSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `conduit serve` under load, from the `conduit` binary named by `CONDUIT_BIN`: the playground's
/// replay speed (lines/s) with no viewer and with 200 viewers connected to the live page, and the
/// server's memory per viewer. Conduit only.
///
/// Each sample starts `conduit serve --port 0`, reads the port it printed, connects the viewers
/// (`LiveViewerClient`: each waits for its snapshot), then writes a script of sends into the REPL's
/// standard input and times until the process has exited and every viewer has read all it was
/// sent. The viewers read everything the server pushes, all on one thread that polls them, and look
/// for the script's last line (`marker`): a sample in which a viewer missed it does not count.
enum ServeCases {
    static let viewers = 200
    static let lines = 5_000
    /// The last line of the script, the only `send` of 100 (the others send 0 to 99), as it
    /// appears in its transcript entry.
    static let lastLine = "send s 100"
    static var marker: String { #""input":"\#(lastLine)""# }

    static func all(binary: String?) -> [Case] {
        guard let binary, FileManager.default.isExecutableFile(atPath: binary) else { return [] }
        var text = "subject s\nlet p = s.map { $0 * 2 }.filter { $0 % 3 == 0 }.map { $0 + 1 }\nsink out = p\n"
        text.reserveCapacity(lines * 16)
        // A hundred distinct values: a lesson shows a handful; every new value widens the legend of
        // the marbles the page redraws.
        for value in 0..<lines - 4 { text += "send s \(value % 100)\n" }
        text += lastLine + "\n"
        let script = Array(text.utf8)
        return [
            Case("serve.replay.0", runs: 3) {
                ServeRun(binary: binary, viewers: 0, script: script).replay()?.linesPerSecond ?? .nan
            },
            Case("serve.replay.\(viewers)", runs: 3) {
                ServeRun(binary: binary, viewers: viewers, script: script, marker: marker).replay()?.linesPerSecond
                    ?? .nan
            },
            // Memory only: the viewers connect, take their snapshot, and the REPL's input ends.
            Case("serve.memory", runs: 3) {
                ServeRun(binary: binary, viewers: viewers, script: []).replay()?.kibibytesPerViewer ?? .nan
            },
        ]
    }
}

/// One run of `conduit serve` with a number of viewers, fed a script through standard input.
struct ServeRun {
    let binary: String
    let viewers: Int
    let script: [UInt8]
    /// What every viewer must have received by the end (none: nothing is checked).
    var marker = ""

    struct Outcome {
        let linesPerSecond: Double
        /// The server's resident memory after the viewers connected minus before, per viewer.
        let kibibytesPerViewer: Double
    }

    /// Runs the whole sample; nil if the server did not start, a viewer could not connect, the
    /// REPL did not exit with status 0, or a viewer did not receive the marker.
    func replay() -> Outcome? {
        // A REPL that ends early must not end the benchmark too (the writer would get SIGPIPE).
        signal(SIGPIPE, SIG_IGN)
        // Close-on-exec: the server must not hold the write end itself, or its input never ends.
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let errors = "/tmp/conduit-bench-serve-\(getpid()).err"
        guard let pid = spawn(stdin: pipeEnds[0], errors: errors) else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return nil
        }
        close(pipeEnds[0])
        var clients: [LiveViewerClient] = []
        var exited = false
        defer {
            clients.forEach { $0.close() }
            if !exited {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            unlink(errors)
        }
        guard let port = waitForPort(errors, pid: pid) else {
            close(pipeEnds[1])
            return nil
        }
        let before = residentKibibytes(pid)
        for _ in 0..<viewers {
            guard let client = LiveViewerClient(port: port, marker: marker) else {
                close(pipeEnds[1])
                return nil
            }
            clients.append(client)
        }
        let after = residentKibibytes(pid)

        let start = wallNanoseconds()
        let writer = ScriptWriter(descriptor: pipeEnds[1], bytes: script)
        writer.start()
        var status: Int32 = 0
        let deadline = start + 300_000_000_000
        while true {
            LiveViewerClient.drain(clients, milliseconds: 5)
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if (reaped == -1 && errno != EINTR) || wallNanoseconds() > deadline {
                kill(pid, SIGKILL)
                writer.join()
                return nil
            }
        }
        exited = true
        writer.join()
        // What the server wrote before it exited is read to the end of each connection.
        while clients.contains(where: \.isOpen), wallNanoseconds() < deadline {
            LiveViewerClient.drain(clients, milliseconds: 5)
        }
        let end = wallNanoseconds()
        guard status == 0 else { return nil }
        if !marker.isEmpty {
            let missed = clients.filter { !$0.sawMarker }.count
            guard missed == 0 else {
                printError("serve: \(missed) of \(viewers) viewers did not receive the last line")
                return nil
            }
        }
        let lines = script.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let perViewer = viewers > 0 ? Double(after - before) / Double(viewers) : .nan
        return Outcome(
            linesPerSecond: lines > 0 ? Double(lines) / (Double(end - start) / 1e9) : .nan,
            kibibytesPerViewer: perViewer)
    }

    /// Starts `conduit serve --port 0` reading `stdin`, its output discarded and its errors (where
    /// it prints the page's address) into `errors`.
    private func spawn(stdin: Int32, errors: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = [binary, "serve", "--port", "0", "--no-color"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }

    /// The port from the "live page: http://HOST:PORT/" line the server prints once it listens.
    private func waitForPort(_ errors: String, pid: pid_t) -> Int? {
        let deadline = wallNanoseconds() + 30_000_000_000
        while wallNanoseconds() < deadline {
            if let text = try? String(contentsOfFile: errors, encoding: .utf8),
               let range = text.range(of: "live page: http://") {
                let rest = text[range.upperBound...]
                if let colon = rest.firstIndex(of: ":"), let slash = rest[colon...].firstIndex(of: "/"),
                   let port = Int(rest[rest.index(after: colon)..<slash]) {
                    return port
                }
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// The resident set size of process `pid` (`VmRSS` in /proc), in KiB.
    private func residentKibibytes(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

/// Writes the script into the REPL's standard input on a thread of its own (the pipe fills while
/// the REPL works), then closes it, which ends the REPL.
final class ScriptWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let bytes: [UInt8]
    private var thread = pthread_t()

    init(descriptor: Int32, bytes: [UInt8]) {
        self.descriptor = descriptor
        self.bytes = bytes
    }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let writer = Unmanaged<ScriptWriter>.fromOpaque(context!).takeRetainedValue()
            writer.write()
            return nil
        }, context)
    }

    func join() {
        pthread_join(thread, nil)
    }

    private func write() {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        close(descriptor)
    }
}
