import Foundation
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

    /// Appends a row to `output` in place: `list` writes a thousand of them, and building each
    /// from interpolated pieces costs more than the rest of the command.
    /// After the status come the heart of a favorite, then `paid` for a paid-only problem and
    /// `skipped` for one marked to skip.
    public static func appendRow(
        _ problem: Problem, _ record: ProblemProgress?, _ style: TextStyle, titleWidth: Int = 48, skipped: Bool = false,
        to output: inout String
    ) {
        let record = record ?? ProblemProgress()
        let id = String(problem.id)
        appendSpaces(4 - id.utf8.count, to: &output)
        output += id
        output += "  "
        // The title is the row's only outside text: printable ASCII as it is, anything else
        // through `fit`, which makes it safe for a terminal (see `CommandContext.rows`).
        let title = problem.title
        if title.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let length = title.utf8.count
            if length > titleWidth {
                output += title.prefix(titleWidth - 1)
                output += "…"
            } else {
                output += title
                appendSpaces(titleWidth - length, to: &output)
            }
        } else {
            output += fit(title, titleWidth)
        }
        output += "  "
        output += difficulty(problem.difficulty, style)
        output += "  "
        let acceptance = percent(problem.acceptance)
        appendSpaces(6 - acceptance.utf8.count, to: &output)
        output += acceptance
        output += "  "
        // The heart and the marks are the last columns, so a row without them ends at its status
        // (no trailing blanks).
        if record.favorite || problem.paidOnly || skipped {
            // Ten columns: the longest status, "attempted", is nine and needs a space before the heart.
            output += status(record.status, style, width: 10)
            output += record.favorite ? style.magenta("♥") : " "
            if problem.paidOnly { output += style.dim(" paid") }
            if skipped { output += style.dim(" skipped") }
        } else {
            output += statusWord(record.status, style)
        }
    }

    private static let spaces = String(repeating: " ", count: 80)

    private static func appendSpaces(_ count: Int, to output: inout String) {
        if count > 0 { output += spaces.prefix(count) }
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
