import FoundationEssentials
import Persistence
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
                guard let status = reader.known(Status.self) else { return false }
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
        guard ok else { return nil }
        // As `JSONDecoder` reads it (see `ProblemProgress.init(from:)`): never below the history.
        record.status = ProgressHistory.status(record.status, with: record.events)
        return record
    }

    private mutating func events() -> [ProgressEvent]? {
        var events: [ProgressEvent] = []
        // Most records hold a handful of events: one allocation instead of growing by doubling.
        events.reserveCapacity(8)
        let ok = array { reader in
            var kind: ProgressEvent.Kind?
            var date: Date?
            var rating: String?
            var seconds: Int?
            var note: String?
            let ok = reader.object { key, reader in
                switch key {
                case "kind":
                    kind = reader.name(ProgressEvent.Kind.self).map(ProgressEvent.Kind.init(rawValue:))
                    return kind != nil
                case "at":
                    date = reader.date()
                    return date != nil
                case "rating":
                    if reader.null() { return true }
                    rating = reader.name(ReviewRating.self)
                    return rating != nil
                case "seconds":
                    if reader.null() { return true }
                    // Out of range, JSONDecoder's reading says why (see `ProgressEvent.init(from:)`).
                    guard let value = reader.number(), let whole = Int(exactly: value), PracticeTime.range.contains(whole) else {
                        return false
                    }
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
            events.append(ProgressEvent(kind: kind, date: date, rating: rating, seconds: seconds, note: note))
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
                guard let value = reader.number(), StoredReviewCard.isStoredStability(value) else { return false }
                card.stability = value
            case "difficulty":
                if reader.null() { return true }
                guard let value = reader.number(), StoredReviewCard.isStoredDifficulty(value) else { return false }
                card.difficulty = value
            case "state":
                guard let state = reader.known(ReviewCard.State.self) else { return false }
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
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if let value = Self.shortDecimal(text) { return value }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The value of `-?digits(.digits)?` with at most 15 digits in all, computed exactly:
    /// the digits as an integer (below 2^53, so exact as a `Double`) divided by a power of ten up
    /// to 10^15 (also exact), which IEEE division rounds correctly, as the standard library's
    /// parser does. `nil` for any other form (exponents, longer numbers), which that parser reads.
    /// Review cards hold a few such numbers each, and `strtod` cost a tenth of reading a record.
    static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { position = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var integerDigits = 0
        while position < text.count {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, integerDigits > 0 else { return nil }
                seenPoint = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            digits += 1
            guard digits <= 15 else { return nil }
            mantissa = mantissa &* 10 &+ Int64(digit)
            if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
        }
        guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        let magnitude = Double(mantissa) / powerOfTen(fractionDigits)
        return negative ? -magnitude : magnitude
    }

    /// 10^exponent for 0...15, each exactly representable as a `Double`.
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
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
    fileprivate struct Key {
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

    /// A string value that names one of `T`'s cases, matched on its bytes (no `String` is made
    /// or validated); a string with escapes is decoded first. `nil` for anything else.
    private mutating func known<T: KnownNames>(_ type: T.Type) -> T? {
        if let plain = plainString() { return T.named(Key(bytes: plain)) }
        return string().flatMap(T.init(rawValue:))
    }

    /// A string value where any string will do (event kinds and ratings: a newer version may add
    /// some, and an unknown one still reads): one of `T`'s names as its constant, without making
    /// and validating a `String` of its bytes, else the string as it is.
    private mutating func name<T: KnownNames>(_ type: T.Type) -> String? {
        if let plain = plainString() { return T.named(Key(bytes: plain))?.rawValue ?? String(decoding: plain, as: UTF8.self) }
        return string()
    }

    /// The bytes of a string without escapes or control characters, where they lie; `nil` (with
    /// nothing consumed) for any other string or value.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        // Every key and most values pass here: the scan runs on a local position over the base
        // address, and the reader's position moves only when a plain string was found.
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        var position = start
        while position < bytes.count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return UnsafeBufferPointer(start: base + start, count: position - start)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            position += 1
        }
        return nil
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

    /// A string, its escapes decoded by the one JSON reader; `nil` for anything else.
    private mutating func string() -> String? {
        skipWhitespace()
        guard let (text, end) = JSONStrings.read(bytes, at: index) else { return nil }
        index = end
        return text
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


/// A type whose stored names the record reader matches on their bytes.
private protocol KnownNames: RawRepresentable where RawValue == String {
    /// The value whose stored name `key` holds, or `nil` when it names none of the known ones.
    static func named(_ key: ProgressJSONReader.Key) -> Self?
}

extension Status: KnownNames {
    fileprivate static func named(_ key: ProgressJSONReader.Key) -> Status? {
        switch key {
        case "solved": .solved
        case "attempted": .attempted
        case "todo": .todo
        default: nil
        }
    }
}

extension ProgressEvent.Kind: KnownNames {
    fileprivate static func named(_ key: ProgressJSONReader.Key) -> ProgressEvent.Kind? {
        switch key {
        case "solved": .solved
        case "attempted": .attempted
        case "reviewed": .reviewed
        case "reset": .reset
        default: nil
        }
    }
}

extension ReviewRating: KnownNames {
    fileprivate static func named(_ key: ProgressJSONReader.Key) -> ReviewRating? {
        switch key {
        case "good": .good
        case "again": .again
        case "hard": .hard
        case "easy": .easy
        default: nil
        }
    }
}

extension ReviewCard.State: KnownNames {
    fileprivate static func named(_ key: ProgressJSONReader.Key) -> ReviewCard.State? {
        switch key {
        case "review": .review
        case "learning": .learning
        case "relearning": .relearning
        default: nil
        }
    }
}
