import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Sync: the per-record conflict rule and the journal of local changes")
struct SyncMergeTests {
    static func stamp(_ milliseconds: Int64, _ node: String = "a") -> HLCTimestamp {
        HLCTimestamp(milliseconds: milliseconds, counter: 0, node: node)
    }

    static let day = Date(timeIntervalSince1970: 1_764_000_000)
    static let solved = ProgressEvent(kind: .solved, date: day)
    static let attempted = ProgressEvent(kind: .attempted, date: day.addingTimeInterval(86_400))

    @Test("merging is commutative, associative and idempotent")
    func mergeLaws() {
        let a: SyncMerge.Side = (ProblemProgress(status: .solved, favorite: true, note: "a", events: [Self.solved]),
                                 SyncMetadata(status: Self.stamp(1), favorite: Self.stamp(1), note: Self.stamp(3)))
        let b: SyncMerge.Side = (ProblemProgress(status: .attempted, note: "b", events: [Self.attempted]),
                                 SyncMetadata(status: Self.stamp(2, "b"), favorite: Self.stamp(2, "b"), note: Self.stamp(2, "b")))
        let c: SyncMerge.Side = (ProblemProgress(status: .todo, events: [Self.solved, Self.solved]),
                                 SyncMetadata(erased: [Self.attempted]))
        func same(_ x: SyncMerge.Side, _ y: SyncMerge.Side) -> Bool { x.progress == y.progress && x.metadata == y.metadata }
        #expect(same(SyncMerge.merge(a, b), SyncMerge.merge(b, a)))
        #expect(same(SyncMerge.merge(SyncMerge.merge(a, b), c), SyncMerge.merge(a, SyncMerge.merge(b, c))))
        let ab = SyncMerge.merge(a, b)
        #expect(same(SyncMerge.merge(ab, ab), ab))
        #expect(same(SyncMerge.merge(ab, a), ab))
    }

    @Test("favorite and note go to the value with the later hybrid-clock stamp")
    func latestWriterWins() {
        let older: SyncMerge.Side = (ProblemProgress(favorite: true, note: "old"), SyncMetadata(favorite: Self.stamp(5), note: Self.stamp(5)))
        let newer: SyncMerge.Side = (ProblemProgress(favorite: false, note: "new"), SyncMetadata(favorite: Self.stamp(6, "b"), note: Self.stamp(6, "b")))
        let merged = SyncMerge.merge(older, newer).progress
        #expect(merged.favorite == false)
        #expect(merged.note == "new")
    }

