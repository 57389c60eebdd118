import Foundation
import Testing

/// A running `leettrack serve` on a free port with the runner's store, stopped with SIGTERM.
final class ServeProcess {
    let runner: LeetTrackRunner
    let process: Process
    let output: Pipe
    let errors: ErrorCollector
    /// The URL it printed (with `?token=` on a non-loopback host).
    let url: String
    /// The port it listens on.
    let port: Int
    /// What it printed before serving: where it listens, up to "Press Ctrl-C to stop.".
    let banner: String

    /// - Parameter launcher: runs the binary under another program (see ``LeetTrackRunner/start(_:useStore:environment:launcher:)``).
    init(_ runner: LeetTrackRunner, _ extra: [String] = [], launcher: [String] = [], environment: [String: String] = [:]) throws {
        self.runner = runner
        let (process, _, output, error) = try runner.start(["serve", "--port", "0"] + extra, environment: environment, launcher: launcher)
        self.process = process
        self.output = output
        errors = ErrorCollector(error.fileHandleForReading)
        // The lines that say where it listens are flushed together before the server waits.
        var text = ""
        while !text.contains("Press Ctrl-C") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        banner = text
        guard let range = text.range(of: #"https?://[^\s]+"#, options: .regularExpression) else {
            process.terminate()
            throw ServeTestError.noURL(text + String(decoding: errors.wait(), as: UTF8.self))
        }
        url = String(text[range])
        guard let portText = url.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText) else {
            throw ServeTestError.noURL(url)
        }
        self.port = port
    }

    /// Sends SIGTERM and returns the exit status and the rest of standard output.
    func stop() -> (status: Int32, output: String) {
        kill(process.processIdentifier, SIGTERM)
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
    }

    deinit {
        // Waited for, so that the server has let go of its store before the runner's folder goes.
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One request on a new connection to 127.0.0.1, read to the end.
    /// - Parameter asPage: a write carries the `Origin` the server's own page sends (unless
    ///   `headers` names one), as the browser does; `false` sends what a bare script sends.
    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], host: String? = nil,
        asPage: Bool = true
    ) throws -> HTTPReply {
        try Self.request(port: port, method, path, body: body, headers: headers, host: host, asPage: asPage)
    }

    /// One request to the server at `port` (usable from any thread).
    static func request(
        port: Int, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], host: String? = nil,
        asPage: Bool = true
    ) throws -> HTTPReply {
        let host = host ?? "127.0.0.1:\(port)"
        var headers = headers
        if asPage, !["GET", "HEAD"].contains(method), !headers.keys.contains(where: { $0.lowercased() == "origin" }) {
            headers["Origin"] = "http://\(host)"
        }
        var lines = ["\(method) \(path) HTTP/1.1", "Host: \(host)", "Connection: close"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        if let body {
            lines.append("Content-Type: application/json")
            lines.append("Content-Length: \(body.utf8.count)")
        }
        let raw = lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
        let socket = try RawSocket(port: port)
        try socket.send(Array(raw.utf8))
        return try HTTPReply(socket.readToEnd())
    }

    /// A GET whose JSON body is returned, expecting status 200.
    func json(_ path: String) throws -> Any {
        let reply = try request("GET", path)
        #expect(reply.status == 200, "GET \(path): \(reply.body)")
        return try JSONSerialization.jsonObject(with: Data(reply.body.utf8))
    }

    /// Whether the server still answers a plain read.
    func stillAnswers() throws -> Bool {
        try request("GET", "/api/lists").status == 200
    }

    /// Whether the server answers within `seconds`, asking again while it refuses or resets the
    /// connection (it may not yet have counted a peer's closed connections).
    func answersSoon(within seconds: TimeInterval = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                return try stillAnswers()
            } catch {
                guard Date() < deadline else { throw error }
                usleep(20_000)
            }
        }
    }
}

enum ServeTestError: Error {
    case noURL(String)
    case socket(String)
}

/// A parsed HTTP response.
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: String
    /// The body's bytes as sent (`body` is them decoded as UTF-8: useless for an image).
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw ServeTestError.socket("no header end in: \(text)") }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let headEnd = (0...(bytes.count - separator.count)).first { Array(bytes[$0..<($0 + separator.count)]) == separator } ?? bytes.count
        self.bytes = Array(bytes[min(bytes.count, headEnd + separator.count)...])
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = String(text[split.upperBound...])
    }

    /// The body as a JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A blocking TCP client with a receive timeout, so a test fails rather than hangs.
final class RawSocket {
    let descriptor: Int32

    /// - Parameter source: the local address to connect from (another peer than 127.0.0.1, such
    ///   as 127.0.0.2: all of 127.0.0.0/8 is this machine).
    init(port: Int, timeoutSeconds: Int = 15, from source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeTestError.socket("socket: \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                throw ServeTestError.socket("bind \(source): \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ServeTestError.socket("connect: \(errno)")
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }  // A signal to this process (a child's SIGCHLD): not the server's doing.
            guard count > 0 else { throw ServeTestError.socket("write: \(errno)") }
            sent += count
        }
    }

    /// Reads until the server closes the connection (or the timeout fails the read).
    func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return result }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if errno == ECONNRESET, !result.isEmpty { return result }
                throw ServeTestError.socket("read: errno \(errno) after \(result.count) bytes")
            }
            result += buffer[0..<count]
        }
    }

    /// Reads whatever arrives next (at least one byte).
    func readSome() throws -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count > 0 else { throw ServeTestError.socket("read: errno \(errno)") }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
