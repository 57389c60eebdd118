import FoundationEssentials
import Persistence

/// A calendar day in the user's time zone (`2026-11-29`).
///
/// Events are stored as UTC instants; which day an instant belongs to depends on where the user
/// is, so days are computed from an instant and a `TimeZone` (by default `TimeZone.current`,
/// which honours `TZ`). The offset is taken for that instant, so daylight-saving changes and a
/// move to another zone count each event on the day the user lived it. Any
/// ``UTCOffsetProvider`` will do in place of a `TimeZone`.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    /// The day with this number of days since 1970-01-01.
    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// The day on which `date` falls in `timeZone`.
    public init(_ date: Date, in timeZone: some UTCOffsetProvider) {
        let local = date.timeIntervalSince1970.rounded(.down) + Double(timeZone.secondsFromGMT(for: date))
        // Stored instants lie within years 0001 to 9999; one far outside (only a damaged value)
        // is held to 30 million years either way, so no day number traps (NaN counts as 1970).
        let bounded = local.isNaN ? 0 : min(max(local, -1e15), 1e15)
        dayNumber = Int((bounded / 86_400).rounded(.down))
    }

    /// Parses `YYYY-MM-DD`.
    /// - Throws: ``LeetTrackError/invalidDate(_:reason:)`` naming what is wrong.
    public init(parsing text: String) throws(LeetTrackError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw .invalidDate(text, reason: "expected YYYY-MM-DD, e.g. 2026-01-31") }
        guard (1...12).contains(month) else { throw .invalidDate(text, reason: "there is no month \(parts[1]) (the form is YYYY-MM-DD)") }
        guard (1...CivilDay.daysInMonth(year: year, month: month)).contains(day) else {
            throw .invalidDate(text, reason: "that month has no day \(parts[2])")
        }
        dayNumber = CivilDay.days(fromYear: year, month: month, day: day)
    }

    /// Year, month (1–12) and day of month.
    public var components: (year: Int, month: Int, day: Int) { CivilDay.civil(fromDays: dayNumber) }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay { LocalDay(dayNumber: dayNumber + count) }

    /// Noon of this day in `timeZone`: the instant recorded for an event given only a day, far
    /// from midnight so that neither a daylight-saving change nor rounding moves it to another day.
    public func noon(in timeZone: some UTCOffsetProvider) -> Date {
        let localNoon = Double(dayNumber * 86_400 + 12 * 3600)
        let guess = Date(timeIntervalSince1970: localNoon)
        return Date(timeIntervalSince1970: localNoon - Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// The three-letter English weekday name (`Mon`).
    public var weekdayName: String {
        // 1970-01-01 was a Thursday.
        ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((dayNumber % 7) + 7) % 7]
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
    }

    /// `07`: a month, a day, an hour or a minute in two digits.
    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Appends ``description`` to `bytes` as UTF-8, digit by digit for the years 1000 to 9999 (a
    /// review queue writes one per row, and the string interpolation cost 1,600 instructions).
    /// Other years are written as `description` writes them (unpadded).
    public func appendDescription(to bytes: inout [UInt8]) {
        let (year, month, day) = components
        guard (1000...9999).contains(year) else { return bytes.append(contentsOf: description.utf8) }
        let zero = UInt8(ascii: "0")
        // A tuple on the stack, appended at once: an array literal was an allocation per day.
        let text = (
            zero + UInt8(year / 1000), zero + UInt8(year / 100 % 10), zero + UInt8(year / 10 % 10), zero + UInt8(year % 10),
            UInt8(ascii: "-"), zero + UInt8(month / 10), zero + UInt8(month % 10),
            UInt8(ascii: "-"), zero + UInt8(day / 10), zero + UInt8(day % 10))
        withUnsafeBytes(of: text) { bytes.append(contentsOf: $0) }
    }

    /// Earlier days first.
    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// `2026-11-29 14:03`: `date` to the minute in `timeZone` (an event's time in `show`, the
    /// screen's details and the report), with the same day as ``init(_:in:)``.
    public static func minute(of date: Date, in timeZone: some UTCOffsetProvider) -> String {
        let day = LocalDay(date, in: timeZone)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return "\(day) \(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60))"
    }
}

/// The days of many instants in one zone, asking the zone about each UTC day once.
///
/// `stats`, the calendar and the daily goal put every event of every record on its day; asking
/// the C library for each event's offset cost about 500 instructions apiece (a tenth of `stats`
/// on a store with 48,000 events). The offset of a UTC day is taken at its first second and at the
/// next day's (which the next day shares): when they agree, no change of offset fell within that
/// day and every instant of it has that offset; when they differ (a daylight-saving change, or
/// one at the next day's first second), each instant of that day asks the zone itself. (A day
/// holding two changes that cancel out, which no zone in use has, would count by the offset
/// around them.)
///
/// It is not generic over the zone: the callers are generic functions called from other modules,
/// where a generic table ran unspecialised (a tenth of `stats` on that store). Only a day not
/// seen yet asks the zone, through an existential, which costs nothing that shows.
struct LocalDays {
    private let zone: any UTCOffsetProvider
    /// The offsets of the UTC days seen, in a direct-mapped table (a day's slot is its number
    /// modulo the table's size; four years of days fit without two sharing one): each slot holds
    /// the day's number and its offset, or `Int.min` where the offset changed within the day (or
    /// at the next day's first second).
    private var slots: [(day: Int, offset: Int)]
    /// The offsets at the first second of the UTC days asked about, mapped like `slots`: a day's
    /// last offset is taken at the next day's first second, so consecutive days (any history)
    /// share each question to the zone.
    private var starts: [(day: Int, offset: Int)]
    private static var slotCount: Int { 2048 }

    init(in zone: some UTCOffsetProvider) {
        self.zone = zone
        slots = Array(repeating: (day: Int.min, offset: 0), count: Self.slotCount)
        starts = slots
    }

    /// The day `card` falls due in the zone: the same as `card.dueDay(in: zone)`.
    mutating func dueDay(of card: ReviewCard) -> LocalDay {
        guard let (last, days) = card.scheduledInterval else { return day(of: card.due) }
        return day(of: last).adding(days: days)
    }

    /// The day on which `date` falls in the zone: the same as `LocalDay(date, in: zone)`.
    @inline(__always)
    mutating func day(of date: Date) -> LocalDay {
        let time = date.timeIntervalSince1970
        // Far outside any stored year (which the record reader keeps to 0000–9999) the zone is
        // asked directly, so no number here can trap (NaN fails the test too).
        guard abs(time) < 1e12 else { return LocalDay(date, in: zone) }
        // The whole seconds and days in integers: `rounded(.down)` is a call to the C library's
        // `floor`, three of them per event were a tenth of counting `stats`'s events.
        var seconds = Int(time)
        if Double(seconds) > time { seconds -= 1 }
        let utcDay = Self.days(seconds)
        let slot = utcDay & (Self.slotCount - 1)
        let known = slots[slot]
        let offset = known.day == utcDay && known.offset != Int.min
            ? known.offset : offset(at: date, onUTCDay: utcDay, slot: slot)
        return LocalDay(dayNumber: Self.days(seconds + offset))
    }

    /// The day number of a Unix time in whole seconds: the division rounded down, as the
    /// `Double` arithmetic of ``LocalDay/init(_:in:)`` rounds it (exact below 2⁵³).
    @inline(__always)
    private static func days(_ seconds: Int) -> Int {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The offset at `date`, on a UTC day not seen yet (which fills its slot) or one with a change.
    @inline(never)
    private mutating func offset(at date: Date, onUTCDay utcDay: Int, slot: Int) -> Int {
        if slots[slot].day == utcDay { return zone.secondsFromGMT(for: date) }
        // Taking the day's last offset at the next day's first second can only see a change that
        // happens at that very second as one within the day, which then asks the zone about each
        // instant: the same days, never a wrong one.
        let first = startOffset(ofUTCDay: utcDay)
        let last = startOffset(ofUTCDay: utcDay + 1)
        slots[slot] = (day: utcDay, offset: first == last ? first : Int.min)
        return first == last ? first : zone.secondsFromGMT(for: date)
    }

    /// The offset at the first second of UTC day `utcDay`, asked once per day.
    private mutating func startOffset(ofUTCDay utcDay: Int) -> Int {
        let slot = utcDay & (Self.slotCount - 1)
        if starts[slot].day == utcDay { return starts[slot].offset }
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcDay) * 86_400))
        starts[slot] = (day: utcDay, offset: offset)
        return offset
    }
}
