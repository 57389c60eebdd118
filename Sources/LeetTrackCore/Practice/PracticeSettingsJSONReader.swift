import FoundationEssentials
import Persistence

/// Reads the stored ``PracticeSettings`` record without `JSONDecoder`, as ``ProgressJSONReader``
/// reads progress records.
///
/// `show` reads the settings at every run, only to know whether the problem is skipped; through
/// `Store.value(for:)` the decoder's keyed container cost about 0.6 M instructions, a tenth of
/// what `show 1` does after the parser. This reader takes the usual shapes only: the followed
/// list, a daily goal written as a whole number within ``PracticeSettings/dailyGoalRange``, the
/// skipped slugs, the Premium mark, and no target (or `null`). It gives up (`nil`) on anything
/// else, a repeated member or an escaped key included, so the caller falls back to the store's
/// decoder, which reads what this one does not and reports damage as `undecodable`, as before.
struct PracticeSettingsJSONReader: JSONRecordReader {
    var reader: JSONReader

    mutating func record() throws -> PracticeSettings {
        var settings = PracticeSettings()
        // One bit a known member, so that a repeated one gives up (which of two wins is the decoder's call).
        var seen: UInt8 = 0
        func first(_ bit: UInt8) throws {
            guard seen & bit == 0 else { throw NotARecord() }
            seen |= bit
        }
        try reader.beginObject()
        while let key = try nextKey() {
            switch key {
            case "follow":
                try first(1)
                settings.followedList = try reader.skipNull() ? nil : try string()
            case "dailyGoal":
                try first(2)
                settings.dailyGoal = try reader.skipNull() ? nil : try dailyGoal()
            case "skipped":
                try first(4)
                var skipped: [String] = []
                try reader.beginArray()
                while try reader.nextElement() { skipped.append(try string()) }
                settings.skipped = skipped
            case "premium":
                try first(8)
                guard let premium = try reader.readLiteral() else { throw NotARecord() }
                settings.premium = premium
            case "target":
                // A target has its own checks (StudyTarget's decoder): left to the store's decoder.
                guard try reader.skipNull() else { throw NotARecord() }
            default:
                try reader.skipValue()
            }
        }
        return settings
    }

    /// A goal written as plain digits (no sign, fraction or exponent) within the accepted range.
    private mutating func dailyGoal() throws -> Int {
        let text = try reader.readNumber()
        guard !text.isEmpty, text.count <= 3, text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw NotARecord()
        }
        var value = 0
        for digit in text { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        guard PracticeSettings.dailyGoalRange.contains(value) else { throw NotARecord() }
        return value
    }
}
