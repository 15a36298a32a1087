import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A viewer of `conduit serve`'s live page for the benchmark: a WebSocket client on a plain
/// socket that opens `/live`, waits for the server's first message (the snapshot), and from then
/// on reads whatever arrives, counting the bytes and keeping the last of them, where one text
/// (`marker`), the last line's entry, shows that this viewer was sent everything to the end.
///
/// A viewer that only reads needs no frame parsing and sends nothing after the upgrade request, so
/// a socket and the opening handshake (RFC 6455, section 4.1) are the whole client: no WebSocket
/// library, and none of HummingbirdWSClient's TLS dependencies in the benchmark package.
final class LiveViewerClient {
    private var descriptor: Int32
    /// The bytes to look for at the end of what arrives (none: only count).
    private let marker: [UInt8]
    /// The last bytes that arrived (`tailLength` of them, up to twice as many while appending).
    private var tail: [UInt8] = []
    /// How much of the end of the stream is kept: the last line's entry is in the last frames
    /// (followed at most by the final state), so its end is well within this.
    private static let tailLength = 16 * 1_024
    /// How many bytes arrived after the handshake.
    private(set) var received = 0

    /// Connects to 127.0.0.1:`port`, upgrades to a WebSocket on `/live`, and returns once the
    /// first bytes of a message have arrived; nil if any step fails within ten seconds.
    init?(port: Int, marker: String = "") {
        self.marker = Array(marker.utf8)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let request = "GET /live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: Y29uZHVpdC1iZW5jaC0xNg==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n"
        guard connected == 0, send(Array(request.utf8)), let rest = readHeader(), rest > 0 || readSome() else {
            close()
            return nil
        }
        received += rest
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Sends all of `bytes`; false on an error.
    private func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Reads the response's header; the number of bytes of the first message that came with it,
    /// or nil if the answer is not "101 Switching Protocols".
    private func readHeader() -> Int? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let end = Array("\r\n\r\n".utf8)
        while received.count < 65_536 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            if let index = received.indices.dropLast(3).first(where: { Array(received[$0..<$0 + 4]) == end }) {
                guard String(decoding: received.prefix(12), as: UTF8.self) == "HTTP/1.1 101" else { return nil }
                return received.count - (index + 4)
            }
        }
        return nil
    }

    /// Waits for some bytes; false on an error or the end of the connection.
    private func readSome() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 { look(at: buffer[0..<count]) }
        return count > 0
    }

    /// Counts `bytes` and keeps the end of the stream.
    private func look(at bytes: ArraySlice<UInt8>) {
        received += bytes.count
        guard !marker.isEmpty else { return }
        let length = LiveViewerClient.tailLength
        if bytes.count >= length {
            tail = Array(bytes.suffix(length))
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > 2 * length { tail.removeFirst(tail.count - length) }
        }
    }

    /// Whether the marker is in the last bytes that arrived.
    var sawMarker: Bool { LiveViewerClient.find(marker, in: tail[...]) }

    /// Whether `needle` occurs in `haystack`: memchr finds each candidate first byte.
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { text in
            needle.withUnsafeBytes { wanted in
                let base = text.baseAddress!
                var offset = 0
                while offset + wanted.count <= text.count {
                    guard let hit = memchr(base + offset, Int32(first), text.count - wanted.count + 1 - offset) else {
                        return false
                    }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, wanted.baseAddress!, wanted.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// Reads what is waiting on every open viewer, waiting at most `milliseconds` for something to
    /// arrive; a viewer whose connection ended is closed.
    static func drain(_ clients: [LiveViewerClient], milliseconds: Int32) {
        let open = clients.filter { $0.descriptor >= 0 }
        var polled = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        guard !polled.isEmpty else {
            usleep(UInt32(milliseconds) * 1_000)
            return
        }
        guard poll(&polled, nfds_t(polled.count), milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for (client, entry) in zip(open, polled) where entry.revents != 0 {
            while true {
                // All but the stream's last `tailLength` bytes waiting are taken off the socket
                // without a copy to this process (MSG_TRUNC: the kernel drops them once received),
                // and counted; the rest are read into the tail.
                var waiting: Int32 = 0
                if ioctl(entry.fd, UInt(FIONREAD), &waiting) == 0, Int(waiting) > tailLength {
                    let dropped = recv(entry.fd, nil, Int(waiting) - tailLength, Int32(MSG_TRUNC))
                    if dropped > 0 { client.received += dropped }
                }
                let count = recv(entry.fd, &buffer, buffer.count, 0)
                if count > 0 {
                    client.look(at: buffer[0..<count])
                    continue
                }
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { client.close() }
                break
            }
        }
    }

    /// Whether the connection is still open (the server has not closed it).
    var isOpen: Bool { descriptor >= 0 }

    func close() {
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
