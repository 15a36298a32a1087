import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A small WebSocket client for the serve tests, on swift-nio's own HTTP/1 upgrade and frame codec
/// (no TLS, so the tests build no TLS library): it connects to a loopback server, sends text
/// messages, and hands every text message it receives to a closure until that says it is done.
enum TestWebSocketClient {
    /// The server answered the upgrade request without switching to WebSocket.
    struct UpgradeRefused: Error {}

    private enum Upgrade {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    /// Connects to `ws://host:port/path`, sends `sending` in order, then reads until `received`
    /// returns true for a message (or the server closes), and closes the connection.
    static func exchange(
        host: String = "127.0.0.1", port: Int, path: String, sending: [String] = [], maxFrameSize: Int = 1 << 24,
        until received: (String) throws -> Bool
    ) async throws {
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: maxFrameSize) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(PingResponder())
                            return .websocket(try eagerChannel(channel))
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
        guard case .websocket(let channel) = try await upgrade.get() else { throw UpgradeRefused() }
        try await channel.executeThenClose { inbound, outbound in
            for text in sending {
                try await outbound.write(frame(.text, ByteBuffer(string: text)))
            }
            // A text message may come in several frames: the first `.text`, the rest `.continuation`.
            var message: ByteBuffer?
            for try await frame in inbound {
                switch frame.opcode {
                case .text:
                    message = frame.unmaskedData
                case .continuation:
                    var data = frame.unmaskedData
                    message?.writeBuffer(&data)
                case .connectionClose:
                    return
                default:
                    continue
                }
                guard frame.fin, let whole = message else { continue }
                message = nil
                if try received(String(buffer: whole)) { return }
            }
        }
    }

    /// The upgraded channel, reading frames from the socket as they come however far behind the
    /// test's reading is, so that `PingResponder` sees the server's keep-alive ping at once.
    private static func eagerChannel(_ channel: Channel) throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let eager = NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark(
            lowWatermark: 1 << 16, highWatermark: 1 << 17)
        return try NIOAsyncChannel(
            wrappingChannelSynchronously: channel, configuration: .init(backPressureStrategy: eager))
    }

    /// A whole frame from the client, masked as RFC 6455 requires of every client frame.
    fileprivate static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }
}

/// Answers the server's keep-alive pings on the event loop, as they arrive: a test that reads its
/// messages slowly (200 viewers on a loaded machine) would otherwise answer late and be closed.
private final class PingResponder: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard frame.opcode == .ping else { return context.fireChannelRead(data) }
        context.writeAndFlush(wrapOutboundOut(TestWebSocketClient.frame(.pong, frame.unmaskedData)), promise: nil)
    }
}
