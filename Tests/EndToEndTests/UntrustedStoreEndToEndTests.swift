import Foundation
import LeetTrackCore
import Persistence
import Testing
import TestSupport

/// The store itself is untrusted input: a record edited by hand (with `sqlite3`) or written by a
/// broken tool must be reported by its key, never trap a command, and never lead a command to
/// write bytes that it cannot read back.
@Suite("leettrack on a store edited by hand, end to end")
struct UntrustedStoreEndToEndTests {
    /// Stores `record` under `progress.two-sum`, as a hand edit of the store would.
    private func store(_ record: ProblemProgress, in leettrack: LeetTrackRunner) throws {
        try AnotherProgram.set(record, forKey: "progress.two-sum", inStoreAt: leettrack.storePath)
    }

    /// Runs `doctor` and expects it to fail naming `finding`, with the store as it was at `before`;
    /// returns its output for more checks.
    @discardableResult
    private func expectDoctorFinds(
        _ finding: String, in leettrack: LeetTrackRunner, unchangedFrom before: [String: Data]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1, sourceLocation: sourceLocation)
        #expect(doctor.stdout.contains(finding), "\(doctor.stdout)", sourceLocation: sourceLocation)
        if let before { #expect(try leettrack.snapshot() == before, sourceLocation: sourceLocation) }
        return doctor.stdout
    }

    /// Runs `arguments` to their end on a colour terminal (tmux, `NO_COLOR` empty) over a store that
    /// `setUp` prepares, and returns the screen with its escape sequences.
    private func colourScreen(
        _ arguments: [String], width: Int = 120, environment: [String: String] = [:],
        setUp: (_ storePath: String) throws -> Void = { _ in }
    ) throws -> String {
        var environment = environment
        environment["NO_COLOR"] = ""
        let tmux = try InteractiveTmux(arguments: arguments, width: width, height: 30, environment: environment, setUp: setUp)
        #expect(try tmux.waitFor("LEETTRACK-EXITED"))
        return try tmux.screen(escapes: true)
    }

