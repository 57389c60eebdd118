import Foundation
import Testing

/// An export is a backup only if `import` takes it back. A record that breaks one of the import's
/// rules (a hand edit, a clock set ahead) made an export that said "Exported" and an import that
/// refused the whole file, while `doctor` found nothing: now `doctor` names such a record, and
/// `export` still writes the file but names the record and exits 1.
@Suite("An export that import would refuse is not passed off as a backup")
struct RestorableExportEndToEndTests {
    @Test("a rating that is no rating, edited in by hand: doctor names the record, export writes the file and exits 1")
    func handEditedRating() throws {
        let leettrack = try LeetTrackRunner()
        guard LeetTrackRunner.hasSQLiteShell else { return }
        #expect(try leettrack.run("solve", "1", "--rating", "good").status == 0)
        #expect(try leettrack.run("solve", "2").status == 0)
        #expect(try leettrack.run("doctor").status == 0)
        try leettrack.sqlite3(#"UPDATE entries SET value = replace(value, '"good"', '"superb"') WHERE key = 'progress.two-sum'"#)
        let doctor = try leettrack.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("✗ The record 'progress.two-sum' breaks a rule an import holds records to: "
            + "history[0].rating: 'superb' is not a rating"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("add-two-numbers"), "\(doctor.stdout)")
        let json = try leettrack.run("doctor", "--json")
        #expect(json.stdout.contains(#""unimportable""#) && json.stdout.contains("progress.two-sum"), "\(json.stdout)")

        let file = leettrack.file("backup.json")
        let export = try leettrack.run("export", "-o", file)
        #expect(export.status == 1)
        #expect(export.stderr.contains("Exported 2 problems to \(file)"), "\(export.stderr)")
        #expect(export.stderr.contains("warning: the record of 'two-sum' breaks a rule of `leettrack import`"), "\(export.stderr)")
        #expect(export.stderr.contains("the export holds 1 record that `leettrack import` would refuse"), "\(export.stderr)")
        // What it warned of is so: the file is refused whole.
        let other = leettrack.file("other.sqlite")
        let imported = try leettrack.run(["--store", other, "import", file], useStore: false)
        #expect(imported.status == 1 && imported.stderr.contains("is not a rating"), "\(imported.stderr)")
    }

    @Test("a solve dated ahead of the clock: doctor names it until the day comes; a clean store exports with exit 0")
    func solveDatedAhead() throws {
        let leettrack = try LeetTrackRunner()
        #expect(try leettrack.run(["solve", "1"], environment: ["LEETTRACK_TODAY": "2027-06-01"]).status == 0)
        let doctor = try leettrack.run(["doctor"], environment: ["LEETTRACK_TODAY": "2027-05-01"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("history[0].at: 2027-06-01T12:00:00Z is in the future"), "\(doctor.stdout)")
        #expect(try leettrack.run(["doctor"], environment: ["LEETTRACK_TODAY": "2027-06-02"]).status == 0)
        let file = leettrack.file("clean.json")
        let export = try leettrack.run(["export", "-o", file], environment: ["LEETTRACK_TODAY": "2027-06-02"])
        #expect(export.status == 0 && !export.stderr.contains("warning"), "\(export.stderr)")
    }
}
