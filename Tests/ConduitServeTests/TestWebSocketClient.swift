import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// A small WebSocket client for the serve tests, on swift-nio's own HTTP/1 upgrade and frame codec
/// (no TLS, so the tests build no TLS library): it connects to a loopback server, sends text
/// messages, and hands every text message it receives to a closure until that says it is done.
/// Frames are read on the connection's event loop as they come (`MessageCollector`); only whole
/// messages, as strings, cross to the test's task.
enum TestWebSocketClient {
    /// The server answered the upgrade request without switching to WebSocket.
    struct UpgradeRefused: Error {}

    private enum Upgrade {
        case websocket(Channel, AsyncStream<String>)
        case refused
    }

    /// Connects to `ws://host:port/path`, sends `sending` in order, then reads until `received`
    /// returns true for a message (or the server closes), and closes the connection. A connection
    /// on which no message at all arrives within `silence` seconds is closed too: now and then the
    /// server's first message is lost on the way into this client (it comes in the same read as
    /// the upgrade response), and the test would otherwise wait for ever.
    static func exchange(
        host: String = "127.0.0.1", port: Int, path: String, sending: [String] = [], maxFrameSize: Int = 1 << 24,
        silence: Double = 20, until received: (String) throws -> Bool
    ) async throws {
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: maxFrameSize) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            let (messages, continuation) = AsyncStream.makeStream(of: String.self)
                            try channel.pipeline.syncOperations.addHandler(MessageCollector(continuation))
                            return .websocket(channel, messages)
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "\(host):\(port)")
                    let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: request, upgraders: [upgrader]
                    ) { channel in
                        channel.eventLoop.makeCompletedFuture { .refused }
                    }
                    // The server writes its snapshot as soon as the connection is upgraded, so it
                    // can come in the same read as the upgrade response: forward those bytes to the
                    // WebSocket decoder (NIO drops them by default, and the viewer's first message
                    // was lost now and then).
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: pipeline
                    )
                }
            }
        guard case .websocket(let channel, let messages) = try await upgrade.get() else { throw UpgradeRefused() }
        defer { channel.close(promise: nil) }
        for text in sending {
            try await channel.writeAndFlush(frame(.text, ByteBuffer(string: text))).get()
        }
        let heard = HeardFlag()
        let watchdog = Task {
            try await Task.sleep(nanoseconds: UInt64(silence * 1_000_000_000))
            if !heard.value.load(ordering: .relaxed) { channel.close(promise: nil) }
        }
        defer { watchdog.cancel() }
        for await text in messages {
            heard.value.store(true, ordering: .relaxed)
            if try received(text) { return }
        }
    }

    /// A whole frame from the client, masked as RFC 6455 requires of every client frame.
    fileprivate static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }
}

/// Whether a connection has had a message yet.
private final class HeardFlag: Sendable {
    let value = Atomic<Bool>(false)
}

/// Reads the upgraded connection's frames on its event loop as they arrive: answers the server's
/// keep-alive pings at once (a test that reads its messages slowly, 200 viewers on a loaded machine,
/// would otherwise answer late and be closed), puts each text message together from its frames (the
/// first `.text`, the rest `.continuation`) and hands it on whole; ends the messages when the
/// connection closes.
private final class MessageCollector: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let messages: AsyncStream<String>.Continuation
    private var partial: ByteBuffer?

    init(_ messages: AsyncStream<String>.Continuation) {
        self.messages = messages
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(wrapOutboundOut(TestWebSocketClient.frame(.pong, frame.unmaskedData)), promise: nil)
            return
        case .text:
            partial = frame.unmaskedData
        case .continuation:
            var data = frame.unmaskedData
            partial?.writeBuffer(&data)
        case .connectionClose:
            messages.finish()
            return
        default:
            return
        }
        guard frame.fin, let whole = partial else { return }
        partial = nil
        messages.yield(String(buffer: whole))
    }

    func channelInactive(context: ChannelHandlerContext) {
        messages.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        messages.finish()
        context.close(promise: nil)
    }
}
