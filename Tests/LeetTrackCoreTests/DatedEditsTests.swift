import Foundation
@testable import LeetTrackCore
import Persistence
import Testing

/// Changes made at an earlier time on a device that could not reach the store (the web page
/// offline), merged by sync's rule: the later change wins, events are united.
@Suite("dated edits")
struct DatedEditsTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func favorite(_ on: Bool, at date: Date?) -> DatedProgressEdit {
        DatedProgressEdit(slug: "two-sum", madeAt: date) { record, _ in record.favorite = on }
    }

    @Test("on a synced store, a favorite set offline does not overwrite a change made after it")
    func anOlderFavoriteLosesToALaterChange() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)
        // Hearted, then un-hearted an hour before now, here or by a sync.
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-7200))).update(["two-sum"]) { $1.favorite = true }
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-3600))).update(["two-sum"]) { $1.favorite = false }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        // The phone hearted it two hours and a half ago, offline: older than the un-heart.
        let after = try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-9000))])
        #expect(after.map(\.favorite) == [false])
        #expect(try repository.progress(for: "two-sum").favorite == false)
        // Hearted offline half an hour ago: later than the un-heart, it wins, stamped when it was made.
        try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-1800))])
        #expect(try repository.progress(for: "two-sum").favorite == true)
        let stamp = try #require(try store.value(for: SyncKeys.metadata("two-sum")).favorite)
        #expect(stamp.milliseconds == Int64((Self.now.timeIntervalSince1970 - 1800) * 1000))
    }

    @Test("on a store that never synced, a favorite set offline does not undo a heart taken off after it")
    func anOlderFavoriteLosesOnAStoreThatNeverSynced() throws {
        let store = Store.memory()
        // Hearted two hours before now, un-hearted an hour before: the record keeps only when.
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-7200))).update(["two-sum"]) { $1.favorite = true }
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-3600))).update(["two-sum"]) { $1.favorite = false }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        // The phone hearted it an hour and a half ago, offline: older than the un-heart.
        let after = try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-5400))])
        #expect(after == [ProblemProgress(favoriteUpdated: Self.now.addingTimeInterval(-3600))])
        #expect(try repository.progress(for: "two-sum") == after[0])
        // Hearted offline half an hour ago: later than the un-heart, it wins, dated when it was made.
        try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-1800))])
        #expect(try repository.progress(for: "two-sum") == ProblemProgress(favorite: true, favoriteUpdated: Self.now.addingTimeInterval(-1800)))
        #expect(try store.keys(withPrefix: "sync.") == [])
    }

    @Test("on a store that never synced, an offline un-heart older than the heart leaves it, and the rest of the change applies")
    func anOlderUnfavoriteLosesOnAStoreThatNeverSynced() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-600))).update(["two-sum"]) { $1.favorite = true }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let older = DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-3600)) { record, date in
            record.favorite = false
            record.recordAttempt(at: date)
        }
        let after = try repository.update([older])
        #expect(after.map(\.favorite) == [true])
        let record = try repository.progress(for: "two-sum")
        #expect(record.favorite && record.favoriteUpdated == Self.now.addingTimeInterval(-600))
        #expect(record.events.map(\.date) == [Self.now.addingTimeInterval(-3600)])
    }

    @Test("the record keeps the favorite's time to the second: a change made within that second applies, one before it does not")
    func aChangeWithinTheSecondApplies() throws {
        let store = Store.memory()
        let changed = Self.now.addingTimeInterval(-60.7)  // Kept as -61 s, the second it fell in.
        try ProgressRepository(store: store, clock: .fixed(changed)).update(["two-sum"]) { $1.favorite = true }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        try repository.update([Self.favorite(false, at: Self.now.addingTimeInterval(-61.001))])
        #expect(try repository.progress(for: "two-sum").favorite == true)
        try repository.update([Self.favorite(false, at: Self.now.addingTimeInterval(-61))])
        #expect(try repository.progress(for: "two-sum").favorite == false)
    }

    @Test("on a synced store, a favorite changed before its first sync counts at the time the record keeps")
    func aFavoriteFromBeforeTheFirstSyncCountsAtItsTime() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-3600))).update(["two-sum"]) { $1.favorite = true }
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // The first sync, after it: no stamp for it.
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        try repository.update([Self.favorite(false, at: Self.now.addingTimeInterval(-7200))])
        #expect(try repository.progress(for: "two-sum").favorite == true)
        #expect(try store.value(for: SyncKeys.metadata("two-sum")).favorite == nil)
    }

    @Test("a favorite with no time (never changed here, or from before favorites carried one) counts older, as sync counts it")
    func untimedValuesCountOlder() throws {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-9000))])
        #expect(try repository.progress(for: "two-sum") == ProblemProgress(favorite: true, favoriteUpdated: Self.now.addingTimeInterval(-9000)))
        // A record an older build wrote: favorite, no time.
        try store.set(ProblemProgress(favorite: true), for: ProgressRepository.key(for: "3sum"))
        try repository.update([DatedProgressEdit(slug: "3sum", madeAt: Self.now.addingTimeInterval(-9000)) { record, _ in record.favorite = false }])
        #expect(try repository.progress(for: "3sum").favorite == false)
        #expect(try store.keys(withPrefix: "sync.") == [])
    }

    @Test("several dated changes of one favorite in one batch: the latest made wins, whatever the order they arrive in")
    func theLatestOfSeveralWins() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-3000))).update(["two-sum"]) { $1.favorite = true }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let after = try repository.update([
            Self.favorite(false, at: Self.now.addingTimeInterval(-1000)), Self.favorite(true, at: Self.now.addingTimeInterval(-2000)),
            Self.favorite(true, at: Self.now.addingTimeInterval(-4000)),
        ])
        #expect(after.map(\.favorite) == [false, false, false])
        #expect(try repository.progress(for: "two-sum") == ProblemProgress(favoriteUpdated: Self.now.addingTimeInterval(-1000)))
    }

    @Test("a note written offline does not replace a note edited after it")
    func anOlderNoteLoses() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-600))).update(["two-sum"]) { $1.note = "later" }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let older = DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-3600)) { record, _ in record.note = "offline" }
        try repository.update([older])
        #expect(try repository.progress(for: "two-sum").note == "later")
        let newer = DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-60)) { record, _ in record.note = "newest" }
        try repository.update([newer])
        let record = try repository.progress(for: "two-sum")
        #expect(record.note == "newest")
        #expect(record.noteUpdated == Self.now.addingTimeInterval(-60))
    }

    @Test("on a store that never synced, a note written offline does not come back after the note was cleared later")
    func anOlderNoteLosesToALaterClear() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-7200))).update(["two-sum"]) { $1.note = "desk" }
        // Cleared an hour before now: the record keeps only when.
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-3600))).update(["two-sum"]) { $1.note = "" }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        #expect(try repository.progress(for: "two-sum") == ProblemProgress(noteUpdated: Self.now.addingTimeInterval(-3600)))
        let older = DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-5400)) { record, _ in record.note = "phone" }
        try repository.update([older])
        #expect(try repository.progress(for: "two-sum").note == "")
        // Written offline after the clear: it wins, dated when it was made.
        let newer = DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-1800)) { record, _ in record.note = "phone, later" }
        try repository.update([newer])
        #expect(try repository.progress(for: "two-sum") == ProblemProgress(note: "phone, later", noteUpdated: Self.now.addingTimeInterval(-1800)))
        #expect(try store.keys(withPrefix: "sync.") == [])
    }

    @Test("a note over the size limit is refused from a dated edit as from any other, and nothing is written")
    func aLongNoteIsRefused() throws {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let long = String(repeating: "x", count: InputRules.maximumNoteLength + 1)
        let edits = [Self.favorite(true, at: nil), DatedProgressEdit(slug: "two-sum", madeAt: Self.now.addingTimeInterval(-60)) { record, _ in record.note = long }]
        #expect(throws: LeetTrackError.invalidNote(slug: "two-sum", reason: "the note is longer than \(InputRules.maximumNoteLength) bytes")) {
            try repository.update(edits)
        }
        #expect(try store.keys(withPrefix: "progress.").isEmpty)
    }

    @Test("a solve made offline lands dated when it was made, in its place in the history")
    func eventsAreDatedWhenMade() throws {
        let store = Store.memory()
        try ProgressRepository(store: store, clock: .fixed(Self.now.addingTimeInterval(-60))).update(["two-sum"]) {
            $1.recordAttempt(at: Self.now.addingTimeInterval(-60))
        }
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let made = Self.now.addingTimeInterval(-86_400)
        try repository.update([DatedProgressEdit(slug: "two-sum", madeAt: made) { record, date in record.recordSolve(at: date) }])
        let record = try repository.progress(for: "two-sum")
        #expect(record.events.map(\.kind) == [.solved, .attempted])
        #expect(record.events.first?.date == made)
        #expect(record.status == .solved)
    }

    @Test("an ordinary edit is dated now, and several edits of one problem write it once, in order")
    func undatedEditsApplyInOrder() throws {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        let after = try repository.update([
            Self.favorite(true, at: nil), DatedProgressEdit(slug: "two-sum", madeAt: nil) { record, date in record.recordAttempt(at: date) },
            Self.favorite(false, at: nil),
        ])
        #expect(after.map(\.favorite) == [true, true, false])
        let record = try repository.progress(for: "two-sum")
        #expect(record.events.map(\.date) == [Self.now])
        #expect(record.status == .attempted && !record.favorite)
    }

    @Test("what runs alongside can refuse the whole change")
    func alongsideThrowingAppliesNothing() throws {
        struct Refused: Error {}
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        #expect(throws: Refused.self) { try repository.update([Self.favorite(true, at: nil)]) { _, _ in throw Refused() } }
        #expect(try store.keys(withPrefix: "") == [])
    }
}
