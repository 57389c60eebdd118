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

    @Test("on a store that never synced, an offline favorite wins, as sync counts unstamped values older")
    func unstampedValuesCountOlder() throws {
        let store = Store.memory()
        let repository = ProgressRepository(store: store, clock: .fixed(Self.now))
        try repository.update([Self.favorite(true, at: Self.now.addingTimeInterval(-9000))])
        #expect(try repository.progress(for: "two-sum").favorite == true)
        #expect(try store.keys(withPrefix: "sync.") == [])
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
