import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A summary's stored form: one line of ASCII that needs no escaping in JSON, so the store keeps
// it as a JSON string whose bytes are read without a JSON parser:
//
//     1sfn|<card>|<latest activity>|<event> <event> ...
//
// `1` is the format; then the status (`t`, `a`, `s`), `f` or `-` for the favorite, `n` or `-` for a
// note. The card is empty, or `due,stability,difficulty,state,lastReview,reps,lapses` with each
// instant and number as the 16 hex digits of its `Double`'s bits (exact, and empty when absent),
// the state as `l`, `r` or `x` (learning, review, relearning) and the counts in decimal. An event
// is its kind (`s`, `a`, `r`), its Unix time in whole seconds, and `+seconds` when it was timed;
// the latest activity is a Unix time too (empty when the record has no event).
//
// A summary that does not read back (another format, a hand edit) is not an error: it is not
// trusted, and the records are read instead.
extension ProgressSummary {
    /// The stored text; `nil` for a summary with an event time that is not a whole second of the
    /// years 0001 to 9999 (the range a record's time can be written in), which is stored as
    /// ``ProgressSummaries/readTheRecord`` instead.
    var encoded: String? {
        var bytes: [UInt8] = [UInt8(ascii: "1")]
        bytes.reserveCapacity(24 + events.count * 12)
        switch status {
        case .todo: bytes.append(UInt8(ascii: "t"))
        case .attempted: bytes.append(UInt8(ascii: "a"))
        case .solved: bytes.append(UInt8(ascii: "s"))
        }
        bytes.append(UInt8(ascii: favorite ? "f" : "-"))
        bytes.append(UInt8(ascii: hasNote ? "n" : "-"))
        bytes.append(UInt8(ascii: "|"))
        if let card = review {
            Self.appendBits(card.due.timeIntervalSince1970, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            if let stability = card.stability { Self.appendBits(stability, to: &bytes) }
            bytes.append(UInt8(ascii: ","))
            if let difficulty = card.difficulty { Self.appendBits(difficulty, to: &bytes) }
            bytes.append(UInt8(ascii: ","))
            switch card.state {
            case .learning: bytes.append(UInt8(ascii: "l"))
            case .review: bytes.append(UInt8(ascii: "r"))
            case .relearning: bytes.append(UInt8(ascii: "x"))
            }
            bytes.append(UInt8(ascii: ","))
            if let last = card.lastReview { Self.appendBits(last.timeIntervalSince1970, to: &bytes) }
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: String(card.reps).utf8)
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: String(card.lapses).utf8)
        }
        bytes.append(UInt8(ascii: "|"))
        if let lastActivity {
            guard let time = Self.wholeSeconds(lastActivity) else { return nil }
            bytes.append(contentsOf: String(time).utf8)
        }
        bytes.append(UInt8(ascii: "|"))
        for (index, event) in events.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            switch event.compactKind {
            case .solved: bytes.append(UInt8(ascii: "s"))
            case .attempted: bytes.append(UInt8(ascii: "a"))
            default: bytes.append(UInt8(ascii: "r"))
            }
            guard let time = Self.wholeSeconds(event.date) else { return nil }
            bytes.append(contentsOf: String(time).utf8)
            if let seconds = event.seconds {
                bytes.append(UInt8(ascii: "+"))
                bytes.append(contentsOf: String(seconds).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a stored summary from its JSON bytes (a JSON string: `"1sfn|...|..."`); `nil` for
    /// anything else, including a summary whose numbers do not fit.
    ///
    /// With `events` false, the events are left unread (and ``events`` empty) when the summary has
    /// a review card or is not solved: what the review queue needs then is all before them. A
    /// solved problem without a card is read whole, for its last solve.
    init?(storedJSON data: Data, events: Bool = true) {
        guard let summary = data.withUnsafeBytes({ ProgressSummary(storedJSON: $0, events: events) }) else { return nil }
        self = summary
    }

    /// Reads a stored summary from its JSON bytes where they lie (see ``init(storedJSON:events:)``).
    /// With `card` false the review card is passed over unread (and ``review`` is `nil`), for
    /// readers that only count (`stats`).
    init?(storedJSON bytes: UnsafeRawBufferPointer, events: Bool = true, card: Bool = true) {
        var buffer: [ProgressSummary.Event] = []
        self.init(storedJSON: bytes, events: events, card: card, eventBuffer: &buffer)
    }

    /// Reads a stored summary as ``init(storedJSON:events:card:)`` does, its events read into
    /// `eventBuffer` (emptied first) and shared with ``events``: a reader of thousands of
    /// summaries passes the same buffer each time, and once it has let go of the summary before,
    /// the buffer's storage is used again instead of allocating and freeing an array per summary
    /// (a fortieth of `stats` on a store with 48,000 events). A summary that is kept is not
    /// changed: the buffer gets storage of its own the moment it is emptied.
    init?(storedJSON bytes: UnsafeRawBufferPointer, events: Bool, card: Bool, eventBuffer: inout [ProgressSummary.Event]) {
        var reader = SummaryReader(bytes.bindMemory(to: UInt8.self))
        reader.readsEvents = events
        reader.readsCard = card
        guard let summary = reader.summary(eventBuffer: &eventBuffer) else { return nil }
        self = summary
    }

    /// The marks and the latest activity of a stored summary, all before its events: the card is
    /// passed over, the events left unread, and no summary made (`list` and `favorites` read
    /// thousands of summaries for these alone). `nil` for anything that is not a summary.
    static func storedMarks(_ bytes: UnsafeRawBufferPointer) -> ProblemMarks? {
        var reader = SummaryReader(bytes.bindMemory(to: UInt8.self))
        return reader.marks()
    }

    /// The Unix times a summary holds: what ``wholeSeconds(_:)`` writes (years 0001 to 9999 lie
    /// well within); the reader refuses others, as it refuses any text the writer cannot make.
    static let timeRange = -999_999_999_999...999_999_999_999

    /// Whether a time in seconds lies within ``timeRange``'s bound (NaN does not).
    static func holdsTime(_ time: Double) -> Bool { abs(time) < 1e12 }

    /// The Unix time of `date` when it is a whole second within years 0001 to 9999.
    private static func wholeSeconds(_ date: Date) -> Int64? {
        let time = date.timeIntervalSince1970
        guard time == time.rounded(.down), holdsTime(time) else { return nil }
        return Int64(time)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends the bits of `value` as 16 lowercase hex digits, the highest first.
    private static func appendBits(_ value: Double, to bytes: inout [UInt8]) {
        let bits = value.bitPattern
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(hexDigits[Int((bits >> UInt64(shift)) & 0xF)])
        }
    }
}

/// Reads the stored form; every failure is `nil`.
///
/// Reading every summary is most of `leettrack stats` on a large store, so the bytes are read
/// through a pointer without an `Optional` per byte. That is safe because the closing quote is
/// a sentinel: the reader only moves past a byte it has matched, no expected byte is a quote, so
/// it stops at the quote at the latest, and `index <= end` always holds.
private struct SummaryReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int
    /// Whether to read the events even where the review queue needs none (see `init(storedJSON:events:)`).
    var readsEvents = true
    /// Whether to read the review card, or pass over it (see `init(storedJSON:events:card:)`).
    var readsCard = true

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // The JSON string's quotes; no escapes are ever written, so a backslash is a foreign value.
        index = 1
        end = bytes.count - 1
    }

