import FoundationEssentials
import LeetTrackCore
import TerminalUI

/// How problems, dates and bars look in text output.
public enum Format {
    /// `text` cut or padded to exactly `width` terminal columns (cut text ends in `…`): a CJK
    /// character takes two columns, so counting characters would shift the columns after it.
    public static func fit(_ text: String, _ width: Int) -> String {
        // Titles are almost all printable ASCII, where bytes are columns and counting them is O(1).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let count = text.utf8.count
            if count > width { return String(text.prefix(width - 1)) + "…" }
            return text + String(repeating: " ", count: width - count)
        }
        // Measured as it will be shown: a control character becomes one visible U+FFFD.
        let shown = TerminalText.sanitized(text)
        let columns = DisplayWidth.of(shown)
        if columns <= width { return shown + String(repeating: " ", count: width - columns) }
        var cut = ""
        var used = 0
        for character in shown {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            cut.append(character)
            used += characterWidth
        }
        return cut + "…" + String(repeating: " ", count: max(0, width - 1 - used))
    }

    /// `text` right-aligned in `width` columns.
    public static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
    }

    /// The difficulty in its colour, padded to six characters.
    public static func difficulty(_ difficulty: Difficulty, _ style: TextStyle) -> String {
        let text = fit(difficulty.displayName, 6)
        switch difficulty {
        case .easy: return style.green(text)
        case .medium: return style.yellow(text)
        case .hard: return style.red(text)
        }
    }

    /// The difficulty's name in its colour.
    public static func colored(_ difficulty: Difficulty, _ style: TextStyle) -> String {
        switch difficulty {
        case .easy: style.green(difficulty.displayName)
        case .medium: style.yellow(difficulty.displayName)
        case .hard: style.red(difficulty.displayName)
        }
    }

    /// `58.0%`. Built by hand: `String(format:)` initialises Foundation's locale machinery, which
    /// costs a large share of a command's whole run time.
    public static func percent(_ value: Double) -> String {
        // Stored catalog values are checked on entry; this guard keeps a bad one from trapping.
        guard value.isFinite, abs(value) < 1e12 else { return "?" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The status as a word in a fixed width (`solved   `).
    public static func status(_ status: Status, _ style: TextStyle, width: Int = 9) -> String {
        let text = fit(status.rawValue, width)
        switch status {
        case .solved: return style.green(text)
        case .attempted: return style.yellow(text)
        case .todo: return style.dim(text)
        }
    }

    /// The status as a word, unpadded.
    public static func statusWord(_ status: Status, _ style: TextStyle) -> String {
        switch status {
        case .solved: return style.green(status.rawValue)
        case .attempted: return style.yellow(status.rawValue)
        case .todo: return style.dim(status.rawValue)
        }
    }

    /// One problem as a row: id, title, difficulty, acceptance, status, heart.
    public static func row(_ problem: Problem, _ record: ProblemProgress?, _ style: TextStyle, titleWidth: Int = 48, skipped: Bool = false) -> String {
        var line = ""
        appendRow(problem, record, style, titleWidth: titleWidth, skipped: skipped, to: &line)
        return line
    }

    /// Appends a row to `output` (see ``RowWriter``).
    public static func appendRow(
        _ problem: Problem, _ record: ProblemProgress?, _ style: TextStyle, titleWidth: Int = 48, skipped: Bool = false,
        to output: inout String
    ) {
        var bytes: [UInt8] = []
        RowWriter(style: style, titleWidth: titleWidth).append(problem, record, skipped: skipped, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// `“My Graphs”`: a user's name in a message.
    public static func quoted(_ name: String) -> String { "“\(outside(name))”" }

    /// Text from outside (a note, a list's or problem's name) made inert before it is put beside
    /// styled text: the final pass over a styled line keeps the program's own colour codes, so a
    /// note holding exactly those codes must lose its ESC here, where it is still apart.
    public static func outside(_ text: String) -> String { TerminalText.sanitized(text) }

    /// A word as it would be typed in a shell: quoted when it holds spaces.
    public static func argument(_ word: String) -> String {
        word.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "\"\(word)\"" : word
    }

    /// `1. Two Sum`, the way a problem is named in messages.
    public static func name(_ problem: Problem) -> String {
        "\(problem.id). \(outside(problem.title))"
    }

    /// A bar of `width` cells, filled in proportion to `part / whole` (at least one cell when
    /// `part` is not zero, so a first solve shows).
    public static func bar(_ part: Int, of whole: Int, width: Int) -> String {
        guard whole > 0 else { return String(repeating: "░", count: width) }
        var filled = Int((Double(part) / Double(whole) * Double(width)).rounded())
        if part > 0 { filled = max(1, filled) }
        filled = min(width, filled)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// `on 2026-12-02 (in 3 days)`: a due date and how far it is from `now`, in days of the
    /// user's time zone; a day already past says so (`on 2026-11-22 (8 days ago, due now)`).
    public static func dueDay(_ due: Date, from now: Date, _ timeZone: some UTCOffsetProvider) -> String {
        let dueDay = LocalDay(due, in: timeZone)
        let days = dueDay.dayNumber - LocalDay(now, in: timeZone).dayNumber
        return "on \(dueDay) (\(relative(days))\(days < 0 ? ", due now" : ""))"
    }

    /// `2.31`: a number with two decimals, without `String(format:)` (see ``percent(_:)``).
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "?" }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `today`, `tomorrow`, `in 3 days`, `yesterday`, `3 days ago`.
    public static func relative(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        case -1: "yesterday"
        case let days where days > 1: "in \(days) days"
        default: "\(-days) days ago"
        }
    }

    /// `2026-11-29 14:03` in the user's time zone.
    public static func localTime(_ date: Date, _ timeZone: some UTCOffsetProvider) -> String {
        let day = LocalDay(date, in: timeZone)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60))"
    }
}

