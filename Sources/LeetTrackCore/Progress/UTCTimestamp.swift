import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ISO 8601 UTC timestamps (`2026-11-29T14:03:12Z`), formatted and parsed by hand: reading the
/// progress of hundreds of problems parses one per event, and Foundation's ISO 8601 parser costs
/// several microseconds each.
public enum UTCTimestamp {
    /// `yyyy-MM-ddTHH:mm:ssZ` for the whole second of `date`. An instant more than ninety
    /// million years from 1970 (only a number from outside, such as a LeetCode timestamp of
    /// `9223372036854775807`, reaches one), or one that is not finite, is written as its Unix time
    /// instead: messages about such numbers are made with this, and must not trap on them.
    public static func string(from date: Date) -> String {
        let time = date.timeIntervalSince1970
        guard time.isFinite, abs(time) < 3e15 else { return "Unix time \(time)" }
        let seconds = Int(time.rounded(.down))
        if representableSeconds.contains(seconds) {
            // Every stored time: its 20 bytes written in place, no string made per field.
            return String(unsafeUninitializedCapacity: 20) { buffer in
                write(wholeSecond: seconds, into: buffer)
                return 20
            }
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDay.civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - String(year.magnitude).count)) + String(year.magnitude)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// Writes the 20 bytes of `yyyy-MM-ddTHH:mm:ssZ` for `seconds` since 1970, which must lie in
    /// the years 0000 to 9999 (``representableRange``), at the start of `buffer`.
    static func write(wholeSecond seconds: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= 20 && representableSeconds.contains(seconds))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDay.civil(fromDays: days)
        func digits(_ value: Int, _ count: Int, at start: Int) {
            var rest = value
            for offset in (0..<count).reversed() {
                buffer[start + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        digits(year, 4, at: 0)
        buffer[4] = UInt8(ascii: "-")
        digits(month, 2, at: 5)
        buffer[7] = UInt8(ascii: "-")
        digits(day, 2, at: 8)
        buffer[10] = UInt8(ascii: "T")
        digits(secondOfDay / 3600, 2, at: 11)
        buffer[13] = UInt8(ascii: ":")
        digits(secondOfDay / 60 % 60, 2, at: 14)
        buffer[16] = UInt8(ascii: ":")
        digits(secondOfDay % 60, 2, at: 17)
        buffer[19] = UInt8(ascii: "Z")
    }

    /// The instants a timestamp holds: the four-digit years `0000` to `9999` that ``date(from:)``
    /// reads. ``string(from:)`` writes a later instant with five digits, which nothing reads back.
    public static let representableRange =
        Date(timeIntervalSince1970: Double(representableSeconds.lowerBound))...Date(timeIntervalSince1970: Double(representableSeconds.upperBound))

    /// ``representableRange`` in whole seconds since 1970.
    static let representableSeconds = -62_167_219_200...253_402_300_799

    /// Encodes ``string(from:)`` of `date` under `key`, or throws when `date` is outside
    /// ``representableRange``: a record must never be stored in a form that cannot be read back
    /// (a review dated 9999 by a hand edit of the store schedules the next one in 10000).
    static func encode<Key: CodingKey>(_ date: Date, forKey key: Key, in container: inout KeyedEncodingContainer<Key>) throws {
        guard representableRange.contains(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "\(string(from: date)) is outside the years 0000 to 9999 that a stored time holds"))
        }
        try container.encode(string(from: date), forKey: key)
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.fff]Z`; returns `nil` for anything else.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromUTF8: $0) }
    }

    /// ``date(from:)`` of the UTF-8 bytes of a timestamp, read where they lie (the record reader
    /// parses thousands at start-up).
    static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"),
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        // The fixed fields are read digit by digit without overflow checks (at most four digits
        // each); one flag collects whether every byte was a digit.
        var allDigits = true
        func digit(_ index: Int) -> Int {
            let value = bytes[index] &- UInt8(ascii: "0")
            if value > 9 { allDigits = false }
            return Int(value)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let year = digit(0) &* 1000 &+ digit(1) &* 100 &+ digit(2) &* 10 &+ digit(3)
        let month = digit(5) &* 10 &+ digit(6)
        let day = digit(8) &* 10 &+ digit(9)
        let hour = digit(11) &* 10 &+ digit(12)
        let minute = digit(14) &* 10 &+ digit(15)
        let second = digit(17) &* 10 &+ digit(18)
        guard allDigits, month >= 1, month <= 12, day >= 1, day <= CivilDay.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            // Every digit is checked, but only the first nine (nanoseconds) are added up, so a long
            // fraction cannot overflow.
            let end = bytes.count - 1
            let counted = min(end, 29)
            guard bytes[19] == UInt8(ascii: "."), end > 20,
                UnsafeBufferPointer(rebasing: bytes[20..<end]).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let digits = number(20..<counted)
            else { return nil }
            fraction = Double(digits) / pow(10, Double(counted - 20))
        }
        let days = CivilDay.days(fromYear: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction)
    }
}

/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after
/// Howard Hinnant's `days_from_civil` and `civil_from_days`.
enum CivilDay {
    static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
