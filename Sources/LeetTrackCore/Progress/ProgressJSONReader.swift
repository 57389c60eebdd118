import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stored ``ProblemProgress`` record without `JSONDecoder`.
///
/// `leettrack list` and `stats` read every record on every run. Foundation's `JSONDecoder` costs
/// about 5 µs per record (its keyed containers dominate), which for a few hundred records is more
/// than the rest of the command; this reader costs a fraction of that. It accepts any valid JSON
/// of the record's shape (unknown keys are skipped, so newer records still read), and gives up
/// (returns `nil`) on anything else, so the caller can fall back to `JSONDecoder` and its precise
/// error message.
struct ProgressJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Parses `data`, or returns `nil` when it is not a record this reader understands.
    static func progress(from data: Data) -> ProblemProgress? {
        data.withUnsafeBytes { raw in
            var reader = ProgressJSONReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let record = reader.record() else { return nil }
            reader.skipWhitespace()
            return reader.index == reader.bytes.count ? record : nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func record() -> ProblemProgress? {
        var record = ProblemProgress()
        let ok = object { key, reader in
            switch key {
            case "status":
                guard let text = reader.string(), let status = Status(rawValue: text) else { return false }
                record.status = status
            case "favorite":
                guard let value = reader.bool() else { return false }
                record.favorite = value
            case "note":
                guard let text = reader.string() else { return false }
                record.note = text
            case "events":
                guard let events = reader.events() else { return false }
                record.events = events
            case "review":
                if reader.null() { return true }
                guard let card = reader.reviewCard() else { return false }
                record.review = card
            case "noteAt":
                guard let date = reader.date() else { return false }
                record.noteUpdated = date
            default:
                return reader.skipValue()
            }
            return true
        }
        return ok ? record : nil
    }

    private mutating func events() -> [ProgressEvent]? {
        var events: [ProgressEvent] = []
        let ok = array { reader in
            var kind: String?
            var date: Date?
            var rating: String?
            var seconds: Int?
            var note: String?
            let ok = reader.object { key, reader in
                switch key {
                case "kind":
                    kind = reader.string()
                    return kind != nil
                case "at":
                    date = reader.date()
                    return date != nil
                case "rating":
                    if reader.null() { return true }
                    rating = reader.string()
                    return rating != nil
                case "seconds":
                    if reader.null() { return true }
                    guard let value = reader.number(), let whole = Int(exactly: value) else { return false }
                    seconds = whole
                    return true
                case "note":
                    if reader.null() { return true }
                    note = reader.string()
                    return note != nil
                default: return reader.skipValue()
                }
            }
            guard ok, let kind, let date else { return false }
            events.append(ProgressEvent(kind: ProgressEvent.Kind(rawValue: kind), date: date, rating: rating, seconds: seconds, note: note))
            return true
        }
        return ok ? events : nil
    }

    /// A card in ``StoredReviewCard``'s shape.
    private mutating func reviewCard() -> ReviewCard? {
        var card = ReviewCard(due: Date(timeIntervalSince1970: 0), state: .review)
        var hasDue = false
        let ok = object { key, reader in
            switch key {
            case "due":
                guard let date = reader.date() else { return false }
                card.due = date
                hasDue = true
            case "lastReview":
                if reader.null() { return true }
                guard let date = reader.date() else { return false }
                card.lastReview = date
            case "stability":
                if reader.null() { return true }
                guard let value = reader.number() else { return false }
                card.stability = value
            case "difficulty":
                if reader.null() { return true }
                guard let value = reader.number() else { return false }
                card.difficulty = value
            case "state":
                guard let text = reader.string(), let state = ReviewCard.State(rawValue: text) else { return false }
                card.state = state
            case "reps":
                guard let value = reader.number(), let whole = Int(exactly: value), StoredReviewCard.countRange.contains(whole) else { return false }
                card.reps = whole
            case "lapses":
                guard let value = reader.number(), let whole = Int(exactly: value), StoredReviewCard.countRange.contains(whole) else { return false }
                card.lapses = whole
            default:
                return reader.skipValue()
            }
            return true
        }
        return ok && hasDue ? card : nil
    }

    // MARK: JSON grammar

    /// A JSON number, parsed by the standard library (which reads the shortest round-trip form
    /// `JSONEncoder` writes back to the same double).
    private mutating func number() -> Double? {
        skipWhitespace()
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// A byte that can occur in a JSON number. A switch, not a set: this runs for every digit of
    /// every record at start-up.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// A key's bytes where they lie, matched against the names of the record's shape without
    /// making a `String` of it (`case "status":` in a `switch` over a key).
    private struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        static func ~= (name: StaticString, key: Key) -> Bool {
            let count = name.utf8CodeUnitCount
            guard count == key.bytes.count else { return false }
            guard let base = key.bytes.baseAddress else { return count == 0 }
            return memcmp(name.utf8Start, base, count) == 0
        }
    }

    /// Calls `member` for each key, positioned at its value; stops at the first `false`. A key
    /// with an escape gives up (the caller then falls back to `JSONDecoder`).
    private mutating func object(_ member: (Key, inout ProgressJSONReader) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = plainString(), consume(UInt8(ascii: ":")), member(Key(bytes: key), &self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// The bytes of a string without escapes or control characters, where they lie; `nil` (with
    /// nothing consumed) for any other string or value.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        let before = index
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            index = before
            return nil
        }
        index += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
    }

    /// A timestamp string (`2026-11-29T14:03:12Z`), read from its bytes.
    private mutating func date() -> Date? {
        if let plain = plainString() { return UTCTimestamp.date(fromUTF8: plain) }
        return string().flatMap(UTCTimestamp.date(from:))
    }

    private mutating func array(_ element: (inout ProgressJSONReader) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        skipWhitespace()
        let length = text.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != text.utf8Start[offset] { return false }
        index += length
        return true
    }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    private mutating func null() -> Bool { literal("null") }

    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] < 0x20 { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).unicodeScalars)
        var pending: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
            pending.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                pending.append(byte)
                continue
            }
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): pending.append(escape)
            case UInt8(ascii: "n"): pending.append(0x0A)
            case UInt8(ascii: "t"): pending.append(0x09)
            case UInt8(ascii: "r"): pending.append(0x0D)
            case UInt8(ascii: "b"): pending.append(0x08)
            case UInt8(ascii: "f"): pending.append(0x0C)
            case UInt8(ascii: "u"):
                flush()
                guard var code = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(code) {
                    guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                scalars.append(scalar)
            default: return nil
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Skips any JSON value (for keys a newer version added).
    private mutating func skipValue() -> Bool {
        switch peek() {
        case UInt8(ascii: "{"): return object { _, reader in reader.skipValue() }
        case UInt8(ascii: "["): return array { reader in reader.skipValue() }
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return null()
        case .some(let byte) where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            let numberBytes = Set("+-.eE0123456789".utf8)
            while index < bytes.count, numberBytes.contains(bytes[index]) { index += 1 }
            return true
        default: return false
        }
    }
}
