import FoundationEssentials
import LeetTrackCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// What every connection shares: the routes, the policy, the event streams, the pool that runs
/// store I/O off the event loops, the queue that commits edits in groups, and the log.
struct ServerShared: Sendable {
    let routes: Routes
    let writes: WriteQueue
    let policy: AccessPolicy
    let hub: EventHub
    let pool: NIOThreadPool
    let logger: Logger
    /// The largest request body accepted, in bytes.
    let bodyLimit: Int
}

/// One connection: reads a request (refusing a body over the limit), checks it, answers from the
/// assets, the API (on the thread pool) or as an event stream.
///
/// It answers a connection's requests one at a time, in order (HTTP/1.1 pipelining), itself
/// rather than through NIO's `HTTPServerPipelineHandler`: that handler held back every `read`
/// while an answer was pending, so each request of a client that waits for its answer (every
/// browser) cost two `epoll_ctl` calls to stop and resume reading. Reading stops here only while
/// a request waits behind another, which only a pipelining client makes happen.
///
/// An answer is written whole, as bytes, below NIO's HTTP encoder (through the context of
/// ``RequestDeadline``, which writes its 408 the same way): through the encoder, its validator and
/// the security headers' handler, the three parts of every answer cost about a tenth of a served
/// toggle's CPU. The encoder writes what goes out in parts: an event stream, and NIO's 400.
final class HTTPHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// A request read whole, or refused while it was read, waiting for its turn.
    private enum Waiting {
        case request(HTTPRequestHead, [UInt8])
        case refused(HTTPRequestHead, ServerError)
    }

    private let shared: ServerShared
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var refused = false
    /// The requests read and not yet answered, in order.
    private var waiting = CircularBuffer<Waiting>()
    /// A `read` held back while requests wait, passed on once they are answered.
    private var readHeld = false
    private let connection: ConnectionState
    /// Where whole answers are written: the context of ``RequestDeadline``, below the HTTP codec.
    private var wire: ChannelHandlerContext?

    init(shared: ServerShared, connection: ConnectionState) {
        self.shared = shared
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        do {
            wire = try context.pipeline.syncOperations.context(handlerType: RequestDeadline.self)
        } catch {
            preconditionFailure("HTTPHandler writes its answers through a RequestDeadline below the HTTP codec: \(error)")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        wire = nil  // The pipeline holds this handler: no cycle outlives the connection.
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
            refused = false
            if let length = head.headers.first(name: "content-length").flatMap({ Int($0) }), length > shared.bodyLimit {
                refuse(context, ServerError.bodyTooLarge(limit: shared.bodyLimit), head)
            }
        case .body(var buffer):
            guard !refused, let head else { return }
            guard body.count + buffer.readableBytes <= shared.bodyLimit else {
                return refuse(context, ServerError.bodyTooLarge(limit: shared.bodyLimit), head)
            }
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            connection.requestRead()
            guard !refused, let head else { return }
            self.head = nil
            waiting.append(.request(head, body))
            body = []
            answerWaiting(context)
        }
    }

    /// Answers the waiting requests in order, each once the one before is answered. While the
    /// answers before wait to be sent (a client that never reads), the next waits too, so no
    /// answer is made that would only pile up in memory.
    private func answerWaiting(_ context: ChannelHandlerContext) {
        while !connection.answering, context.channel.isWritable, let next = waiting.popFirst() {
            connection.answering = true
            switch next {
            case .request(let head, let body): handle(context, head, body)
            case .refused(let head, let error): respond(context, head, json: Self.encode(ErrorJSON(error)), status: error.status, close: true)
            }
        }
        if waiting.isEmpty, readHeld {
            readHeld = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // Requests wait behind an answer: read no more until they are answered.
        if waiting.isEmpty { context.read() } else { readHeld = true }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        answerWaiting(context)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)  // A reset or broken connection: nothing left to answer.
    }

    /// The request target's path (percent-encoded) and its query's parameters (decoded; a name
    /// without `=` has the value ""), as `URLComponents` reads them. A plain path, the API's
    /// writes (`/api/problems/1/favorite`), is its own path: no query, no fragment, no escape,
    /// nothing `URLComponents` would escape, and no `//` at the start (an authority).
    static func target(of uri: String) -> (path: String, parameters: [String: String]) {
        if !uri.hasPrefix("//"), uri.utf8.allSatisfy(isPlainPathByte) {
            return (uri, [:])
        }
        let components = URLComponents(string: uri)
        var parameters: [String: String] = [:]
        for item in components?.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        return (components?.percentEncodedPath ?? uri, parameters)
    }

    /// A byte a path may hold as it is (RFC 3986: unreserved, sub-delimiters, `:`, `@`, `/`).
    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    /// The segments between the slashes of `path`, empty ones kept; split on the bytes, since a
    /// slash is always one byte.
    static func segments(of path: Substring) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
    }

    /// `segment` with its `%XX` escapes decoded, or `nil` when an escape is malformed or the bytes
    /// are not UTF-8 (as `removingPercentEncoding` answers).
    static func percentDecoded(_ segment: Substring) -> String? {
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let bytes = Array(segment.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// Refuses the request being read, in its turn, and closes the connection after the answer.
    private func refuse(_ context: ChannelHandlerContext, _ error: ServerError, _ head: HTTPRequestHead) {
        refused = true
        waiting.append(.refused(head, error))
        answerWaiting(context)
    }

    private func handle(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ body: [UInt8]) {
        let policy = shared.policy
        // HEAD is answered as GET is, without the body (see `respond`).
        let method = head.method == .HEAD ? HTTPMethod.GET : head.method
        do {
            try Self.checkFraming(head)
            // A connection's requests carry the same Host: the one found good is not checked again.
            let host = head.headers.first(name: "host")
            if host == nil || host != connection.acceptedHost {
                try policy.checkHost(host)
                connection.acceptedHost = host
            }
            let target = Self.target(of: head.uri)
            let path = target.path
            var parameters = target.parameters
            if let token = parameters.removeValue(forKey: "token"), method == .GET, !path.hasPrefix("/api/") {
                guard policy.matchesQueryToken(token) else { throw ServerError.unauthorized }
                return redirect(context, head, to: path)
            }
            guard policy.isAuthorized(head) else { throw ServerError.unauthorized }
            if path.hasPrefix("/api/") {
                let segments = Self.segments(of: path.dropFirst(5))
                    // Most segments have nothing to decode.
                    .map { $0.utf8.contains(UInt8(ascii: "%")) ? Substring(Self.percentDecoded($0) ?? String($0)) : $0 }
                if let allowed = Routes.methods(for: segments), !allowed.contains(method) {
                    throw ServerError.methodNotAllowed(method: head.method.rawValue, allowed: Self.names(of: allowed))
                }
                if method != .GET { try policy.checkWrite(head) }
                if segments == ["events"] {
                    if head.method == .HEAD {
                        return respond(context, head, body: [], contentType: "text/event-stream; charset=utf-8", status: .ok, cache: "no-store")
                    }
                    return startStream(context, head)
                }
                var request = APIRequest(method: method, path: segments, parameters: parameters, body: body)
                if method != .GET { request.change = try ChangeHeaders(head.headers) }
                return api(context, head, request)
            }
            guard let asset = AssetBodies.asset(at: path) else { throw ServerError.notFound(path: path) }
            guard method == .GET else { throw ServerError.methodNotAllowed(method: head.method.rawValue, allowed: Self.names(of: [.GET])) }
            let answer = asset.body.answer(to: head.headers)
            respond(context, head, body: answer.body, contentType: asset.contentType, status: answer.notModified ? .notModified : .ok,
                    cache: "no-cache", extraHeaders: answer.headers)
        } catch {
            let json = ErrorJSON(error)
            var extra: [(String, String)] = []
            if case ServerError.methodNotAllowed(_, let allowed) = error { extra.append(("Allow", allowed.joined(separator: ", "))) }
            respond(context, head, body: Self.encode(json), contentType: "application/json; charset=utf-8",
                    status: HTTPResponseStatus(statusCode: json.status), cache: "no-store", extraHeaders: extra)
        }
    }

    /// The methods' names for `Allow` and the 405's message: HEAD wherever GET is.
    static func names(of methods: [HTTPMethod]) -> [String] {
        methods.flatMap { $0 == .GET ? ["GET", "HEAD"] : [$0.rawValue] }
    }

    /// Refuses what a proxy or cache could read otherwise than this server does: an HTTP/1.1
    /// request without exactly one `Host` header, and a target that is not a path
    /// (`GET http://other/ HTTP/1.1`, `*`).
    static func checkFraming(_ head: HTTPRequestHead) throws {
        let hosts = head.headers["host"].count
        if hosts > 1 || (hosts == 0 && head.version != .http1_0 && head.version != .http0_9) {
            throw ServerError.badRequest("a request carries one Host header, not \(hosts).")
        }
        guard head.uri.hasPrefix("/") else {
            throw ServerError.badRequest("the request target must be a path such as /api/problems, not a full URL.")
        }
    }

    private func api(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ request: APIRequest) {
        let routes = shared.routes
        let logger = shared.logger
        // `fields`: a cached body's tag and encoding (see ``CachedBody/answer(to:)``).
        typealias Answer = (status: Int, json: ByteBuffer, warning: String?, fields: [(String, String)])
        let future: EventLoopFuture<Answer>
        if Routes.isEdit(request.path) {
            future = shared.writes.submit(request, on: context.eventLoop).map { ($0.status, ByteBuffer(bytes: $0.body), nil, []) }
        } else {
            let headers = head.headers
            future = shared.pool.runIfActive(eventLoop: context.eventLoop) { () -> Answer in
                do {
                    let response = try routes.handle(request)
                    let warning = Routes.warning(about: response.damaged)
                    if let answered = response.answered { return (Int(response.status.code), answered, warning, []) }
                    if let cached = response.encoded {
                        let answer = cached.answer(to: headers)
                        return (answer.notModified ? 304 : Int(response.status.code), answer.body, warning, answer.headers)
                    }
                    return (Int(response.status.code), ByteBuffer(bytes: Self.encode(response.value)), warning, [])
                } catch {
                    let json = ErrorJSON(error)
                    if json.status >= 500 { logger.error("\(request.path.joined(separator: "/")): \(error)") }
                    return (json.status, ByteBuffer(bytes: Self.encode(json)), nil, [])
                }
            }
        }
        future.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let answer):
                self.respond(
                    context, head, body: answer.json, contentType: "application/json; charset=utf-8",
                    // A tagged answer is revalidated at each use (a 304 while it is unchanged); the others are not kept.
                    status: HTTPResponseStatus(statusCode: answer.status), cache: answer.fields.isEmpty ? "no-store" : "no-cache",
                    extraHeaders: answer.fields + (answer.warning.map { [(Self.warningHeader, $0)] } ?? []))
                self.answerWaiting(context)
            case .failure:
                context.close(promise: nil)  // The pool is stopping: the server is shutting down.
            }
        }
    }

    /// The header of a response that left out records that do not decode (see ``Routes/warning(about:)``).
    static let warningHeader = "X-LeetTrack-Warning"

    private func startStream(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        connection.streaming = true
        var headers = Self.commonHeaders(cache: "no-store")
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        let hello = context.channel.allocator.buffer(string: "retry: 500\n: connected\n\n")
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(hello))), promise: nil)
        shared.hub.add(context.channel)
        log(head, .ok)
    }

    private func redirect(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, to path: String) {
        // One leading slash: `//evil.example` would be another site to the browser (an open redirect).
        let local = "/" + path.drop { $0 == "/" || $0 == "\\" }
        var headers = [("Location", local)]
        if let cookie = shared.policy.sessionCookieHeader { headers.append(("Set-Cookie", cookie)) }
        respond(context, head, body: [], contentType: "text/plain", status: .seeOther, cache: "no-store", extraHeaders: headers)
    }

    private func respond(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, json: [UInt8], status: HTTPResponseStatus, close: Bool) {
        respond(context, head, json: context.channel.allocator.buffer(bytes: json), status: status, close: close)
    }

    private func respond(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, json: ByteBuffer, status: HTTPResponseStatus, close: Bool) {
        respond(context, head, body: json, contentType: "application/json; charset=utf-8", status: status, cache: "no-store", close: close)
    }

    private func respond(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, body: [UInt8], contentType: String,
        status: HTTPResponseStatus, cache: String, close: Bool = false, extraHeaders: [(String, String)] = []
    ) {
        respond(context, head, body: context.channel.allocator.buffer(bytes: body), contentType: contentType, status: status,
                cache: cache, close: close, extraHeaders: extraHeaders)
    }

    /// `body` is sent as it is: a cached buffer (the full list) is shared, not copied. The head is
    /// written as NIO's encoder writes it (the security headers, the cache rule, the type, the
    /// length, the others, `Connection: close` last), and a header value that could not be sent
    /// makes the answer a 500 instead.
    private func respond(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, body: ByteBuffer, contentType: String,
        status: HTTPResponseStatus, cache: String, close: Bool = false, extraHeaders: [(String, String)] = []
    ) {
        guard let wire else { return context.close(promise: nil) }  // Being removed: the connection is closing.
        guard extraHeaders.allSatisfy({ Self.isFieldValue($0.1) }) else {
            shared.logger.error("\(head.uri.split(separator: "?").first ?? ""): an answer had a header value that cannot be sent")
            let json = ErrorJSON(status: 500, error: "the answer could not be sent; the server's log says why.")
            return respond(context, head, json: Self.encode(json), status: .internalServerError, close: close)
        }
        let closing = close || !head.isKeepAlive
        var fields = [("Cache-Control", cache), ("Content-Type", contentType)]
        // A 304 has no body, and its length would be the 200's (RFC 9110, section 8.6): none is sent.
        if status != .notModified { fields.append(("Content-Length", String(body.readableBytes))) }
        fields += extraHeaders
        if closing { fields.append(("Connection", "close")) }
        var bytes = context.channel.allocator.buffer(capacity: 384)
        SecurityHeaders.writeHead(version: head.version, status: status, fields: fields, to: &bytes)
        let promise = context.eventLoop.makePromise(of: Void.self)
        // A HEAD's answer has the GET's headers, its length included, and no body.
        if head.method != .HEAD, body.readableBytes > 0 {
            wire.write(NIOAny(bytes), promise: nil)
            wire.writeAndFlush(NIOAny(body), promise: promise)
        } else {
            wire.writeAndFlush(NIOAny(bytes), promise: promise)
        }
        if closing {
            promise.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
        connection.answering = closing  // A connection being closed answers nothing more.
        log(head, status)
    }

    /// Whether `value` can be a header's value as it is (RFC 9110, section 5.5: tabs, spaces,
    /// visible characters and bytes from 0x80; no line break, no NUL), as NIO's validator requires.
    static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 }
    }

    private func log(_ head: HTTPRequestHead, _ status: HTTPResponseStatus) {
        shared.logger.info("\(head.method.rawValue) \(head.uri.split(separator: "?").first ?? "") \(status.code)")
    }

    /// The headers of every response: the security headers (see ``SecurityHeaders``) and the cache rule.
    static func commonHeaders(cache: String) -> HTTPHeaders {
        var headers = securityHeaders
        headers.add(name: "Cache-Control", value: cache)
        return headers
    }

    private static let securityHeaders = HTTPHeaders(SecurityHeaders.fields.map { ($0.name, $0.value) })

    static func encode(_ value: any Encodable) -> [UInt8] {
        do {
            return try OutputJSON.encode(value, pretty: false)
        } catch {
            return Array("{\"error\":\"cannot encode the response\",\"status\":500}".utf8)
        }
    }
}
