/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after
/// Howard Hinnant's `days_from_civil` and `civil_from_days`: the one calendar conversion of the
/// package, used by stored dates here and by the days and timestamps of the libraries above.
package enum CivilDay {
    /// The day number of a date (any month and day, even out of range, counts on from the month's start).
    package static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number.
    package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The whole seconds since 1970 of the years 0000 to 9999, which ``writeTimestamp(wholeSecond:into:)`` writes.
    package static let timestampSeconds = -62_167_219_200...253_402_300_799

    /// Writes the 20 bytes of `yyyy-MM-ddTHH:mm:ssZ` for `seconds` since 1970, which must lie in
    /// ``timestampSeconds``, at the start of `buffer`.
    package static func writeTimestamp(wholeSecond seconds: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= 20 && timestampSeconds.contains(seconds))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
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
}
