import Foundation

/// `leettrack-bench serve-toggle`: the favorite toggle of `serve` alone, as the `serve` suite
/// drives it (the same requests, 50 keep-alive clients in one closed loop), with the CPU time the
/// whole process (server and clients) spends per toggle. CPU time, unlike latency, hardly moves
/// when other programs share the cores, so it is the figure to compare between builds on a busy
/// machine; the latency rows are printed beside it with the load at the time.
func runServeToggleSuite() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-toggle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(directory.path) }
    let (server, _, port) = try ServeBench.startServer(in: directory)
    defer {
        do {
            try server.stop()
        } catch {
            print("stopping the server failed: \(error)")
        }
    }
    let toggle = { (client: Int, index: Int) in
        "\(index % 2 == 0 ? "PUT" : "DELETE") /api/problems/\(client + 1)/favorite HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n"
    }
    // Warm up: the first list build and the first writes (the store's pages, the pool's threads).
    _ = try ServeBench.measure(port: port, clients: 50, perClient: 40, request: toggle)
    var perToggle: [Double] = []
    for round in 1...5 {
        let before = ServeToggleBench.cpuSeconds()
        let result = try ServeBench.measure(port: port, clients: 50, perClient: 400, request: toggle)
        let cpu = ServeToggleBench.cpuSeconds() - before
        let micros = cpu / Double(max(result.latencies.count, 1)) * 1e6
        perToggle.append(micros)
        print(ServeBench.line("favorite toggle #\(round)", 50, result) + String(format: "  CPU %.1f µs/toggle", micros))
    }
    let streams = try (0..<50).map { _ in try EventStream(port: port) }
    let before = ServeToggleBench.cpuSeconds()
    let result = try ServeBench.measure(port: port, clients: 50, perClient: 400, request: toggle)
    let micros = (ServeToggleBench.cpuSeconds() - before) / Double(max(result.latencies.count, 1)) * 1e6
    print(ServeBench.line("toggle, 50 pages open", 50, result)
        + String(format: "  CPU %.1f µs/toggle  %d events heard", micros, streams.map { $0.drainEvents() }.reduce(0, +)))
    print(String(format: "CPU per toggle at 50 clients: median %.1f µs (5 rounds; load %@)", perToggle.sorted()[2], ServeBench.loadAverage()))
}

enum ServeToggleBench {
    /// User and system CPU time of the whole process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
