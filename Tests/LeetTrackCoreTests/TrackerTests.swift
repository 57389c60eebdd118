import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Tracker and its clock")
struct TrackerTests {
    let instant = Date(timeIntervalSince1970: 1_772_600_767)  // 2026-03-04T05:06:07Z

    @Test("a note changed through a tracker is stamped with the tracker's clock")
    func noteStamp() throws {
        let tracker = try Tracker(store: .memory(), clock: .fixed(instant), timeZone: TimeZone.gmt)
        let changes = try tracker.progress.update(["two-sum"]) { _, record in record.note = "hash map" }
        #expect(changes.first?.after.noteUpdated == instant)
    }

    @Test("every kind of synced write is journaled at the tracker's instant")
    func syncStamps() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // What a first sync leaves.
        let tracker = try Tracker(store: store, clock: .fixed(instant), timeZone: TimeZone.gmt)
        let milliseconds = Int64(instant.timeIntervalSince1970 * 1000)
        try tracker.progress.update(["two-sum"]) { _, record in record.favorite = true }
        #expect(try store.value(for: SyncKeys.metadata("two-sum")).favorite?.milliseconds == milliseconds)
        try tracker.lists.create("Mine", in: tracker.catalog, at: instant)
        #expect(try store.value(for: SyncKeys.stamps("lists.mine")).changed?.milliseconds == milliseconds)
        var settings = ReviewSettings()
        try settings.set(.desiredRetention, to: "0.85")
        try tracker.reviews.save(settings)
        #expect(try store.value(for: SyncKeys.stamps(ReviewSettings.key.name)).changed?.milliseconds == milliseconds)
    }

    @Test("a tracker lays its store's catalog update over the built-in catalog, without changing it for others")
    func catalogPerTracker() throws {
        let tracker = try Tracker(store: .memory(), clock: .fixed(instant), timeZone: TimeZone.gmt)
        #expect(tracker.catalog.count == Catalog.builtIn.count)
    }

    @Test("LeetTrackCore reads the system time only in Clock.swift")
    func oneClock() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LeetTrackCore")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 20)
        for file in files where file.lastPathComponent != "Clock.swift" {
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.contains("Date()") || $0.contains("Date.now") }, "\(file.lastPathComponent) reads the system time")
        }
    }
}
