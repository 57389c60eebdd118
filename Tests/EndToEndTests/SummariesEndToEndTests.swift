import Foundation
import LeetTrackCore
import Persistence
import Testing
import TestSupport

/// `stats`, `review`, `favorites` and `list` read the summaries that every change keeps beside
/// the records; a record changed without them (an older LeetTrack, a hand edit) must still show.
@Suite("leettrack's summaries beside the records, end to end")
struct SummariesEndToEndTests {
    @Test("records edited with the sqlite3 shell show in stats and the listings, and the next change rebuilds the summaries")
    func handEditsShow() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-01-10")
        try leettrack.run("fav", "2")
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("✓ The summaries match the records"), "\(doctor.stdout)")
        #expect(try leettrack.snapshot(withSummaries: true).keys.contains("summary.two-sum"))

        try leettrack.sqlite3("""
            UPDATE entries SET value = '{"status":"solved","favorite":true,"events":[{"kind":"solved","at":"2026-01-11T09:00:00Z"}]}'
                WHERE key = 'progress.add-two-numbers';
            INSERT INTO entries(key, value) VALUES('progress.3sum', '{"status":"solved","favorite":true}');
            """)
        let stats = try leettrack.run("stats")
        #expect(stats.stdout.contains("Solved 3 of"), "\(stats.stdout)")
        #expect(stats.stdout.contains("Favorites:  2"), "\(stats.stdout)")
        let favorites = try leettrack.run("favorites")
        #expect(favorites.stdout.contains("Add Two Numbers") && favorites.stdout.contains("3Sum"), "\(favorites.stdout)")
        #expect(try leettrack.run("list", "--status", "solved").stdout.contains("3 problems"))
        let stale = try leettrack.run("doctor")
        #expect(stale.status == 0)
        #expect(stale.stdout.contains("✓ The summaries are out of date and not used"), "\(stale.stdout)")

        try leettrack.run("fav", "4")
        let rebuilt = try leettrack.run("doctor")
        #expect(rebuilt.stdout.contains("✓ The summaries match the records"), "\(rebuilt.stdout)")
        #expect(try leettrack.run("stats").stdout.contains("Solved 3 of"))
        #expect(try leettrack.run("list", "--status", "solved").stdout.contains("3 problems"))
        #expect(try leettrack.run("favorites").stdout.contains("3 favorites"))
    }

    @Test("a heart writes the record and its summary, nothing else, and the favorites sheet reads the summaries")
    func favoritesFromSummaries() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "2", "--date", "2026-01-10")
        let before = try leettrack.snapshot(withSummaries: true)
        try leettrack.run("fav", "2")
        let after = try leettrack.snapshot(withSummaries: true)
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(changed == ["progress.add-two-numbers", "summary.add-two-numbers"], "\(changed.sorted())")
        #expect(!after.keys.contains { $0.hasPrefix("favorite") || $0.hasPrefix("due") }, "\(after.keys.sorted())")
        var favorites = try leettrack.run("favorites").stdout
        #expect(favorites.contains("Two Sum") && favorites.contains("Add Two Numbers") && favorites.contains("2 favorites"), "\(favorites)")

        // Record and summary of Add Two Numbers written as an older build writes them (attempted,
        // not solved): the sheet shows what they say.
        try leettrack.sqlite3("""
            UPDATE entries SET value = '{"status":"attempted","favorite":true}' WHERE key = 'progress.add-two-numbers';
            UPDATE entries SET value = '"1af-|||"' WHERE key = 'summary.add-two-numbers';
            """)
        favorites = try leettrack.run("favorites").stdout
        #expect(favorites.contains("Two Sum") && favorites.contains("attempted") && !favorites.contains("solved"), "\(favorites)")
        #expect(try leettrack.run("doctor").status == 0)
    }

    @Test("a store with an older build's favorites' and review index reads the same; doctor counts them as no records, and --rebuild-summaries removes them")
    func olderIndexes() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-01-10")
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "2", "--date", "2026-01-12", "--rating", "easy")
        let favorites = try leettrack.run("favorites").stdout
        let review = try leettrack.run("review", "--date", "2026-06-01").stdout
        let doctor = try leettrack.run("doctor").stdout
        // As the build with the indexes left them (an entry that says otherwise is not read).
        try leettrack.sqlite3("""
            INSERT INTO entries(key, value) VALUES('favorite.two-sum', '"1t--|||"');
            INSERT INTO entries(key, value) VALUES('favorite.3sum', '"1tf-|||"');
            INSERT INTO entries(key, value) VALUES('due.!two-sum', '"1t--|||"');
            INSERT INTO entries(key, value) VALUES('favorites', '"1 2"');
            INSERT INTO entries(key, value) VALUES('due', '"1 2"');
            """)
        #expect(try leettrack.run("favorites").stdout == favorites)
        #expect(try leettrack.run("review", "--date", "2026-06-01").stdout == review)
        #expect(try leettrack.run("doctor").stdout == doctor)
        #expect(doctor.contains("✓ The summaries match the records"), "\(doctor)")

        let repair = try leettrack.run("doctor", "--rebuild-summaries")
        #expect(repair.stdout.contains("Rebuilt the summaries from the records: 5 entries written or removed."), "\(repair.stdout)")
        #expect(!(try leettrack.snapshot(withSummaries: true).keys.contains { $0.hasPrefix("favorite") || $0.hasPrefix("due") }))
        #expect(try leettrack.run("favorites").stdout == favorites)
    }

    @Test("a summary edited by hand with its record is found by doctor and rebuilt by doctor --rebuild-summaries")
    func disagreementIsRepaired() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        // Record and summary both edited: the write counts move together and cannot tell.
        try leettrack.sqlite3("""
            UPDATE entries SET value = '{"status":"solved","favorite":true}' WHERE key = 'progress.two-sum';
            UPDATE entries SET value = '"1tf-|||"' WHERE key = 'summary.two-sum';
            """)
        #expect(try leettrack.run("stats").stdout.contains("Solved 0 of"))
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("✗ The summaries of 1 problem disagree with their records (two-sum)"), "\(doctor.stdout)")
        let records = try leettrack.snapshot()

        let repair = try leettrack.run("doctor", "--rebuild-summaries")
        #expect(repair.status == 0, "\(repair.stdout)")
        // The summary alone: nothing else is derived from a record.
        #expect(repair.stdout.contains("Rebuilt the summaries from the records: 1 entry written or removed."),
                "\(repair.stdout)")
        #expect(repair.stdout.contains("✓ The summaries match the records"))
        #expect(try leettrack.snapshot() == records)
        #expect(try leettrack.run("stats").stdout.contains("Solved 1 of"))
    }

    @Test("a refused change writes nothing, not even the summaries it would rebuild")
    func refusedChangeWritesNoSummary() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        // Written as an older build writes: the record without its summary.
        try AnotherProgram.set(ProblemProgress(status: .attempted), forKey: "progress.3sum", inStoreAt: leettrack.storePath)
        let before = try leettrack.snapshot(withSummaries: true)
        let refused = try leettrack.run("review", "3sum", "good")
        #expect(refused.status != 0)
        #expect(try leettrack.snapshot(withSummaries: true) == before)
        #expect(try leettrack.run("list", "--status", "attempted").stdout.contains("3Sum"))
    }
}
