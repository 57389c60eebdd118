import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a `Double` (and a `Float`, widened) is stored: its shortest exact decimal text, or, for the
/// values JSON has no number for, the strings `"Infinity"`, `"-Infinity"` and `"NaN"` (the
/// spelling `JSONEncoder`'s `convertToString` strategy uses, which ``JSONCoders`` share).
///
/// A `Float` is stored as the `Double` it widens to, as `UserDefaults` does: `double(forKey:)` of a
/// stored `Float(12.34)` is `Double(Float(12.34))`, and a `Float` key still reads back exactly
/// (the shortest `Double` text converts back to the same `Float`).
enum FloatingJSON {
    static let positiveInfinity = "Infinity"
    static let negativeInfinity = "-Infinity"
    static let notANumber = "NaN"

    static func encode(_ value: Double) -> Data {
        if value.isFinite { return Data(value.description.utf8) }
        return Data("\"\(name(ofNonFinite: value))\"".utf8)
    }

    /// The string a number that is not finite is stored as.
    static func name(ofNonFinite value: Double) -> String {
        value.isNaN ? notANumber : value < 0 ? negativeInfinity : positiveInfinity
    }

    /// The number in `data`, or `nil` when it holds something else.
    static func decode(_ data: Data) -> Double? {
        let text = String(decoding: data, as: UTF8.self)
        switch text {
        case "\"\(positiveInfinity)\"": return .infinity
        case "\"\(negativeInfinity)\"": return -.infinity
        case "\"\(notANumber)\"": return .nan
        default:
            // Swift's parser, not JSONSerialization's: the latter misreads some 17-digit numbers.
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else { return nil }
            return Double(text)
        }
    }
}

/// How a `Date` stored on its own (a `Key<Date>`, `set(date, forKey:)`) is written, so that
/// `object(forKey:)` can tell it from a number: `{"$date":"2026-11-24T16:00:00.123Z"}`, the UTC
/// time in ISO 8601 with as many fraction digits as it takes to read back the same `Date` exactly.
///
/// Reads also accept a bare number of seconds since 2001-01-01 (what `JSONEncoder` writes, and what
/// this library stored before), and `{"$date": seconds}` for dates ISO 8601 cannot spell (years
/// outside 0000–9999). Dates inside a `Codable` value keep `JSONEncoder`'s number.
enum DateJSON {
    static let tag = "$date"
    private static let unixEpochSinceReference = 978_307_200.0

    static func encode(_ date: Date) -> Data {
        let reference = date.timeIntervalSinceReferenceDate
        // The text is checked by reading it back: where decimal digits cannot carry the exact
        // double (some dates before 2001, far-off years), the seconds are stored as a number.
        guard reference.isFinite, let text = iso8601(reference),
              parseISO8601(text)?.timeIntervalSinceReferenceDate.bitPattern == reference.bitPattern
        else {
            return Data("{\"\(tag)\":".utf8) + FloatingJSON.encode(reference) + Data("}".utf8)
        }
        return Data("{\"\(tag)\":\"\(text)\"}".utf8)
    }

    /// The date in `data` (any accepted form), or `nil`.
    static func decode(_ data: Data) -> Date? {
        if let seconds = FloatingJSON.decode(data) { return Date(timeIntervalSinceReferenceDate: seconds) }
        guard data.first == UInt8(ascii: "{") else { return nil }
        let parsed: JSONValue
        do {
            parsed = try JSONValue(parsing: data)
        } catch {
            return nil  // Not JSON, so not a date: the caller reports the bytes as undecodable.
        }
        guard case .object(let object) = parsed, object.count == 1, let value = object[tag] else { return nil }
        return date(fromTagged: value)
    }

    /// The date a `{"$date": …}` object's value names.
    static func date(fromTagged value: JSONValue) -> Date? {
        switch value {
        case .string(let text): return parseISO8601(text)
        case .number(let text): return Double(text).map(Date.init(timeIntervalSinceReferenceDate:))
        default: return nil
        }
    }

    private static func iso8601(_ reference: Double) -> String? {
        let whole = reference.rounded(.down)
        let fraction = reference - whole  // Exact: both are doubles of the same binade or finer.
        guard let seconds = Int(exactly: whole + unixEpochSinceReference), CivilDay.timestampSeconds.contains(seconds) else { return nil }
        var text = String(unsafeUninitializedCapacity: 20) { buffer in
            CivilDay.writeTimestamp(wholeSecond: seconds, into: buffer)
            return 19  // Without the Z, which follows the fraction.
        }
        if fraction > 0 {
            var digits = fraction.description
            if !digits.hasPrefix("0.") || digits.contains("e") {
                // Very small fractions print with an exponent; glibc's printf gives the exact digits.
                digits = fixedDigits(fraction)
                while digits.hasSuffix("0") { digits.removeLast() }
                guard digits.count > 2 else { return nil }
            }
            text += "." + digits.dropFirst(2)
        }
        return text + "Z"
    }

    /// `value` printed with 60 decimal places by the C library (its digits are exact).
    private static func fixedDigits(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 96)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.60f", $0) }
        return String(decoding: buffer.prefix(max(0, min(Int(count), buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            let digits = bytes[20..<(bytes.count - 1)]
            guard bytes[19] == UInt8(ascii: "."), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
                  let parsed = Double("0." + String(decoding: digits, as: UTF8.self))
            else { return nil }
            fraction = parsed
        } else if bytes.count != 20 {
            return nil
        }
        let days = CivilDay.days(fromYear: year, month: month, day: day)
        let whole = Double(days * 86_400 + hour * 3600 + minute * 60 + second) - unixEpochSinceReference
        return Date(timeIntervalSinceReferenceDate: whole + fraction)
    }
}
