import FoundationEssentials

/// What every entrance (an import, a catalog update, a sync pull, the iPhone app's property list)
/// accepts, checked before anything is written. A rule broken anywhere rejects the whole input,
/// and the ``Violation`` names the place (`problems[12].history[3].rating`).
///
/// The limits are far above what a person writes and far below what makes a command slow: a
/// 50 MB list name once took 26 s to import and 4.5 s for every `lists` after. They are
/// documented in `Exchange.docc/FORMAT.md`.
public enum InputRules {
    /// The earliest instant an event, note or list may carry: LeetCode opened in 2015, and an
    /// earlier date is a typo or a broken clock (`0000-01-01`).
    public static let earliestDate = Date(timeIntervalSince1970: 1_262_304_000)  // 2010-01-01T00:00:00Z
    /// How far in the future an instant may be, for clocks of other machines that run ahead.
    public static let clockSkew: TimeInterval = 10 * 60
    /// The longest slug, in bytes (LeetCode's longest is 79).
    public static let maximumSlugLength = 200
    /// The longest title, list name or tag, in characters.
    public static let maximumTitleLength = 300
    /// The longest own list name, in characters (the same as `lists create`).
    public static let maximumListNameLength = 60
    /// The longest note, in bytes of UTF-8.
    public static let maximumNoteLength = 65_536
    /// The most events one problem's history may have.
    public static let maximumEvents = 10_000
    /// The most problems an own list may have (the catalog has about 4,000).
    public static let maximumListProblems = 10_000
    /// The most topic tags one problem may have.
    public static let maximumTags = 100
    /// The highest problem id.
    public static let maximumProblemID = 1_000_000
    /// The most problem records one import may hold: five times LeetCode's whole catalog (4,029
    /// problems in 2026), so a file of a million made-up slugs is refused, not kept.
    public static let maximumProblemRecords = 20_000
    /// The most own lists one import may hold.
    public static let maximumOwnLists = 1_000
    /// FSRS stability bounds in days (the model's floor; a ceiling far above any interval).
    public static let stabilityRange = 0.001...1_000_000.0
    /// FSRS difficulty bounds.
    public static let difficultyRange = 1.0...10.0
    /// The most reps or lapses a card may count.
    public static let maximumCount = 1_000_000

    /// A broken rule: where and what.
    public struct Violation: Error, Equatable, Sendable {
        /// The JSON path of the offending value (`problems[3].history[0].at`).
        public var path: String
        /// What is wrong, in words.
        public var reason: String

        /// A violation at `path`.
        public init(_ path: String, _ reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Whether `scalar` is a control character (C0, DEL, C1) or a bidirectional formatting
    /// control, which names, slugs and tags may not hold: they would drive or reorder a terminal.
    public static func isControlOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        default: isBidiControl(scalar)
        }
    }

    /// Whether `text` shows nothing: it is empty or holds only white space, control characters,
    /// format characters (zero-width space and joiners, word joiner, byte order mark, soft hyphen,
    /// bidi controls) and other default-ignorable characters. The one rule for empty text: a note
    /// given on the command line, a note saved from the editor and a list's name that show
    /// nothing count as empty.
    public static func showsNothing(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// What a message says of text that ``showsNothing(_:)``: "empty" or what it holds.
    public static func emptiness(_ text: some StringProtocol) -> String {
        if text.isEmpty { return "empty" }
        if text.allSatisfy(\.isWhitespace) { return "blank" }
        return "empty (it holds only invisible characters)"
    }

    /// Whether `scalar` is a bidirectional formatting control (the marks, embeddings, overrides
    /// and isolates), which reorders the text after it.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Checks an instant: not before 2010, not in the future (beyond ``clockSkew``).
    public static func check(date: Date, at path: String, now: Date) throws(Violation) {
        if date < earliestDate {
            throw Violation(path, "\(UTCTimestamp.string(from: date)) is before 2010")
        }
        if date > now.addingTimeInterval(clockSkew) {
            throw Violation(path, "\(UTCTimestamp.string(from: date)) is in the future")
        }
    }

    /// Checks a slug: lowercase letters, digits and hyphens, at most ``maximumSlugLength`` bytes.
    public static func check(slug: String, at path: String) throws(Violation) {
        if slug.isEmpty { throw Violation(path, "the slug is empty") }
        if slug.utf8.count > maximumSlugLength { throw Violation(path, "the slug is longer than \(maximumSlugLength) bytes") }
        let allowed = slug.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        if !allowed { throw Violation(path, "'\(slug)' is not a problem slug (lowercase letters, digits and hyphens, like two-sum)") }
    }

    /// Whether `text` is a slug by ``check(slug:at:)``'s rules: for a name that is only tried as
    /// one (a file's name, a word that may be a title), where the reason it is not does not matter.
    public static func isSlug(_ text: String) -> Bool {
        do { try check(slug: text, at: "") } catch { return false }
        return true
    }

    /// Checks a short piece of text (a title, a tag): not empty, no control or bidi characters,
    /// at most `limit` characters.
    public static func check(text: String, at path: String, what: String, limit: Int = maximumTitleLength) throws(Violation) {
        if text.trimmedOfWhitespace.isEmpty { throw Violation(path, "the \(what) is empty") }
        if text.utf8.count > limit * 4 || text.count > limit { throw Violation(path, "the \(what) is longer than \(limit) characters") }
        if text.unicodeScalars.contains(where: isControlOrBidi) {
            throw Violation(path, "the \(what) contains control or bidirectional formatting characters")
        }
    }

    /// Checks a note: at most ``maximumNoteLength`` bytes and no NUL (line breaks and tabs are fine).
    public static func check(note: String, at path: String) throws(Violation) {
        if note.utf8.count > maximumNoteLength { throw Violation(path, "the note is longer than \(maximumNoteLength) bytes") }
        if note.utf8.contains(0) { throw Violation(path, "the note contains a NUL character") }
    }

    /// Checks a number that must be finite and in `range`.
    public static func check(_ value: Double, in range: ClosedRange<Double>, at path: String, what: String) throws(Violation) {
        if !value.isFinite || !range.contains(value) {
            throw Violation(path, "\(what) \(value) is not between \(range.lowerBound) and \(range.upperBound)")
        }
    }

    /// Checks a count that must be in `0...maximum`.
    public static func check(count: Int, maximum: Int, at path: String, what: String) throws(Violation) {
        if count < 0 || count > maximum { throw Violation(path, "\(what) \(count) is not between 0 and \(maximum)") }
    }
}
