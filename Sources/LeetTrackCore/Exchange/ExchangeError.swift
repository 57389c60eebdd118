/// Why a file could not be imported, exported or read as a catalog update. Every case names the
/// file; a syntax error also names the line and column, a content error the place in the document
/// (`problems[3].status`).
///
/// It is kept apart from ``LeetTrackError`` because these errors are about a file's bytes, not
/// about the tracker's domain, and carry positions that no other error has.
public enum ExchangeError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON; `line` and `column` (1-based) are where the parser stopped,
    /// when it said.
    case malformedJSON(file: String, line: Int?, column: Int?, reason: String)
    /// The JSON is valid but something in it is not what the format allows; `path` says where.
    case invalidContent(file: String, path: String, reason: String)
    /// A LeetTrack export of a version this program does not read.
    case unsupportedVersion(file: String, found: Int, supported: Int)
    /// A JSON file that is not a LeetTrack export (or not a LeetCode problem list).
    case wrongKind(file: String, expected: String)
    /// A property list that cannot be read, or lacks the app's favorites.
    case invalidPropertyList(file: String, reason: String)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "cannot read \(file): \(reason)"
        case .malformedJSON(let file, let line, let column, let reason):
            let position = line.map { line in ", line \(line)" + (column.map { ", column \($0)" } ?? "") } ?? ""
            return "\(file)\(position): not valid JSON: \(reason)"
        case .invalidContent(let file, let path, let reason):
            return "\(file): \(path.isEmpty ? "" : "\(path): ")\(reason)"
        case .unsupportedVersion(let file, let found, let supported):
            return "\(file) is a LeetTrack export of format version \(found); this leettrack reads versions 1 to \(supported)"
                + (found > supported ? ". Update leettrack to import it." : ".")
        case .wrongKind(let file, let expected):
            return "\(file) is not \(expected)"
        case .invalidPropertyList(let file, let reason):
            return "\(file): \(reason)"
        }
    }
}
