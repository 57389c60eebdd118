import Foundation
import Testing

/// Headless Chromium, run as a separate process on a report file.
enum Chromium {
    /// The browser: `LEETTRACK_CHROMIUM`, else the first of the usual names on `PATH`.
    static let executable: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LEETTRACK_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for directory in (environment["PATH"] ?? "").split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }()

    /// Why the browser tests skip when there is no browser.
    static let missing: Comment = """
        Chromium is not installed (looked for chromium, chromium-browser, google-chrome on PATH, \
        or LEETTRACK_CHROMIUM names no executable). Install it with `apt-get install chromium`; .ci/run does.
        """

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the browser headless on `file` with `arguments`, its profile in `directory`; returns
    /// what it printed on standard output. Fails after 90 seconds rather than hang a test run.
    static func run(_ arguments: [String], file: URL, in directory: URL) throws -> String {
        guard let executable else { throw Failure(description: "no Chromium") }
        let process = Process()
        process.executableURL = executable
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start; the page is our own file.
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions",
            "--user-data-dir=\(directory.appendingPathComponent("chromium-profile-\(UUID().uuidString)").path)",
        ] + arguments + [file.absoluteString]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let errorText = ErrorCollector(errors.fileHandleForReading)
        let outputText = ErrorCollector(output.fileHandleForReading)
        if finished.wait(timeout: .now() + 90) == .timedOut {
            process.terminate()
            throw Failure(description: "Chromium did not finish within 90 seconds")
        }
        let stdout = String(decoding: outputText.wait(), as: UTF8.self)
        let stderr = String(decoding: errorText.wait(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "Chromium exited with \(process.terminationStatus): \(stderr.suffix(2000))")
        }
        return stdout
    }

    /// The DOM after the page is loaded and laid out, serialised as HTML.
    static func dumpDOM(of file: URL, in directory: URL) throws -> String {
        try run(["--dump-dom"], file: file, in: directory)
    }

    /// A PNG of the window, `width` by `height`, in the light or the dark theme.
    static func screenshot(of file: URL, width: Int, height: Int, dark: Bool, in directory: URL) throws -> Data {
        let image = directory.appendingPathComponent("shot-\(UUID().uuidString).png")
        _ = try run(
            ["--window-size=\(width),\(height)", "--screenshot=\(image.path)"] + (dark ? ["--force-dark-mode"] : []),
            file: file, in: directory)
        return try Data(contentsOf: image)
    }
}

/// Reads a report page's HTML (as written, or as a browser serialises its DOM) without an HTML parser.
enum ReportHTML {
    /// Every `data-metric="NAME">NUMBER<` on the page.
    static func metrics(_ html: String) throws -> [String: Int] {
        var values: [String: Int] = [:]
        for match in html.matches(of: try Regex(#"data-metric="([^"]*)">(\d+)<"#)) {
            guard let name = match.output[1].substring, let value = match.output[2].substring.flatMap({ Int($0) }) else { continue }
            values[unescaped(String(name))] = value
        }
        return values
    }

    /// Every heatmap square's count, by date.
    static func calendarCounts(_ html: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for match in html.matches(of: try Regex(#"data-date="([0-9-]+)" data-count="(\d+)""#)) {
            guard let date = match.output[1].substring, let count = match.output[2].substring.flatMap({ Int($0) }) else { continue }
            counts[String(date)] = count
        }
        return counts
    }

    /// Undoes the character references the page (or a browser's serialiser) uses.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// The few facts of a PNG file a test needs, read from its header.
struct PNGHeader {
    let width: Int
    let height: Int

    /// Reads the signature and the IHDR chunk; `nil` when `data` is not a PNG.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func number(_ start: Int) -> Int { bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = number(16)
        height = number(20)
    }
}
