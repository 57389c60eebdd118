import Foundation
import Persistence
import Testing
import TestSupport

@testable import LeetTrackCore

@Suite("Progress in a store")
struct ProgressRepositoryTests {
    let directory: URL
    let store: Store
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("leettrack-core")
        directory = folder.url
        store = try Store.sqlite(path: directory.appendingPathComponent("store.sqlite").path)
    }

    let date = Date(timeIntervalSince1970: 1_764_424_992)

    @Test("changing one problem writes exactly its record and its summary")
    func oneKeyPerProblem() throws {
        let repository = ProgressRepository(store: store, clock: .fixed(date))
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try store.keys(withPrefix: "") == ["progress.two-sum", "summary.two-sum"])
        #expect(try repository.allProgress() == ["two-sum": ProblemProgress(favorite: true, favoriteUpdated: date)])
    }

    @Test("a record that becomes empty is removed")
    func emptyRecordsAreRemoved() throws {
        let repository = ProgressRepository(store: store, clock: .fixed(date))
        try repository.update(["two-sum"]) { _, record in record.recordAttempt(at: date) }
        let changes = try repository.update(["two-sum"]) { _, record in record.reset(at: date, forgetHistory: true) }
        #expect(changes.map(\.changed) == [true])
        #expect(try store.keys(withPrefix: "").isEmpty)
    }

    @Test("a record whose favorite was taken off keeps when, and only that, with its summary")
    func anUnfavoritedRecordKeepsWhen() throws {
        let repository = ProgressRepository(store: store, clock: .fixed(date))
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        let later = date.addingTimeInterval(60.7)
        let changes = try ProgressRepository(store: store, clock: .fixed(later)).update(["two-sum"]) { _, record in record.favorite = false }
        let kept = ProblemProgress(favoriteUpdated: later)
        #expect(changes.map(\.after) == [kept])
        #expect(try store.keys(withPrefix: "") == ["progress.two-sum", "summary.two-sum"])
        #expect(try repository.progress(for: "two-sum") == kept)
        #expect(kept.favoriteUpdated == date.addingTimeInterval(60) && kept.isEmpty && !kept.isRemovable)
        #expect(String(decoding: try #require(try store.rawValue(forKey: "progress.two-sum")), as: UTF8.self)
            == #"{"status":"todo","favoriteAt":"2025-11-29T14:04:12Z"}"#)
    }

    @Test("a change that fails part-way writes nothing")
    func allOrNothing() throws {
        struct Stop: Error {}
        let repository = ProgressRepository(store: store, clock: .system)
        #expect(throws: Stop.self) {
            try repository.update(["two-sum", "lru-cache"]) { slug, record in
                if slug == "lru-cache" { throw Stop() }
                record.recordSolve(at: date)
            }
        }
        #expect(try repository.allProgress().isEmpty)
    }

    @Test("a record that does not decode is reported with its key and left alone")
    func undecodableRecord() throws {
        try store.set(["status": "done"], for: Key<[String: String]>("progress.two-sum", default: [:]))
        let repository = ProgressRepository(store: store, clock: .system)
        #expect {
            try repository.allProgress()
        } throws: { error in
            guard case PersistenceError.undecodable(let key, _) = error else { return false }
            return key == "progress.two-sum"
        }
        #expect(try store.rawValue(forKey: "progress.two-sum") != nil)
    }

    @Test("reset of everything changes every touched problem at once")
    func updateAll() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum", "lru-cache"]) { _, record in record.recordSolve(at: date) }
        let changes = try repository.updateAll { _, record in record.reset(at: date, forgetHistory: true) }
        #expect(changes.filter(\.changed).count == 2)
        #expect(try repository.allProgress().isEmpty)
    }

    @Test(
        "a note that breaks the note rule is refused, naming the problem and the rule, and nothing is written",
        arguments: [String(repeating: "x", count: InputRules.maximumNoteLength + 1), "before\u{0}after"])
    func noteBreakingTheRuleIsRefused(note: String) throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["lru-cache"]) { _, record in record.note = "kept" }
        let stored = try repository.allProgress()
        #expect {
            try repository.update(["lru-cache", "two-sum"]) { slug, record in
                record.favorite = true
                if slug == "two-sum" { record.note = note }
            }
        } throws: { error in
            guard case LeetTrackError.invalidNote(let slug, let reason) = error else { return false }
            let rule = note.contains("\u{0}") ? "NUL" : "longer than \(InputRules.maximumNoteLength) bytes"
            return slug == "two-sum" && reason.contains(rule) && "\(error)".hasPrefix("cannot save the note of two-sum: the note")
        }
        #expect(try repository.allProgress() == stored)
    }

    @Test("a note of exactly the largest size is saved")
    func noteAtTheLimitIsSaved() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        let note = String(repeating: "x", count: InputRules.maximumNoteLength)
        try repository.update(["two-sum"]) { _, record in record.note = note }
        #expect(try repository.progress(for: "two-sum").note == note)
    }

    @Test("a reset of everything that would set a note over the limit is refused too")
    func updateAllChecksNotes() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(throws: LeetTrackError.self) {
            try repository.updateAll { _, record in record.note = String(repeating: "x", count: InputRules.maximumNoteLength + 1) }
        }
        #expect(try repository.progress(for: "two-sum").note.isEmpty)
    }

    @Test("a record that already holds a note over the limit can still be hearted, and its note cleared")
    func storedLongNoteDoesNotBlockOtherChanges() throws {
        let repository = ProgressRepository(store: store, clock: .system)
        let long = String(repeating: "x", count: InputRules.maximumNoteLength + 1)
        // Written as an older screen did, before the rule was kept here.
        try store.set(ProblemProgress(note: long), for: ProgressRepository.key(for: "two-sum"))
        try repository.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try repository.progress(for: "two-sum").favorite)
        #expect(try repository.progress(for: "two-sum").note == long)
        try repository.update(["two-sum"]) { _, record in record.note = "" }
        #expect(try repository.progress(for: "two-sum").note.isEmpty)
    }

    @Test("reads only the records a predicate accepts")
    func partialRead() throws {
        let repository = ProgressRepository(store: store, clock: .fixed(date))
        try repository.update(["two-sum", "lru-cache"]) { _, record in record.favorite = true }
        #expect(try repository.progress { $0 == "lru-cache" } == ["lru-cache": ProblemProgress(favorite: true, favoriteUpdated: date)])
    }
}
