import LeetTrackCore
import LeetTrackText
import Persistence
import TerminalUI

/// What a command prints on standard output: kept as it is made and written by ``flush(storeWritten:)``
/// once the command is done (or has failed), so a failure's message follows what was printed.
final class CommandOutput {
    /// Colours for standard output.
    let style: TextStyle
    /// Standard output as it is made, as UTF-8: rows are made as bytes, and a string between
    /// them and the terminal cost a pass over every byte.
    private var bytes: [UInt8] = []

    /// Colour only on a terminal and without `NO_COLOR`: a terminal that says it is dumb (Emacs'
    /// shell, some CI logs) shows escapes as text.
    init(environment: [String: String]) {
        style = TextStyle(
            enabled: Terminal.isTerminal(.standardOutput) && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
    }

    /// Adds text to standard output, made safe for a terminal (see `TerminalText`): notes, titles
    /// and list names come from outside, and their control characters must not reach the terminal.
    func write(_ text: String) {
        bytes += TerminalText.sanitized(text, keepingStyle: style.enabled).utf8
    }

    /// Adds data to standard output exactly as it is (an export, a report page): not text for
    /// a person to read, so not changed.
    func writeData(_ text: String) {
        bytes += text.utf8
    }

    /// Adds a line to standard output.
    func line(_ text: String = "") {
        write(text)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes a value as pretty, key-sorted JSON (the `--json` form of every command).
    func writeJSON<Value: Encodable>(_ value: Value) throws {
        bytes += TerminalText.escapingJSON(try OutputJSON.encode(value, pretty: true))
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Adds one row per problem to standard output, with its marks in `progress` (marking the
    /// slugs in `skipped`).
    func rows(_ problems: [Problem], _ progress: [String: some ProgressMarks], skipped: Set<String> = []) {
        writeRows(problems) { problem, writer, bytes in
            let marks = progress[problem.slug]
            writer.append(
                problem, status: marks?.status ?? .todo, favorite: marks?.favorite ?? false,
                skipped: !skipped.isEmpty && skipped.contains(problem.slug), to: &bytes)
        }
    }

    /// Adds one row per position of `catalog` with its marks, as ``rows(_:_:skipped:)``, from the
    /// catalog's fields where they lie (no problem is built); with `showsRatings`, with each
    /// problem's contest rating.
    func rows(
        _ rows: [(position: Int, progress: (some ProgressMarks)?)], of catalog: Catalog, skipped: Set<String> = [], showsRatings: Bool = false
    ) {
        let skippedPositions = Set(skipped.compactMap { catalog.position(ofSlug: $0) })
        writeRows(rows, showsRatings: showsRatings) { row, writer, bytes in
            let skipped = !skippedPositions.isEmpty && skippedPositions.contains(row.position)
            writer.append(
                catalog, at: row.position, status: row.progress?.status ?? .todo, favorite: row.progress?.favorite ?? false,
                skipped: skipped, to: &bytes)
        }
    }

    /// Adds a line per row, each written by `append` with a ``RowWriter``. No pass over whole
    /// rows: their one piece of outside text, the title, is made safe by the writer itself, and
    /// `list` writes thousands of rows.
    private func writeRows<Row>(_ rows: [Row], showsRatings: Bool = false, _ append: (Row, RowWriter, inout [UInt8]) -> Void) {
        let writer = RowWriter(style: style, showsRatings: showsRatings)
        appendRows(reservingCapacity: rows.count * 90) { bytes in
            for row in rows {
                append(row, writer, &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// Lets `write` add lines a row writer makes (``RowWriter``) to standard output where it is
    /// kept, with room for `capacity` bytes and the lines that follow: their one piece of outside
    /// text, each title, is made safe by the writer. Rows made apart and then copied in, and the
    /// next line growing the output past them, were three copies of every row (1 MB for 4,000).
    func appendRows(reservingCapacity capacity: Int, _ write: (inout [UInt8]) -> Void) {
        bytes.reserveCapacity(bytes.count + capacity + Self.roomAfterRows)
        write(&bytes)
    }

    /// The room kept after rows for the lines that follow them (a count, a hint).
    private static let roomAfterRows = 4096

    /// Writes everything produced so far to standard output.
    /// - Parameter storeWritten: whether the command may have changed the store, which the
    ///   message of a failure then says.
    /// - Throws: `CLIError.failure` when standard output cannot be written (a full disk, a closed
    ///   pipe's EIO): an error message and exit 1, not a crash.
    func flush(storeWritten: Bool) throws {
        guard !bytes.isEmpty else { return }
        let data = bytes
        bytes = []
        do {
            try FileDescriptorOutput.write(data, to: Terminal.Stream.standardOutput.descriptor)
        } catch {
            throw Self.error(error, storeWritten: storeWritten)
        }
    }

    /// The failure to report when standard output could not be written, in the C library's words
    /// (a file or a pipe is no terminal, so not the terminal error's own text). The store is
    /// written before the output: when it was, the message says so, so a retry does not record a
    /// second solve.
    static func error(_ error: any Error, storeWritten: Bool) -> CLIError {
        var reason = FileErrorReason.text(error)
        if case .systemCall(_, let code) = error as? TerminalError { reason = FileErrorReason.system(code) }
        return .failure("cannot write to standard output: \(reason)" + (storeWritten ? "; what the command changed in the store is saved" : ""))
    }
}
