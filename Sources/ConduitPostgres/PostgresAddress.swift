#if Postgres
import Foundation

/// A parsed `postgres://user:password@host:port/database` address, or one with `?host=/socket/dir`.
///
/// The password comes from the URL or, failing that, from `PGPASSWORD`; `description` never shows it,
/// so that an address can be printed, logged or kept in a history.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let host: String
    public let port: Int
    /// A folder holding the server's Unix socket (`?host=/run/postgresql`), used instead of host and port.
    public let socketDirectory: String?
    public let user: String
    public let database: String
    /// `sslmode`, as libpq reads it: `prefer` by default (TLS when the server offers it).
    public let tls: TLSMode
    let password: String?

    /// libpq's `sslmode` values: whether to use TLS and what to verify.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// Reads `url`; `environment` supplies PGPASSWORD, PGUSER and USER (the process's by default).
    public init(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let text = url.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw PostgresChannelError.badAddress("\"\(Self.masked(text))\" does not start with postgres://")
        }
        guard let components = URLComponents(string: text) else {
            throw PostgresChannelError.badAddress("\"\(Self.masked(text))\" is not a URL")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        socketDirectory = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let host = components.host ?? ""
        guard !host.isEmpty || socketDirectory != nil else {
            throw PostgresChannelError.badAddress("no host in \"\(Self.masked(text))\"")
        }
        self.host = host.isEmpty ? "localhost" : host
        if let port = components.port {
            guard (1...65_535).contains(port) else {
                throw PostgresChannelError.badAddress("port \(port) is out of range")
            }
            self.port = port
        } else {
            self.port = Int(query["port"] ?? "") ?? 5_432
        }
        let user = components.user ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        self.user = user.removingPercentEncoding ?? user
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? self.user : (path.removingPercentEncoding ?? path)
        let mode = query["sslmode"] ?? environment["PGSSLMODE"] ?? (socketDirectory == nil ? "prefer" : "disable")
        guard let tls = TLSMode(rawValue: mode) else {
            throw PostgresChannelError.badAddress(
                "sslmode \(mode) is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
        self.tls = tls
        password = components.password.map { $0.removingPercentEncoding ?? $0 } ?? environment["PGPASSWORD"]
    }

    /// The address as it can be shown: `postgres://user@host:port/database`, never the password.
    public var description: String {
        if let socketDirectory {
            return "postgres://\(user)@/\(database)?host=\(socketDirectory)"
        }
        return "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// Printing, `dump` and the debugger show the address without its password, like `description`.
    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["address": description], displayStyle: .struct)
    }

    /// `text` with any password between `:` and `@` replaced by `***`, for error messages.
    static func masked(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}
#endif
