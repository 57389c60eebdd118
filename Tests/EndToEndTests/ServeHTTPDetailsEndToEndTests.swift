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
