import NIOCore

/// What the handlers of one connection share, on its event loop only.
final class ConnectionState {
    /// An event stream is open: idle by design.
    var streaming = false
    /// A request is being answered on the thread pool: the wait is the server's, not the client's.
    var busy = false
}

/// Answers a client that sends nothing for the read timeout (a slowloris, a half-sent request, an
/// idle keep-alive) with a 408 and closes the connection, so it cannot hold a place for ever.
/// It sits before the HTTP decoder and writes raw bytes: the HTTP handlers may be mid-request.
final class RequestDeadline: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let connection: ConnectionState

    init(connection: ConnectionState) {
        self.connection = connection
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is IdleStateHandler.IdleStateEvent else { return context.fireUserInboundEventTriggered(event) }
        if connection.streaming || connection.busy { return }
        let body = #"{"error":"\#(ServerError.requestTimeout.description)","status":408}"#
        let response = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response)), promise: promise)
        promise.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
