import Foundation
import Persistence
import Testing
import TestSupport

/// Issue 37, point 2: nothing gets stuck. A record the catalog does not know is reached by its
/// slug; a damaged record is saved to a file, removed, and loaded back once repaired, all without
/// the sqlite3 tool.
@Suite("stuck records have a way out, end to end")
struct StuckRecordsEndToEndTests {
    static let orphan = "a-problem-leetcode-removed"

    /// A store holding a solved favorite with a note under a slug the catalog does not have.
    static func runnerWithOrphan() throws -> LeetTrackRunner {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-11-19")
        let file = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "lists": [], "problems": [{"slug": ""# + orphan
                + #"", "status": "solved", "favorite": true, "note": "kept from an older catalog", "history": [{"kind": "solved", "at": "2026-11-20T09:00:00Z"}]}]}"#,
            to: "orphan.json")
        let imported = try leettrack.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        return leettrack
    }

    @Test("a slug the catalog does not have, in an own list, is shown and taken out by lists remove; doctor is green after")
    func unknownSlugInAnOwnList() throws {
        let leettrack = try LeetTrackRunner()
        let file = try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "problems": [], "lists": [{"name": "mine", "created": "2026-11-20T09:00:00Z", "problems": ["two-sum", ""# + Self.orphan + #""]}]}"#,
            to: "list.json")
        let imported = try leettrack.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("lists remove mine SLUG"), "\(doctor.stdout)")
        let shown = try leettrack.run("lists", "mine")
        #expect(shown.stdout.contains("Not in the catalog: \(Self.orphan)"), "\(shown.stdout)")
        let removed = try leettrack.run("lists", "remove", "mine", Self.orphan)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed \(Self.orphan) from"), "\(removed.stdout)")
        #expect(removed.stdout.contains("mine: 1 problem"))
        let after = try leettrack.run("doctor")
        #expect(after.status == 0, "\(after.stdout)")
        // Words that are no slug still go to the catalog's resolver, which refuses a guess.
        #expect(try leettrack.run("lists", "remove", "mine", "no such words here").status == 64)
    }

    @Test("a record the catalog does not have is listed by status, shown, reset and forgotten by its slug; doctor is green after")
    func recordOutsideTheCatalog() throws {
        let leettrack = try Self.runnerWithOrphan()
        let solved = try leettrack.run("list", "--status", "solved")
        #expect(solved.status == 0)
        #expect(solved.stdout.contains("Two Sum") && solved.stdout.contains(Self.orphan), "\(solved.stdout)")
        #expect(solved.stdout.contains("2 problems"))
        let json = try #require(try leettrack.json(try leettrack.run("list", "--status", "solved", "--json")) as? [[String: Any]])
        #expect(json.map { $0["slug"] as? String } == ["two-sum", Self.orphan])
        #expect(json.last?["inCatalog"] as? Bool == false && json.last?["title"] as? String == Self.orphan)
        // A filter only the catalog can answer matches no such record.
        #expect(!(try leettrack.run("list", "--status", "solved", "-d", "easy").stdout.contains(Self.orphan)))
        #expect(try leettrack.run("list", "--favorites", "--status", "solved").stdout.contains(Self.orphan))

        // Its heart can be taken off by its slug, and put back by nothing but an import.
        let unfav = try leettrack.run("unfav", Self.orphan)
        #expect(unfav.status == 0 && unfav.stdout.contains("Removed \(Self.orphan) (not in the catalog) from the favorites"), "\(unfav.stdout)\(unfav.stderr)")
        #expect(!(try leettrack.run("list", "--favorites", "--status", "solved").stdout.contains(Self.orphan)))
        #expect(try leettrack.run("unfav", Self.orphan).stdout.contains("was not a favorite"))
        #expect(try leettrack.run("import", try leettrack.write(
            #"{"format": "leettrack-export", "version": 1, "lists": [], "problems": [{"slug": ""# + Self.orphan
                + #"", "status": "solved", "favorite": true, "note": "kept from an older catalog", "history": [{"kind": "solved", "at": "2026-11-20T09:00:00Z"}]}]}"#,
            to: "again.json")).status == 0)

