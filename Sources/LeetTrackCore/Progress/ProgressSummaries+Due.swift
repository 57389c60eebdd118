import FoundationEssentials
import Persistence

/// The review queue's index: one entry per review card, under a key that sorts by the card's due
/// time, so that `leettrack review` reads the cards due today and overdue, and the first one after
/// them, instead of every summary (on a store of 4,029 cards with 1,534 due, two fifths of them).
///
///     due.<16 hex digits>.<slug>   the card's due time, ordered; the value holds the card
///     due.!<slug>                  a card the index cannot order: always read, first
///
/// The digits are the bits of the due time's `Double` (Unix seconds), turned so that their text
/// sorts as the times do (lowercase hex sorts as its numbers). A card with a due time that is not
/// finite or lies outside years 0001 to 9999, a solved problem without a card (whose card the
/// scheduler derives from its last solve, with the review settings of the day), and a record the
/// summary cannot stand for (``ProgressSummaries/readTheRecord``) are put in front under `due.!`,
/// with their whole summary, and read every time: the queue treats them as it always did.
///
/// The write funnel keeps the index with the summaries, in the same transaction, and it is
/// trusted while its write count and the summaries' still match its stamp, as the favorites'
/// index is (``ProgressSummaries``); otherwise `review` reads every summary and the next change
/// rebuilds it.
extension ProgressSummaries {
    /// The prefix of every entry of the review index.
    public static let duePrefix = "due."
    /// The write counts of the review index and of the summaries as the funnel last left them,
    /// as `<index> <summaries>`; absent (empty) until the index is built.
    static let dueStampKey = Key<String>("due", default: "")
    /// The byte after the prefix that puts an entry among the unordered ones, in front.
    private static let unordered = UInt8(ascii: "!")
    /// The length of an ordered entry's key before its slug: the prefix, 16 digits and a dot.
    private static let orderedSlugStart = 4 + 16 + 1

    /// The 16 hex digits that order Unix time `time` among the index's keys: its bits with the
    /// sign turned (negative times inverted whole), so that the text sorts as the times do.
    static func orderedDigits(_ time: Double) -> [UInt8] {
        var digits: [UInt8] = []
        appendOrderedDigits(time, to: &digits)
        return digits
    }

    /// Appends the 16 digits of ``orderedDigits(_:)``.
    private static func appendOrderedDigits(_ time: Double, to bytes: inout [UInt8]) {
        let bits = time.bitPattern
        ProgressSummary.appendHex(bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63), to: &bytes)
    }

    /// The key of an entry in front, read every time (see ``dueEntry(slug:summary:text:)``).
    private static func unorderedKey(_ slug: String) -> String {
        duePrefix + String(decoding: [unordered], as: UTF8.self) + slug
    }

    /// The review index's entry of problem `slug`, whose record has `summary` with the stored
    /// text `text` (`nil` for both: a record that does not decode; `text` alone `nil`: a summary
    /// that cannot be written): its key and text, or `nil` for a problem that has no card and
    /// gets none (not solved).
    static func dueEntry(slug: String, summary: ProgressSummary?, text: String?) -> (key: String, text: String)? {
        guard let summary, let text else { return (unorderedKey(slug), readTheRecord) }
        guard let card = summary.review else {
            // The scheduler derives a card from the last solve: read with the whole summary.
            return summary.status == .solved ? (unorderedKey(slug), text) : nil
        }
        let time = card.due.timeIntervalSince1970
        guard ProgressSummary.holdsTime(time) else { return (unorderedKey(slug), text) }
        var key = Array(duePrefix.utf8)
        key.reserveCapacity(orderedSlugStart + slug.utf8.count)
        appendOrderedDigits(time, to: &key)
        key.append(UInt8(ascii: "."))
        key.append(contentsOf: slug.utf8)
        // The card is all the queue reads: the entry changes only when the card does.
        return (String(decoding: key, as: UTF8.self), ProgressSummary(status: summary.status, review: card).encoded ?? readTheRecord)
    }

    /// The review index's entry of `slug` as the stored summary `stored` (the text of
    /// `summary.<slug>`, `nil` when absent) makes it: what the funnel wrote for that summary.
    static func dueEntry(slug: String, storedSummary stored: String?) -> (key: String, text: String)? {
        guard let stored else { return nil }
        let summary = storedBytes(stored).withUnsafeBytes { ProgressSummary(storedJSON: $0) }
        // A summary that does not read back is the marker of a record to read (or a hand edit).
        return dueEntry(slug: slug, summary: summary, text: summary == nil ? nil : stored)
    }

    /// The slug in an entry's key, or `nil` for a key the index never writes; with the digits of
    /// an ordered entry (`nil` for an unordered one).
    private static func parse(
        _ key: UnsafeRawBufferPointer
    ) -> (slug: UnsafeRawBufferPointer, digits: UnsafeRawBufferPointer?)? {
        let start = duePrefix.utf8.count
        guard key.count > start else { return nil }
        if key[start] == unordered { return (UnsafeRawBufferPointer(rebasing: key[(start + 1)...]), nil) }
        guard key.count > orderedSlugStart, key[orderedSlugStart - 1] == UInt8(ascii: ".") else { return nil }
        return (UnsafeRawBufferPointer(rebasing: key[orderedSlugStart...]),
                UnsafeRawBufferPointer(rebasing: key[start..<(orderedSlugStart - 1)]))
    }

    /// The slug of an entry's key (for the checks), or `nil` for a key the index never writes.
    static func slug(ofDueKey key: String) -> String? {
        var key = key
        return key.withUTF8 { bytes in parse(UnsafeRawBufferPointer(bytes)).map { String(decoding: $0.slug, as: UTF8.self) } }
    }

    /// Whether the review index is known to match the summaries (which may still not match the
    /// records: see ``areCurrent()``).
    public func dueAreCurrent() throws -> Bool {
        try indexIsCurrent(Self.dueStampKey)
    }

    /// Lends `body` the slug and stored bytes of the review index's entries that the queue of
    /// cards due before `bound` needs, when the summaries are known to match the records: every
    /// unordered entry, every card due before `bound`, and the cards due at the earliest time from
    /// `bound` on (the queue's next card when none is due). The rest of the index is not read.
    /// Entries with a key the index never writes are passed over. The caller has found the index
    /// current (``dueAreCurrent()``) before.
    /// - Returns: whether the summaries were known to match (else `body` was not called).
    /// - Complexity: two count reads, one key read and one range query of k entries for the k
    ///   cards lent.
    func forEachCurrentDueEntry(
        before bound: Date, _ body: (_ slug: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        guard try areCurrent() else { return false }
        let time = bound.timeIntervalSince1970
        let boundDigits = time.isNaN ? nil : Self.orderedDigits(time)
        // The digits of the first card from `bound` on: its equals are lent too, then the visit stops.
        var lastDigits: [UInt8]?
        try store.visitRawValues(withKeyPrefix: Self.duePrefix) { key, value in
            guard let (slug, digits) = Self.parse(key) else { return true }
            if let digits, let boundDigits, !digits.lexicographicallyPrecedes(boundDigits) {
                if let lastDigits {
                    guard digits.elementsEqual(lastDigits) else { return false }
                } else {
                    lastDigits = Array(digits)
                }
            }
            try body(slug, value)
            return true
        }
        return true
    }
}