    /// The summary, its events read into `events` (see `init(storedJSON:events:card:eventBuffer:)`).
    mutating func summary(eventBuffer events: inout [ProgressSummary.Event]) -> ProgressSummary? {
        guard let base = quotedBase() else { return nil }
        return summary(base, eventBuffer: &events)
    }

    /// The first byte, when the bytes are a JSON string of eight bytes or more (room for the
    /// format, the marks and the bars that every summary has); `nil` otherwise.
    private func quotedBase() -> UnsafePointer<UInt8>? {
        guard bytes.count >= 8, let base = bytes.baseAddress, base[0] == UInt8(ascii: "\""),
              base[end] == UInt8(ascii: "\"") else { return nil }
        return base
    }

    /// The marks and the latest activity, read as ``summary(eventBuffer:)`` reads them with the
    /// card passed over; what it refuses before the events is refused.
    mutating func marks() -> ProblemMarks? {
        guard let base = quotedBase(), let (status, favorite, _) = leadingMarks(base) else { return nil }
        if base[index] != UInt8(ascii: "|") { skipToBar(base) }
        guard let lastActivity = latestActivity(base) else { return nil }
        return ProblemMarks(status: status, favorite: favorite, lastActivity: lastActivity)
    }

    /// From the bar after the card: the latest activity (`.some(nil)` when the record has no
    /// event) and the bar after it; `nil` when they are not there. The reader is then at the events.
    @inline(__always)
    private mutating func latestActivity(_ base: UnsafePointer<UInt8>) -> Date?? {
        guard take(UInt8(ascii: "|"), base) else { return nil }
        var date: Date?
        if base[index] != UInt8(ascii: "|") {
            guard let time = integer(base), ProgressSummary.timeRange.contains(time) else { return nil }
            date = Date(timeIntervalSince1970: Double(time))
        }
        guard take(UInt8(ascii: "|"), base) else { return nil }
        return .some(date)
    }

