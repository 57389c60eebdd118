import NIOCore

/// What the handlers of one connection share, on its event loop only.
final class ConnectionState {
    /// An event stream is open: idle by design.
    var streaming = false
    /// A request is being answered (until its answer is written; for an event stream, for good):
    /// the wait is the server's, not the client's. ``HTTPHandler`` answers the next only then.
    var answering = false
    /// The time limit of the request being read, from its first byte; cancelled at its end.
    var requestDeadline: Scheduled<Void>?
    /// The `Host` header the connection's last request carried, found good (``AccessPolicy/checkHost(_:)``).
    var acceptedHost: String?

    /// The request has been read whole: its time limit no longer applies.
    func requestRead() {
        requestDeadline?.cancel()
        requestDeadline = nil
    }
}

/// Answers a client that does not send a whole request in time with a 408 and closes the
/// connection, so it cannot hold a place for ever: one that sends nothing for the read timeout (a
/// half-sent request, an idle keep-alive; the ``IdleStateHandler`` before it tells), and one that
/// sends a request a byte at a time (a slowloris), which has the same time from its first byte to
/// its last. It sits before the HTTP decoder and writes raw bytes: the HTTP handlers may be
/// mid-request.
final class RequestDeadline: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let connection: ConnectionState
    private let deadline: TimeAmount

    init(connection: ConnectionState, deadline: TimeAmount) {
        self.connection = connection
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if connection.requestDeadline == nil, !connection.streaming {
            connection.requestDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) { [self] in
                connection.requestDeadline = nil
                timeOut(context)
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.requestRead()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is IdleStateHandler.IdleStateEvent else { return context.fireUserInboundEventTriggered(event) }
        timeOut(context)
    }

    private func timeOut(_ context: ChannelHandlerContext) {
        if connection.answering { return }  // An event stream included.
        let response = SecurityHeaders.rawResponse(status: .requestTimeout, error: .requestTimeout)
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(response), promise: promise)
        promise.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
