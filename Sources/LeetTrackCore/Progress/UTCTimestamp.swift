import FoundationEssentials
import Persistence
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
                CivilDay.writeTimestamp(wholeSecond: seconds, into: buffer)
                return 20
            }
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDay.civil(fromDays: days)
        let yearText = (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - String(year.magnitude).count)) + String(year.magnitude)
        let two = LocalDay.twoDigits
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// The instants a timestamp holds: the four-digit years `0000` to `9999` that ``date(from:)``
    /// reads. ``string(from:)`` writes a later instant with five digits, which nothing reads back.
    public static let representableRange =
        Date(timeIntervalSince1970: Double(representableSeconds.lowerBound))...Date(timeIntervalSince1970: Double(representableSeconds.upperBound))

    /// ``representableRange`` in whole seconds since 1970.
    static let representableSeconds = CivilDay.timestampSeconds

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
