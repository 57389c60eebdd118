import FoundationEssentials
import Persistence

/// Reads a stored ``ProblemProgress`` record without `JSONDecoder`.
///
/// `leettrack list` and `stats` read every record on every run. Foundation's `JSONDecoder` costs
/// about 5 µs per record (its keyed containers dominate), which for a few hundred records is more
/// than the rest of the command; this reader costs a fraction of that. It accepts any valid JSON
/// of the record's shape (unknown keys are skipped, so newer records still read), and gives up
/// (returns `nil`) on anything else, so the caller can fall back to `JSONDecoder` and its precise
/// error message. The tokens are Persistence's one JSON reader's; this type knows only the shape.
struct ProgressJSONReader: JSONRecordReader {
    var reader: JSONReader

    /// Parses `data`, or returns `nil` when it is not a record this reader understands.
    static func progress(from data: Data) -> ProblemProgress? {
        read(data)
    }

    mutating func record() throws -> ProblemProgress {
        var record = ProblemProgress()
        try reader.beginObject()
        while let key = try nextKey() {
            switch key {
            case "status": record.status = try known(Status.self)
            case "favorite":
                guard let favorite = try reader.readLiteral() else { throw NotARecord() }
                record.favorite = favorite
            case "note": record.note = reader.decode(try reader.readString())
            case "events": record.events = try events()
            case "review": if try !reader.skipNull() { record.review = try reviewCard() }
            case "noteAt": record.noteUpdated = try date()
            case "favoriteAt": record.favoriteUpdated = try date()
            default: try reader.skipValue()
            }
        }
        // As `JSONDecoder` reads it (see `ProblemProgress.init(from:)`): never below the history.
        record.status = ProgressHistory.status(record.status, with: record.events)
        return record
    }

    private mutating func events() throws -> [ProgressEvent] {
        var events: [ProgressEvent] = []
        // Most records hold a handful of events: one allocation instead of growing by doubling.
        events.reserveCapacity(8)
        try reader.beginArray()
        while try reader.nextElement() {
            var kind: ProgressEvent.Kind?
            var date: Date?
            var rating: String?
            var seconds: Int?
            var note: String?
            try reader.beginObject()
            while let key = try nextKey() {
                switch key {
                case "kind": kind = ProgressEvent.Kind(rawValue: try name(ProgressEvent.Kind.self))
                case "at": date = try self.date()
                case "rating": if try !reader.skipNull() { rating = try name(ReviewRating.self) }
                // Out of range, JSONDecoder's reading says why (see `ProgressEvent.init(from:)`).
                case "seconds": if try !reader.skipNull() { seconds = try whole(in: PracticeTime.range) }
                case "note": if try !reader.skipNull() { note = reader.decode(try reader.readString()) }
                default: try reader.skipValue()
                }
            }
            guard let kind, let date else { throw NotARecord() }
            events.append(ProgressEvent(kind: kind, date: date, rating: rating, seconds: seconds, note: note))
        }
        return events
    }

    /// A card in ``StoredReviewCard``'s shape.
    private mutating func reviewCard() throws -> ReviewCard {
        var card = ReviewCard(due: Date(timeIntervalSince1970: 0), state: .review)
        var hasDue = false
        try reader.beginObject()
        while let key = try nextKey() {
            switch key {
            case "due":
                card.due = try date()
                hasDue = true
            case "lastReview": if try !reader.skipNull() { card.lastReview = try date() }
            case "stability": if try !reader.skipNull() { card.stability = try number(StoredReviewCard.isStoredStability) }
            case "difficulty": if try !reader.skipNull() { card.difficulty = try number(StoredReviewCard.isStoredDifficulty) }
            case "state": card.state = try known(ReviewCard.State.self)
            case "reps": card.reps = try whole(in: StoredReviewCard.countRange)
            case "lapses": card.lapses = try whole(in: StoredReviewCard.countRange)
            default: try reader.skipValue()
            }
        }
        guard hasDue else { throw NotARecord() }
        return card
    }

    // MARK: Values of the shape

    /// A number that `isValid` accepts.
    private mutating func number(_ isValid: (Double) -> Bool) throws -> Double {
        let value = try reader.readDouble()
        guard isValid(value) else { throw NotARecord() }
        return value
    }

    /// A number that is a whole number in `range`.
    private mutating func whole(in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(exactly: try reader.readDouble()), range.contains(value) else { throw NotARecord() }
        return value
    }

    /// A string value that names one of `T`'s cases, matched on its bytes (no `String` is made);
    /// a string with escapes is decoded first.
    private mutating func known<T: KnownNames>(_ type: T.Type) throws -> T {
        let string = try reader.readString()
        guard let value = string.hasEscapes ? T(rawValue: reader.decode(string)) : T.named(string) else { throw NotARecord() }
        return value
    }

    /// A string value where any string will do (event kinds and ratings: a newer version may add
    /// some, and an unknown one still reads): one of `T`'s names as its constant, without making
    /// a `String` of its bytes, else the string as it is.
    private mutating func name<T: KnownNames>(_ type: T.Type) throws -> String {
        let string = try reader.readString()
        return T.named(string)?.rawValue ?? reader.decode(string)
    }

    /// A timestamp string (`2026-11-29T14:03:12Z`), read from its bytes.
    private mutating func date() throws -> Date {
        let string = try reader.readString()
        let date = string.hasEscapes ? UTCTimestamp.date(from: reader.decode(string)) : UTCTimestamp.date(fromUTF8: string.bytes)
        guard let date else { throw NotARecord() }
        return date
    }
}

/// A type whose stored names the record reader matches on their bytes.
private protocol KnownNames: RawRepresentable where RawValue == String {
    /// The known values by their stored names, the most frequent first.
    static var names: [(StaticString, Self)] { get }
}

extension KnownNames {
    /// The value whose stored name `string` holds, or `nil` when it names none of the known ones.
    static func named(_ string: JSONString) -> Self? {
        names.first { $0.0 ~= string }?.1
    }
}

extension Status: KnownNames {
    fileprivate static let names: [(StaticString, Status)] = [("solved", .solved), ("attempted", .attempted), ("todo", .todo)]
}

extension ProgressEvent.Kind: KnownNames {
    fileprivate static let names: [(StaticString, ProgressEvent.Kind)] = [
        ("solved", .solved), ("attempted", .attempted), ("reviewed", .reviewed), ("reset", .reset),
    ]
}

extension ReviewRating: KnownNames {
    fileprivate static let names: [(StaticString, ReviewRating)] = [("good", .good), ("again", .again), ("hard", .hard), ("easy", .easy)]
}

extension ReviewCard.State: KnownNames {
    fileprivate static let names: [(StaticString, ReviewCard.State)] = [
        ("review", .review), ("learning", .learning), ("relearning", .relearning),
    ]
}