    @Test("a review card counting Int.max reps is named as damaged, not a crash of the next review")
    func hugeReviewCounts() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-01-10")
        let solved = Date(timeIntervalSince1970: 1_768_046_400)  // 2026-01-10T12:00:00Z
        let card = ReviewCard(
            due: solved.addingTimeInterval(2 * 86_400), stability: 2.3065, difficulty: 2.1181, state: .review,
            lastReview: solved, reps: Int.max, lapses: Int.max)
        try store(ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: solved, rating: "good")], review: card), in: leettrack)
        let before = try leettrack.snapshot()
        for arguments in [["review", "1", "again"], ["solve", "1"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("'progress.two-sum'"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("crashed"), "\(arguments)")
        }
        try expectDoctorFinds("'progress.two-sum' cannot be read", in: leettrack, unchangedFrom: before)
    }

    @Test("a stored time out of range (Int.max, -5 seconds) is a damaged record named by stats and doctor", arguments: [Int.max, -5, 0])
    func storedTimeOutOfRange(seconds: Int) throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "2", "--time", "20m")
        let solved = Date(timeIntervalSince1970: 1_768_046_400)  // 2026-01-10T12:00:00Z
        try store(ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: solved, seconds: seconds)]), in: leettrack)
        let before = try leettrack.snapshot()
        let stats = try leettrack.run("stats")
        #expect(stats.status == 0)
        #expect(stats.stderr.contains("1. Two Sum ('progress.two-sum')"), "\(stats.stderr)")
        #expect(stats.stdout.contains("median 20m"), "\(stats.stdout)")
        let doctor = try expectDoctorFinds("'progress.two-sum' cannot be read", in: leettrack, unchangedFrom: before)
        #expect(doctor.contains("cannot be read: corrupted data at events[0].seconds: \(seconds) is not a time in seconds from 1 to 86399"), "\(doctor)")
    }

    @Test("a review dated 9999 by hand is refused by the next solve, which would store a due date it cannot read back")
    func lastDayOfYear9999() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        let last = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        let card = ReviewCard(due: last, stability: 2.3065, difficulty: 2.1181, state: .review, lastReview: last, reps: 1)
        try store(ProblemProgress(status: .solved, events: [ProgressEvent(kind: .solved, date: last, rating: "good")], review: card), in: leettrack)
        let before = try leettrack.snapshot()
        let solve = try leettrack.run("solve", "1")
        #expect(solve.status == 1, "\(solve.stdout)")
        #expect(solve.stderr.contains("'progress.two-sum' cannot be encoded"), "\(solve.stderr)")
        #expect(solve.stderr.contains("10000-"), "\(solve.stderr)")
        #expect(try leettrack.snapshot() == before)
        let show = try leettrack.run("show", "1")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stderr.isEmpty, "\(show.stderr)")
    }

    @Test("review settings out of range are a damaged 'settings.review', not a usage error of every command")
    func reviewSettingsOutOfRange() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-11-20")
        try Store.sqlite(path: leettrack.storePath).set(ReviewSettings(desiredRetention: 5, maximumInterval: -3), for: ReviewSettings.key)
        let before = try leettrack.snapshot()
        // Commands that change the store refuse to touch it.
        for arguments in [["review", "1", "good"], ["config", "desired-retention", "0.9"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("the record 'settings.review'"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("5.0 is not a desired retention"), "\(arguments): \(result.stderr)")
        }
        // Commands that read work on the defaults, saying why.
        for arguments in [["show", "1"], ["today"], ["review"]] {
            let result = try leettrack.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("the review settings ('settings.review')"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("5.0 is not a desired retention"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("the defaults are used here and the record is left untouched"), "\(arguments): \(result.stderr)")
        }
        try expectDoctorFinds("'settings.review' cannot be read", in: leettrack, unchangedFrom: before)
    }

    @Test("a daily goal out of range is a damaged 'settings.practice', not a goal of -3 met every day")
    func dailyGoalOutOfRange() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        try Store.sqlite(path: leettrack.storePath).set(PracticeSettings(dailyGoal: -3), for: PracticeSettings.key)
        let before = try leettrack.snapshot()
        // `today` works on the default (no goal), saying why; a goal of -3 is never shown as met.
        let today = try leettrack.run("today")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stderr.contains("the practice settings ('settings.practice')"), "\(today.stderr)")
        #expect(today.stderr.contains("the defaults are used here and the record is left untouched"), "\(today.stderr)")
        #expect(today.stdout.contains("Done today: 1  (set a goal:"), "\(today.stdout)")
        #expect(!today.stdout.contains("-3"), "\(today.stdout)")
        // Changing the goal refuses to write over the damaged record.
        let goal = try leettrack.run("config", "daily-goal", "2")
        #expect(goal.status == 1, "\(goal.stderr)")
        #expect(goal.stderr.contains("the record 'settings.practice'"), "\(goal.stderr)")
        try expectDoctorFinds("'settings.practice' cannot be read", in: leettrack, unchangedFrom: before)
    }

    @Test("doctor --export-raw FILE --remove-unreadable-settings saves the damaged settings' bytes, removes only them, and config works again")
    func removeUnreadableSettings() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        try leettrack.run("fav", "2")
        try Store.sqlite(path: leettrack.storePath).set(PracticeSettings(dailyGoal: -3), for: PracticeSettings.key)
        try Store.sqlite(path: leettrack.storePath).set(ReviewSettings(desiredRetention: 5, maximumInterval: -3), for: ReviewSettings.key)
        let before = try leettrack.snapshot()
        let refused = try leettrack.run("config", "daily-goal", "2")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--remove-unreadable-settings"), "\(refused.stderr)")
        // Without a file for the bytes, nothing is removed.
        let withoutFile = try leettrack.run("doctor", "--remove-unreadable-settings")
        #expect(withoutFile.status == 64, "\(withoutFile.stderr)")
        #expect(withoutFile.stderr.contains("needs '--export-raw FILE'"), "\(withoutFile.stderr)")
        #expect(try leettrack.snapshot() == before)
        // A file that cannot be written removes nothing either.
        let unwritable = try leettrack.run("doctor", "--export-raw", leettrack.directory.path, "--remove-unreadable-settings")
        #expect(unwritable.status == 1, "\(unwritable.stderr)")
        #expect(try leettrack.snapshot() == before)

        let raw = leettrack.directory.appendingPathComponent("raw.json")
        let repair = try leettrack.run("doctor", "--export-raw", raw.path, "--remove-unreadable-settings")
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(repair.stdout.contains("Removed the unreadable record 'settings.practice'"), "\(repair.stdout)")
        #expect(repair.stdout.contains("Removed the unreadable record 'settings.review'"), "\(repair.stdout)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: raw)) as? [[String: Any]]
        #expect(saved?.compactMap { $0["key"] as? String }.sorted() == ["settings.practice", "settings.review"])
        #expect(saved?.contains { ($0["text"] as? String)?.contains("-3") == true } == true)
        // Only the two records went; the progress is intact and the store is healthy.
        var expected = before
        expected["settings.practice"] = nil
        expected["settings.review"] = nil
        #expect(try leettrack.snapshot() == expected)
        #expect(try leettrack.run("doctor").status == 0)
        let goal = try leettrack.run("config", "daily-goal", "2")
        #expect(goal.status == 0, "\(goal.stderr)")
        let today = try leettrack.run("today")
        #expect(today.status == 0 && today.stderr.isEmpty, "\(today.stderr)")
        #expect(try leettrack.run("favorites").stdout.contains("Add Two Numbers"))
    }

    @Test("a stored catalog update whose acceptance numbers overflow an Int skips them instead of trapping every command")
    func catalogAcceptanceOverflow() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1")
        let update = CatalogUpdate(
            source: "problems.json", shape: "rest", date: "2026-11-30T00:00:00Z", problemsInFile: 3, problems: [],
            acceptance: "1:99999999999999999999999,2:4967,3:12345,99999999999999999999:1")
        try Store.sqlite(path: leettrack.storePath).set(update, for: CatalogUpdate.key)
        let list = try leettrack.run("list", "1", "2", "3")
        #expect(list.status == 0, "\(list.stderr)")
        let rows = list.stdout.split(separator: "\n")
        #expect(rows.count == 4, "\(list.stdout)")
        #expect(rows.first?.contains("58.0%") == true, "\(list.stdout)")  // Two Sum keeps the built-in acceptance.
        #expect(rows.dropFirst().first?.contains("49.7%") == true, "\(list.stdout)")
        // doctor names what was left out: the overflowing acceptance, the one above 100% and the overflowing id.
        try expectDoctorFinds("The catalog update ('catalog.update') has 3 malformed acceptance pairs, left out", in: leettrack)
    }

    @Test("on a colour terminal, show makes a stored catalog update's category, tags and code paths inert")
    func showsStoredNamesInert() throws {
        let red = "\u{1B}[31m"
        let screen = try colourScreen(["show", "1"]) { storePath in
            let store = try Store.sqlite(path: storePath)
            let twoSum = Problem(
                id: 1, slug: "two-sum", title: "Two Sum", difficulty: .easy, paidOnly: false, category: "Algo\(red)rithms",
                tags: ["Arr\(red)ay"], acceptance: 50)
            try store.set(
                CatalogUpdate(source: "problems.json", shape: "rest", date: "2026-11-30T00:00:00Z", problemsInFile: 1, problems: [twoSum]),
                for: CatalogUpdate.key)
            try store.set(["/tmp/solution\(red).py"], for: Key<[String]>("code.two-sum", default: []))
        }
        for inert in ["Algo\u{FFFD}[31mrithms", "Arr\u{FFFD}[31may", "solution\u{FFFD}[31m.py"] {
            #expect(screen.contains(inert), "\(inert): \(screen)")
        }
        #expect(!screen.contains(red + "rithms") && !screen.contains(red + "ay") && !screen.contains(red + ".py"), "\(screen)")
        #expect(screen.contains("\u{1B}[32mEasy"), "colour is on: \(screen)")
    }

    @Test("on a colour terminal, open makes the $BROWSER command it names inert")
    func openNamesBrowserInert() throws {
        let red = "\u{1B}[31m"
        let temporary = try TemporaryFolder("leettrack-browser")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let folder = temporary.url
        let browser = try StandInProgram(in: folder, named: "brow\(red)ser", then: "true")
        let screen = try colourScreen(["open", "1"], width: 200, environment: ["BROWSER": browser.path])
        #expect(screen.contains("brow\u{FFFD}[31mser"), "\(screen)")
        #expect(!screen.contains(red + "ser"), "\(screen)")
    }

    @Test("on a colour terminal, doctor makes a hand-made record's key and a damaged record's reason inert")
    func doctorShowsStoredKeysInert() throws {
        let red = "\u{1B}[31m"
        let screen = try colourScreen(["doctor"], width: 160) { storePath in
            let store = try Store.sqlite(path: storePath)
            // A record for a slug the catalog lacks, and a damaged one, both named with an escape.
            try store.set(ProblemProgress(status: .solved), for: Key<ProblemProgress>("progress.x\(red)y", default: ProblemProgress()))
            try store.set(["status": "done\(red)"], for: Key<[String: String]>("progress.two-sum", default: [:]))
        }
        #expect(screen.contains("x\u{FFFD}[31my"), "\(screen)")
        #expect(!screen.contains(red), "\(screen)")
        #expect(screen.contains("progress.two-sum"), "\(screen)")
    }

    @Test("on a colour terminal, today makes the stored daily question's title inert")
    func todayShowsStoredDailyInert() throws {
        let red = "\u{1B}[31m"
        let day = LocalDay(Date(), in: TimeZone(identifier: "UTC") ?? .current).description
        let screen = try colourScreen(["today"]) { storePath in
            let json = #"{"date":"\#(day)","problem":{"id":1,"title":"Two \u001b[31mSum","slug":"two-sum","difficulty":"easy","paidOnly":false}}"#
            let daily = try JSONDecoder().decode(LeetCodeDaily.self, from: Data(json.utf8))
            try Store.sqlite(path: storePath).set(daily, for: LeetCodeDaily.key)
        }
        #expect(screen.contains("Daily:      1. Two \u{FFFD}[31mSum"), "\(screen)")
        #expect(!screen.contains(red + "Sum"), "\(screen)")
    }

    @Test("on a colour terminal, file names and locations in messages are inert: a stored catalog source, a report's path, the sync remote")
    func fileNamesInert() throws {
        let red = "\u{1B}[31m"
        let infoScreen = try colourScreen(["catalog", "info"]) { storePath in
            try Store.sqlite(path: storePath).set(
                CatalogUpdate(source: "problems\(red).json", shape: "rest", date: "2026-11-30T00:00:00Z", problemsInFile: 0, problems: []),
                for: CatalogUpdate.key)
        }
        #expect(infoScreen.contains("Source: problems\u{FFFD}[31m.json"), "\(infoScreen)")
        #expect(!infoScreen.contains(red + ".json"), "\(infoScreen)")

        let temporary = try TemporaryFolder("leettrack-report")
        defer { withExtendedLifetime(temporary) {} }  // Removed when the test ends, not after its last mention.
        let folder = temporary.url
        let report = folder.appendingPathComponent("report\(red).html").path
        let reportScreen = try colourScreen(["report", "-o", report], width: 160)
        #expect(reportScreen.contains("report\u{FFFD}[31m.html"), "\(reportScreen)")
        #expect(!reportScreen.contains(red + ".html"), "\(reportScreen)")

        let statusScreen = try colourScreen(["sync", "--status"]) { storePath in
            let state = #"{"remoteID":"r","cursor":3,"location":"postgresql://host\u001b[31m/db","lastSync":786000000}"#
            try Store.sqlite(path: storePath).set(try JSONDecoder().decode(SyncState.self, from: Data(state.utf8)), for: Key<SyncState?>("sync.state", default: nil))
        }
        #expect(statusScreen.contains("with postgresql://host\u{FFFD}[31m/db."), "\(statusScreen)")
        #expect(!statusScreen.contains(red + "/db"), "\(statusScreen)")
    }

    @Test("code settings edited by hand past config's rules are a damaged 'settings.code', and code writes nothing")
    func codeSettingsOutOfRules() throws {
        let leettrack = try LeetTrackRunner()
        let folder = leettrack.file("code\u{1B}[31m")
        try Store.sqlite(path: leettrack.storePath).set(CodeSettings(directory: folder, language: "zz"), for: CodeSettings.key)
        let before = try leettrack.snapshot()
        let code = try leettrack.run(["code", "1"], environment: ["EDITOR": "true"])
        #expect(code.status == 1, "\(code.stdout)")
        #expect(code.stderr.contains("the record 'settings.code'"), "\(code.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
        try expectDoctorFinds("'settings.code' cannot be read", in: leettrack, unchangedFrom: before)
    }
}