    /// The format, the status, the favorite and note marks and the bar after them; `nil` when
    /// they are not there. The reader is then at the card.
    @inline(__always)
    private mutating func leadingMarks(_ base: UnsafePointer<UInt8>) -> (status: Status, favorite: Bool, hasNote: Bool)? {
        guard take(UInt8(ascii: "1"), base) else { return nil }
        let status: Status
        switch base[index] {
        case UInt8(ascii: "t"): status = .todo
        case UInt8(ascii: "a"): status = .attempted
        case UInt8(ascii: "s"): status = .solved
        default: return nil
        }
        let favorite: Bool
        switch base[index + 1] {
        case UInt8(ascii: "f"): favorite = true
        case UInt8(ascii: "-"): favorite = false
        default: return nil
        }
        let hasNote: Bool
        switch base[index + 2] {
        case UInt8(ascii: "n"): hasNote = true
        case UInt8(ascii: "-"): hasNote = false
        default: return nil
        }
        // The three marks are within the eight bytes `quotedBase()` made sure of.
        index += 3
        guard take(UInt8(ascii: "|"), base) else { return nil }
        return (status, favorite, hasNote)
    }

    private mutating func summary(_ base: UnsafePointer<UInt8>, eventBuffer events: inout [ProgressSummary.Event]) -> ProgressSummary? {
        guard let (status, favorite, hasNote) = leadingMarks(base) else { return nil }
        var review: ReviewCard?
        if base[index] != UInt8(ascii: "|") {
            if readsCard {
                guard let card = card(base) else { return nil }
                review = card
            } else {
                skipToBar(base)
            }
        }
        guard let lastActivity = latestActivity(base) else { return nil }
        // Made where it is returned: a summary filled in field by field was copied out whole
        // (and its events retained and released) for every summary read.
        guard index < end, readsEvents || (review == nil && status == .solved) else {
            return ProgressSummary(status: status, favorite: favorite, hasNote: hasNote, review: review, lastActivity: lastActivity)
        }
        // An event takes twelve bytes or more with its space (a time since 2001 has ten digits),
        // so this is room for all of them (kept from an earlier summary, or one allocation);
        // counting the spaces would cost more than the allocation it saves.
        events.removeAll(keepingCapacity: true)
        events.reserveCapacity(max(1, (end - index + 1) / 12))
        while true {
            let kind: CompactEventKind
            switch base[index] {
            case UInt8(ascii: "s"): kind = .solved
            case UInt8(ascii: "a"): kind = .attempted
            case UInt8(ascii: "r"): kind = .reviewed
            default: return nil
            }
            index += 1
            guard let time = integer(base), ProgressSummary.timeRange.contains(time) else { return nil }
            var seconds: Int?
            if take(UInt8(ascii: "+"), base) {
                guard let value = integer(base), PracticeTime.range.contains(value) else { return nil }
                seconds = value
            }
            events.append(ProgressSummary.Event(compactKind: kind, date: Date(timeIntervalSince1970: Double(time)), seconds: seconds))
            guard index < end else { break }
            guard take(UInt8(ascii: " "), base) else { return nil }
        }
        return ProgressSummary(
            status: status, favorite: favorite, hasNote: hasNote, events: events, review: review, lastActivity: lastActivity)
    }