/// Writes problems as rows (`  1  Two Sum  …  Easy    58.0%  solved    ♥`) as UTF-8 bytes: `list`
/// writes thousands of them, and composing each from `String` pieces cost more than the rest of
/// the command. The styled pieces (difficulty, status, heart, marks) are made once per writer.
/// After the status come the heart of a favorite, then `paid` for a paid-only problem and
/// `skipped` for one marked to skip; a row without them ends at its status (no trailing blanks).
public struct RowWriter {
    private let titleWidth: Int
    private let difficulties: [[UInt8]]
    private let statuses: [[UInt8]]
    private let paddedStatuses: [[UInt8]]
    private let heart: [UInt8]
    private let paid: [UInt8]
    private let skippedMark: [UInt8]

    public init(style: TextStyle, titleWidth: Int = 48) {
        self.titleWidth = titleWidth
        difficulties = Difficulty.allCases.map { Array(Format.difficulty($0, style).utf8) }
        statuses = Status.allCases.map { Array(Format.statusWord($0, style).utf8) }
        // Ten columns: the longest status, "attempted", is nine and needs a space before the heart.
        paddedStatuses = Status.allCases.map { Array(Format.status($0, style, width: 10).utf8) }
        heart = Array(style.magenta("♥").utf8)
        paid = Array(style.dim(" paid").utf8)
        skippedMark = Array(style.dim(" skipped").utf8)
    }

    /// Appends `problem`'s row, without a line end, to `bytes`.
    public func append(_ problem: Problem, _ record: (some ProgressMarks)?, skipped: Bool, to bytes: inout [UInt8]) {
        let status = record?.status ?? .todo
        let favorite = record?.favorite ?? false
        appendLead(problem, to: &bytes)
        bytes += [0x20, 0x20]
        appendPercent(problem.acceptance, to: &bytes)
        bytes += [0x20, 0x20]
        let statusIndex = Status.allCases.firstIndex(of: status) ?? 0
        if favorite || problem.paidOnly || skipped {
            bytes += paddedStatuses[statusIndex]
            if favorite { bytes += heart } else { bytes.append(0x20) }
            if problem.paidOnly { bytes += paid }
            if skipped { bytes += skippedMark }
        } else {
            bytes += statuses[statusIndex]
        }
    }

    /// Appends the start every problem row has: the id in four columns, the title in the writer's
    /// width and the difficulty in its colour, padded to six columns (`   1  Two Sum …  Easy  `
    /// without the last blanks). The review queue writes its rows from it.
    public func appendLead(_ problem: Problem, to bytes: inout [UInt8]) {
        appendDecimal(problem.id, width: 4, to: &bytes)
        bytes += [0x20, 0x20]
        // The title is the row's only outside text: printable ASCII as it is, anything else
        // through `Format.fit`, which makes it safe for a terminal (see `CommandContext.rows`).
        // Through the title's contiguous bytes: stepping its `utf8` view by index cost a thousand
        // instructions a row, a tenth of `list`.
        var title = problem.title
        let isPlain = title.withUTF8 { title -> Bool in
            for byte in title where byte < 0x20 || byte >= 0x7F { return false }
            if title.count > titleWidth {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: title[..<max(0, titleWidth - 1)]))
                bytes += "…".utf8
            } else {
                bytes.append(contentsOf: title)
                appendSpaces(titleWidth - title.count, to: &bytes)
            }
            return true
        }
        if !isPlain { bytes += Format.fit(problem.title, titleWidth).utf8 }
        bytes += [0x20, 0x20]
        bytes += difficulties[Difficulty.allCases.firstIndex(of: problem.difficulty) ?? 0]
    }

    /// `58.0%` right-aligned in six columns, as ``Format/percent(_:)`` writes it.
    private func appendPercent(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite, abs(value) < 1e12 else {
            appendSpaces(5, to: &bytes)
            bytes.append(UInt8(ascii: "?"))
            return
        }
        let tenths = Int((value * 10).rounded())
        let whole = UInt(abs(tenths) / 10)
        // The whole part, a point, one digit and `%`, after a minus sign for a negative value.
        appendSpaces(6 - (Self.digitCount(whole) + 3 + (tenths < 0 ? 1 : 0)), to: &bytes)
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(whole, to: &bytes)
        bytes += [UInt8(ascii: "."), UInt8(ascii: "0") + UInt8(abs(tenths) % 10), UInt8(ascii: "%")]
    }

    /// `value` in decimal, right-aligned in `width` columns: digits written in place, as an array
    /// of digits per number cost a thousand instructions, a fifth of a row.
    private func appendDecimal(_ value: Int, width: Int = 0, to bytes: inout [UInt8]) {
        appendSpaces(width - Self.digitCount(value.magnitude) - (value < 0 ? 1 : 0), to: &bytes)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, to: &bytes)
    }

    private func appendDigits(_ value: UInt, to bytes: inout [UInt8]) {
        var rest = value
        let end = bytes.count + Self.digitCount(rest)
        bytes += repeatElement(UInt8(ascii: "0"), count: end - bytes.count)
        var index = end - 1
        while rest > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    private static func digitCount(_ value: UInt) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    private func appendSpaces(_ count: Int, to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        // From a row of blanks made once: a repeated element is appended a byte at a time.
        if count <= Self.blanks.count {
            bytes.append(contentsOf: Self.blanks[..<count])
        } else {
            bytes += repeatElement(UInt8(ascii: " "), count: count)
        }
    }

    private static let blanks = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
