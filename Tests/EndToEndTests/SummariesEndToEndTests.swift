import Foundation
import LeetTrackCore
import Persistence
import Testing

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

    @Test("the favorites sheet reads the favorites' index, and an index or summary changed behind it is not trusted")
    func favoritesIndex() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        try leettrack.run("solve", "2", "--date", "2026-01-10")
        try leettrack.run("fav", "2")
        let keys = try leettrack.snapshot(withSummaries: true).keys
        #expect(keys.contains("favorite.two-sum") && keys.contains("favorite.add-two-numbers") && keys.contains("favorites"))
        #expect(!(try leettrack.snapshot().keys.contains { $0.hasPrefix("favorite") }), "the index is not a record")

        // A hand edit of an entry (Two Sum no longer a favorite in it) and of a summary as an older
        // build writes one (Add Two Numbers attempted, not solved): neither reaches the sheet.
        try leettrack.sqlite3("""
            UPDATE entries SET value = '"1t--|||"' WHERE key = 'favorite.two-sum';
            """)
        var favorites = try leettrack.run("favorites").stdout
        #expect(favorites.contains("Two Sum") && favorites.contains("2 favorites"), "\(favorites)")
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("✓ The favorites' index is out of date and not used"), "\(doctor.stdout)")
        try leettrack.sqlite3("""
            UPDATE entries SET value = '{"status":"attempted","favorite":true}' WHERE key = 'progress.add-two-numbers';
            UPDATE entries SET value = '"1af-|||"' WHERE key = 'summary.add-two-numbers';
            """)
        favorites = try leettrack.run("favorites").stdout
        #expect(favorites.contains("Two Sum") && favorites.contains("attempted") && !favorites.contains("solved"), "\(favorites)")
        #expect(try leettrack.run("doctor").status == 0)

        // The next change rebuilds the index from the records.
        try leettrack.run("fav", "3")
        let entries = try leettrack.snapshot(withSummaries: true)
        #expect(entries["favorite.two-sum"] == entries["summary.two-sum"])
        #expect(entries["favorite.add-two-numbers"] == entries["summary.add-two-numbers"])
        #expect(try leettrack.run("favorites").stdout.contains("3 favorites"))
        #expect(try leettrack.run("doctor").stdout.contains("✓ The summaries match the records"))
    }

    @Test("review reads the review index, and an index changed behind it is not trusted")
    func reviewIndex() throws {
        guard LeetTrackRunner.hasSQLiteShell else { return }
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-01-10")
        try leettrack.run("solve", "2", "--date", "2026-01-12", "--rating", "easy")
        try leettrack.run("attempt", "3")
        let keys = try leettrack.snapshot(withSummaries: true).keys
        #expect(keys.count { $0.hasPrefix("due.") } == 2 && keys.contains("due"), "\(keys.sorted())")
        #expect(!(try leettrack.snapshot().keys.contains { $0.hasPrefix("due") }), "the index is not a record")
        let queue = try leettrack.run("review", "--date", "2026-06-01")
        #expect(queue.stdout.contains("Due on 2026-06-01: 2 problems"), "\(queue.stdout)")
        #expect(try leettrack.run("review", "--date", "2026-01-11").stdout.contains("Next: 1. Two Sum"))

        // Two Sum's entry removed by hand, and Add Two Numbers' record made a plain attempt as an
        // older build writes it (record and summary, no entry): the queue still shows the records.
        try leettrack.sqlite3("""
            DELETE FROM entries WHERE key LIKE 'due.%.two-sum';
            """)
        var review = try leettrack.run("review", "--date", "2026-06-01").stdout
        #expect(review.contains("Two Sum") && review.contains("2 problems"), "\(review)")
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("✓ The review index is out of date and not used"), "\(doctor.stdout)")
        try leettrack.sqlite3("""
            UPDATE entries SET value = '{"status":"attempted","events":[{"kind":"attempted","at":"2026-01-12T09:00:00Z"}]}'
                WHERE key = 'progress.add-two-numbers';
            UPDATE entries SET value = '"1a--||1768208400|a1768208400"' WHERE key = 'summary.add-two-numbers';
            """)
        review = try leettrack.run("review", "--date", "2026-06-01").stdout
        #expect(review.contains("Two Sum") && !review.contains("Add Two Numbers") && review.contains("1 problem"), "\(review)")

        // The next change rebuilds the index from the records.
        try leettrack.run("fav", "4")
        let entries = try leettrack.snapshot(withSummaries: true)
        #expect(entries.keys.count { $0.hasPrefix("due.") } == 1, "\(entries.keys.sorted())")
        #expect(try leettrack.run("review", "--date", "2026-06-01").stdout.contains("Due on 2026-06-01: 1 problem"))
        let rebuilt = try leettrack.run("doctor").stdout
        #expect(rebuilt.contains("✓ The summaries match the records") && !rebuilt.contains("review index"), "\(rebuilt)")
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
        // The summary, the favorite's entry in the favorites' index, which copies it, and the review
        // index's entry of a solved problem, whose card the scheduler derives.
        #expect(repair.stdout.contains("Rebuilt the summaries and their indexes from the records: 3 entries written or removed."),
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
        try Store.sqlite(path: leettrack.storePath).set(ProblemProgress(status: .attempted), for: ProgressRepository.key(for: "3sum"))
        let before = try leettrack.snapshot(withSummaries: true)
        let refused = try leettrack.run("review", "3sum", "good")
        #expect(refused.status != 0)
        #expect(try leettrack.snapshot(withSummaries: true) == before)
        #expect(try leettrack.run("list", "--status", "attempted").stdout.contains("3Sum"))
    }
}
