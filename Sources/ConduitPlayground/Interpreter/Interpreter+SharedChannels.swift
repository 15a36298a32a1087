import Foundation

/// `let room = Postgres(URL)` and `let prices = room.channel("prices", of: Int.self)`: a connection
/// whose channels other processes share, and a channel as a subject of the session.
extension Interpreter {
    func defineShared(_ name: Token, _ declaration: SharedDeclaration) throws {
        switch declaration {
        case .room(let expression):
            let url: String
            if let expression {
                guard case .string(let written) = try constant(expression, at: name) else {
                    throw PlaygroundError("`Postgres(...)` takes the server's URL as a string, such as "
                        + "\"postgres://localhost/workshop\"")
                }
                url = written
            } else {
                url = SharedRooms.environmentURL(ProcessInfo.processInfo.environment)
            }
            guard let connector = SharedRooms.connector else { throw PlaygroundError(SharedRooms.unavailable) }
            let room: any SharedRoom
            do {
                room = try scheduler.owner.releasing { try connector.connect(url) }
            } catch {
                throw PlaygroundError("\(error)")
            }
            do {
                try define(name, as: .value(NamedValue(.string(room.address), isConstant: true)))
            } catch {
                room.close()
                throw error
            }
            rooms.add(room, as: name.display)
            info("\(name.display): connected to \(room.address)")
        case .channel(let roomName, let expression, let typeName):
            guard let room = rooms[roomName] else {
                throw PlaygroundError("`\(roomName)` is not a PostgreSQL connection; make one first: "
                    + "`let \(roomName) = Postgres(\"postgres://localhost/workshop\")`")
            }
            guard case .string(let channelName) = try constant(expression, at: name) else {
                throw PlaygroundError("a channel's name is a string: `\(roomName).channel(\"prices\", of: Int.self)`")
            }
            let channel: any SharedChannel
            do {
                channel = try scheduler.owner.releasing { try room.channel(channelName) }
            } catch {
                throw PlaygroundError("\(error)")
            }
            let replaced: SharedChannelLink? =
                if case .subject(let old)? = entries[name.display], case .shared(let link) = old.storage { link } else {
                    nil
                }
            let link = SharedChannelLink(room: room, channel: channel, typeName: typeName)
            try define(name, as: .subject(SubjectEntry(storage: .shared(link), declaredTypes: (typeName, "Never"))))
            replaced?.stop()
            link.start(for: self, as: name.display)
            info("\(name.display): PostgreSQL channel \"\(channelName)\" of \(typeName), listening")
        }
    }
}

extension SharedRooms {
    /// The server psql would use: PGHOST (a host, or a socket folder), PGPORT, PGUSER (else USER) and
    /// PGDATABASE (else the user's name), as a URL; the password stays in PGPASSWORD.
    static func environmentURL(_ environment: [String: String]) -> String {
        let user = environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        let host = environment["PGHOST"] ?? "localhost"
        let port = environment["PGPORT"] ?? "5432"
        let database = environment["PGDATABASE"] ?? user
        if host.hasPrefix("/") {
            return "postgres://\(user)@/\(database)?host=\(host)&port=\(port)"
        }
        return "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// `line` with the password of any `postgres://user:password@` address left out, for the history.
    public static func withoutPasswords(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let scheme = [rest.range(of: "postgres://"), rest.range(of: "postgresql://")].compactMap({ $0 })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let end = rest.firstIndex { $0 == "\"" || $0 == " " || $0 == "/" } ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                result += rest[..<colon]
                rest = rest[at...]
            }
        }
        return result + rest
    }
}
