import Foundation
import Testing

/// Requests sent one after another on a connection without waiting (HTTP/1.1 pipelining) are
/// answered one at a time, in the order sent, each seeing the ones before it.
@Suite("serve: pipelined requests", .serialized)
struct ServePipeliningEndToEndTests {
    /// The statuses and bodies of the answers in `bytes`, in order (every answer has a Content-Length).
    private static func answers(_ bytes: [UInt8]) -> [(status: Int, body: String)] {
        var answers: [(status: Int, body: String)] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            let lines = head.split(separator: "\r\n")
            let status = lines.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
            let length = lines.first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            let bodyEnd = min(end.upperBound + length, rest.endIndex)
            answers.append((status, String(decoding: rest[end.upperBound..<bodyEnd], as: UTF8.self)))
            rest = rest[bodyEnd...]
        }
        return answers
    }

    private static func request(_ method: String, _ path: String, port: Int, extra: [String] = []) -> String {
        (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)"] + extra)
            .joined(separator: "\r\n") + "\r\n\r\n"
    }

    @Test func pipelinedRequestsAreAnsweredInOrderEachAfterTheOnesBefore() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let port = server.port
        let socket = try RawSocket(port: port)
        try socket.send(Array((
            Self.request("GET", "/api/problems/1", port: port)
            + Self.request("PUT", "/api/problems/1/favorite", port: port, extra: ["Content-Length: 0"])
            + Self.request("GET", "/api/nothing-here", port: port)
            + Self.request("DELETE", "/api/problems/1/favorite", port: port, extra: ["Content-Length: 0"])
            + Self.request("GET", "/api/problems/1", port: port, extra: ["Connection: close"])
        ).utf8))
        let answers = Self.answers(try socket.readToEnd())
        #expect(answers.map(\.status) == [200, 200, 404, 200, 200])
        #expect(answers.map { $0.body.contains("\"favorite\":true") } == [false, true, false, false, false])
        #expect(answers.map { $0.body.contains("\"favorite\":false") } == [true, false, false, true, true])
    }

    @Test func aRequestRefusedWhileTheOneBeforeIsAnsweredIsRefusedAfterItAndTheConnectionCloses() throws {
        let server = try ServeProcess(try LeetTrackRunner())
        let port = server.port
        let socket = try RawSocket(port: port)
        try socket.send(Array((
            Self.request("PUT", "/api/problems/1/favorite", port: port, extra: ["Content-Length: 0"])
            + Self.request("PUT", "/api/problems/2/note", port: port, extra: ["Content-Length: 100000000"])
        ).utf8))
        let answers = Self.answers(try socket.readToEnd())
        #expect(answers.map(\.status) == [200, 413])
        #expect(answers.first?.body.contains("\"favorite\":true") == true)
        #expect(try server.request("GET", "/api/problems/2").body.contains("\"note\"") == false)
    }
}
