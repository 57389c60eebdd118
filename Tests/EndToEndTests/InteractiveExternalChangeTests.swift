import Foundation
import LeetTrackCore
import Persistence
import TerminalUI
import Testing
@testable import LeetTrackScreen

/// How the screen shows what another writer changed: the keys a notice names, read one by one.
@Suite("Interactive screen: another writer's changes")
struct InteractiveExternalChangeTests {
    let store = Store.memory()

    /// A screen on ``store`` with no watch of its own: each test tells it what changed.
    func screen() throws -> Runtime<Browser> {
        let tracker = Tracker(store: store, catalog: .builtIn, clock: .fixed(interactiveTestDate), timeZone: UniversalTime())
        return Runtime(try Browser(tracker: tracker), size: Size(width: 80, height: 24))
    }

    /// Changes `slug`'s record as another writer would.
    func change(_ slug: String, _ body: @escaping (inout ProblemProgress) -> Void) throws {
        try ProgressRepository(store: store, clock: .fixed(interactiveTestDate)).update([slug]) { _, record in body(&record) }
    }

    @Test("a heart given elsewhere shows on the next frame, read from that record alone")
    func oneRecordRead() throws {
        var runtime = try screen()
        store.set("not a record", forKey: "progress.two-sum")  // Not told: a full reload would name it.
        try change("add-two-numbers") { $0.favorite = true }
        runtime.app.externalChanges.add(["progress.add-two-numbers"], isComplete: true)
        runtime.send(.wake)
        let lines = runtime.snapshot().buffer.lines
        #expect(lines[3].hasPrefix("  ♥    2 Add Two Numbers"), "\(lines[3])")
        #expect(lines[0].contains("♥1"))
        #expect(runtime.app.damagedSlugs.isEmpty)
        #expect(!lines.joined().contains("Cannot read"))
    }

    @Test("a notice that cannot say what changed reads every record again")
    func incompleteNotice() throws {
        var runtime = try screen()
        store.set("not a record", forKey: "progress.two-sum")
        try change("add-two-numbers") { $0.favorite = true }
        runtime.app.externalChanges.add([], isComplete: false)
        runtime.send(.wake)
        let lines = runtime.snapshot().buffer.lines
        #expect(lines[1].contains("Cannot read the record of two-sum"), "\(lines[1])")
        #expect(runtime.app.progress["add-two-numbers"]?.favorite == true)
    }

    @Test("a problem solved elsewhere joins the list filtered on solved, and one told of that no longer decodes is named")
    func filterAndDamage() throws {
        var runtime = try screen()
        runtime.app.filters.status = .solved
        runtime.app.refilter()
        #expect(runtime.app.rows.isEmpty)
        try change("add-two-numbers") { $0.recordSolve(at: interactiveTestDate) }
        store.set("not a record", forKey: "progress.two-sum")
        // Several notices before one frame: the frame takes them all.
        #expect(runtime.app.externalChanges.add(["progress.add-two-numbers"], isComplete: true))
        #expect(!runtime.app.externalChanges.add(["progress.two-sum", "progress.add-two-numbers"], isComplete: true))
        runtime.send(.wake)
        #expect(runtime.app.rows == [try #require(Catalog.builtIn.position(ofSlug: "add-two-numbers"))])
        #expect(runtime.app.damagedSlugs == ["two-sum"])
        #expect(runtime.snapshot().buffer.lines[1].contains("Cannot read the record of two-sum"))
        #expect(runtime.app.counts.total.solved == 1)
    }
}
