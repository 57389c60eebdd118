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
    static func rawResponse(status: HTTPResponseStatus, error: ServerError) -> ByteBuffer {
        let body = HTTPHandler.encode(ErrorJSON(error))
        var bytes = ByteBuffer()
        writeHead(version: .http1_1, status: status, fields: [
            ("Cache-Control", "no-store"), ("Content-Type", "application/json; charset=utf-8"),
            ("Content-Length", String(body.count)), ("Connection", "close"),
        ], to: &bytes)
        bytes.writeBytes(body)
        return bytes
    }

    /// Writes a response's head as NIO's encoder writes one: the status line, the security
    /// headers, `fields` in their order, and the blank line. The caller vouches for the fields.
    static func writeHead(version: HTTPVersion, status: HTTPResponseStatus, fields: [(String, String)], to bytes: inout ByteBuffer) {
        bytes.writeString("HTTP/\(version.major).\(version.minor) \(status.code) \(status.reasonPhrase)\r\n")
        bytes.writeBytes(lines)
        for (name, value) in fields { writeField(name, value, to: &bytes) }
        bytes.writeStaticString("\r\n")
    }

    /// The security headers' lines, first in every head written as bytes.
    private static let lines: [UInt8] = {
        var lines = ByteBuffer()
        for field in fields { writeField(field.name, field.value, to: &lines) }
        return Array(lines.readableBytesView)
    }()

    private static func writeField(_ name: String, _ value: String, to bytes: inout ByteBuffer) {
        bytes.writeString(name)
        bytes.writeStaticString(": ")
        bytes.writeString(value)
        bytes.writeStaticString("\r\n")
    }
}
