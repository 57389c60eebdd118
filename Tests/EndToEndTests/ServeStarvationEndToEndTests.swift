import Foundation
import Testing

/// No client can starve `leettrack serve` of connections: a request sent a byte at a time meets
/// the same deadline as a stalled one, and one address cannot take every descriptor.
@Suite("serve: cannot be starved")
struct ServeStarvationEndToEndTests {
    /// The server's CPU time so far, in seconds (user and system, from /proc).
    private func cpuSeconds(_ server: ServeProcess) throws -> Double {
        try Self.cpuSeconds(server.process.processIdentifier)
    }

    /// The CPU time so far of process `pid`, in seconds (user and system, from /proc).
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// How many of `sockets` the server has not closed (nothing to read on them, no end).
    private static func stillOpen(_ sockets: [RawSocket]) -> Int {
        var checks = sockets.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        _ = poll(&checks, nfds_t(checks.count), 0)
        return checks.filter { $0.revents == 0 }.count
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
        for _ in 0..<256 {
            guard let socket = try? RawSocket(port: server.port, timeoutSeconds: 2) else { break }
            held.append(socket)
        }
        #expect(held.count >= 256, "opened \(held.count)")
        // The server closes the connections past the peer's share as it accepts them; once it has
        // (the accept queue is empty again), the other peer's connection is not one in a queue.
        let deadline = Date().addingTimeInterval(20)
        while Self.stillOpen(held) > 64, Date() < deadline {
            var waiting = held.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&waiting, nfds_t(waiting.count), 100)
        }
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
        let open = Self.stillOpen(held)
        #expect(open > 0 && open <= 64, "\(open) of \(held.count) still open")
        held.removeAll()
        // The server counts the closes on its event loop: a connection from this peer that it
        // accepts before then is still over the share and is closed (read as a reset). It is
        // answered once the closes are counted.
        #expect(try server.answersSoon())
    }
}

/// `accept` out of descriptors (EMFILE) pauses between tries instead of spinning, and accepts
/// again once one is free.
@Suite("serve: out of descriptors")
struct ServeOutOfDescriptorsEndToEndTests {
    @Test func acceptOutOfDescriptorsBacksOffAndRecovers() throws {
        let server = try ServeProcess(try LeetTrackRunner(), ["--read-timeout", "30"])
        let pid = server.process.processIdentifier
        #expect(try server.stillAnswers())
        // Lower the running server's limit so that exactly one descriptor is left free.
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
        let limit = try #require((1...(open.last ?? 0) + 2).first { limit in limit - open.filter { $0 < limit }.count == 1 && limit > 3 })
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", String(pid), "--nofile=\(limit):\(limit)"]
        try prlimit.run()
        prlimit.waitUntilExit()
        try #require(prlimit.terminationStatus == 0)
        // The first connection takes the last descriptor; the second waits in the backlog while
        // every `accept` fails with EMFILE.
        var first: RawSocket? = try RawSocket(port: server.port)
        let second = try RawSocket(port: server.port)
        try second.send(Array("GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8))
        let cpuBefore = try ServeStarvationEndToEndTests.cpuSeconds(pid)
        var pending = pollfd(fd: second.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pending, 1, 1500) == 0, "answered while out of descriptors")
        let spent = try ServeStarvationEndToEndTests.cpuSeconds(pid) - cpuBefore
        #expect(spent < 0.5, "\(spent) s of CPU in 1.5 s out of descriptors: accept spins")
        // A descriptor comes free: the waiting connection is accepted and answered.
        #expect(first != nil)
        let started = Date()
        first = nil  // Closes it.
        let reply = try HTTPReply(second.readToEnd())
        #expect(reply.status == 200)
        #expect(Date().timeIntervalSince(started) < 2)
    }
}
