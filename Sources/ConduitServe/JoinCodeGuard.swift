import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Refuses a WebSocket upgrade that lacks the join code with 403, as the page's plain requests are
/// refused. Hummingbird answers an upgrade it declines with a fixed 400, so this handler sits just
/// after the HTTP decoder and reads a connection's first request head before the upgrade handler
/// does: an upgrade without the code gets 403 and the connection closes; anything else passes and
/// the handler leaves the pipeline (only a connection's first request can be upgraded).
final class JoinCodeGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: LiveAccess
    private let refusal: String
    /// Set once a request is refused: the rest of it is dropped while the connection closes.
    private var refusing = false

    init(access: LiveAccess, refusal: String) {
        self.access = access
        self.refusal = refusal
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if JoinCodeGuard.isUpgrade(head), !access.allows(JoinCodeGuard.code(in: head.uri)) {
            refusing = true
            refuse(head, context: context)
            return
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Writes 403 with the refusal's text, then closes the connection.
    private func refuse(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let body = context.channel.allocator.buffer(string: refusal)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/plain; charset=utf-8")
        headers.add(name: "content-length", value: "\(body.readableBytes)")
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .forbidden,
            headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// Whether the request asks to become a WebSocket (`Upgrade: websocket`).
    static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers["upgrade"].contains { $0.lowercased().contains("websocket") }
    }

    /// The `code` query parameter of `uri`, if any.
    static func code(in uri: String) -> Substring? {
        guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == "code" { return parts.count > 1 ? parts[1] : "" }
        }
        return nil
    }
}

/// The HTTP/1 channel with a WebSocket upgrade, with a `JoinCodeGuard` placed after its HTTP
/// decoder when the server needs a join code.
struct GuardedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let access: LiveAccess
    let refusal: String

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (access, refusal) = (self.access, self.refusal)
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            guard access.code != nil else { return value }
            let decoder = try channel.pipeline.syncOperations
                .handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(JoinCodeGuard(access: access, refusal: refusal),
                position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
