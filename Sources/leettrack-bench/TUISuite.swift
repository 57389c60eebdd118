import Foundation
import LeetTrackCore
import LeetTrackScreen
import Persistence
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The `tui` suite: the time from a key to the written frame in the real `leettrack tui`, over the
/// full catalog, and the bytes a scroll step writes.
///
/// The binary runs on a pseudo-terminal of 120x40, as in a terminal emulator. For each key the
/// clock starts just before the key is written to the terminal and stops at the last byte of the
/// frame the program writes back (the frame is complete once no byte arrives for 15 ms; that
/// quiet time is not counted). So a sample is all the work between a key and its frame: reading
/// and decoding the key, updating the state (filtering 4,029 problems for a search), drawing,
/// diffing against the previous frame and writing the changed cells.
///
/// - A scroll step is `j` with the selection on the last visible row, so the whole list moves
///   up by one row (the most expensive step; moving inside the page redraws two rows).
/// - A search keystroke is one character of "two sum" typed after `/`, or one Backspace back to
///   the empty search; each refilters the whole catalog.
///
/// It measures the `leettrack` next to this executable (build both with `swift build -c release`),
/// or the one named by `LEETTRACK_BENCH_BINARY`. Target: at most 2 ms each.
///
/// A last row, in this process: the screen's frame after another writer's change, on a store where
/// all 4,029 problems have a record (see ``TUIBench/externalChangeFrames(in:)``).
func runTUISuite() throws {
    #if canImport(Glibc)
    let binary = try CLIBench.leettrackBinary()
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("leettrack-bench-tui-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(workspace.path) }

    let session = try TUIBench.Session(binary: binary, store: workspace.appendingPathComponent("store.sqlite").path, width: 120, height: 40)
    defer { session.stop() }
    _ = session.readFrame(quiet: 300)  // The first frame draws the whole screen.

    // Put the selection on the last visible row: from then on every `j` scrolls the list.
    _ = session.press("\u{1B}[6~")
    var scrollTimes: [Double] = []
    var scrollBytes: [Int] = []
    for _ in 0..<300 {
        let sample = session.press("j")
        scrollTimes.append(sample.milliseconds)
        scrollBytes.append(sample.bytes)
    }

    _ = session.press("g")
    _ = session.press("/")
    var searchTimes: [Double] = []
    let query = Array("two sum")
    for _ in 0..<20 {
        for character in query { searchTimes.append(session.press(String(character)).milliseconds) }
        for _ in query { searchTimes.append(session.press("\u{7F}").milliseconds) }
    }
    _ = session.press("\u{1B}")
    _ = session.press("q")

    print("binary: \(binary); terminal 120x40; catalog of 4,029 problems")
    print()
    print("measurement".padding(toLength: 44, withPad: " ", startingAt: 0) + "median      p90         target")
    TUIBench.report("key to frame, scroll step (\(scrollTimes.count) keys)", scrollTimes, unit: "ms", target: "<= 2 ms")
    TUIBench.report("key to frame, search keystroke (\(searchTimes.count) keys)", searchTimes, unit: "ms", target: "<= 2 ms")
    TUIBench.report("bytes written per scroll step", scrollBytes.map(Double.init), unit: "B", target: "")
    let (applied, reloaded) = try TUIBench.externalChangeFrames(in: workspace)
    TUIBench.report("external heart to frame (4,029 touched)", applied, unit: "ms", target: "<= 2 ms")
    TUIBench.report("  by a full reload instead (before #41)", reloaded, unit: "ms", target: "")
    #else
    print("the tui suite needs Glibc (a pseudo-terminal); skipped")
    #endif
}

#if canImport(Glibc)
enum TUIBench {
    /// One sample: how long from the key to the frame's last byte, and how many bytes it had.
    struct Sample {
        var milliseconds: Double
        var bytes: Int
    }

    /// `leettrack tui` running on a pseudo-terminal that the benchmark types into and reads from.
    final class Session {
        private let parent: Int32
        private let process: Process

        init(binary: String, store: String, width: Int, height: Int) throws {
            parent = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard parent >= 0 else { throw CLIBench.Failure(description: "cannot open /dev/ptmx") }
            // TIOCSPTLCK (unlock) and TIOCGPTN (number): macros Swift cannot import.
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(parent, UInt(0x4004_5431), &unlock) == 0, ioctl(parent, UInt(0x8004_5430), &number) == 0 else {
                throw CLIBench.Failure(description: "cannot set up a pseudo-terminal")
            }
            let child = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard child >= 0 else { throw CLIBench.Failure(description: "cannot open /dev/pts/\(number)") }
            var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(child, UInt(TIOCSWINSZ), &window)
            let terminal = FileHandle(fileDescriptor: child, closeOnDealloc: true)
            process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--store", store, "tui"]
            process.standardInput = terminal
            process.standardOutput = terminal
            process.standardError = terminal
            try process.run()
        }

        /// Writes `key` and returns the time until the last byte of the frame it caused.
        func press(_ key: String) -> Sample {
            let bytes = Array(key.utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            _ = bytes.withUnsafeBytes { write(parent, $0.baseAddress, $0.count) }
            let frame = readFrame(quiet: 15)
            let end = frame.lastByte ?? start
            return Sample(milliseconds: Double(end - start) / 1_000_000, bytes: frame.count)
        }

        /// Reads until nothing arrives for `quiet` milliseconds; returns the bytes read and when
        /// the last one arrived.
        func readFrame(quiet: Int32) -> (count: Int, lastByte: UInt64?) {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var count = 0
            var lastByte: UInt64?
            while true {
                var descriptor = [pollfd(fd: parent, events: Int16(POLLIN), revents: 0)]
                guard poll(&descriptor, 1, quiet) > 0 else { return (count, lastByte) }
                let received = read(parent, &buffer, buffer.count)
                if received <= 0 { return (count, lastByte) }
                lastByte = DispatchTime.now().uptimeNanoseconds
                count += received
            }
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            close(parent)
        }
    }

    /// The work from another writer's notice to the screen's next frame, on a store of 4,029
    /// records: a second `Store` on the same file toggles one problem's heart; once the screen's
    /// watch is told, the clock runs over the update that applies the notice and the frame's
    /// rendering (drawn, diffed, encoded). `reloaded` times the same frame when the notice cannot
    /// say what changed, so every record is read again (what every external change cost before).
    /// - Returns: milliseconds per frame, for 200 changes each way.
    static func externalChangeFrames(in workspace: URL) throws -> (applied: [Double], reloaded: [Double]) {
        let path = workspace.appendingPathComponent("external.sqlite").path
        let catalog = Catalog.builtIn
        let slugs = (0..<catalog.count).map(catalog.slug(at:))
        let start = Date(timeIntervalSince1970: 1_764_000_000)
        let tracker = Tracker(store: try .sqlite(path: path), catalog: catalog, clock: .fixed(start), timeZone: SystemTimeZone())
        let scheduler = ReviewScheduler()
        try tracker.progress.update(slugs) { slug, record in
            let day = Double(slug.utf8.count * 37 % 400) * 86_400
            record.recordSolve(at: start.addingTimeInterval(-day), rating: .good, scheduler: scheduler)
        }
        var runtime = Runtime(try Browser(tracker: tracker), size: Size(width: 120, height: 40))
        _ = runtime.render()
        let told = DispatchSemaphore(value: 0)
        let watch = runtime.app.observeExternalChanges { told.signal() }
        defer { watch.cancel() }
        let other = ProgressRepository(store: try .sqlite(path: path), clock: .fixed(start))
        func frame(incomplete: Bool, _ index: Int) throws -> Double {
            try other.update([slugs[index * 19 % slugs.count]]) { _, record in record.favorite.toggle() }
            guard told.wait(timeout: .now() + 5) == .success else {
                throw CLIBench.Failure(description: "the screen was not told of another writer's change within 5 s")
            }
            if incomplete { runtime.app.externalChanges.add([], isComplete: false) }
            let begin = DispatchTime.now().uptimeNanoseconds
            runtime.send(.wake)
            _ = runtime.render()
            return Double(DispatchTime.now().uptimeNanoseconds - begin) / 1_000_000
        }
        let applied = try (0..<200).map { try frame(incomplete: false, $0) }
        let reloaded = try (0..<200).map { try frame(incomplete: true, $0) }
        return (applied, reloaded)
    }

    /// Prints one line: the median and the 90th percentile.
    static func report(_ name: String, _ values: [Double], unit: String, target: String) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return }
        let median = CLIBench.median(sorted)
        let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        func format(_ value: Double) -> String {
            if unit == "B" { return "\(Int(value.rounded())) \(unit)" }
            let thousandths = Int((value * 1000).rounded())
            let fraction = String(thousandths % 1000)
            return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) \(unit)"
        }
        print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
            + format(median).padding(toLength: 12, withPad: " ", startingAt: 0)
            + format(p90).padding(toLength: 12, withPad: " ", startingAt: 0) + target)
    }
}
#endif
