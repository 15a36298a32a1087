// The one place that links the live page (ConduitServe: Hummingbird, SwiftNIO) into `conduit`: built
// with the `Serve` trait (Package.swift), on by default, so `swift build` and `swift test` have it.
// scripts/conduit's first start builds without it; the `serve` below then says how to get it.
#if Serve
import ArgumentParser
import ConduitPlayground
import ConduitServe
import Foundation

extension LiveSession: LiveTranscript {}

/// `conduit serve`: the playground as usual in the terminal and, beside it, a live page that shows
/// the transcript, the marbles of every subject and sink, and the subscription tree as lines are
/// typed. Viewers only watch.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the playground with a live page that a room can watch in a browser.",
        discussion: """
            Listens on 127.0.0.1 (this machine only) unless --host says otherwise: \
            --host 0.0.0.0 lets other machines on the network open the page. Scripts given \
            are replayed first, so a prepared lesson is on the page when the room arrives.
            """
    )

    @Option(help: "The port of the live page.")
    var port: Int = 8080

    @Option(help: "The address to listen on (0.0.0.0 for every network interface).")
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("The lanes the presenter view (the page's address with ?present) shows at first "
        + "(`lanes a,b` at the prompt picks others).", valueName: "a,b"))
    var lanes: String = ""

    @Argument(help: ArgumentHelp("Scripts to replay before the prompt.", valueName: "file"))
    var files: [String] = []

    @OptionGroup var display: DisplayOptions

    mutating func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port)")
        }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1 or 0.0.0.0") }
    }

    mutating func run() throws {
        try ScriptFiles.requireReadable(files)
        installSharedRooms()
        let feed = LiveFeed()
        let room = LiveRoom()
        let access = LiveAccess.forHost(host)
        let server = LiveServer(feed: feed, room: room, access: access, host: host, port: port)
        let bound = try ServeCommand.start(server)
        let console = Console(colour: Terminal.wantsColour(noColorFlag: display.noColor))
        let shown = host == "0.0.0.0" ? "this machine's address" : host
        let address = "http://\(host == "0.0.0.0" ? "localhost" : host):\(bound)/\(access.query)"
        if let code = access.code {
            console.write("live page: \(address)  (join code \(code); the room opens "
                + "http://\(shown):\(bound)/\(access.query); without the code the page is refused)\n", to: .error)
        } else {
            console.write("live page: \(address)  (this machine only; --host 0.0.0.0 lets the room connect)\n",
                to: .error)
        }
        let session = Session()
        if display.realTime { session.setRealTime(true) }
        // The lanes the presenter view starts with; `lanes` at the prompt picks others later.
        session.presenterLanes = lanes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let live = LiveSession(feed: feed)
        room.predict = { [weak session] sink, marbles, name in
            guard let session else { return .failure(RoomRefusal("the session has ended")) }
            let outcome = session.roomPrediction(sink: sink, timeline: marbles, author: name)
            if case .success = outcome { feed.publish(predictionCounts: session.predictionCounts) }
            return outcome
        }
        live.update(from: session)
        for file in files {
            let input = "load \(file)"
            let records = session.evaluate(input)
            console.write(records)
            live.record(input: input, records: records, session: session)
        }
        live.flush(session)
        let repl = Repl(session: session, console: console, live: live)
        let status: Int32
        if Terminal.canEdit {
            status = repl.runEditing()
        } else {
            status = repl.runPlain(prompting: Terminal.isTerminal(STDIN_FILENO))
        }
        // The room sees the last lines too: what is left goes out before the process ends (a page
        // that stopped reading holds the end two seconds at most).
        live.flush(session)
        feed.finish(waitingAtMost: 2)
        if status != ExitStatus.success { throw CommandFailure(status: status, message: nil) }
    }

    /// Starts the server on a task of its own and waits until it listens; a port in use or an
    /// address that cannot be bound is a usage error (exit status 2) with a one-line reason.
    static func start(_ server: LiveServer) throws -> Int {
        let outcome = ServerStart()
        Task.detached {
            do {
                try await server.run { port in outcome.settle(.success(port)) }
                outcome.settle(.failure(ServerStart.Stopped()))
            } catch {
                outcome.settle(.failure(error))
            }
        }
        switch outcome.wait() {
        case .success(let port):
            return port
        case .failure(let error):
            let reason = "\(error)".lowercased().contains("address already in use") || "\(error)".contains("EADDRINUSE")
                ? "address already in use" : "\(error)"
            throw CommandFailure(
                status: ExitStatus.usage, message: "cannot listen on \(server.host):\(server.port): \(reason)"
            )
        }
    }
}

/// The first outcome of starting the server: the port it listens on, or why it could not.
final class ServerStart: @unchecked Sendable {
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "the server stopped before it listened" }
    }

    private let condition = NSCondition()
    private var result: Result<Int, Error>?

    func settle(_ outcome: Result<Int, Error>) {
        condition.lock()
        if result == nil { result = outcome }
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Result<Int, Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

#else
import ArgumentParser

/// `conduit serve` in a build without the live page (the `Serve` trait off, as scripts/conduit's
/// first start builds it): says how to get it rather than failing to parse.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the playground with a live page (not in this build: `scripts/conduit serve` builds it)."
    )

    @Argument(parsing: .allUnrecognized) var arguments: [String] = []

    func run() throws {
        throw CommandFailure(
            status: ExitStatus.usage,
            message: "this conduit was built without the live page, so that its first build is quicker: "
                + "`scripts/conduit serve` builds it (Hummingbird and SwiftNIO: a few minutes the first time) "
                + "and starts it")
    }
}
#endif