        let shown = try leettrack.run("show", Self.orphan)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("not in the catalog") && shown.stdout.contains("solved") && shown.stdout.contains("kept from an older catalog"))
        let shownJSON = try #require(try leettrack.json(try leettrack.run("show", Self.orphan, "--json")) as? [String: Any])
        #expect(shownJSON["status"] as? String == "solved" && (shownJSON["history"] as? [Any])?.count == 1)

        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("reset \(Self.orphan) --forget"), "\(doctor.stdout)")

        let reset = try leettrack.run("reset", Self.orphan)
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try leettrack.json(try leettrack.run("show", Self.orphan, "--json")) as? [String: Any] != nil)
        #expect(!(try leettrack.run("list", "--status", "solved").stdout.contains(Self.orphan)))
        #expect(try leettrack.run("list", "--status", "todo", "--json").stdout.contains(Self.orphan))

        let forgot = try leettrack.run("reset", Self.orphan, "--forget")
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(forgot.stdout.contains("nothing of it is left"))
        #expect(try leettrack.snapshot().keys.filter { $0.contains(Self.orphan) }.isEmpty)
        let after = try leettrack.run("doctor")
        #expect(after.status == 0, "\(after.stdout)")
        #expect(try leettrack.run("show", Self.orphan).status != 0)
        #expect(try leettrack.run("show", "1").stdout.contains("solved"))
    }

    /// Puts bytes that do not decode under `key`, as another tool or a broken disk would.
    static func damage(_ leettrack: LeetTrackRunner, key: String) throws {
        try AnotherProgram.set(["favorite": "yes"], forKey: key, inStoreAt: leettrack.storePath)
    }

    @Test("a damaged record is saved to a new private file, then removed; doctor is green; the repaired bytes load back")
    func damagedRecordWayOut() throws {
        let leettrack = try LeetTrackRunner()
        try leettrack.run("solve", "1", "--date", "2026-11-19")
        try leettrack.run("fav", "2")
        try Self.damage(leettrack, key: "progress.add-two-numbers")
        let usage = try leettrack.run("doctor", "--remove-damaged")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("needs '--export-raw FILE'"))

        // An existing file is never written over, and then nothing is removed.
        let existing = try leettrack.write("my only copy\n", to: "existing.json")
        let refused = try leettrack.run("doctor", "--export-raw", existing, "--remove-damaged")
        #expect(refused.status == 1)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "my only copy\n")
        #expect(try leettrack.snapshot()["progress.add-two-numbers"] != nil)

        let saved = leettrack.file("saved.json")
        let removed = try leettrack.run("doctor", "--export-raw", saved, "--remove-damaged")
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        #expect(removed.stdout.contains("Removed the unreadable record 'progress.add-two-numbers'"), "\(removed.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: saved)[.posixPermissions] as? Int == 0o600)
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [[String: Any]])
        #expect(raw.first?["key"] as? String == "progress.add-two-numbers")
        #expect(raw.first?["text"] as? String == #"{"favorite":"yes"}"#)
        #expect(try leettrack.snapshot()["progress.add-two-numbers"] == nil)
        #expect(try leettrack.run("doctor").status == 0)
        #expect(try leettrack.run("show", "1").stdout.contains("solved"))

        // Unrepaired, the bytes are refused as an import refuses them, and nothing changes.
        let before = try leettrack.snapshot()
        let unrepaired = try leettrack.run("doctor", "--restore-record", saved)
        #expect(unrepaired.status == 1)
        #expect(unrepaired.stderr.contains("progress.add-two-numbers") && unrepaired.stderr.contains(saved), "\(unrepaired.stderr)")
        #expect(try leettrack.snapshot() == before)
        // A repaired record that breaks an import's rule is refused too.
        let future = try leettrack.write(
            #"[{"key": "progress.add-two-numbers", "text": "{\"status\":\"solved\",\"events\":[{\"kind\":\"solved\",\"at\":\"2099-01-01T00:00:00Z\"}]}"}]"#,
            to: "future.json")
        let refusedFuture = try leettrack.run("doctor", "--restore-record", future)
        #expect(refusedFuture.status == 1)
        #expect(refusedFuture.stderr.contains("future"), "\(refusedFuture.stderr)")
        #expect(try leettrack.snapshot() == before)
        // As an import: a status below what the history shows is refused, never silently raised.
        let contradicting = try leettrack.write(
            #"[{"key": "progress.add-two-numbers", "text": "{\"status\":\"attempted\",\"events\":[{\"kind\":\"solved\",\"at\":\"2026-01-01T00:00:00Z\"}]}"}]"#,
            to: "contradicting.json")
        let refusedContradiction = try leettrack.run("doctor", "--restore-record", contradicting)
        #expect(refusedContradiction.status == 1)
        #expect(refusedContradiction.stderr.contains("contradicts the history"), "\(refusedContradiction.stderr)")
        #expect(try leettrack.snapshot() == before)
        // A record without a status states todo: with a solve in its history it is refused too.
        let noStatus = try leettrack.write(
            #"[{"key": "progress.add-two-numbers", "text": "{\"events\":[{\"kind\":\"solved\",\"at\":\"2026-01-01T00:00:00Z\"}]}"}]"#,
            to: "no-status.json")
        #expect(try leettrack.run("doctor", "--restore-record", noStatus).status == 1)
        #expect(try leettrack.snapshot() == before)

        let repaired = try leettrack.write(#"[{"key": "progress.add-two-numbers", "text": "{\"status\":\"todo\",\"favorite\":true}"}]"#, to: "repaired.json")
        let restored = try leettrack.run("doctor", "--restore-record", repaired)
        #expect(restored.status == 0, "\(restored.stdout)\(restored.stderr)")
        #expect(restored.stdout.contains("Loaded the record 'progress.add-two-numbers' back"))
        #expect(try leettrack.run("favorites", "--json").stdout.contains("add-two-numbers"))
        // A readable record is never replaced by a file.
        let again = try leettrack.run("doctor", "--restore-record", repaired)
        #expect(again.status == 1)
        #expect(again.stderr.contains("can be read"), "\(again.stderr)")
        #expect(try leettrack.run("doctor").status == 0)
    }
}
