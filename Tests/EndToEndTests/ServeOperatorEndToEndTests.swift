import Foundation
import Testing

/// `leettrack serve` as a careful operator expects: it says where it can really be reached, keeps
/// other local users' scripts from writing, serves around a damaged record, and a start that fails
/// leaves nothing behind.
@Suite("serve: as an operator expects")
struct ServeOperatorEndToEndTests {
    /// This machine's addresses, as `hostname -I` lists them (every interface but loopback and
    /// link-local IPv6), read independently of the server.
    private func machineAddresses() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hostname")
        process.arguments = ["-I"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test(arguments: ["0.0.0.0", "::"])
    func aWildcardHostPrintsThisMachinesAddressesAndAWarningNeverTheWildcard(host: String) throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--host", host])
        let addresses = try machineAddresses().filter { host == "::" || !$0.contains(":") }
        #expect(!server.banner.contains("0.0.0.0") && !server.banner.contains("[::]"), "\(server.banner)")
        for address in addresses {
            let shown = address.contains(":") ? "[\(address)]" : address
            #expect(server.banner.contains("http://\(shown):\(server.port)/?token="), "\(address) in \(server.banner)")
        }
        if addresses.isEmpty { #expect(server.banner.contains("http://127.0.0.1:\(server.port)/?token=")) }
        // The URLs printed carry the token that opens the page.
        let token = try #require(server.url.components(separatedBy: "?token=").last)
        #expect(try server.request("GET", "/api/lists", headers: ["X-LeetTrack-Token": token]).status == 200)
        let (_, _) = server.stop()
        let warning = String(decoding: server.errors.wait(), as: UTF8.self)
        #expect(warning.contains("Warning: this server answers on every network of this machine"), "\(warning)")
        #expect(!warning.contains("0.0.0.0") && !warning.contains("[::]"), "\(warning)")
        #expect(warning.contains("--host 127.0.0.1"), "\(warning)")
    }

    @Test func onLoopbackAScriptWithoutTheTokenOrThePagesOriginCannotWriteButMayRead() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        // Another local user's `curl -X PUT`: no token, no cookie, no Origin.
        let bare = try server.request("PUT", "/api/problems/1/favorite", asPage: false)
        #expect(bare.status == 403)
        #expect((bare.object["error"] as? String)?.contains("X-LeetTrack-Token") == true, "\(bare.body)")
        let shown = try runner.json(try runner.run("show", "1", "--json")) as? [String: Any]
        #expect(shown?["favorite"] as? Bool == false)
        // Reads stay open on loopback (docs/SERVE.md says so).
        #expect(try server.request("GET", "/api/problems/1").status == 200)
        // The user's own script, with the token kept 0600 beside the store, and the page may write.
        let token = try String(contentsOfFile: runner.directory.appendingPathComponent("serve-token").path, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!server.url.contains("token="))
        #expect(try server.request("PUT", "/api/problems/1/favorite", headers: ["X-LeetTrack-Token": token], asPage: false).status == 200)
        #expect(try server.request("DELETE", "/api/problems/1/favorite").status == 200)
    }

    @Test func oneDamagedRecordLeavesEveryRouteServingTheRestWithAWarning() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        try runner.run("solve", "146")
        try runner.sqlite3("INSERT INTO entries VALUES ('progress.3sum', '{\"status\":')")
        let server = try ServeProcess(runner)
        let routes = ["/api/problems", "/api/problems?difficulty=medium", "/api/problems?list=blind-75",
                      "/api/problems/3sum", "/api/progress", "/api/review", "/api/stats", "/api/lists"]
        for route in routes {
            let reply = try server.request("GET", route)
            #expect(reply.status == 200, "\(route): \(reply.body.prefix(300))")
            let warning = reply.headers["x-leettrack-warning"] ?? ""
            #expect(warning.hasPrefix("1 record in the store cannot be read (progress.3sum)"), "\(route): \(warning)")
            #expect(warning.contains("leettrack doctor"), "\(route): \(warning)")
        }
        // A healthy problem's page reads its own record only: no warning.
        let healthy = try server.request("GET", "/api/problems/146")
        #expect(healthy.status == 200 && healthy.headers["x-leettrack-warning"] == nil)
        // The healthy rows are there.
        let progress = try #require(try server.json("/api/progress") as? [String: [String: Any]])
        #expect(progress["two-sum"]?["favorite"] as? Bool == true)
        #expect(progress["lru-cache"]?["status"] as? String == "solved")
        let list = try #require(try server.json("/api/problems") as? [[String: Any]])
        #expect(list.first { $0["slug"] as? String == "lru-cache" }?["status"] as? String == "solved")
        // Other records can still be changed; the damaged bytes stay as they were.
        #expect(try server.request("PUT", "/api/problems/2/favorite").status == 200)
        #expect(try server.request("GET", "/api/tags").headers["x-leettrack-warning"] == nil)
        // The page shows the warning it is sent.
        #expect(try server.request("GET", "/app.js").body.contains("X-LeetTrack-Warning"))
        #expect(try server.request("GET", "/").body.contains("id=\"warning\""))
    }

    @Test func aStartOnAPortInUseCreatesNoStoreAndNoTokenFile() throws {
        let first = try ServeProcess(try LeetTrackRunner())
        let runner = try LeetTrackRunner()
        let second = try runner.run("serve", "--port", String(first.port))
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("the port is in use"), "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.directory.path).filter { $0 != "xdg" } == [])
    }

    @Test func aStartWithStandardOutputClosedCreatesNoStore() throws {
        let runner = try LeetTrackRunner()
        // The shell closes the server's standard output, where its address and token would go.
        let (process, input, output, error) = try runner.start(
            ["serve", "--port", "0"], launcher: ["/bin/sh", "-c", #"exec "$0" "$@" >&-"#])
        try input.fileHandleForWriting.close()
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("cannot write to standard output"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.directory.path).filter { $0 != "xdg" } == [])
    }

    @Test(arguments: ["203.0.113.7", "no-such-host.invalid"])
    func aStartOnAnAddressThisMachineLacksCreatesNoStore(host: String) throws {
        let runner = try LeetTrackRunner()
        let result = try runner.run("serve", "--port", "0", "--host", host)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot listen on \(host)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.directory.path).filter { $0 != "xdg" } == [])
    }
}
