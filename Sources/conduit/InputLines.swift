#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor (standard input when it is a pipe or a file) and can tell
/// whether another line is already waiting, so that a statement held to see whether the next line
/// continues it (`.map` on the next line) runs at once when nothing more has arrived: a program
/// driving the playground through a pipe gets each answer before it sends the next line.
struct InputLines {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line, without its line feed (or carriage return and line feed); nil at the end.
    mutating func next() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                compact()
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            fill()
        }
    }

    /// Whether a next line (or the end of the input) can be had without waiting for the writer.
    mutating func hasWaitingInput() -> Bool {
        if atEnd || buffer[start...].contains(UInt8(ascii: "\n")) { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        // Readable: some bytes, or the end. Either way the next `next()` will not wait long, but
        // a part line still needs its line feed: read what is there and look again.
        fill()
        return atEnd || buffer[start...].contains(UInt8(ascii: "\n"))
    }

    /// Reads what the descriptor has (waiting for it if nothing is there yet).
    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0, errno == EINTR { continue }
            atEnd = true
            return
        }
    }

    /// Drops the lines already handed out, once they are a good part of the buffer.
    private mutating func compact() {
        if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
