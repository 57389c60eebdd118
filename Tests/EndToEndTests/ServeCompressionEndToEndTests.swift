import Foundation
import Testing

/// `leettrack serve` on a phone's connection: the full list and the page's texts gzipped when the
/// request accepts it, tagged per version of the data, and a 304 for a page that has them already.
@Suite("serve: gzip and ETag")
struct ServeCompressionEndToEndTests {
    static let gzip = ["Accept-Encoding": "gzip, deflate, br, zstd"]

    /// `bytes` un-gzipped by python3's gzip module (an independent reader of the format); `nil`
    /// when they are not gzip.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import gzip, sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Written from another thread: the output pipe fills while the input is still written.
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(data) : nil
    }

    @Test(arguments: ["/api/problems", "/api/lists", "/api/tags", "/", "/app.js", "/app.css", "/manifest.webmanifest", "/icon.svg"])
    func theGzipAnswerDecompressesToExactlyThePlainOne(path: String) throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let plain = try server.request("GET", path)
        let zipped = try server.request("GET", path, headers: Self.gzip)
        #expect(plain.status == 200 && zipped.status == 200, "\(path)")
        #expect(plain.headers["content-encoding"] == nil, "\(path)")
        #expect(zipped.headers["content-encoding"] == "gzip", "\(path): \(zipped.headers)")
        #expect(zipped.headers["vary"] == "Accept-Encoding" && plain.headers["vary"] == "Accept-Encoding", "\(path)")
        #expect(zipped.headers["content-length"] == String(zipped.bytes.count), "\(path)")
        #expect(zipped.bytes.count < plain.bytes.count, "\(path)")
        #expect(try Self.gunzip(zipped.bytes) == plain.bytes, "\(path)")
        // Two representations, two tags.
        let plainTag = try #require(plain.headers["etag"], "\(path)")
        let zippedTag = try #require(zipped.headers["etag"], "\(path)")
        #expect(plainTag != zippedTag && plainTag.hasPrefix("\"") && zippedTag.hasSuffix("\""), "\(plainTag) \(zippedTag)")
    }

    @Test func pngsAreSentAsTheyAre() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let reply = try server.request("GET", "/icon-192.png", headers: Self.gzip)
        #expect(reply.status == 200)
        #expect(reply.headers["content-encoding"] == nil)
        #expect(reply.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(reply.headers["etag"] != nil)
    }

    @Test func acceptEncodingIsReadWithItsQValues() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let gzipped = ["gzip", "GZIP", "x-gzip", "*", "deflate, gzip;q=1.0", "gzip ; q=0.5", "br;q=1, gzip;q=0.001", "identity, *;q=0.1",
                       "gzip;Q=1", "gzip;level=9"]
        let plain = ["", "identity", "br, deflate", "gzip;q=0", "gzip; q=0.000", "*;q=0", "gzip;q=0, *", "*, gzip;q=0",
                     "gzip;q=2", "gzip;q=0.0001", "gzip;q=", "gzip;q=abc", "gzipx", ";q=1", ","]
        for value in gzipped + plain {
            let reply = try server.request("GET", "/api/problems", headers: value.isEmpty ? [:] : ["Accept-Encoding": value])
            #expect(reply.status == 200, "\(value)")
            #expect((reply.headers["content-encoding"] == "gzip") == gzipped.contains(value), "Accept-Encoding: \(value)")
        }
        #expect(try server.stillAnswers())
    }

    @Test(arguments: ["/api/problems", "/api/lists", "/api/tags", "/app.js"])
    func aMatchingIfNoneMatchIsA304WithoutABody(path: String) throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let plainTag = try #require(try server.request("GET", path).headers["etag"])
        let zippedTag = try #require(try server.request("GET", path, headers: Self.gzip).headers["etag"])
        for (tag, encoding) in [(plainTag, [String: String]()), (zippedTag, Self.gzip), ("\"other\", W/\(zippedTag)", Self.gzip),
                                ("*", Self.gzip), ("\"x\",\(plainTag)", [:])] {
            let reply = try server.request("GET", path, headers: encoding.merging(["If-None-Match": tag]) { $1 })
            #expect(reply.status == 304, "\(path) If-None-Match: \(tag)")
            #expect(reply.bytes.isEmpty, "\(path)")
            #expect(reply.headers["content-length"] == nil, "\(path)")
            #expect(reply.headers["etag"] == (encoding.isEmpty ? plainTag : zippedTag), "\(path)")
            #expect(reply.headers["vary"] == "Accept-Encoding", "\(path)")
            #expect(reply.headers["cache-control"] == "no-cache", "\(path)")
        }
        // The other representation's tag, another tag, a malformed list: the whole answer.
        for (tag, encoding) in [(zippedTag, [String: String]()), (plainTag, Self.gzip), ("\"nothing\"", [:]), ("\(plainTag.dropLast())", [:]),
                                ("garbage \(plainTag)", [:])] {
            let reply = try server.request("GET", path, headers: encoding.merging(["If-None-Match": tag]) { $1 })
            #expect(reply.status == 200, "\(path) If-None-Match: \(tag) with \(encoding)")
            #expect(!reply.bytes.isEmpty, "\(path)")
        }
    }

    @Test func theListIsRevalidatedNotStoredAndOtherAnswersAreNotKept() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        #expect(try server.request("GET", "/api/problems").headers["cache-control"] == "no-cache")
        let filtered = try server.request("GET", "/api/problems?difficulty=easy")
        #expect(filtered.headers["cache-control"] == "no-store")
        #expect(filtered.headers["etag"] == nil)
        #expect(try server.request("GET", "/api/progress").headers["cache-control"] == "no-store")
    }

    @Test func aHeartHereOrInAnotherProcessChangesTheTag() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        let tags = { (server: ServeProcess) in
            (try server.request("GET", "/api/problems").headers["etag"] ?? "", try server.request("GET", "/api/problems", headers: Self.gzip).headers["etag"] ?? "")
        }
        let first = try tags(server)
        #expect(try tags(server) == first)  // Unchanged data, unchanged tags.
        #expect(try server.request("PUT", "/api/problems/1/favorite").status == 200)
        let hearted = try tags(server)
        #expect(hearted.0 != first.0 && hearted.1 != first.1)
        // The page's old tag no longer matches: the new list comes whole, with the heart.
        let reply = try server.request("GET", "/api/problems", headers: Self.gzip.merging(["If-None-Match": first.1]) { $1 })
        #expect(reply.status == 200)
        let rows = try JSONSerialization.jsonObject(with: Data(try #require(try Self.gunzip(reply.bytes)))) as? [[String: Any]] ?? []
        #expect(rows.first { $0["id"] as? Int == 1 }?["favorite"] as? Bool == true)

        // Another process: its change reaches the server through the store's notices, not at once.
        try runner.run("fav", "146")
        let deadline = Date().addingTimeInterval(5)
        var later = try tags(server)
        while later == hearted, Date() < deadline {
            usleep(50_000)
            later = try tags(server)
        }
        #expect(later.0 != hearted.0 && later.1 != hearted.1)
        let list = try server.json("/api/problems") as? [[String: Any]] ?? []
        #expect(list.first { $0["id"] as? Int == 146 }?["favorite"] as? Bool == true)
        #expect(try server.request("GET", "/api/problems", headers: ["If-None-Match": later.0]).status == 304)
    }

    /// `/api/lists` shows every list's progress and the own lists: its tag follows each change of
    /// what it shows (a solve, a list made, filled or reordered, here or in another process), and
    /// only those; `/api/tags` keeps its tag.
    @Test func theListsTagFollowsProgressAndListChangesHereAndElsewhere() throws {
        let runner = try LeetTrackRunner()
        let server = try ServeProcess(runner)
        func tags() throws -> (lists: String, zipped: String, tags: String) {
            (try server.request("GET", "/api/lists").headers["etag"] ?? "", try server.request("GET", "/api/lists", headers: Self.gzip).headers["etag"] ?? "",
             try server.request("GET", "/api/tags").headers["etag"] ?? "")
        }
        /// Waits for a change made by another process to reach the answer (through the store's notices).
        func changed(from old: (lists: String, zipped: String, tags: String)) throws -> (lists: String, zipped: String, tags: String) {
            let deadline = Date().addingTimeInterval(5)
            var now = try tags()
            while now.lists == old.lists, Date() < deadline {
                usleep(50_000)
                now = try tags()
            }
            return now
        }
        var seen: Set<String> = []
        let first = try tags()
        #expect(try tags() == first)  // Unchanged data, unchanged tags.
        #expect(try server.request("GET", "/api/lists", headers: ["If-None-Match": first.lists]).status == 304)
        seen.insert(first.lists)
        #expect(try server.request("POST", "/api/problems/1/solve", body: #"{"rating":"good"}"#).status == 200)  // In Blind 75.
        let solved = try tags()
        #expect(!seen.contains(solved.lists) && solved.zipped != first.zipped && solved.tags == first.tags)
        seen.insert(solved.lists)
        let reply = try server.request("GET", "/api/lists", headers: Self.gzip.merging(["If-None-Match": first.zipped]) { $1 })
        #expect(reply.status == 200)
        let lists = try JSONSerialization.jsonObject(with: Data(try #require(try Self.gunzip(reply.bytes)))) as? [[String: Any]] ?? []
        #expect((lists.first { $0["key"] as? String == "blind-75" }?["solved"] as? Int) == 1)

        try runner.run("lists", "create", "Alpha")
        let made = try changed(from: solved)
        #expect(!seen.contains(made.lists))
        seen.insert(made.lists)
        try runner.run("lists", "create", "Beta")
        try runner.run("lists", "add", "beta", "1")
        let filled = try changed(from: made)
        #expect(!seen.contains(filled.lists))
        seen.insert(filled.lists)
        #expect(try server.request("POST", "/api/lists/beta/reorder", body: #"{"place": 1}"#).status == 200)
        let reordered = try tags()
        #expect(!seen.contains(reordered.lists))
        try runner.run("solve", "20")  // In Blind 75 too, by another process.
        let later = try changed(from: reordered)
        #expect(later.lists != reordered.lists && later.tags == first.tags)
        #expect(try server.request("GET", "/api/lists", headers: ["If-None-Match": later.lists]).status == 304)
        #expect(try server.request("GET", "/api/lists").headers["cache-control"] == "no-cache")
        #expect(try server.request("GET", "/api/tags").headers["cache-control"] == "no-cache")
    }

    /// The list's gzip is kept in blocks of 128 rows, each compressed again when it or the one
    /// before it changed: after changes in the first, a middle and the last block, and across a
    /// block's edge, it still decompresses to exactly the plain list.
    @Test func theGzipAfterChangesInSeveralBlocksIsStillThePlainList() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let rows = try server.json("/api/problems") as? [[String: Any]] ?? []
        try #require(rows.count > 300)
        for position in [0, 127, 128, 200, rows.count - 1] {
            let id = try #require(rows[position]["id"] as? Int)
            #expect(try server.request("PUT", "/api/problems/\(id)/favorite").status == 200)
            if position == 128 {
                // A note makes its row longer: the blocks after it start later.
                let note = "{\"note\":\"\(String(repeating: "long note ", count: 200))\"}"
                #expect(try server.request("PUT", "/api/problems/\(id)/note", body: note).status == 200)
            }
            let plain = try server.request("GET", "/api/problems")
            let zipped = try server.request("GET", "/api/problems", headers: Self.gzip)
            #expect(zipped.headers["content-encoding"] == "gzip")
            #expect(try Self.gunzip(zipped.bytes) == plain.bytes, "after a change at row \(position)")
        }
        let list = try server.json("/api/problems") as? [[String: Any]] ?? []
        #expect(list.filter { $0["favorite"] as? Bool == true }.count == 5)
    }

    @Test(arguments: ["/api/problems", "/api/lists", "/api/tags", "/app.js"])
    func headGivesTheGzipAnswersHeadersWithoutItsBody(path: String) throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let get = try server.request("GET", path, headers: Self.gzip)
        let head = try server.request("HEAD", path, headers: Self.gzip)
        #expect(head.status == 200)
        #expect(head.bytes.isEmpty)
        #expect(head.headers["content-encoding"] == "gzip")
        #expect(head.headers["content-length"] == String(get.bytes.count))
        #expect(head.headers["etag"] == get.headers["etag"])
        #expect(try server.request("HEAD", path, headers: Self.gzip.merging(["If-None-Match": get.headers["etag"] ?? ""]) { $1 }).status == 304)
    }

    /// Issue 42: a phone's first load moves under 300 KB in all. Counted whole: status lines,
    /// headers and bodies, of everything the page asks for before it shows the list.
    @Test func aPhonesFirstLoadMovesUnder300KB() throws {
        let runner = try LeetTrackRunner()
        try runner.run("fav", "1")
        let server = try ServeProcess(runner)
        let requests = ["/", "/app.js", "/app.css", "/manifest.webmanifest", "/icon.svg", "/api/problems", "/api/tags", "/api/lists"]
        var total = 0
        var sizes: [String] = []
        for path in requests {
            let socket = try RawSocket(port: server.port)
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n"
            try socket.send(Array(request.utf8))
            let bytes = try socket.readToEnd()
            #expect(try HTTPReply(bytes).status == 200, "\(path)")
            total += bytes.count
            sizes.append("\(path) \(bytes.count)")
        }
        #expect(total < 300_000, "\(total) bytes: \(sizes.joined(separator: ", "))")
        // The list is most of it, and compressed at least fivefold.
        let list = try server.request("GET", "/api/problems", headers: Self.gzip)
        #expect(list.bytes.count * 5 < Int(try server.request("HEAD", "/api/problems").headers["content-length"] ?? "0") ?? 0)
    }
}
