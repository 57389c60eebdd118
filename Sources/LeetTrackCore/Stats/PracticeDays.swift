/// The distinct days that saw practice, as day numbers, with their streaks: one bit per day over
/// the span of days seen, grown a word at a time at either end.
///
/// `stats` marks the day of every event (48,000 on a large store). Kept as an array of day numbers,
/// they were 1 MB of memory with the array's copies as it grew; as bits, four years are 23 words.
/// A span over a century (only a damaged or made-up record reaches one) is kept as a set instead.
struct PracticeDays {
    /// One bit per day, the first bit of `words[0]` for day `start`.
    private var words: [UInt64] = []
    /// The day of the first bit: a multiple of 64.
    private var start = 0
    /// The days, once their span passed ``maximumWords`` (then `words` is no longer used).
    private var spread: Set<Int>?

    /// The most words kept: 38,400 days, over a century.
    static let maximumWords = 600

    /// No days.
    init() {}

    /// Whether no day was inserted.
    var isEmpty: Bool { spread?.isEmpty ?? words.isEmpty }

    /// Adds `day` (again, or for the first time).
    @inline(__always)
    mutating func insert(_ day: Int) {
        // Most days fall within the words there are (none while the days are a set), and most
        // were seen before (several events a day): a word is read first, as only a write asks
        // the runtime whether the words are shared (an eighth of counting each event).
        if let (word, bit) = place(of: day) {
            if words[word] & bit == 0 { words[word] |= bit }
        } else {
            insertOutsideWords(day)
        }
    }

    /// Adds `day`, which lies outside the words: grows them, or moves the days into a set.
    @inline(never)
    private mutating func insertOutsideWords(_ day: Int) {
        if spread != nil {
            spread?.insert(day)
            return
        }
        // The multiple of 64 at or below `day` (two's complement: for negative days too).
        let wordStart = day & ~63
        if words.isEmpty {
            start = wordStart
            words = [0]
        } else if wordStart < start {
            let (gap, overflow) = start.subtractingReportingOverflow(wordStart)
            guard !overflow, gap / 64 <= Self.maximumWords - words.count else { return spreadOut(adding: day) }
            words.insert(contentsOf: repeatElement(0, count: gap / 64), at: 0)
            start = wordStart
        } else {
            let (gap, overflow) = wordStart.subtractingReportingOverflow(start)
            guard !overflow, gap / 64 < Self.maximumWords else { return spreadOut(adding: day) }
            if gap / 64 >= words.count { words.append(contentsOf: repeatElement(0, count: gap / 64 - words.count + 1)) }
        }
        // The words now reach `day`.
        if let (word, bit) = place(of: day) { words[word] |= bit }
    }

    /// The word and the bit of `day`, when it lies within the words.
    @inline(__always)
    private func place(of day: Int) -> (word: Int, bit: UInt64)? {
        let (offset, overflow) = day.subtractingReportingOverflow(start)
        guard !overflow, offset >= 0, offset >> 6 < words.count else { return nil }
        return (offset >> 6, 1 << UInt64(offset & 63))
    }

    /// Whether `day` was inserted.
    func contains(_ day: Int) -> Bool {
        if let spread { return spread.contains(day) }
        guard let (word, bit) = place(of: day) else { return false }
        return words[word] & bit != 0
    }

    /// The current and longest runs of consecutive days, as ``Statistics/streaks(practiceDays:today:)``
    /// gives them for the same days.
    func streaks(today: Int) -> (current: Int, longest: Int) {
        if let spread { return Statistics.streaks(practiceDays: spread, today: today) }
        var longest = 0
        var run = 0
        for word in words {
            if word == .max {
                run += 64
                longest = max(longest, run)
                continue
            }
            for bit in 0..<64 {
                run = word & (1 << UInt64(bit)) != 0 ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return (Statistics.currentStreak(today: today, isPracticeDay: contains), longest)
    }

    /// Moves the days into a set, with `day`.
    private mutating func spreadOut(adding day: Int) {
        var days = Set<Int>()
        for (index, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { days.insert(start + index * 64 + bit) }
        }
        days.insert(day)
        spread = days
        words = []
    }
}
