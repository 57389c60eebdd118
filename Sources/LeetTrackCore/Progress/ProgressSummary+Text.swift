import FoundationEssentials

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
            switch event.kind {
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
    init?(storedJSON data: Data) {
        guard let summary = data.withUnsafeBytes({ raw -> ProgressSummary? in
            var reader = SummaryReader(raw.bindMemory(to: UInt8.self))
            return reader.summary()
        }) else { return nil }
        self = summary
    }

    /// The Unix time of `date` when it is a whole second within years 0001 to 9999.
    private static func wholeSeconds(_ date: Date) -> Int64? {
        let time = date.timeIntervalSince1970
        guard time == time.rounded(.down), abs(time) < 1e12 else { return nil }
        return Int64(time)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendBits(_ value: Double, to bytes: inout [UInt8]) {
        let bits = value.bitPattern
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(hexDigits[Int((bits >> UInt64(shift)) & 0xF)])
        }
    }
}

/// Reads the stored form byte by byte; every failure is `nil`.
private struct SummaryReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // The JSON string's quotes; no escapes are ever written, so a backslash is a foreign value.
        index = 1
        end = bytes.count - 1
    }

    mutating func summary() -> ProgressSummary? {
        guard bytes.count >= 8, bytes[0] == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\""),
              next() == UInt8(ascii: "1") else { return nil }
        var summary = ProgressSummary()
        switch next() {
        case UInt8(ascii: "t"): summary.status = .todo
        case UInt8(ascii: "a"): summary.status = .attempted
        case UInt8(ascii: "s"): summary.status = .solved
        default: return nil
        }
        switch next() {
        case UInt8(ascii: "f"): summary.favorite = true
        case UInt8(ascii: "-"): break
        default: return nil
        }
        switch next() {
        case UInt8(ascii: "n"): summary.hasNote = true
        case UInt8(ascii: "-"): break
        default: return nil
        }
        guard next() == UInt8(ascii: "|") else { return nil }
        if peek() != UInt8(ascii: "|") {
            guard let card = card() else { return nil }
            summary.review = card
        }
        guard next() == UInt8(ascii: "|") else { return nil }
        if peek() != UInt8(ascii: "|") {
            guard let time = integer() else { return nil }
            summary.lastActivity = Date(timeIntervalSince1970: Double(time))
        }
        guard next() == UInt8(ascii: "|") else { return nil }
        while index < end {
            if !summary.events.isEmpty { guard next() == UInt8(ascii: " ") else { return nil } }
            let kind: ProgressEvent.Kind
            switch next() {
            case UInt8(ascii: "s"): kind = .solved
            case UInt8(ascii: "a"): kind = .attempted
            case UInt8(ascii: "r"): kind = .reviewed
            default: return nil
            }
            guard let time = integer() else { return nil }
            var seconds: Int?
            if peek() == UInt8(ascii: "+") {
                index += 1
                guard let value = integer(), PracticeTime.range.contains(value) else { return nil }
                seconds = value
            }
            summary.events.append(ProgressSummary.Event(kind: kind, date: Date(timeIntervalSince1970: Double(time)), seconds: seconds))
        }
        return summary
    }

    private mutating func card() -> ReviewCard? {
        guard let due = bits() else { return nil }
        var card = ReviewCard(due: Date(timeIntervalSince1970: due))
        guard next() == UInt8(ascii: ",") else { return nil }
        if peek() != UInt8(ascii: ",") { guard let value = bits() else { return nil }; card.stability = value }
        guard next() == UInt8(ascii: ",") else { return nil }
        if peek() != UInt8(ascii: ",") { guard let value = bits() else { return nil }; card.difficulty = value }
        guard next() == UInt8(ascii: ",") else { return nil }
        switch next() {
        case UInt8(ascii: "l"): card.state = .learning
        case UInt8(ascii: "r"): card.state = .review
        case UInt8(ascii: "x"): card.state = .relearning
        default: return nil
        }
        guard next() == UInt8(ascii: ",") else { return nil }
        if peek() != UInt8(ascii: ",") {
            guard let value = bits() else { return nil }
            card.lastReview = Date(timeIntervalSince1970: value)
        }
        guard next() == UInt8(ascii: ","), let reps = integer(), next() == UInt8(ascii: ","), let lapses = integer() else { return nil }
        card.reps = reps
        card.lapses = lapses
        return card
    }

    private mutating func next() -> UInt8? {
        guard index < end else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private func peek() -> UInt8? {
        index < end ? bytes[index] : nil
    }

    /// A decimal `Int`, with an optional minus sign; `nil` when it overflows.
    private mutating func integer() -> Int? {
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value = 0
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// Sixteen hex digits: a `Double`'s bits.
    private mutating func bits() -> Double? {
        guard end - index >= 16 else { return nil }
        var bits: UInt64 = 0
        for _ in 0..<16 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            bits = bits << 4 | UInt64(digit)
            index += 1
        }
        return Double(bitPattern: bits)
    }
}
