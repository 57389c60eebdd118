import Foundation
import Testing

/// `leettrack serve` refusing bad input and strangers, and serving on after each refusal.
@Suite("serve: bad input and security")
struct ServeSecurityEndToEndTests {
    @Test func malformedJSONIsA400AndChangesNothing() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        let server = try ServeProcess(runner)
        let before = try runner.snapshot()
        let reply = try server.request("POST", "/api/problems/1/solve", body: "{\"rating\": ")
        #expect(reply.status == 400)
        #expect((reply.object["error"] as? String)?.contains("malformed JSON") == true)
        #expect(try runner.snapshot() == before)
        #expect(try server.stillAnswers())
    }

    @Test func anUnknownProblemIsA404WithTheCommandLineMessage() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let reply = try server.request("PUT", "/api/problems/zzzqqq/favorite")
        let printed = try runner.run("fav", "zzzqqq")
        #expect(reply.status == 404)
        #expect(printed.stderr.contains(reply.object["error"] as? String ?? "missing"))
        #expect(try server.stillAnswers())
    }

    @Test func aProblemNamedByAPathIsA404WithoutSuggestions() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        for target in ["/api/problems/..%2f..%2fetc%2fpasswd", "/api/problems/..%5c..%5cboot.ini/favorite"] {
            let reply = try server.request(target.hasSuffix("favorite") ? "PUT" : "GET", target)
            #expect(reply.status == 404, "\(target)")
            let error = try #require(reply.object["error"] as? String)
            #expect(error.hasPrefix("no problem matches") && !error.contains("Did you mean"), "\(error)")
        }
        #expect(try server.stillAnswers())
    }

    @Test func anUnknownRouteIsA404ThatNamesTheDocumentOfTheAPI() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/nothing")
        #expect(reply.status == 404)
        #expect((reply.object["error"] as? String)?.contains("docs/SERVE.md") == true, "\(reply.body)")
        #expect(try server.stillAnswers())
    }

    @Test func aWrongMethodIsA405() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("POST", "/api/problems")
        #expect(reply.status == 405)
        #expect(try server.stillAnswers())
    }

    @Test func aBodyOverTheLimitIsA413AndChangesNothing() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let note = String(repeating: "x", count: 70_000)
        let reply = try server.request("PUT", "/api/problems/1/note", body: "{\"note\":\"\(note)\"}")
        #expect(reply.status == 413)
        #expect(try runner.run("note", "1").stdout.contains("has no note"))
        #expect(try server.stillAnswers())
    }

    @Test func aSlowClientGetsA408WhileOthersAreServed() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--read-timeout", "1"])
        let slow = try RawSocket(port: server.port)
        try slow.send(Array("GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".utf8))
        #expect(try server.stillAnswers())
        let reply = try HTTPReply(slow.readToEnd())
        #expect(reply.status == 408)
        #expect(try server.stillAnswers())
    }

    @Test func garbageThatIsNotHTTPIsA400() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let socket = try RawSocket(port: server.port)
        try socket.send(Array("\u{1}\u{2} nonsense\r\n\r\n".utf8))
        #expect(try HTTPReply(socket.readToEnd()).status == 400)
        #expect(try server.stillAnswers())
    }

    @Test func anotherHostNameIsRefused() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/api/problems/1", host: "attacker.example:\(server.port)")
        #expect(reply.status == 403)
        #expect(try server.stillAnswers())
    }

    /// A rebinding attacker's domain that merely starts with "127." (it resolves to 127.0.0.1 once
    /// rebound) is not a loopback name: neither a read nor a write with it as Host and Origin gets in.
    @Test func aDomainThatStartsWith127IsNotLoopback() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let host = "127.attacker.example:\(server.port)"
        #expect(try server.request("GET", "/api/progress", host: host).status == 403)
        let write = try server.request(
            "PUT", "/api/problems/1/note", body: #"{"note":"written by another page"}"#,
            headers: ["Origin": "http://\(host)", "Content-Type": "application/json"], host: host)
        #expect(write.status == 403)
        let shown = try runner.json(try runner.run("show", "1", "--json")) as? [String: Any]
        #expect(shown?["note"] == nil)
        // Real loopback literals still answer.
        #expect(try server.request("GET", "/api/progress", host: "127.0.0.1:\(server.port)").status == 200)
        #expect(try server.request("GET", "/api/progress", host: "localhost:\(server.port)").status == 200)
    }

    /// A client that pipelines thousands of requests for a large answer and never reads: the
    /// server stops making answers while they wait, so its memory stays put (it grew to 1.6 GB
    /// from one such connection), and other clients are served.
    @Test func aClientThatNeverReadsDoesNotGrowTheServer() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        func residentMiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return (Int(line.split(separator: " ")[1]) ?? 0) / 1024
        }
        let before = try residentMiB()
        let socket = try RawSocket(port: server.port)
        var small: Int32 = 4096
        setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(socket.descriptor, F_SETFL, fcntl(socket.descriptor, F_GETFL) | O_NONBLOCK)
        let request = Array("GET /api/problems?difficulty=medium HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        let requests = Array([[UInt8]](repeating: request, count: 20_000).joined())
        var sent = 0
        let deadline = Date().addingTimeInterval(8)
        while sent < requests.count, Date() < deadline {
            let count = requests[sent...].withUnsafeBytes { write(socket.descriptor, $0.baseAddress, min($0.count, 65_536)) }
            if count > 0 { sent += count } else { usleep(10_000) }
        }
        // The answers are made over seconds: the most the server held in that time.
        var after = try residentMiB()
        for _ in 0..<20 {
            usleep(250_000)
            after = max(after, try residentMiB())
        }
        #expect(after - before < 40, "resident memory \(before) MiB before, \(after) MiB after \(sent) bytes of requests")
        #expect(try server.request("GET", "/api/progress").status == 200)
    }

    @Test func aWriteFromAnotherOriginIsRefusedAndChangesNothing() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let reply = try server.request("PUT", "/api/problems/1/favorite", headers: ["Origin": "http://attacker.example"])
        #expect(reply.status == 403)
        let shown = try runner.json(try runner.run("show", "1", "--json")) as? [String: Any]
        #expect(shown?["favorite"] as? Bool == false)
    }

    @Test func thePageHasAPolicyAllowingOnlyItsOwnScript() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let page = try server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self';") == true)
        #expect(page.headers["access-control-allow-origin"] == nil)
        #expect(!page.body.contains("<script>"))
        #expect(try server.request("GET", "/app.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
    }

    @Test func aNonLoopbackHostNeedsTheToken() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", "0.0.0.0"])
        #expect(server.url.contains("?token="))
        #expect(try server.request("GET", "/api/lists").status == 401)
        #expect(try server.request("GET", "/").status == 401)
        #expect(try server.request("GET", "/api/lists", headers: ["X-LeetTrack-Token": "0" + token(server)]).status == 401)
        #expect(try server.request("GET", "/api/lists", headers: ["X-LeetTrack-Token": token(server)]).status == 200)
    }

    @Test func theTokenIsKeptPrivateBesideTheStore() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner, ["--host", "0.0.0.0"])
        let path = runner.directory.appendingPathComponent("serve-token").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .newlines) == token(server))
    }

    @Test func theTokenURLSetsAStrictHttpOnlyCookieThatOpensThePage() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", "0.0.0.0"])
        let reply = try server.request("GET", "/?token=\(token(server))")
        #expect(reply.status == 303)
        let cookie = try #require(reply.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        let session = String(cookie.split(separator: ";")[0])
        #expect(try server.request("GET", "/", headers: ["Cookie": session]).status == 200)
    }

    @Test func theTokenRedirectStaysOnThisSite() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", "0.0.0.0"])
        for path in ["////evil.example", "/\\evil.example", "//evil.example/x"] {
            let reply = try server.request("GET", "\(path)?token=\(token(server))")
            #expect(reply.status == 303, "\(path)")
            let location = try #require(reply.headers["location"], "\(path)")
            #expect(location.hasPrefix("/") && !location.hasPrefix("//") && !location.hasPrefix("/\\"), "\(path): \(location)")
        }
    }

    @Test func aPortInUseSaysSoPlainly() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let second = try runner.run("serve", "--port", String(server.port))
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("the port is in use"), "\(second.stderr)")
        #expect(!second.stderr.contains("bind(descriptor"), "\(second.stderr)")
    }

    @Test func aCookieWriteNeedsTheSameOrigin() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", "0.0.0.0"])
        let session = "leettrack_session=\(try token(server))"
        let bare = try server.request("PUT", "/api/problems/1/favorite", headers: ["Cookie": session], asPage: false)
        let own = try server.request(
            "PUT", "/api/problems/1/favorite", headers: ["Cookie": session, "Origin": "http://127.0.0.1:\(server.port)"])
        #expect(bare.status == 403)
        #expect(own.status == 200)
    }

    private func token(_ server: ServeProcess) throws -> String {
        try #require(server.url.components(separatedBy: "?token=").last)
    }
}
