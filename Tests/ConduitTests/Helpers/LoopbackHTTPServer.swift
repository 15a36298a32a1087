import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server for URLSession tests, on 127.0.0.1 with an ephemeral port: no external
/// network. It answers one connection at a time from a fixed table of paths (anything else is a
/// 404) and records the paths asked for. `/hold` answers nothing: it waits (at most 5 s) for the
/// client to hang up and records that it did. Every wait is bounded; `stop()` ends it.
final class LoopbackHTTPServer: @unchecked Sendable {
    struct Response {
        var status: Int
        var body: String
        var contentType = "text/plain"
    }

    let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let lock = NSLock()
    private var _paths: [String] = []
    private var _clientHungUp = false
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled when a request for `/hold` has arrived.
    let holdArrived = DispatchSemaphore(value: 0)

    /// The paths requested so far, in order.
    var paths: [String] { lock.withLock { _paths } }
    /// Whether the client of a `/hold` request closed its connection.
    var clientHungUp: Bool { lock.withLock { _clientHungUp } }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(routes: [String: Response]) throws {
        self.routes = routes
        let (socket, port) = try Self.bindLoopback()
        guard listen(socket, 16) == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        listener = socket
        self.port = port
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    /// Stops accepting and waits (at most 10 s) for the serving thread to end. Idempotent.
    func stop() {
        let first: Bool = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        _ = finished.wait(timeout: .now() + 10)
        close(listener)
    }

    /// A socket bound to an ephemeral loopback port, not listening: connecting to it is refused.
    static func bindLoopback() throws -> (socket: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(
                MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private func serve() {
        while !lock.withLock({ stopping }) {
            guard wait(for: listener, milliseconds: 50) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
    }

    /// Whether `fd` became readable within the time.
    private func wait(for fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    private func handle(_ connection: Int32) {
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.containsHeaderEnd, received.count < 65_536, wait(for: connection, milliseconds: 2_000) {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            received += chunk[0..<count]
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        let path = parts.count > 1 ? String(parts[1]) : ""
        lock.withLock { _paths.append(path) }
        if path == "/hold" {
            holdArrived.signal()
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                if wait(for: connection, milliseconds: 50), recv(connection, &chunk, chunk.count, 0) <= 0 {
                    lock.withLock { _clientHungUp = true }
                    return
                }
            }
            return
        }
        let response = routes[path] ?? Response(status: 404, body: "no such page")
        let body = Array(response.body.utf8)
        let head = "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Not Found")\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(
                MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

private extension Array where Element == UInt8 {
    var containsHeaderEnd: Bool {
        count >= 4 && indices.dropLast(3).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13
            && self[$0 + 3] == 10 }
    }
}
