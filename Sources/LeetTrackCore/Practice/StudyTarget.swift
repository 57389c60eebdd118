import FoundationEssentials
import Persistence

/// An interview date and the study lists to know by then (`leettrack config target-date`): what
/// `leettrack plan` plans toward and `today` reports on. Part of ``PracticeSettings``, so it syncs;
/// the plan itself is never stored, it is computed again from real progress each day.
public struct StudyTarget: Codable, Sendable, Hashable {
    /// The day every problem of ``lists`` should be recalled with the desired retention.
    public var day: LocalDay
    /// The keys of the lists (built-in or own) to know by ``day``, in the order given, without repeats.
    public var lists: [String]

    /// The most lists a target may name (more is a typo, not a plan).
    public static let maximumLists = 20
    /// The furthest day a target may be: ten years after `today` (a 29 February's, the 28th).
    public static func latestDay(from today: LocalDay) -> LocalDay {
        let (year, month, day) = today.components
        return LocalDay(dayNumber: CivilDay.days(fromYear: year + 10, month: month, day: min(day, CivilDay.daysInMonth(year: year + 10, month: month))))
    }

    /// A target of `lists` on `day`.
    public init(day: LocalDay, lists: [String]) {
        self.day = day
        self.lists = lists
    }

    enum CodingKeys: String, CodingKey {
        case day = "date", lists
    }

    /// Decodes a target; a date that is not `YYYY-MM-DD` or no list (a store edited by hand) does
    /// not decode, so the record is reported as damaged by its key rather than planned from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .day)
        day = try container.checked(at: .day, "'\(text)' is not a date YYYY-MM-DD") { try LocalDay(parsing: text) }
        lists = try container.decode([String].self, forKey: .lists)
        try container.require(
            !lists.isEmpty && lists.count <= Self.maximumLists && Set(lists).count == lists.count, at: .lists,
            "a target names 1 to \(Self.maximumLists) different lists")
    }

    /// Encodes the target as `{"date": "YYYY-MM-DD", "lists": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day.description, forKey: .day)
        try container.encode(lists, forKey: .lists)
    }

    /// The target as `config` shows it: `2027-02-15 blind-75,neetcode-150`.
    public var text: String { "\(day) \(lists.joined(separator: ","))" }

    /// Parses the date of `config target-date DATE`, which must not be before `today`.
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` saying what is wrong.
    public static func day(from text: String, today: LocalDay) throws(LeetTrackError) -> LocalDay {
        let day: LocalDay
        do {
            day = try LocalDay(parsing: text.trimmedOfWhitespace)
        } catch {
            throw .invalidSetting("target-date", value: text, reason: "use a date YYYY-MM-DD (e.g. \(today.adding(days: 60))) or none")
        }
        guard day >= today else {
            throw .invalidSetting("target-date", value: text, reason: "that day is past (today is \(today)); give today or a later date")
        }
        // A plan is a line a day: a target ten years away is already more than one can plan for.
        let latest = latestDay(from: today)
        guard day <= latest else {
            throw .invalidSetting("target-date", value: text, reason: "that day is more than ten years away; give a date up to \(latest)")
        }
        return day
    }

    /// Splits the `--lists` text (`blind-75,neetcode-150`) into names, in order, without repeats.
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` when it names no list or too many.
    public static func listNames(from text: String) throws(LeetTrackError) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let name = String(part).trimmedOfWhitespace
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else {
            throw .invalidSetting("list of --lists", value: text, reason: "it names no list; give list keys separated by commas, e.g. blind-75,neetcode-150")
        }
        guard names.count <= maximumLists else {
            throw .invalidSetting("list of --lists", value: text, reason: "name at most \(maximumLists) lists")
        }
        return names
    }
}
