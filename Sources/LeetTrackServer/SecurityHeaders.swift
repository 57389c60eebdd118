import NIOCore
import NIOHTTP1

/// Puts the security headers on every response head that goes out, whoever made it: the
/// handlers', and the 400 that NIO's error handler sends for a request it cannot parse.
final class SecurityHeaders: ChannelOutboundHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// No framing, no sniffing, no referrer, and a policy that lets the page run only the script
    /// and style the binary serves.
    static let fields: [(name: String, value: String)] = [
        ("Content-Security-Policy", Assets.contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        for (name, value) in Self.fields where !head.headers.contains(name: name) { head.headers.add(name: name, value: value) }
        if !head.headers.contains(name: "Cache-Control") { head.headers.add(name: "Cache-Control", value: "no-store") }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    /// A whole response as bytes, for a handler that sits before the HTTP encoder: an error JSON
    /// body, the security headers, and `Connection: close`.
    static func rawResponse(status: HTTPResponseStatus, error: ServerError) -> String {
        let body = String(decoding: HTTPHandler.encode(ErrorJSON(error)), as: UTF8.self)
        var lines = ["HTTP/1.1 \(status.code) \(status.reasonPhrase)"]
        lines += fields.map { "\($0.name): \($0.value)" }
        lines += ["Cache-Control: no-store", "Content-Type: application/json; charset=utf-8",
                  "Content-Length: \(body.utf8.count)", "Connection: close"]
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    }
}
