import Foundation
import Testing

/// No client can starve `leettrack serve` of connections: a request sent a byte at a time meets
/// the same deadline as a stalled one, and one address cannot take every descriptor.
@Suite("serve: cannot be starved")
struct ServeStarvationEndToEndTests {
    /// The server's CPU time so far, in seconds (user and system, from /proc).
    private func cpuSeconds(_ server: ServeProcess) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/stat", encoding: .utf8)
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func aRequestSentAByteAtATimeGetsA408AtTheDeadline() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--read-timeout", "1"])
        let slow = try RawSocket(port: server.port)
        var request = Array("GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".utf8)
        request += Array(String(repeating: "X-Padding: slowly\r\n", count: 20).utf8)
        let started = Date()
        var answered = false
        for byte in request {
            // A byte every 150 ms: never idle for the read timeout, as a slowloris does.
            guard (try? slow.send([byte])) != nil else { break }
            var readable = pollfd(fd: slow.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&readable, 1, 150) > 0 {
                answered = true
                break
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(answered)
        #expect(try HTTPReply(slow.readToEnd()).status == 408)
        #expect(elapsed < 3, "answered after \(elapsed) s")
        #expect(try server.stillAnswers())
    }

    /// One peer opens connections up to the server's descriptor limit (256 here) and holds them;
    /// another address is still answered within a second, and the server does not spin meanwhile.
    @Test func onePeerHoldingConnectionsUpToTheDescriptorLimitDoesNotShutOutAnother() throws {
        let server = try ServeProcess(try LeetTrackRunner(), launcher: ["/usr/bin/prlimit", "--nofile=256:256"])
        var held: [RawSocket] = []
        for _ in 0..<300 {
            guard let socket = try? RawSocket(port: server.port, timeoutSeconds: 2) else { break }
            held.append(socket)
        }
        #expect(held.count >= 256, "opened \(held.count)")
        let cpuBefore = try cpuSeconds(server)
        let started = Date()
        let other = try RawSocket(port: server.port, timeoutSeconds: 2, from: "127.0.0.2")
        try other.send(Array("GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8))
        let reply = try HTTPReply(other.readToEnd())
        let elapsed = Date().timeIntervalSince(started)
        #expect(reply.status == 200)
        #expect(elapsed < 1, "answered after \(elapsed) s")
        // Held open a second longer: a loop spinning on `accept` would burn that second.
        var idle = pollfd(fd: held[0].descriptor, events: 0, revents: 0)
        _ = poll(&idle, 1, 1000)
        #expect(try cpuSeconds(server) - cpuBefore < 0.5)
        // The first peer got its share and no more: the connections past it were closed.
        var open = 0
        for socket in held {
            var check = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&check, 1, 0) == 0 { open += 1 }
        }
        #expect(open > 0 && open <= 64, "\(open) of \(held.count) still open")
        held.removeAll()
        #expect(try server.stillAnswers())
    }
}
