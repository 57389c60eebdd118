import Foundation
import Testing

@Suite("leettrack favorites, end to end")
struct FavoritesEndToEndTests {
    @Test("three favorites are listed, one is removed, and a new process still sees the other two")
    func favoriteThreeThenUnfavoriteOne() throws {
        let leettrack = try LeetTrackRunner()
        let added = try leettrack.run("fav", "1", "lru-cache", "median of two sorted arrays")
        #expect(added.status == 0)
        #expect(added.stdout.contains("Added 1. Two Sum to the favorites."))

        let sheet = try leettrack.run("favorites")
        #expect(sheet.status == 0)
        for title in ["Two Sum", "LRU Cache", "Median of Two Sorted Arrays"] { #expect(sheet.stdout.contains(title)) }
        #expect(sheet.stdout.contains("3 favorites"))

        #expect(try leettrack.run("unfav", "146").status == 0)

        let after = try leettrack.run("favorites", "--json")
        let slugs = try #require(try leettrack.json(after) as? [[String: Any]]).compactMap { $0["slug"] as? String }
        #expect(slugs == ["two-sum", "median-of-two-sorted-arrays"])
    }

    @Test("favoriting a favorite again says so and writes nothing")
    func favoriteTwice() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let before = try leettrack.snapshot()
        let again = try leettrack.run("fav", "two-sum")
        #expect(again.status == 0)
        #expect(again.stdout.contains("already a favorite"))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("the favorites sheet says how to add one when it is empty")
    func emptySheet() throws {
        let leettrack = try LeetTrackRunner()
        let sheet = try leettrack.run("favorites")
        #expect(sheet.status == 0)
        #expect(sheet.stdout.contains("No favorites yet"))
    }

    @Test("LEETTRACK_STORE chooses the store when --store is not given")
    func storeFromEnvironment() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run(["fav", "1"], useStore: false, environment: ["LEETTRACK_STORE": leettrack.storePath])
        #expect(try leettrack.snapshot().keys.sorted() == ["progress.two-sum"])
    }

    @Test("without --store or LEETTRACK_STORE the store is in the XDG data directory")
    func standardStore() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["fav", "1"], useStore: false).status == 0)
        let path = leettrack.directory.appendingPathComponent("xdg/leettrack/store.sqlite").path
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