    @Test("histories merge as a union without doubling, and the status follows the merged history")
    func historiesUnion() {
        let laptop: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved]), SyncMetadata(status: Self.stamp(1)))
        let desktop: SyncMerge.Side = (ProblemProgress(status: .attempted, events: [Self.solved, Self.attempted]),
                                       SyncMetadata(status: Self.stamp(9, "b")))
        let merged = SyncMerge.merge(laptop, desktop).progress
        #expect(merged.events == [Self.solved, Self.attempted])
        #expect(merged.status == .solved)
    }

    @Test("one rule of status and history: a review since the last reset makes it solved, LeetCode's word stays, a reset counts")
    func oneStatusRule() throws {
        let attempt = ProgressEvent(kind: .attempted, date: Self.day)
        let review = ProgressEvent(kind: .reviewed, date: Self.day.addingTimeInterval(86_400), rating: "hard")
        let reset = ProgressEvent(kind: .reset, date: Self.day.addingTimeInterval(2 * 86_400))
        #expect(ProgressHistory.status(of: [attempt, review]) == .solved)
        #expect(ProgressHistory.status(of: [review, attempt]) == .solved)
        #expect(ProgressHistory.status(of: [attempt, review, reset]) == .todo)
        #expect(ProgressHistory.status(of: [review, reset, attempt].reversed()) == .todo)
        #expect(ProgressHistory.status(of: []) == nil)
        #expect(ProgressHistory.status(.solved, with: [attempt]) == .solved)
        #expect(ProgressHistory.status(.attempted, with: [attempt, review]) == .solved)
        // A first push merges a never-synced record with itself: nothing is rewritten.
        let imported: SyncMerge.Side = (ProblemProgress(status: .solved, events: [attempt, review]), SyncMetadata())
        #expect(SyncMerge.merge(imported, imported).progress.status == .solved)
        let leetCodesWord: SyncMerge.Side = (ProblemProgress(status: .solved, events: [attempt]), SyncMetadata())
        #expect(SyncMerge.merge(leetCodesWord, leetCodesWord).progress.status == .solved)
        // Both decoders read a record stored below its history by the rule.
        let stored = Data(#"{"status":"attempted","events":[{"kind":"attempted","at":"2025-11-24T16:00:00Z"},{"kind":"reviewed","at":"2025-11-25T16:00:00Z","rating":"hard"}]}"#.utf8)
        #expect(ProgressJSONReader.progress(from: stored)?.status == .solved)
        #expect(try JSONDecoder().decode(ProblemProgress.self, from: stored).status == .solved)
    }

    @Test("an event's time and note travel with it, and the merge is the same in either order")
    func timedEventsMerge() {
        let timed = ProgressEvent(kind: .attempted, date: Self.day.addingTimeInterval(60), seconds: 1500, note: "TLE on case 57")
        let laptop: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved]), SyncMetadata(status: Self.stamp(1)))
        let desktop: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved, timed]), SyncMetadata(status: Self.stamp(2, "b")))
        let merged = SyncMerge.merge(laptop, desktop).progress
        #expect(merged.events == [Self.solved, timed])
        #expect(SyncMerge.merge(desktop, laptop).progress == merged)
    }

    @Test("the same event with and without its time (an older build dropped it) merges into one, timed")
    func eventWithoutItsDetailsIsTheSameEvent() {
        let timed = ProgressEvent(kind: .solved, date: Self.day.addingTimeInterval(60), seconds: 1500, note: "two pointers")
        let bare = ProgressEvent(kind: .solved, date: Self.day.addingTimeInterval(60))
        let newer: SyncMerge.Side = (ProblemProgress(status: .solved, events: [timed]), SyncMetadata(status: Self.stamp(1)))
        let older: SyncMerge.Side = (ProblemProgress(status: .solved, events: [bare]), SyncMetadata(status: Self.stamp(2, "b")))
        let merged = SyncMerge.merge(newer, older).progress
        #expect(merged.events == [timed])
        #expect(SyncMerge.merge(older, newer).progress == merged)
    }

    @Test("events erased with reset --forget do not come back from the other side")
    func erasedEventsStayErased() {
        let forgot: SyncMerge.Side = (ProblemProgress(), SyncMetadata(status: Self.stamp(5), erased: [Self.solved]))
        let other: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved, Self.attempted]), SyncMetadata(status: Self.stamp(1, "b")))
        let merged = SyncMerge.merge(forgot, other).progress
        #expect(merged.events == [Self.attempted])
        #expect(merged.status == .attempted)
    }

    @Test("a clock that runs behind still stamps after what it has seen")
    func clockRunsBehind() {
        var clock = HybridLogicalClock(node: "slow")
        clock.observe(Self.stamp(10_000, "fast"))
        let next = clock.tick(now: Date(timeIntervalSince1970: 1))
        #expect(next > Self.stamp(10_000, "fast"))
        #expect(clock.tick(now: Date(timeIntervalSince1970: 1)) > next)
    }

    @Test("the review card of the side reviewed last survives a merge, in either order")
    func reviewCardSurvives() {
        let scheduler = ReviewScheduler()
        let first = scheduler.newCard(rating: .good, at: Self.day)
        let later = scheduler.review(first, rating: .easy, at: Self.day.addingTimeInterval(5 * 86_400))
        let laptop: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved], review: first), SyncMetadata())
        let desktop: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved], review: later), SyncMetadata())
        let withoutCard: SyncMerge.Side = (ProblemProgress(status: .solved, events: [Self.solved]), SyncMetadata())
        #expect(SyncMerge.merge(laptop, desktop).progress.review == later)
        #expect(SyncMerge.merge(desktop, laptop).progress.review == later)
        #expect(SyncMerge.merge(withoutCard, laptop).progress.review == first)
    }

    @Test("the note keeps the edit date of the side it came from")
    func noteDateFollowsNote() {
        var older = ProblemProgress(note: "old")
        older.noteUpdated = Self.day
        var newer = ProblemProgress(note: "new")
        newer.noteUpdated = Self.day.addingTimeInterval(60)
        let merged = SyncMerge.merge((older, SyncMetadata(note: Self.stamp(5))), (newer, SyncMetadata(note: Self.stamp(6, "b"))))
        #expect(merged.progress.note == "new")
        #expect(merged.progress.noteUpdated == Self.day.addingTimeInterval(60))
    }

    @Test("the favorite keeps the time of the side it came from, in either order and again")
    func favoriteDateFollowsFavorite() {
        let older: SyncMerge.Side = (ProblemProgress(favorite: true, favoriteUpdated: Self.day), SyncMetadata(favorite: Self.stamp(5)))
        let newer: SyncMerge.Side = (ProblemProgress(favoriteUpdated: Self.day.addingTimeInterval(60)), SyncMetadata(favorite: Self.stamp(6, "b")))
        let merged = SyncMerge.merge(older, newer)
        #expect(merged.progress == ProblemProgress(favoriteUpdated: Self.day.addingTimeInterval(60)))
        #expect(SyncMerge.merge(newer, older).progress == merged.progress)
        #expect(SyncMerge.merge(merged, older).progress == merged.progress)
        // Unstamped (before a first sync), the rule is unchanged: a favorite over none, with its time.
        let unstamped = SyncMerge.merge((older.progress, SyncMetadata()), (newer.progress, SyncMetadata()))
        #expect(unstamped.progress == older.progress && unstamped.metadata.favorite == nil)
    }

    @Test("an import into a synced store is journaled, so the next sync pushes it")
    func importIsJournaled() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)
        let source = Store.memory()
        try ProgressRepository(store: source, clock: .system).update(["two-sum"]) { _, record in record.favorite = true }
        let document = try Exporter(catalog: .builtIn).document(of: source)
        _ = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(document, mode: .merge, dryRun: false)
        #expect(try store.keys(withPrefix: SyncKeys.pendingPrefix) == ["sync.pending.two-sum"])
        #expect(try store.value(for: SyncKeys.metadata("two-sum")).favorite != nil)
    }

    @Test("a store that never synced records nothing beyond the record itself (and its summary)")
    func noJournalBeforeFirstSync() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .system).update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try store.keys(withPrefix: "") == ["progress.two-sum", "summary.two-sum"])
    }

    @Test("once synced, each change through the repository is stamped and marked pending in the same transaction")
    func journalRecordsChanges() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // What the first sync leaves.
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        try repository.update(["two-sum"]) { _, record in record.favorite = false }
        // Kept for when its favorite was taken off (the sync stamps hold it too).
        #expect(try repository.progress(for: "two-sum").isEmpty && store.containsValue(forKey: "progress.two-sum"))
        let metadata = try store.value(for: SyncKeys.metadata("two-sum"))
        #expect(metadata.favorite != nil && metadata.note == nil)
        #expect(try store.keys(withPrefix: SyncKeys.pendingPrefix) == ["sync.pending.two-sum"])
        try repository.update(["3sum"]) { _, _ in }  // Nothing changed: nothing recorded.
        #expect(try store.keys(withPrefix: SyncKeys.metadataPrefix) == ["sync.meta.two-sum"])
    }

    @Test("records and stores from before sync still read, and the first sync counts them as waiting")
    func oldStoresStillRead() throws {
        let store = Store.memory()
        try store.set(ProblemProgress(status: .attempted), for: ProgressRepository.key(for: "3sum"))
        let raw = Data(#"{"status":"solved","favorite":true}"#.utf8)
        #expect(try ProgressRepository.decode(raw, key: "progress.two-sum") == ProblemProgress(status: .solved, favorite: true))
        #expect(try JSONDecoder().decode(SyncMetadata.self, from: Data("{}".utf8)) == SyncMetadata())
        #expect(try SyncRemote.status(of: store).pending == 1)
        #expect(try SyncRemote.status(of: store).state == nil)
    }

    @Test("events at one instant keep the order each side recorded them in, in either merge order and again")
    func sameInstantOrderIsKept() {
        let solved = ProgressEvent(kind: .solved, date: Self.day, rating: "good")
        let reviewed = ProgressEvent(kind: .reviewed, date: Self.day, rating: "good")
        let reset = ProgressEvent(kind: .reset, date: Self.day)
        let local = ProblemProgress(status: .todo, events: [solved, reviewed, reset])
        let server = ProblemProgress(status: .solved, events: [solved])
        for (a, b) in [(local, server), (server, local)] {
            let merged = SyncMerge.merge((a, SyncMetadata()), (b, SyncMetadata())).progress
            #expect(merged.events == [solved, reviewed, reset])
            #expect(merged.status == .todo)
            #expect(SyncMerge.merge((merged, SyncMetadata()), (a, SyncMetadata())).progress == merged)
            let imported = ProgressMerge.merge(a, b).0
            #expect(imported.events == [solved, reviewed, reset])
            #expect(imported.status == .todo)
        }
        // Two machines' own orders at one instant: the same result in either order, each event once.
        let x = [reset, solved]
        let y = [reviewed, reset]
        #expect(ProgressHistory.union(x, y) == ProgressHistory.union(y, x))
        #expect(ProgressHistory.union(x, y).count == 3)
        #expect(ProgressHistory.union(x + x, x) == x + x)
    }
}
