import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// The live page's HTTP and WebSocket server, on Hummingbird: `GET /` serves the page with the
/// session's current state already in its HTML (and its style and script inline, nothing from the
/// network), `GET /snapshot` the session as JSON, and `/live` pushes every change to the page over
/// a WebSocket and takes the room's predictions (`LiveRoom`). Off loopback every request needs the
/// join code (`LiveAccess`): without it the page, the snapshot and the WebSocket's upgrade
/// (`JoinCodeGuard`) get 403.
public struct LiveServer: Sendable {
    public let feed: LiveFeed
    public let room: LiveRoom
    public let access: LiveAccess
    public let host: String
    public let port: Int

    public init(feed: LiveFeed, room: LiveRoom = LiveRoom(), access: LiveAccess = LiveAccess(code: nil),
                host: String = "127.0.0.1", port: Int = 8080) {
        self.feed = feed
        self.room = room
        self.access = access
        self.host = host
        self.port = port
    }

    /// Serves until the task is cancelled; `onRunning` gets the port really bound (useful with
    /// port 0). Throws when the address cannot be bound (a port in use).
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let (feed, room, access) = (self.feed, self.room, self.access)
        let router = Router()
        let refusal = "this page needs the join code the teacher's terminal shows: open the address with ?code=...\n"
        router.get("/") { request, _ in
            guard access.allows(request.uri.queryParameters["code"]) else { return LiveServer.forbidden(refusal) }
            let page = LivePage.render(feed.snapshot(), presenting: request.uri.queryParameters["present"] != nil,
                                       code: access.code)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.get("/snapshot") { request, _ in
            guard access.allows(request.uri.queryParameters["code"]) else { return LiveServer.forbidden(refusal) }
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: feed.encodedSnapshot())))
        }
        // A plain GET of /live (not an upgrade, or on a connection that already had a request).
        router.get("/live") { request, _ in
            guard access.allows(request.uri.queryParameters["code"]) else { return LiveServer.forbidden(refusal) }
            return Response(status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "/live is the page's WebSocket: open / instead\n")))
        }
        // An upgrade without the code never reaches this router: `JoinCodeGuard` answers it with 403.
        let sockets = Router(context: BasicWebSocketRequestContext.self)
        sockets.ws("/live", shouldUpgrade: { request, _ in
            access.allows(request.uri.queryParameters["code"]) ? .upgrade([:]) : .dontUpgrade
        }, onUpgrade: { inbound, outbound, _ in
            let viewer = LiveViewer()
            guard feed.add(viewer, limit: access.viewerLimit) else {
                let full = LiveMessage.answer(accepted: false,
                    message: "the room is full: \(access.viewerLimit) viewers are watching; try again later")
                try await outbound.write(.text(LiveFeed.encode(full)))
                return
            }
            defer { feed.remove(viewer) }
            let limit = RateLimit()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Frames over 16 KiB close the connection (Hummingbird's limit); the rest are
                    // answered one by one through the viewer's queue, after the room looked at them.
                    for try await message in inbound.messages(maxSize: 16 * 1024) {
                        let text: String
                        switch message {
                        case .text(let string): text = string
                        case .binary(let buffer): text = String(buffer: buffer)
                        }
                        viewer.post(answer: LiveFeed.encode(room.receive(text, limit: limit)))
                    }
                }
                group.addTask {
                    // The feed builds a frame at most twenty times a second, once for every viewer:
                    // each writer sends the same buffers, so 200 viewers cost 200 writes per frame,
                    // not per line, and nothing is encoded per viewer. A writer held up by a slow
                    // page finds, when it comes back, the frames since (or one snapshot), not a queue.
                    for await _ in viewer.wakes {
                        for frame in feed.frames(for: viewer) {
                            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: frame)))
                        }
                        feed.park(viewer)
                    }
                }
                // The page closed (or the writer failed): stop the other half too.
                _ = try await group.next()
                group.cancelAll()
            }
        })
        var logger = Logger(label: "conduit.serve")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: HTTPServerBuilder { [socketResponder = sockets.buildResponder()] responder in
                GuardedUpgradeChannel(
                    inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: socketResponder,
                                                        configuration: .init()),
                    access: access, refusal: refusal)
            },
            configuration: .init(address: .hostname(host, port: port), serverName: nil, reuseAddress: false),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        feed.attach(app.eventLoopGroup)
        // The frames every viewer writes are built beside the server, for as long as it runs.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await feed.broadcast() }
            defer { group.cancelAll() }
            try await app.run()
        }
    }

    static func forbidden(_ text: String) -> Response {
        Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
