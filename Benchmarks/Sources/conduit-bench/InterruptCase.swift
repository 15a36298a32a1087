import BenchSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How soon Ctrl-C stops a flood of output, as a person at a terminal sees it: the playground runs
/// under a pseudo-terminal, `sink all = big.publisher` delivers 40,000 values, and once the 2,000th
/// is on the screen Ctrl-C is sent; the figure is the milliseconds until the prompt is back (the
/// same steps as Tests/cli/test_interrupt.py, which checks what is shown).
enum InterruptCase {
    /// The latency in milliseconds, or nil if the playground did not behave as expected.
    static func latency(binary: String) -> Double? {
        var descriptor: Int32 = -1
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        let home = FileManager.default.temporaryDirectory.path
        let pid = forkpty(&descriptor, nil, nil, &size)
        if pid < 0 { return nil }
        if pid == 0 {
            setenv("TERM", "xterm", 1)
            setenv("HOME", home, 1)
            setenv("CONDUIT_HISTORY", "", 1)
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup(binary), strdup("--no-color"), nil]
            execv(binary, argv)
            _exit(127)
        }
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(descriptor)
        }
        let terminal = Terminal(descriptor: descriptor)
        let prompt = "» "
        guard terminal.read(until: prompt),
            terminal.type("var big: [Int] = []"), terminal.read(until: prompt),
            terminal.type("for i in 0..<40000 { big.append(i) }"), terminal.read(until: prompt),
            terminal.type("sink all = big.publisher"), terminal.read(until: "all ← 2000\r\n")
        else { return nil }
        let pressed = wallNanoseconds()
        guard terminal.send("\u{03}"), terminal.read(until: "cancelled by Ctrl-C after"),
            terminal.read(until: prompt)
        else { return nil }
        return Double(wallNanoseconds() - pressed) / 1e6
    }

    /// The parent's side of the pseudo-terminal: what was read so far, searched as bytes (a ^C
    /// echoed in the middle of a character leaves the output invalid UTF-8).
    private final class Terminal {
        let descriptor: Int32
        private var seen: [UInt8] = []

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        }

        func type(_ line: String) -> Bool { send(line + "\r") }

        /// Reads until `text` has come (what came before it is dropped); false after 30 s without it.
        func read(until text: String) -> Bool {
            let wanted = Array(text.utf8)
            let deadline = wallNanoseconds() + 30_000_000_000
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                if let end = find(wanted) {
                    seen.removeFirst(end)
                    return true
                }
                let now = wallNanoseconds()
                guard now < deadline else { return false }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32((deadline - now) / 1_000_000) + 1)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return false }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return false }
                seen += buffer[0..<count]
            }
        }

        /// The index just past the first occurrence of `wanted` in what was read.
        private func find(_ wanted: [UInt8]) -> Int? {
            guard seen.count >= wanted.count else { return nil }
            var start = 0
            while start + wanted.count <= seen.count {
                if seen[start] == wanted[0], Array(seen[start..<start + wanted.count]) == wanted {
                    return start + wanted.count
                }
                start += 1
            }
            return nil
        }
    }
}
