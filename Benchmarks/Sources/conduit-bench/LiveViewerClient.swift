import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A viewer of `conduit serve`'s live page for the benchmark: a WebSocket client on a plain
/// socket that opens `/live`, waits for the server's first message (the snapshot), and from then
/// on reads whatever arrives, counting the bytes and looking for one text (`marker`): the last
/// line's entry, which shows that this viewer was sent everything up to the end.
///
/// A viewer that only reads needs no frame parsing and sends nothing after the upgrade request, so
/// a socket and the opening handshake (RFC 6455, section 4.1) are the whole client: no WebSocket
/// library, and none of HummingbirdWSClient's TLS dependencies in the benchmark package.
final class LiveViewerClient {
    private var descriptor: Int32
    /// The bytes to look for in what arrives (none: only count).
    private let marker: [UInt8]
    /// The last bytes read, too few to hold the marker: it may start in one read and end in the next.
    private var carry: [UInt8] = []
    /// Whether `marker` arrived, and how many bytes did after the handshake.
    private(set) var sawMarker = false
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

    /// Counts `bytes` and looks for the marker in them, and across the end of the read before.
    private func look(at bytes: ArraySlice<UInt8>) {
        received += bytes.count
        guard !marker.isEmpty, !sawMarker else { return }
        let seam = carry + bytes.prefix(marker.count - 1)
        sawMarker = LiveViewerClient.find(marker, in: seam[...]) || LiveViewerClient.find(marker, in: bytes)
        carry = Array((carry + bytes.suffix(marker.count - 1)).suffix(marker.count - 1))
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        haystack.withUnsafeBytes { text in
            needle.withUnsafeBytes { memmem(text.baseAddress, text.count, $0.baseAddress, $0.count) != nil }
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
