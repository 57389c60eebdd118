import Foundation
import Testing

@Suite("leettrack import --from-app, end to end")
struct ExchangeAppEndToEndTests {
    /// The iPhone app's preferences: `favoriteProblems` as JSON `Data`, among other settings.
    static func preferences(format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        let problems: [[String: Any]] = [
            ["id": UUID().uuidString, "title": "Two Sum", "isFavorited": true],
            ["id": UUID().uuidString, "title": "  lru cache ", "isFavorited": true],
            ["id": UUID().uuidString, "title": "Valid Anagram", "isFavorited": false],
            ["id": UUID().uuidString, "title": "My Own Made-Up Problem", "isFavorited": true],
        ]
        let json = try JSONSerialization.data(withJSONObject: problems)
        return try PropertyListSerialization.data(
            fromPropertyList: ["favoriteProblems": json, "AppleLanguages": ["en"], "launchCount": 12], format: format, options: 0)
    }

    @Test("the app's favorites are imported from an XML or a binary property list", arguments: [
        PropertyListSerialization.PropertyListFormat.xml, .binary,
    ])
    func importsFavorites(format: PropertyListSerialization.PropertyListFormat) throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(try Self.preferences(format: format), to: "com.example.LeetTrack.plist")
        let result = try leettrack.run("import", "--from-app", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Favorited 2 problems."))
        #expect(result.stdout.contains("1 title matches no problem in the catalog:\n  My Own Made-Up Problem"))
        let favorites = try #require(try leettrack.json(try leettrack.run("favorites", "--json")) as? [[String: Any]])
        #expect(favorites.compactMap { $0["slug"] as? String } == ["two-sum", "lru-cache"])
    }

    @Test("importing the app's favorites twice says they are already favorites")
    func twice() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(try Self.preferences(format: .binary), to: "prefs.plist")
        try leettrack.run("import", "--from-app", file)
        let again = try leettrack.run("import", "--from-app", file)
        #expect(again.stdout.contains("Favorited 0 problems (2 already favorites)."))
    }

    @Test("a dry run of the app's favorites writes nothing")
    func dryRun() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("fav", "1")
        let file = try leettrack.write(try Self.preferences(format: .xml), to: "prefs.plist")
        let before = try leettrack.snapshot()
        let result = try leettrack.run("import", "--from-app", file, "--dry-run")
        #expect(result.stdout.contains("Would favorite 1 problem (1 already a favorite)."))
        #expect(result.stdout.contains("Nothing was written (--dry-run)."))
        #expect(try leettrack.snapshot() == before)
    }

    @Test("a file that is not the app's preferences is refused and changes nothing", arguments: [
        ("not a plist at all", "not a property list"),
        (#"<?xml version="1.0"?><plist version="1.0"><dict><key>x</key><integer>1</integer></dict></plist>"#, "no 'favoriteProblems' key"),
    ])
    func notPreferences(contents: String, mention: String) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let file = try leettrack.write(contents, to: "prefs.plist")
        try leettrack.expectFailureChangingNothing(["import", "--from-app", file], mentioning: [mention, "Nothing was changed."])
    }

    @Test("an XML property list nested 20,000 levels deep is refused with a reason, not a crash of Foundation's reader")
    func deeplyNested() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.populate()
        let levels = 20_000
        let contents = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>favoriteProblems</key>"#
            + String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels) + "</dict></plist>"
        let file = try leettrack.write(contents, to: "prefs.plist")
        try leettrack.expectFailureChangingNothing(
            ["import", "--from-app", file], mentioning: ["\(file): it is nested more than 512 levels deep", "Nothing was changed."])
    }

    @Test("a reason that asks a question is not followed by a stray period")
    func questionEndsTheSentence() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(#"<?xml version="1.0"?><plist version="1.0"><dict/></plist>"#, to: "prefs.plist")
        let result = try leettrack.run("import", "--from-app", file)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is it the app's preferences file? Nothing was changed."), "\(result.stderr)")
    }
}
