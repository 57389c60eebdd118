import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

/// Issue 12 in the library: the rules every entrance applies, and the sync rules for notes and resets.
@Suite("Untrusted input: rules and merges")
struct UntrustedInputTests {
    static let now = UTCTimestamp.date(from: "2026-11-30T12:00:00Z")!
    static let day = UTCTimestamp.date(from: "2026-11-20T12:00:00Z")!

    func violation(_ progress: ProblemProgress) -> InputRules.Violation? {
        do {
            try InputRules.check(progress, at: "problems[12]", now: Self.now)
            return nil
        } catch {
            return error
        }
    }

    @Test("a bad rating is named by its JSON path")
    func badRatingPath() {
        let events = [ProgressEvent(kind: .solved, date: Self.day), ProgressEvent(kind: .attempted, date: Self.day),
                      ProgressEvent(kind: .attempted, date: Self.day), ProgressEvent(kind: .reviewed, date: Self.day, rating: "superb")]
        #expect(violation(ProblemProgress(status: .solved, events: events))?.path == "problems[12].history[3].rating")
    }

    @Test("dates before 2010 or in the future are refused")
    func dateBounds() {
        let old = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: UTCTimestamp.date(from: "2009-12-31T23:59:59Z")!)])
        #expect(violation(old)?.reason.contains("before 2010") == true)
        let future = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: UTCTimestamp.date(from: "2099-01-01T00:00:00Z")!)])
        #expect(violation(future)?.reason.contains("future") == true)
        // A favorite's time from the future would make every change sent later lose to it.
        let futureFavorite = ProblemProgress(favorite: true, favoriteUpdated: UTCTimestamp.date(from: "2099-01-01T00:00:00Z")!)
        #expect(violation(futureFavorite)?.path == "problems[12].favoriteAt")
        #expect(violation(ProblemProgress(favorite: true, favoriteUpdated: Self.day)) == nil)
    }

    @Test("a status behind the history is refused; one ahead of it (LeetCode's word) is accepted")
    func statusAgainstHistory() {
        #expect(violation(ProblemProgress(status: .todo, events: [ProgressEvent(kind: .solved, date: Self.day)]))?.path == "problems[12].status")
        #expect(violation(ProblemProgress(status: .solved)) == nil)
        let reset = [ProgressEvent(kind: .solved, date: Self.day), ProgressEvent(kind: .reset, date: Self.day.addingTimeInterval(60))]
        #expect(violation(ProblemProgress(status: .todo, events: reset)) == nil)
    }

    @Test("FSRS values must be finite and in range")
    func cardRanges() {
        for (stability, difficulty, path) in [(-5.0, 5.0, "stability"), (2.0, 99.0, "difficulty"), (Double.nan, 5.0, "stability"),
                                              (Double.infinity, 5.0, "stability")] {
            let card = ReviewCard(due: Self.day, stability: stability, difficulty: difficulty, state: .review, lastReview: Self.day, reps: 1)
            let record = ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: Self.day)], review: card)
            #expect(violation(record)?.path == "problems[12].review.\(path)")
        }
    }

    @Test("slugs are lowercase letters, digits and hyphens of bounded length")
    func slugs() throws {
        try InputRules.check(slug: "two-sum", at: "slug")
        for bad in ["two\u{0}sum", "Two-Sum", "", "a b", String(repeating: "a", count: 201), "x\u{1B}[2J"] {
            #expect(throws: InputRules.Violation.self) { try InputRules.check(slug: bad, at: "slug") }
        }
    }

    @Test("an unstamped note counts at its edit date: a newer note beats an older one, whatever their text")
    func unstampedNotesByDate() {
        let old: SyncMerge.Side = (ProblemProgress(note: "zzz old", noteUpdated: Self.day), SyncMetadata())
        let new: SyncMerge.Side = (ProblemProgress(note: "aaa new", noteUpdated: Self.day.addingTimeInterval(3600)), SyncMetadata())
        #expect(SyncMerge.merge(old, new).progress.note == "aaa new")
        #expect(SyncMerge.merge(new, old).progress.note == "aaa new")
    }

    @Test("an unstamped note edited after a stamped one wins; on equal times the merge does not use text order")
    func unstampedAgainstStamped() {
        let stampMilliseconds = Int64(Self.day.timeIntervalSince1970 * 1000)
        let stamped: SyncMerge.Side = (ProblemProgress(note: "aaa stamped", noteUpdated: Self.day),
                                       SyncMetadata(note: HLCTimestamp(milliseconds: stampMilliseconds, counter: 0, node: "n")))
        let later: SyncMerge.Side = (ProblemProgress(note: "zzz later", noteUpdated: Self.day.addingTimeInterval(60)), SyncMetadata())
        #expect(SyncMerge.merge(stamped, later).progress.note == "zzz later")
        let short: SyncMerge.Side = (ProblemProgress(note: "a", noteUpdated: Self.day), SyncMetadata())
        let long: SyncMerge.Side = (ProblemProgress(note: "zz longer", noteUpdated: Self.day), SyncMetadata())
        #expect(SyncMerge.merge(short, long).progress.note == SyncMerge.merge(long, short).progress.note)
        #expect(SyncMerge.merge(short, long).progress.note == "zz longer")
    }

    @Test("a solve dated before a reset on another machine leaves both machines at todo after a sync")
    func resetWinsAfterSync() {
        var laptop = ProblemProgress()
        laptop.recordSolve(at: Self.day, rating: .good, scheduler: ReviewScheduler())
        var desktop = laptop
        laptop.reset(at: Self.day.addingTimeInterval(5 * 86_400), forgetHistory: false)
        desktop.recordSolve(at: Self.day.addingTimeInterval(2 * 86_400), rating: .good, scheduler: ReviewScheduler())
        let merged = SyncMerge.merge((laptop, SyncMetadata()), (desktop, SyncMetadata())).progress
        #expect(merged.status == .todo)
        #expect(merged.review == nil)
        var local = laptop
        local.recordSolve(at: Self.day.addingTimeInterval(2 * 86_400), rating: .good, scheduler: ReviewScheduler())
        #expect(local.status == merged.status)
    }

    @Test("a pulled record that breaks a rule is left out, named, and changes nothing here")
    func invalidPulledRecord() throws {
        let laptop = Store.memory()
        let desktop = Store.memory()
        let remote = Store.memory()
        _ = try ProgressRepository(store: laptop, clock: .system).update(["two-sum"]) { _, record in
            record.recordSolve(at: Self.day, rating: .good, scheduler: ReviewScheduler())
        }
        _ = try ProgressRepository(store: desktop, clock: .system).update(["lru-cache"]) { _, record in record.favorite = true }
        try SyncEngine(local: desktop, remote: remote, clock: .system).run()
        try SyncEngine(local: laptop, remote: remote, clock: .system).run()
        // A broken client writes a card no FSRS can hold.
        let key = SyncEngine.RemoteKeys.record("two-sum")
        var record = try #require(try remote.value(for: key))
        let sequence = try remote.value(for: SyncEngine.RemoteKeys.sequence) + 1
        record.progress.review?.difficulty = 99
        record.sequence = sequence
        try remote.set(record, for: key)
        try remote.set(sequence, for: SyncEngine.RemoteKeys.sequence)
        try remote.set(["two-sum"], for: SyncEngine.RemoteKeys.log(sequence))
        var before: [String: Data] = [:]
        for name in try desktop.keys(withPrefix: "") { before[name] = try desktop.rawValue(forKey: name) }
        #expect(try SyncEngine(local: desktop, remote: remote, clock: .system).run().refused == [SyncError.invalidRemoteRecord(
            key: "progress.two-sum", path: "progress.review.difficulty", reason: "difficulty 99.0 is not between 1.0 and 10.0")])
        var after: [String: Data] = [:]
        for name in try desktop.keys(withPrefix: "") { after[name] = try desktop.rawValue(forKey: name) }
        #expect(after == before)
    }

    @Test("text that shows nothing is empty by one rule: blanks, zero-width and format characters, controls")
    func showsNothing() {
        for text in ["", " ", "\t\n", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2060}", "\u{00AD}", "\u{1B}", "\u{202E}",
                     "\u{3000}\u{200B}", "\u{FE0F}", "\u{2028}"] {
            #expect(InputRules.showsNothing(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for text in ["a", " a ", "\u{200B}x", "é", "👍", "-", "\u{00A0}."] {
            #expect(!InputRules.showsNothing(text), "\(text)")
        }
        #expect(InputRules.emptiness("") == "empty")
        #expect(InputRules.emptiness("  ") == "blank")
        #expect(InputRules.emptiness("\u{200B}") == "empty (it holds only invisible characters)")
    }
}
