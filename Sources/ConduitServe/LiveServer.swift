import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The live page's HTTP and WebSocket server, on Hummingbird: `GET /` serves the page (HTML, CSS
/// and script in one file, nothing from the network), `GET /snapshot` the session as JSON, and
/// `/live` pushes every change to the page over a WebSocket. Viewers can only watch: whatever they
/// send is dropped and counted.
public struct LiveServer: Sendable {
    public let feed: LiveFeed
    public let host: String
    public let port: Int

    public init(feed: LiveFeed, host: String = "127.0.0.1", port: Int = 8080) {
        self.feed = feed
        self.host = host
        self.port = port
    }

    /// Serves until the task is cancelled; `onRunning` gets the port really bound (useful with
    /// port 0). Throws when the address cannot be bound (a port in use).
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let feed = self.feed
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: LivePage.html)))
        }
        router.get("/snapshot") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: feed.encodedSnapshot())))
        }
        router.ws("/live") { inbound, outbound, _ in
            let viewer = LiveViewer()
            feed.add(viewer)
            defer { feed.remove(viewer) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Viewers only watch: every message is dropped and counted.
                    for try await _ in inbound.messages(maxSize: 64 * 1024) { feed.ignoreMessage() }
                }
                group.addTask {
                    for await _ in viewer.wakes {
                        for text in viewer.take(snapshot: feed.encodedSnapshotThrough) {
                            try await outbound.write(.text(text))
                        }
                    }
                }
                // The page closed (or the writer failed): stop the other half too.
                _ = try await group.next()
                group.cancelAll()
            }
        }
        var logger = Logger(label: "conduit.serve")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname(host, port: port), serverName: nil, reuseAddress: false),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await app.run()
    }
}