    private mutating func card(_ base: UnsafePointer<UInt8>) -> ReviewCard? {
        guard let due = instant(base) else { return nil }
        var card = ReviewCard(due: due)
        guard take(UInt8(ascii: ","), base) else { return nil }
        if base[index] != UInt8(ascii: ",") { guard let value = bits(base) else { return nil }; card.stability = value }
        guard take(UInt8(ascii: ","), base) else { return nil }
        if base[index] != UInt8(ascii: ",") { guard let value = bits(base) else { return nil }; card.difficulty = value }
        guard take(UInt8(ascii: ","), base) else { return nil }
        switch base[index] {
        case UInt8(ascii: "l"): card.state = .learning
        case UInt8(ascii: "r"): card.state = .review
        case UInt8(ascii: "x"): card.state = .relearning
        default: return nil
        }
        index += 1
        guard take(UInt8(ascii: ","), base) else { return nil }
        if base[index] != UInt8(ascii: ",") {
            guard let value = instant(base) else { return nil }
            card.lastReview = value
        }
        guard take(UInt8(ascii: ","), base), let reps = integer(base), take(UInt8(ascii: ","), base),
              let lapses = integer(base) else { return nil }
        card.reps = reps
        card.lapses = lapses
        return card
    }

    /// Moves to the next `|` (or to the closing quote when there is none), through the C
    /// library's `memchr` (a card is some 80 bytes: eight bytes at a time took 150 instructions).
    private mutating func skipToBar(_ base: UnsafePointer<UInt8>) {
        guard index < end, let bar = memchr(base + index, Int32(UInt8(ascii: "|")), end - index) else {
            index = end
            return
        }
        index = UnsafeRawPointer(bar) - UnsafeRawPointer(base)
    }

    /// Moves past the current byte when it is `expected` (never the quote).
    @inline(__always)
    private mutating func take(_ expected: UInt8, _ base: UnsafePointer<UInt8>) -> Bool {
        guard base[index] == expected else { return false }
        index += 1
        return true
    }

    /// Eight bytes from `position` as one word, the first byte lowest; `nil` when fewer than
    /// eight are left (the closing quote at `end` is the last byte that may be read).
    @inline(__always)
    private func word(at position: Int, _ base: UnsafePointer<UInt8>) -> UInt64? {
        guard end - position >= 7 else { return nil }
        return Self.load(at: position, base)
    }

