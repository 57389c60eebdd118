import FoundationEssentials

/// How long a solve, attempt or review took: parsed from what people type (`25m`, `1h10m`,
/// `90s`, `1h`, `45`) and written back the same way.
///
/// A bare number is minutes, as people say "that took 45": nobody times a problem in bare
/// seconds or hours. The time must be more than zero and less than a day; anything longer is a
/// typo (or a stopwatch left running overnight), not practice.
///
/// ```swift
/// try PracticeTime.seconds(parsing: "1h10m")  // 4200
/// PracticeTime.text(4200)                     // "1h10m"
/// ```
public enum PracticeTime {
    /// The accepted times in seconds: one second to a day less one second.
    public static let range = 1...86_399

    /// The number of seconds `text` says.
    /// - Throws: ``LeetTrackError/invalidTime(_:reason:)`` naming what is accepted.
    public static func seconds(parsing text: String) throws(LeetTrackError) -> Int {
        let trimmed = text.trimmedOfWhitespace.lowercased()
        guard !trimmed.isEmpty else { throw .invalidTime(text, reason: "it is empty") }
        guard !trimmed.hasPrefix("-") else { throw .invalidTime(text, reason: "a time cannot be negative") }
        var total = 0
        if trimmed.allSatisfy(\.isASCIIDigit) {
            // At most 4 digits before multiplying, so no overflow can hide a huge number; leading
            // zeros do not count (`0005` is five minutes, not a day or more).
            let significant = trimmed.drop { $0 == "0" }
            guard significant.count <= 4, let minutes = Int(significant.isEmpty ? "0" : significant) else {
                throw .invalidTime(text, reason: "it is a day or more")
            }
            total = minutes * 60
        } else {
            var digits = ""
            var lastUnit = -1
            for character in trimmed where character != " " {
                if character.isASCIIDigit {
                    if digits == "0" { digits = "" }  // A leading zero does not count toward the five digits.
                    digits.append(character)
                    guard digits.count <= 5 else { throw .invalidTime(text, reason: "it is a day or more") }
                    continue
                }
                guard let (order, unit) = Self.units[character] else {
                    throw .invalidTime(text, reason: "'\(character)' is not a unit (h, m or s)")
                }
                guard let value = Int(digits) else { throw .invalidTime(text, reason: "'\(character)' needs a number before it") }
                // Units in order (h, m, s), each once: `10m1h` is a typo, not 70 minutes.
                guard order > lastUnit else {
                    throw .invalidTime(text, reason: "give hours, minutes and seconds once each, in that order")
                }
                lastUnit = order
                total += value * unit
                digits = ""
            }
            guard digits.isEmpty else { throw .invalidTime(text, reason: "'\(digits)' at the end needs a unit (h, m or s)") }
        }
        guard total > 0 else { throw .invalidTime(text, reason: "it must be more than zero") }
        guard range.contains(total) else { throw .invalidTime(text, reason: "it is a day or more") }
        return total
    }

    /// Each unit's place in the order `h m s`, and its seconds.
    private static let units: [Character: (Int, Int)] = ["h": (0, 3600), "m": (1, 60), "s": (2, 1)]

    /// `seconds` as `1h10m`, `25m`, `90s` → `1m30s`: the largest units, zero parts left out.
    public static func text(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 || text.isEmpty { text += "\(rest)s" }
        return text
    }

    /// `seconds` as a stopwatch shows it: `4:05`, `1:02:03`.
    public static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        let two = LocalDay.twoDigits
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension ProgressEvent {
    /// What the history shows after the event's kind: ` (good) in 25m: TLE on case 57`, the parts
    /// it has. The event's note is folded onto one line (its line breaks become spaces), since a
    /// history shows one line per event.
    public var details: String {
        var text = rating.map { " (\($0))" } ?? ""
        if let seconds { text += " in \(PracticeTime.text(seconds))" }
        if let note, !note.isEmpty {
            text += ": " + note.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        return text
    }
}
