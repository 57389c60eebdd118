import CEpoll
import Foundation
import LeetTrackCore
import LeetTrackServer

/// `leettrack-bench serve`: requests per second and p50/p99 latency of `leettrack serve` for the
/// full list JSON and a favorite toggle, with 1, 10 and 50 keep-alive clients on loopback (each
/// bounded in requests and time); the list asked for as a browser asks (gzip accepted), and at 50
/// clients also uncompressed and revalidated (`If-None-Match`: a 304); toggles again with 50 pages'
/// event streams open; the list's first request, and its first after the toggles; then the page's
/// first load in headless Chromium.
func runServeSuite() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(directory.path) }
    let (server, url, port) = try ServeBench.startServer(in: directory)
    defer { _ = try? server.stop() }  // The process ends next anyway.
    // The first request waits for the whole catalog's first encoding (begun at start).
    // What a browser sends with every request: gzip is chosen from it.
    let accept = "Accept-Encoding: gzip, deflate, br, zstd\r\n"
    let first = try ServeBench.measure(port: port, clients: 1, perClient: 1) { _, _ in
        "GET /api/problems HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(accept)\r\n"
    }
    print(ServeBench.line("list, first request", 1, first))
    for clients in [1, 10, 50] {
        let list = try ServeBench.measure(port: port, clients: clients, perClient: clients == 1 ? 60 : 12) { _, _ in
            "GET /api/problems HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(accept)\r\n"
        }
        print(ServeBench.line("list (full catalog, gzip)", clients, list))
        if clients == 50 {
            let plain = try ServeBench.measure(port: port, clients: clients, perClient: 12) { _, _ in
                "GET /api/problems HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
            }
            print(ServeBench.line("list, uncompressed", clients, plain))
            // A page that has the list asks whether it changed: the tag it was sent.
            let tag = try ServeBench.entityTag(port: port, path: "/api/problems", headers: accept)
            let unchanged = try ServeBench.measure(port: port, clients: clients, perClient: 40) { _, _ in
                "GET /api/problems HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(accept)If-None-Match: \(tag)\r\n\r\n"
            }
            print(ServeBench.line("list unchanged (304)", clients, unchanged))
        }
        let toggle = try ServeBench.measure(port: port, clients: clients, perClient: 400) { client, index in
            "\(index % 2 == 0 ? "PUT" : "DELETE") /api/problems/\(client + 1)/favorite HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n"
        }
        print(ServeBench.line("favorite toggle", clients, toggle))
    }
    // Every open page holds an event stream that each change is announced on.
    let streams = try (0..<50).map { _ in try EventStream(port: port) }
    let toggle = try ServeBench.measure(port: port, clients: 50, perClient: 400) { client, index in
        "\(index % 2 == 0 ? "PUT" : "DELETE") /api/problems/\(client + 1)/favorite HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n"
    }
    print(ServeBench.line("toggle, 50 pages open", 50, toggle) + "  \(streams.map { $0.drainEvents() }.reduce(0, +)) events heard")
    let list = try ServeBench.measure(port: port, clients: 1, perClient: 1) { _, _ in
        "GET /api/problems HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(accept)\r\n"
    }
    print(ServeBench.line("list, first after toggles", 1, list))
    ServeBench.firstLoad(url)
}

enum ServeBench {
    /// `leettrack serve` in this process over a new store in `directory`, started and printed.
    static func startServer(in directory: URL) throws -> (server: WebServer, url: String, port: Int) {
        // 50 clients and 50 event streams from one address: more than a peer's default share.
        let storePath = directory.appendingPathComponent("store.sqlite").path
        let server = WebServer(.init(host: "127.0.0.1", port: 0, storePath: storePath, connectionsPerPeer: 256)) {
            try Tracker(store: .sqlite(path: storePath), clock: .system, timeZone: SystemTimeZone())
        }
        let url = try server.start()
        guard let port = Int(url.split(separator: ":").last?.split(separator: "/").first ?? "") else {
            throw BenchFailure(description: "no port in \(url)")
        }
        print("server: \(url) (\(ProcessInfo.processInfo.activeProcessorCount) cores, load \(ServeBench.loadAverage()))")
        return (server, url, port)
    }

    struct Result {
        var latencies: [Double]
        var seconds: Double
    }

