import Foundation

/// Who may open the page. On loopback, anyone on this machine, as before. Anywhere else (`--host
/// 0.0.0.0`), a join code: the server prints it with a URL that carries it (`?code=K7P2QX`), and
/// a request without it (the page, its snapshot, its WebSocket) is refused with 403. Also the
/// most viewers at once: a room, not the whole network.
public struct LiveAccess: Sendable, Equatable {
    /// The code a request must carry in its `code` query parameter; nil when none is needed.
    public let code: String?
    /// The most pages connected at once; the next is told the room is full.
    public let viewerLimit: Int

    public static let defaultViewerLimit = 300

    public init(code: String?, viewerLimit: Int = LiveAccess.defaultViewerLimit) {
        self.code = code
        self.viewerLimit = viewerLimit
    }

    /// Loopback needs no code; any other address gets a fresh one.
    public static func forHost(_ host: String, viewerLimit: Int = LiveAccess.defaultViewerLimit) -> LiveAccess {
        LiveAccess(code: isLoopback(host) ? nil : newCode(), viewerLimit: viewerLimit)
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Six characters from 31 that cannot be misread from the back row (no 0/O, 1/I/L).
    static func newCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// Whether a request whose `code` query parameter is `given` may have the page.
    func allows(_ given: Substring?) -> Bool {
        guard let code else { return true }
        guard let given else { return false }
        // The same time whatever matches, so a guess learns nothing from how long a refusal took.
        let wanted = Array(code.utf8)
        let offered = Array(given.utf8)
        var difference = wanted.count ^ offered.count
        for index in 0..<wanted.count {
            difference |= Int(wanted[index] ^ (index < offered.count ? offered[index] : 0))
        }
        return difference == 0
    }

    /// `?code=K7P2QX`, or nothing when no code is needed.
    public var query: String { code.map { "?code=\($0)" } ?? "" }
}
