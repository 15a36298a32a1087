import ConduitPlayground
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the playground's output to the terminal, coloured by record kind when colour is on, one
/// writer at a time: output produced on other threads (real-time mode) never interleaves with the
/// main loop's.
final class Console: Sendable {
    /// Where a piece of text goes.
    enum Stream: Sendable { case output, error }

    let colour: Bool
    private let lock = Mutex(())

    init(colour: Bool) {
        self.colour = colour
    }

    /// The ANSI colour for a record kind (SGR parameters), or nil for the terminal's default.
    static func style(for kind: OutputRecord.Kind) -> String? {
        switch kind {
        case .value: return "32"        // green: what came out of a pipeline
        case .completion: return "34"   // blue: finished / failed
        case .trace: return "2"         // dim: the subscription dance
        case .info: return nil
        case .error: return "31"        // red
        case .marbles: return "36"      // cyan
        }
    }

    /// The text of a record as it should appear, with a trailing newline.
    func render(_ record: OutputRecord) -> String {
        var text = record.text
        if text.hasSuffix("\n") { text.removeLast() }
        guard colour, let style = Console.style(for: record.kind) else { return text + "\n" }
        // Colour each line on its own so a wrapped or multi-line record never bleeds colour.
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "\u{1B}[\(style)m\($0)\u{1B}[0m" }
            .joined(separator: "\n") + "\n"
    }

    /// Wraps text in a style when colour is on.
    func styled(_ text: String, _ style: String) -> String {
        colour ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }

    /// Writes records in order.
    func write(_ records: [OutputRecord], to stream: Stream = .output) {
        if records.isEmpty { return }
        write(records.map(render).joined(), to: stream)
    }

    /// Writes text exactly as given.
    func write(_ text: String, to stream: Stream = .output) {
        lock.withLock { _ in Console.writeUnlocked(text, to: stream) }
    }

    /// Runs a body while holding the output lock, so nothing else writes meanwhile.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in try body() }
    }

    /// Writes without taking the lock; only from inside `exclusively`.
    static func writeUnlocked(_ text: String, to stream: Stream) {
        let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing more can be shown
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// `write(2)`, named so that `Console`'s own `write` methods do not hide it.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