    /// The eight bytes at `position`, unchecked: the caller has checked the bound.
    @inline(__always)
    private static func load(at position: Int, _ base: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    /// A decimal `Int`, with an optional minus sign; `nil` when it has no digit or overflows.
    /// Inlined: it reads every event's time, and the call was a tenth of its cost.
    @inline(__always)
    private mutating func integer(_ base: UnsafePointer<UInt8>) -> Int? {
        var position = index
        let negative = base[position] == UInt8(ascii: "-")
        if negative { position &+= 1 }
        let start = position
        var magnitude = 0
        // A time has ten digits: the first eight are read as one word when they are digits.
        if let word = word(at: position, base), DigitWord.isEightDigits(word) {
            magnitude = DigitWord.eightDigitsValue(word)
            position &+= 8
            // Then two digits and no third, as in a time: taken without the loops below (which
            // took a third of reading an event). A digit is never the closing quote, so the byte
            // after each digit read here lies within the bytes.
            let first = base[position] &- UInt8(ascii: "0")
            if first < 10 {
                let second = base[position &+ 1] &- UInt8(ascii: "0")
                if second < 10, base[position &+ 2] &- UInt8(ascii: "0") >= 10 {
                    magnitude = magnitude &* 100 &+ Int(first) &* 10 &+ Int(second)
                    index = position &+ 2
                    return negative ? -magnitude : magnitude
                }
            }
        }
        // Eighteen digits cannot overflow an `Int`, so they need no check.
        while position &- start < 18 {
            let digit = base[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            position &+= 1
        }
        guard position > start else { return nil }
        var value = negative ? -magnitude : magnitude
        // Any further digit may overflow (and `Int.min` has one more than `Int.max` has).
        while true {
            let digit = base[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(negative ? -Int(digit) : Int(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
            position &+= 1
        }
        index = position
        return value
    }

    /// A card's instant as the bits of its Unix time, within the times a record can hold, as for
    /// the events: NaN or 1e300 would reach the day arithmetic of every queue.
    @inline(__always)
    private mutating func instant(_ base: UnsafePointer<UInt8>) -> Date? {
        guard let time = bits(base), ProgressSummary.holdsTime(time) else { return nil }
        return Date(timeIntervalSince1970: time)
    }

    /// Sixteen lowercase hex digits: a `Double`'s bits.
    /// Inlined, both words loaded after one bound check and tested together: a card holds four
    /// of these, and the calls and checks were most of reading a card (`review` reads 4,000).
    @inline(__always)
    private mutating func bits(_ base: UnsafePointer<UInt8>) -> Double? {
        // Both words lie before the closing quote.
        guard end - index >= 16 else { return nil }
        let (high, low) = (Self.load(at: index, base), Self.load(at: index &+ 8, base))
        guard DigitWord.areSixteenHexDigits(high, low) else { return nil }
        index &+= 16
        return Double(bitPattern: UInt64(DigitWord.eightHexDigitsValue(high)) << 32 | UInt64(DigitWord.eightHexDigitsValue(low)))
    }
}

/// Eight ASCII characters read at a time as one `UInt64`, the first in the lowest byte (SIMD within
/// a register).
///
/// A summary is mostly ten-digit times and sixteen-digit hex numbers, and reading them a byte
/// at a time was half of reading a summary.
private enum DigitWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is within `lowest...highest` (both below 0x80),
    /// for a word whose bytes are all below 0x80.
    @inline(__always)
    private static func bytes(of word: UInt64, in lowest: UInt8, _ highest: UInt8) -> UInt64 {
        // Below 0x80 each sum stays within its byte: no carry crosses into the next.
        let atLeastLowest = word &+ ones &* UInt64(0x80 - lowest)
        let aboveHighest = word &+ ones &* UInt64(0x7F - highest)
        return atLeastLowest & ~aboveHighest & highBits
    }

    /// Whether all eight bytes are `0` to `9`.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        word & highBits == 0 && bytes(of: word, in: UInt8(ascii: "0"), UInt8(ascii: "9")) == highBits
    }

    /// The number eight decimal digits spell, the first the most significant.
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> Int {
        // Pairs, then fours, then all eight: each step multiplies the earlier digits up and adds.
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
        value = (value &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
        value = (value &* (10_000 << 32 + 1)) >> 32
        return Int(value)
    }

    /// Whether all sixteen bytes of two words are `0` to `9` or `a` to `f` (one test of both).
    @inline(__always)
    static func areSixteenHexDigits(_ high: UInt64, _ low: UInt64) -> Bool {
        let digits = bytes(of: high, in: UInt8(ascii: "0"), UInt8(ascii: "9")) | bytes(of: high, in: UInt8(ascii: "a"), UInt8(ascii: "f"))
        let lowDigits = bytes(of: low, in: UInt8(ascii: "0"), UInt8(ascii: "9")) | bytes(of: low, in: UInt8(ascii: "a"), UInt8(ascii: "f"))
        return (high | low) & highBits == 0 && digits & lowDigits == highBits
    }

    /// The number eight hex digits spell, the first the most significant.
    @inline(__always)
    static func eightHexDigitsValue(_ word: UInt64) -> UInt32 {
        // A digit's low four bits, plus 9 for a letter (0x40 set): `a` (0x61) is 1 + 9.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (word >> 6 & ones) &* 9
        // Each byte and the next into one (the first as the high half), then pairs of those.
        let pairs = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        let fours = (pairs << 8 | pairs >> 16) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: fours << 16 | fours >> 32)
    }
}
