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
        colored(fit(difficulty.displayName, 6), as: difficulty, style)
    }

    /// The difficulty's name in its colour.
    public static func colored(_ difficulty: Difficulty, _ style: TextStyle) -> String {
        colored(difficulty.displayName, as: difficulty, style)
    }

    /// `text` in the colour of `difficulty`: green, yellow, red (a name, or `stats`'s bar).
    public static func colored(_ text: String, as difficulty: Difficulty, _ style: TextStyle) -> String {
        switch difficulty {
        case .easy: style.green(text)
        case .medium: style.yellow(text)
        case .hard: style.red(text)
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
        statusWord(fit(status.rawValue, width), as: status, style)
    }

    /// The status as a word, unpadded.
    public static func statusWord(_ status: Status, _ style: TextStyle) -> String {
        statusWord(status.rawValue, as: status, style)
    }

    /// `text` in the colour of `status`: green, yellow, dim.
    private static func statusWord(_ text: String, as status: Status, _ style: TextStyle) -> String {
        switch status {
        case .solved: style.green(text)
        case .attempted: style.yellow(text)
        case .todo: style.dim(text)
        }
    }

    /// One problem as a row: id, title, difficulty, acceptance, status, heart.
    public static func row(_ problem: Problem, _ record: ProblemProgress?, _ style: TextStyle, titleWidth: Int = 48, skipped: Bool = false) -> String {
        row(problem, marks: record, style, titleWidth: titleWidth, skipped: skipped)
    }

    /// One problem as a row, as ``row(_:_:_:titleWidth:skipped:)``, from its marks alone (what
    /// the listings read of each summary) or its record (see ``RowWriter``).
    public static func row(_ problem: Problem, marks: (some ProgressMarks)?, _ style: TextStyle, titleWidth: Int = 48, skipped: Bool = false) -> String {
        var bytes: [UInt8] = []
        RowWriter(style: style, titleWidth: titleWidth).append(problem, marks, skipped: skipped, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `“My Graphs”`: a user's name in a message.
    public static func quoted(_ name: String) -> String { "“\(outside(name))”" }

    /// Text from outside (a note, a list's or problem's name) made inert before it is put beside
    /// styled text: the final pass over a styled line keeps the program's own colour codes, so a
    /// note holding exactly those codes must lose its ESC here, where it is still apart.
    public static func outside(_ text: String) -> String { TerminalText.sanitized(text) }

    /// The sentences about the user's lists that the web app says too (``ListMessages``), with
    /// names made safe for the terminal.
    public static let listMessages = ListMessages { outside($0) }

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
    public static func dueDay(_ card: ReviewCard, from now: Date, _ timeZone: some UTCOffsetProvider) -> String {
        let dueDay = card.dueDay(in: timeZone)
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

}

/// Writes problems as rows (`  1  Two Sum  …  Easy    58.0%  solved    ♥`) as UTF-8 bytes: `list`
/// writes thousands of them, and composing each from `String` pieces cost more than the rest of
/// the command. The styled pieces (difficulty, status, heart, marks) are made once per writer.
/// After the status come the heart of a favorite, then `paid` for a paid-only problem and
/// `skipped` for one marked to skip; a row without them ends at its status (no trailing blanks).
public final class RowWriter {
    private let titleWidth: Int
    private let difficulties: [[UInt8]]
    private let statuses: [[UInt8]]
    private let paddedStatuses: [[UInt8]]
    private let heart: [UInt8]
    private let paid: [UInt8]
    private let skippedMark: [UInt8]
    /// Whether rows show the contest rating after the acceptance (`list --sort rating`, `--rating`).
    private let showsRatings: Bool
    /// The most a row's lead takes besides its title: the id (at most 20 bytes, as
    /// `-9223372036854775808`), the blanks, the difficulty.
    private let leadRoom: Int
    /// The most a row takes after its lead: blanks, the acceptance (at most 17 bytes, as
    /// `-1000000000000.0%`: a value just inside ±1e12 rounds up to thirteen digits), and the
    /// status with its marks.
    private let tailRoom: Int

    /// A writer of rows in `style`, titles in `titleWidth` columns; with `showsRatings`, each row
    /// has the problem's contest rating in five columns after the acceptance (`-` when it has none).
    public init(style: TextStyle, titleWidth: Int = 48, showsRatings: Bool = false) {
        self.titleWidth = titleWidth
        self.showsRatings = showsRatings
        difficulties = Self.table(\.rank) { Array(Format.difficulty($0, style).utf8) }
        statuses = Self.table(Self.slot) { Array(Format.statusWord($0, style).utf8) }
        // Ten columns: the longest status, "attempted", is nine and needs a space before the heart.
        paddedStatuses = Self.table(Self.slot) { Array(Format.status($0, style, width: 10).utf8) }
        heart = Array(style.magenta("♥").utf8)
        paid = Array(style.dim(" paid").utf8)
        skippedMark = Array(style.dim(" skipped").utf8)
        leadRoom = 20 + 2 + 2 + (difficulties.map(\.count).max() ?? 0)
        let marked = (paddedStatuses.map(\.count).max() ?? 0) + heart.count + paid.count + skippedMark.count
        // A rating is at most 26 bytes with its commas (`-9,223,372,036,854,775,808`): a catalog
        // update checks it, the row does not rely on it.
        tailRoom = 2 + 17 + 2 + max(marked, statuses.map(\.count).max() ?? 0) + (showsRatings ? 26 + 2 : 0)
    }

    /// The styled pieces of each case, each at its slot.
    private static func table<Case: CaseIterable>(_ slot: (Case) -> Int, _ make: (Case) -> [UInt8]) -> [[UInt8]] {
        var table = [[UInt8]](repeating: [], count: Case.allCases.count)
        for value in Case.allCases { table[slot(value)] = make(value) }
        return table
    }

    /// A status's slot in the tables: `allCases` would make an array at each row.
    fileprivate static func slot(_ status: Status) -> Int {
        switch status {
        case .todo: 0
        case .attempted: 1
        case .solved: 2
        }
    }

    /// Appends `problem`'s row, without a line end, to `bytes`.
    public func append(_ problem: Problem, _ record: (some ProgressMarks)?, skipped: Bool, to bytes: inout [UInt8]) {
        append(problem, status: record?.status ?? .todo, favorite: record?.favorite ?? false, skipped: skipped, to: &bytes)
    }

    /// Appends `problem`'s row with these marks, as ``append(_:_:skipped:to:)`` does. Not
    /// generic, unlike that one, which another module's caller runs unspecialized (asking the
    /// runtime for the type of its optional marks on every row).
    public func append(_ problem: Problem, status: Status, favorite: Bool, skipped: Bool, to bytes: inout [UInt8]) {
        var title = problem.title
        title.withUTF8 { title in
            let fields = Fields(
                id: problem.id, title: title, difficulty: problem.difficulty, acceptance: problem.acceptance,
                paidOnly: problem.paidOnly, rating: problem.rating)
            append(fields, status: status, favorite: favorite, skipped: skipped, to: &bytes)
        }
    }

    /// Appends the row of the problem at `position` in `catalog` with these marks, as
    /// ``append(_:status:favorite:skipped:to:)`` does, from the catalog's fields where they lie:
    /// `list` writes thousands of rows, and building each problem (its slug, title and tags) cost
    /// a third of a row.
    public func append(_ catalog: Catalog, at position: Int, status: Status, favorite: Bool, skipped: Bool, to bytes: inout [UInt8]) {
        catalog.withTitleUTF8(at: position) { title in
            let fields = Fields(
                id: catalog.id(at: position), title: title, difficulty: catalog.difficulty(at: position),
                acceptance: catalog.acceptance(at: position), paidOnly: catalog.paidOnly(at: position),
                rating: showsRatings ? catalog.rating(at: position) : nil)
            append(fields, status: status, favorite: favorite, skipped: skipped, to: &bytes)
        }
    }

    /// What a row shows of a problem, its title as UTF-8 bytes.
    private struct Fields {
        var id: Int
        var title: UnsafeBufferPointer<UInt8>
        var difficulty: Difficulty
        var acceptance: Double
        var paidOnly: Bool
        var rating: Int?
    }

    private func append(_ fields: Fields, status: Status, favorite: Bool, skipped: Bool, to bytes: inout [UInt8]) {
        let status = Self.slot(status)
        withRow(title: fields.title, tail: tailRoom, to: &bytes) { row, title in
            row.lead(self, id: fields.id, title: title, difficulty: fields.difficulty)
            row.put(0x20, 0x20)
            row.percent(fields.acceptance)
            row.put(0x20, 0x20)
            if showsRatings {
                // As `show` writes it (`1,854`), right-aligned in five columns.
                var rating = fields.rating.map(Format.grouped) ?? "-"
                rating.withUTF8 { text in
                    row.spaces(5 - text.count)
                    row.put(text)
                }
                row.put(0x20, 0x20)
            }
            if favorite || fields.paidOnly || skipped {
                row.put(paddedStatuses[status])
                if favorite { row.put(heart) } else { row.put(0x20) }
                if fields.paidOnly { row.put(paid) }
                if skipped { row.put(skippedMark) }
            } else {
                row.put(statuses[status])
            }
        }
    }

    /// Appends the start every problem row has: the id in four columns, the title in the writer's
    /// width and the difficulty in its colour, padded to six columns (`   1  Two Sum …  Easy  `
    /// without the last blanks). The review queue writes its rows from it.
    public func appendLead(_ problem: Problem, to bytes: inout [UInt8]) {
        var title = problem.title
        title.withUTF8 { title in
            withRow(title: title, tail: 0, to: &bytes) { row, title in
                row.lead(self, id: problem.id, title: title, difficulty: problem.difficulty)
            }
        }
    }

    /// Appends the lead of the row of the problem at `position` in `catalog` (see
    /// ``appendLead(_:to:)``), from the catalog's fields where they lie.
    public func appendLead(_ catalog: Catalog, at position: Int, to bytes: inout [UInt8]) {
        catalog.withTitleUTF8(at: position) { title in
            withRow(title: title, tail: 0, to: &bytes) { row, title in
                row.lead(self, id: catalog.id(at: position), title: title, difficulty: catalog.difficulty(at: position))
            }
        }
    }

    /// Appends `value` in decimal, as `String(value)` spells it, for a writer that adds its own
    /// pieces to a row (the review queue's days overdue).
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        // Twenty bytes: `-9223372036854775808`.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { room in
            var row = Row(room)
            row.decimal(value, width: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<row.count]))
        }
    }

    /// A row's title as it is written: printable ASCII as it is (cut or padded by the row), any
    /// other as `Format.fit` made it, which makes it safe for a terminal.
    fileprivate enum Title {
        case plain(UnsafeBufferPointer<UInt8>)
        case fitted(UnsafeBufferPointer<UInt8>)
    }

    /// Writes a row through `write` into room on the stack, then appends it to `bytes` at once:
    /// a row is some twenty pieces, and appending each to the array checked its uniqueness and
    /// capacity each time (half of a row's cost). The room is a lead with `title`, and `tail`
    /// bytes more.
    private func withRow(
        title: UnsafeBufferPointer<UInt8>, tail: Int, to bytes: inout [UInt8], _ write: (inout Row, Title) -> Void
    ) {
        func writing(_ title: Title, titleRoom: Int) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: leadRoom + titleRoom + tail) { room in
                var row = Row(room)
                write(&row, title)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<row.count]))
            }
        }
        if title.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // The title padded to the width, or cut to one column less and an ellipsis (3 bytes).
            writing(.plain(title), titleRoom: title.count > titleWidth ? max(0, titleWidth - 1) + 3 : titleWidth)
        } else {
            var fitted = Format.fit(String(decoding: title, as: UTF8.self), titleWidth)
            fitted.withUTF8 { writing(.fitted($0), titleRoom: $0.count) }
        }
    }

    /// A row being written into room the writer measured for it, byte by byte. Writing past the
    /// room would be a fault in the measure, and stops the program rather than write elsewhere.
    fileprivate struct Row {
        private let room: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(_ room: UnsafeMutableBufferPointer<UInt8>) { self.room = room }

        /// Room for `bytes` more, or a stop.
        private func ensureRoom(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
            guard let base = room.baseAddress, bytes >= 0, room.count - count >= bytes else {
                preconditionFailure("a row outgrew the room measured for it")
            }
            return base + count
        }

        mutating func put(_ byte: UInt8) {
            ensureRoom(1).initialize(to: byte)
            count += 1
        }

        mutating func put(_ first: UInt8, _ second: UInt8) {
            let target = ensureRoom(2)
            target.initialize(to: first)
            (target + 1).initialize(to: second)
            count += 2
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            ensureRoom(bytes.count).initialize(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { put($0) }
        }

        mutating func spaces(_ number: Int) {
            guard number > 0 else { return }
            ensureRoom(number).initialize(repeating: 0x20, count: number)
            count += number
        }

        /// The lead of a row (see ``RowWriter/appendLead(_:to:)``).
        mutating func lead(_ writer: RowWriter, id: Int, title: Title, difficulty: Difficulty) {
            decimal(id, width: 4)
            put(0x20, 0x20)
            switch title {
            case .plain(let title) where title.count > writer.titleWidth:
                put(UnsafeBufferPointer(rebasing: title[..<max(0, writer.titleWidth - 1)]))
                put(0xE2, 0x80)
                put(0xA6)  // The three bytes of "…".
            case .plain(let title):
                put(title)
                spaces(writer.titleWidth - title.count)
            case .fitted(let title):
                put(title)
            }
            put(0x20, 0x20)
            put(writer.difficulties[difficulty.rank])
        }

        /// `58.0%` right-aligned in six columns, as ``Format/percent(_:)`` writes it.
        mutating func percent(_ value: Double) {
            guard value.isFinite, abs(value) < 1e12 else {
                spaces(5)
                put(UInt8(ascii: "?"))
                return
            }
            let tenths = Int((value * 10).rounded())
            let whole = UInt(abs(tenths) / 10)
            // The whole part, a point, one digit and `%`, after a minus sign for a negative value.
            spaces(6 - (Self.digitCount(whole) + 3 + (tenths < 0 ? 1 : 0)))
            if tenths < 0 { put(UInt8(ascii: "-")) }
            digits(whole)
            put(UInt8(ascii: "."), UInt8(ascii: "0") + UInt8(abs(tenths) % 10))
            put(UInt8(ascii: "%"))
        }

        /// `value` in decimal, right-aligned in `width` columns.
        mutating func decimal(_ value: Int, width: Int) {
            spaces(width - Self.digitCount(value.magnitude) - (value < 0 ? 1 : 0))
            if value < 0 { put(UInt8(ascii: "-")) }
            digits(value.magnitude)
        }

        /// The digits, written from the last, in place.
        private mutating func digits(_ value: UInt) {
            let digitCount = Self.digitCount(value)
            var target = ensureRoom(digitCount) + digitCount
            var rest = value
            repeat {
                target -= 1
                target.initialize(to: UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            count += digitCount
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
    }
}