    /// Drives `clients` keep-alive connections from one thread with `epoll` (as wrk does), each
    /// sending its next request as soon as its response is in, at most `perClient` requests or for
    /// at most 10 seconds. One client thread, not one per connection: with 50 threads on the two
    /// cores the server shares, the clients' own scheduling showed up in the server's latency.
    /// `epoll`, not `poll`: the clients share the server's two cores, and `poll` made the kernel
    /// look at all 50 sockets for each response (3.6% of the CPU of a toggle run, by `perf`).
    static func measure(port: Int, clients: Int, perClient: Int, request: (Int, Int) -> String) throws -> Result {
        let connections = try (0..<clients).map { _ in try Connection(port: port) }
        var sentAt = [Double](repeating: 0, count: clients)
        var done = [Int](repeating: 0, count: clients)
        var latencies: [Double] = []
        latencies.reserveCapacity(clients * perClient)
        let poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard poller >= 0 else { throw BenchFailure(description: "epoll_create1: errno \(errno)") }
        defer { close(poller) }
        for (client, connection) in connections.enumerated() {
            var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: UInt64(client)))
            guard epoll_ctl(poller, Int32(EPOLL_CTL_ADD), connection.descriptor, &event) == 0 else {
                throw BenchFailure(description: "epoll_ctl: errno \(errno)")
            }
        }
        var events = [epoll_event](repeating: epoll_event(), count: clients)
        let start = clock()
        for client in 0..<clients {
            sentAt[client] = clock()
            try connections[client].send(request(client, 0))
        }
        var active = clients
        while active > 0 {
            let ready = epoll_wait(poller, &events, Int32(clients), 15_000)
            guard ready > 0 else { throw BenchFailure(description: "serve bench: no response within 15 s (errno \(errno))") }
            for event in events[0..<Int(ready)] {
                let client = Int(event.data.u64)
                let connection = connections[client]
                guard try connection.receive() else { continue }
                let now = clock()
                latencies.append(now - sentAt[client])
                done[client] += 1
                if done[client] < perClient, now - start < 10 {
                    sentAt[client] = clock()
                    try connection.send(request(client, done[client]))
                } else {
                    epoll_ctl(poller, Int32(EPOLL_CTL_DEL), connection.descriptor, nil)
                    active -= 1
                }
            }
        }
        return Result(latencies: latencies.sorted(), seconds: clock() - start)
    }

    static func line(_ name: String, _ clients: Int, _ result: Result) -> String {
        func percentile(_ p: Double) -> Double {
            result.latencies.isEmpty ? 0 : result.latencies[min(result.latencies.count - 1, Int(Double(result.latencies.count) * p))]
        }
        let rate = Double(result.latencies.count) / max(result.seconds, 1e-9)
        return name.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: " %2d clients: %7.0f req/s  p50 %7.2f ms  p99 %7.2f ms  (%d requests)",
                     clients, rate, percentile(0.5) * 1000, percentile(0.99) * 1000, result.latencies.count)
    }

    /// Navigation start to the list painted, in headless Chromium driven by the Playwright venv
    /// the browser tests cache (median of 7 fresh pages); skipped, saying why, without it.
    static func firstLoad(_ url: String) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let python = "\(home)/.cache/leettrack-tests/venv-playwright-1.65.2/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            print("first load: skipped (needs /usr/bin/chromium and the Playwright venv that `swift test --filter ServeBrowser` builds)")
            return
        }
        let script = """
            import statistics, sys
            from playwright.sync_api import sync_playwright
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                times = []
                for _ in range(7):
                    page = browser.new_page()
                    page.goto(sys.argv[1])
                    page.wait_for_selector("body[data-painted-at]")
                    times.append(float(page.get_attribute("body", "data-painted-at")))
                    page.close()
                print("%.0f %.0f %.0f" % (statistics.median(times), min(times), max(times)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            print("first load: cannot run \(python): \(error)")
            return
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if process.terminationStatus == 0, parts.count == 3 {
            print("first load (navigation start to list painted, headless Chromium, 7 loads): median \(parts[0]) ms (min \(parts[1]), max \(parts[2]))")
        } else {
            print("first load: failed: \(text.suffix(500))")
        }
    }

    static func clock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The `ETag` of the answer to a HEAD of `path` with `headers` (CRLF-ended lines).
    static func entityTag(port: Int, path: String, headers: String) throws -> String {
        let connection = try Connection(port: port)
        try connection.send("HEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)Connection: close\r\n\r\n")
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection.descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            head += buffer[0..<count]
        }
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") where line.lowercased().hasPrefix("etag:") {
            return line.dropFirst("etag:".count).trimmingCharacters(in: .whitespaces)
        }
        throw BenchFailure(description: "no ETag on HEAD \(path)")
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// An open `GET /api/events` stream, as a page holds one.
final class EventStream {
    private let descriptor: Int32

    init(port: Int) throws {
        let connection = try Connection(port: port)
        descriptor = connection.takeDescriptor()
        let request = Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else {
            throw BenchFailure(description: "event stream: write failed: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Reads what has arrived without waiting; the number of change events in it.
    func drainEvents() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var events = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return events }
            events += String(decoding: buffer[0..<count], as: UTF8.self).components(separatedBy: "event: change").count - 1
        }
    }
}

/// One keep-alive HTTP/1.1 connection: sends a request, reads one response by Content-Length.
final class Connection {
    private(set) var descriptor: Int32
    private var pending: [UInt8] = []

    /// Hands the socket over (to an ``EventStream``); this connection no longer closes it.
    func takeDescriptor() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw BenchFailure(description: "cannot connect: errno \(errno)") }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sends a request (small: the socket takes it whole).
    func send(_ request: String) throws {
        var request = request
        let (sent, count) = request.withUTF8 { (write(descriptor, $0.baseAddress, $0.count), $0.count) }
        guard sent == count else { throw BenchFailure(description: "write failed: errno \(errno)") }
    }

    /// Reads what is there (call it when the socket is readable); true once a whole response is
    /// in, which is then consumed. Parses bytes in place, no `String` per read.
    func receive() throws -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BenchFailure(description: "read failed: errno \(errno)") }
        if let remaining = bodyRemaining {
            // The head is read: the body's bytes are only counted, not kept (the list is 1.3 MB).
            bodyRemaining = remaining - count
        } else {
            pending.append(contentsOf: buffer[0..<count])
            guard let (headerEnd, length) = try parseHead(from: &scanned) else { return false }
            bodyRemaining = headerEnd + length - pending.count
            pending.removeAll(keepingCapacity: true)
        }
        guard let remaining = bodyRemaining, remaining <= 0 else { return false }
        // One request at a time: nothing of the next response can have arrived.
        guard remaining == 0 else { throw BenchFailure(description: "\(-remaining) bytes after the response") }
        bodyRemaining = nil
        scanned = 0
        return true
    }

    /// Bytes of the current response's body still to come, once its head is read.
    private var bodyRemaining: Int?
    private var scanned = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    /// The end of the head and the body's length, once the head is complete; throws unless 200 or 304.
    private func parseHead(from scanned: inout Int) throws -> (Int, Int)? {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = max(0, scanned - 3)
        while index + 3 < pending.count {
            if pending[index] == cr, pending[index + 1] == lf, pending[index + 2] == cr, pending[index + 3] == lf { break }
            index += 1
        }
        scanned = index
        guard index + 3 < pending.count else { return nil }
        let head = pending[0..<index]
        guard head.starts(with: Array("HTTP/1.1 200".utf8)) || head.starts(with: Array("HTTP/1.1 304".utf8)) else {
            throw BenchFailure(description: "response: \(String(decoding: head.prefix(80), as: UTF8.self))")
        }
        // The header name in any case: ASCII capitals lowered.
        func lowered(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }
        let name = Array("\r\ncontent-length:".utf8)
        var position = head.startIndex
        while position + name.count <= head.endIndex {
            if zip(head[position..<(position + name.count)], name).allSatisfy({ lowered($0) == $1 }) {
                var value = 0
                var digit = position + name.count
                while digit < head.endIndex, head[digit] == UInt8(ascii: " ") { digit += 1 }
                while digit < head.endIndex, head[digit] >= UInt8(ascii: "0"), head[digit] <= UInt8(ascii: "9") {
                    value = value * 10 + Int(head[digit] - UInt8(ascii: "0"))
                    digit += 1
                }
                return (index + 4, value)
            }
            position += 1
        }
        return (index + 4, 0)
    }
}
