import Foundation
import Testing

/// The small print of HTTP that a careful operator checks: HEAD, `Allow`, one `Host`, a path as the
/// target, the security headers on every answer, a session that expires.
@Suite("serve: HTTP details")
struct ServeHTTPDetailsEndToEndTests {
    /// The raw answer to `request` (its lines joined with CRLF, a blank line added).
    private func raw(_ server: ServeProcess, _ lines: [String]) throws -> HTTPReply {
        let socket = try RawSocket(port: server.port)
        try socket.send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        return try HTTPReply(socket.readToEnd())
    }

    @Test(arguments: ["/", "/app.js", "/api/lists", "/api/problems", "/api/problems/1", "/api/events"])
    func headIsAnsweredWithTheHeadersOfGETAndNoBody(path: String) throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let head = try server.request("HEAD", path)
        #expect(head.status == 200, "\(path)")
        #expect(head.bytes.isEmpty, "\(path): \(head.bytes.count) bytes")
        #expect(head.headers["content-type"] != nil, "\(path)")
        if path != "/api/events" {
            let get = try server.request("GET", path)
            #expect(head.headers["content-length"] == String(get.bytes.count), "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
        }
        #expect(try server.stillAnswers())
    }

    /// The answers are written as bytes below NIO's HTTP encoder (HTTPHandler's `respond`): their
    /// heads must frame them as the encoder did.
    @Test func anAnswersHeadFramesItAsHTTPDoes() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let host = "Host: 127.0.0.1:\(server.port)"
        func lines(_ reply: [UInt8]) -> [String] {
            let text = String(decoding: reply, as: UTF8.self)
            return text.range(of: "\r\n\r\n").map { text[..<$0.lowerBound].components(separatedBy: "\r\n") } ?? []
        }
        // HTTP/1.0 is answered in HTTP/1.0, and the connection closed after the answer.
        let old = try RawSocket(port: server.port)
        try old.send(Array("GET /api/problems/1 HTTP/1.0\r\n\(host)\r\n\r\n".utf8))
        let oldBytes = try old.readToEnd()
        let oldReply = try HTTPReply(oldBytes)
        #expect(lines(oldBytes).first == "HTTP/1.0 200 OK")
        #expect(oldReply.headers["connection"] == "close")
        #expect(oldReply.headers["content-length"] == String(oldReply.bytes.count))
        #expect(oldReply.body.contains("\"slug\":\"two-sum\""))
        // HTTP/1.1: each header once, the security headers first, no other framing than the length.
        let modern = try RawSocket(port: server.port)
        try modern.send(Array("GET /api/problems/1 HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n".utf8))
        let modernBytes = try modern.readToEnd()
        let head = lines(modernBytes)
        #expect(head.first == "HTTP/1.1 200 OK")
        let names = head.dropFirst().compactMap { $0.split(separator: ":").first.map { $0.lowercased() } }
        #expect(names.count == Set(names).count, "\(names)")
        #expect(Array(names.prefix(4)) == ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"])
        #expect(!names.contains("transfer-encoding"))
        #expect(names.last == "connection")
        #expect(try HTTPReply(modernBytes).headers["content-length"] == String(try HTTPReply(modernBytes).bytes.count))
        // A 304 has neither a length nor a body, and the connection goes on.
        let tag = try #require(try server.request("GET", "/api/problems").headers["etag"])
        let again = try RawSocket(port: server.port)
        try again.send(Array("GET /api/problems HTTP/1.1\r\n\(host)\r\nIf-None-Match: \(tag)\r\n\r\nGET /api/lists HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n".utf8))
        let both = String(decoding: try again.readToEnd(), as: UTF8.self)
        #expect(both.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        let notModified = both.components(separatedBy: "\r\n\r\n")
        #expect(notModified.count >= 2 && !notModified[0].lowercased().contains("content-length"))
        #expect(notModified.count >= 2 && notModified[1].hasPrefix("HTTP/1.1 200 OK\r\n"), "the next answer follows the 304's head at once")
    }

    @Test func a405SaysWhichMethodsAreAllowed() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        for (method, path, allowed) in [("POST", "/api/problems", "GET, HEAD"), ("GET", "/api/problems/1/favorite", "PUT, DELETE"),
                                        ("PUT", "/api/problems/1/solve", "POST"), ("POST", "/", "GET, HEAD"),
                                        ("DELETE", "/api/events", "GET, HEAD")] {
            let reply = try server.request(method, path)
            #expect(reply.status == 405, "\(method) \(path)")
            #expect(reply.headers["allow"] == allowed, "\(method) \(path): \(reply.headers)")
        }
    }

    @Test func aSecondHostHeaderOrNoneIsA400() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let host = "Host: 127.0.0.1:\(server.port)"
        let reply = try raw(server, ["GET /api/lists HTTP/1.1", host, "Host: attacker.example", "Connection: close"])
        #expect(reply.status == 400)
        #expect(try raw(server, ["GET /api/lists HTTP/1.1", host, host, "Connection: close"]).status == 400)
        #expect(try raw(server, ["GET /api/lists HTTP/1.1", "Connection: close"]).status == 400)
        #expect(try server.stillAnswers())
    }

    @Test(arguments: ["http://127.0.0.1:PORT/api/lists", "http://attacker.example/api/lists", "*", "api/lists"])
    func aTargetThatIsNotAPathIsA400(target: String) throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let target = target.replacingOccurrences(of: "PORT", with: String(server.port))
        let reply = try raw(server, ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close"])
        #expect(reply.status == 400, "\(target)")
        #expect(try server.stillAnswers())
    }

    @Test func theSecurityHeadersAreOnEveryResponseErrorsIncluded() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--read-timeout", "1"])
        var replies: [(String, HTTPReply)] = [
            ("200", try server.request("GET", "/api/lists")),
            ("404", try server.request("GET", "/api/nothing")),
            ("405", try server.request("DELETE", "/api/lists")),
            ("403 host", try server.request("GET", "/api/lists", host: "attacker.example:\(server.port)")),
            ("403 write", try server.request("PUT", "/api/problems/1/favorite", asPage: false)),
            ("413", try server.request("PUT", "/api/problems/1/note", body: "{\"note\":\"\(String(repeating: "x", count: 70_000))\"}")),
            ("400 absolute", try raw(server, ["GET http://x/ HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close"])),
        ]
        let garbage = try RawSocket(port: server.port)
        try garbage.send(Array("\u{1}\u{2} nonsense\r\n\r\n".utf8))
        replies.append(("400 unparsable", try HTTPReply(garbage.readToEnd())))
        let slow = try RawSocket(port: server.port)
        try slow.send(Array("GET /api/lists HTTP/1.1\r\n".utf8))
        replies.append(("408", try HTTPReply(slow.readToEnd())))
        for (name, reply) in replies {
            #expect(reply.headers["content-security-policy"]?.contains("default-src 'none'") == true, "\(name): \(reply.headers)")
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(name)")
            #expect(reply.headers["x-frame-options"] == "DENY", "\(name)")
            #expect(reply.headers["referrer-policy"] == "no-referrer", "\(name)")
            #expect(reply.headers["cache-control"] != nil, "\(name)")
        }
        #expect(replies.map { $0.1.status } == [200, 404, 405, 403, 403, 413, 400, 400, 408])
    }

    @Test func theSessionCookieExpires() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", "0.0.0.0"])
        let token = try #require(server.url.components(separatedBy: "?token=").last)
        let cookie = try #require(try server.request("GET", "/?token=\(token)").headers["set-cookie"])
        let maxAge = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("Max-Age=") }
        let seconds = try #require(maxAge.flatMap { Int($0.dropFirst("Max-Age=".count)) }, "\(cookie)")
        #expect(seconds > 0 && seconds <= 400 * 24 * 3600, "\(cookie)")
    }
}
