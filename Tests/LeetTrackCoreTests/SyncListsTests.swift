import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Sync of own lists and review settings: the rule, the journal, and two stores through a memory remote")
struct SyncListsTests {
    static func stamp(_ milliseconds: Int64, _ node: String = "a") -> HLCTimestamp {
        HLCTimestamp(milliseconds: milliseconds, counter: 0, node: node)
    }

    static func list(_ name: String, _ problems: [String]) -> SyncValue {
        SyncValue(list: OwnLists.Record(name: name, problems: problems, created: "2026-11-01T00:00:00Z"))
    }

    static func side(_ value: SyncValue, created: Int64?, changed: Int64?, _ node: String = "a") -> SyncValueMerge.Side {
        (value, SyncValueStamps(created: created.map { stamp($0, node) }, changed: changed.map { stamp($0, node) }))
    }

    /// Two machines with their own memory stores, and a memory store as the server.
    struct Machines {
        let laptop = Store.memory()
        let desktop = Store.memory()
        let remote = Store.memory()

        @discardableResult
        func sync(_ machine: Store) throws -> SyncEngine.Report { try SyncEngine(local: machine, remote: remote, clock: .system).run() }

        func lists(_ machine: Store) throws -> [String: [String]] {
            Dictionary(uniqueKeysWithValues: try OwnLists(store: machine, clock: .system).all().map { ($0.name, $0.slugs) })
        }
    }

    static let day = Date(timeIntervalSince1970: 1_764_000_000)

    @Test("edits of the same list go to the latest writer by the hybrid logical clock")
    func latestEditWins() {
        let older = Self.side(Self.list("Graphs", ["a"]), created: 1, changed: 5)
        let newer = Self.side(Self.list("Graphs", ["a", "b"]), created: 1, changed: 6, "b")
        #expect(SyncValueMerge.merge(older, newer).value == newer.value)
        #expect(SyncValueMerge.merge(newer, older).value == newer.value)
    }

    @Test("a deletion holds against a later edit of the list it deleted, but not against a list created after it")
    func deletionRule() {
        let edited = Self.side(Self.list("Graphs", ["a", "b"]), created: 1, changed: 9, "b")
        let deleted = Self.side(SyncValue(), created: nil, changed: 5)
        let recreated = Self.side(Self.list("Graphs", ["c"]), created: 7, changed: 7)
        #expect(SyncValueMerge.merge(edited, deleted).value.isAbsent)
        #expect(SyncValueMerge.merge(deleted, edited).value.isAbsent)
        #expect(SyncValueMerge.merge(deleted, recreated).value == recreated.value)
        #expect(SyncValueMerge.merge(recreated, deleted).value == recreated.value)
    }

    @Test("merging lists is commutative, associative and idempotent, unstamped values included")
    func mergeLaws() {
        let sides = [
            Self.side(Self.list("Graphs", ["a"]), created: nil, changed: nil),
            Self.side(Self.list("graphs", ["b"]), created: nil, changed: nil, "b"),
            Self.side(Self.list("Graphs", ["a", "b"]), created: 1, changed: 12),
            Self.side(SyncValue(), created: nil, changed: 5, "b"),
            Self.side(Self.list("Graphs", ["c"]), created: 10, changed: 11, "b"),
            Self.side(SyncValue(settings: ReviewSettings(desiredRetention: 0.8)), created: 3, changed: 3),
        ]
        func same(_ x: SyncValueMerge.Side, _ y: SyncValueMerge.Side) -> Bool { x.value == y.value && x.stamps == y.stamps }
        for a in sides {
            #expect(same(SyncValueMerge.merge(a, a), a))
            for b in sides {
                #expect(same(SyncValueMerge.merge(a, b), SyncValueMerge.merge(b, a)))
                for c in sides {
                    #expect(same(SyncValueMerge.merge(SyncValueMerge.merge(a, b), c), SyncValueMerge.merge(a, SyncValueMerge.merge(b, c))))
                }
            }
        }
    }

    @Test("a store that never synced writes exactly one key per list or settings change")
    func noJournalBeforeFirstSync() throws {
        let store = Store.memory()
        let lists = OwnLists(store: store, clock: .system)
        try lists.create("Graphs", in: .builtIn, at: Self.day)
        _ = try lists.add(["two-sum"], to: "graphs", in: .builtIn)
        try ReviewBook(store: store, clock: .system, timeZone: SystemTimeZone()).save(ReviewSettings(desiredRetention: 0.85))
        #expect(try store.keys(withPrefix: "") == ["lists.graphs", "settings.review"])
    }

    @Test("once synced, list writes are stamped and marked pending in the same transaction; a rename is a deletion and a creation")
    func journalRecordsListChanges() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // What the first sync leaves.
        let lists = OwnLists(store: store, clock: .system)
        try lists.create("Graphs", in: .builtIn, at: Self.day)
        let created = try store.value(for: SyncKeys.stamps("lists.graphs"))
        #expect(created.created != nil && created.created == created.changed)
        _ = try lists.add(["two-sum"], to: "graphs", in: .builtIn)
        let added = try store.value(for: SyncKeys.stamps("lists.graphs"))
        #expect(added.created == created.created)
        #expect(try #require(added.changed) > #require(created.changed))
        _ = try lists.rename("graphs", to: "Graph Drills", in: .builtIn)
        #expect(try store.value(for: SyncKeys.stamps("lists.graphs")).created == nil)
        #expect(try store.value(for: SyncKeys.stamps("lists.graph-drills")).created != nil)
        #expect(try store.keys(withPrefix: SyncKeys.pendingValuePrefix)
            == ["sync.pending-value.lists.graph-drills", "sync.pending-value.lists.graphs"])
    }

    @Test("settings saved are journaled; saving the same settings again records nothing")
    func journalRecordsSettings() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)
        let book = ReviewBook(store: store, clock: .system, timeZone: SystemTimeZone())
        try book.save(ReviewSettings(desiredRetention: 0.85))
        let first = try store.value(for: SyncKeys.stamps("settings.review"))
        try book.save(ReviewSettings(desiredRetention: 0.85))
        #expect(try store.value(for: SyncKeys.stamps("settings.review")) == first)
        #expect(try store.keys(withPrefix: SyncKeys.pendingValuePrefix) == ["sync.pending-value.settings.review"])
    }

    @Test("an import into a synced store journals its lists and settings")
    func importIsJournaled() throws {
        let source = Store.memory()
        try OwnLists(store: source, clock: .system).create("Graphs", in: .builtIn, at: Self.day)
        try ReviewBook(store: source, clock: .system, timeZone: SystemTimeZone()).save(ReviewSettings(desiredRetention: 0.8))
        let document = try Exporter(catalog: .builtIn).document(of: source)
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)
        _ = try Importer(store: store, catalog: .builtIn, clock: .system, timeZone: TimeZone(identifier: "UTC")!).run(document, mode: .replace, dryRun: false)
        #expect(try store.keys(withPrefix: SyncKeys.pendingValuePrefix)
            == ["sync.pending-value.lists.graphs", "sync.pending-value.settings.review"])
    }

    @Test("lists created, filled, renamed and deleted on two machines end up the same on both")
    func twoMachinesShareLists() throws {
        let machines = Machines()
        let laptop = OwnLists(store: machines.laptop, clock: .system)
        let desktop = OwnLists(store: machines.desktop, clock: .system)
        try laptop.create("Graphs", in: .builtIn, at: Self.day)
        _ = try laptop.add(["number-of-islands", "clone-graph"], to: "graphs", in: .builtIn)
        try laptop.create("Scratch", in: .builtIn, at: Self.day)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try machines.lists(machines.desktop) == ["Graphs": ["number-of-islands", "clone-graph"], "Scratch": []])

        _ = try desktop.add(["course-schedule"], to: "graphs", in: .builtIn)
        _ = try desktop.rename("scratch", to: "Dynamic Programming", in: .builtIn)
        try laptop.create("Arrays", in: .builtIn, at: Self.day)
        try laptop.delete("graphs", in: .builtIn)  // Deleted before it saw the desktop's addition.
        for machine in [machines.desktop, machines.laptop, machines.desktop] { try machines.sync(machine) }
        let expected: [String: [String]] = ["Dynamic Programming": [], "Arrays": []]
        #expect(try machines.lists(machines.laptop) == expected)
        #expect(try machines.lists(machines.desktop) == expected)
        #expect(try SyncRemote.status(of: machines.laptop).pendingLists == 0)
    }

    @Test("settings changed on one machine reach the other; the later of two changes wins on both")
    func settingsReachTheOtherMachine() throws {
        let machines = Machines()
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        try ReviewBook(store: machines.laptop, clock: .system, timeZone: SystemTimeZone()).save(ReviewSettings(desiredRetention: 0.85))
        #expect(try SyncRemote.status(of: machines.laptop).pendingSettings)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try ReviewBook(store: machines.desktop, clock: .system, timeZone: SystemTimeZone()).settings().desiredRetention == 0.85)

        try ReviewBook(store: machines.laptop, clock: .system, timeZone: SystemTimeZone()).save(ReviewSettings(desiredRetention: 0.8))
        // The desktop's change comes a minute later (both would otherwise fall in one millisecond).
        var clock = try #require(try machines.desktop.transaction { try $0.value(for: SyncKeys.clock) })
        clock.observe(HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000) + 60_000, counter: 0, node: "x"))
        try machines.desktop.set(clock, for: SyncKeys.clock)
        try ReviewBook(store: machines.desktop, clock: .system, timeZone: SystemTimeZone()).save(ReviewSettings(desiredRetention: 0.95, fuzz: true))
        for machine in [machines.laptop, machines.desktop, machines.laptop] { try machines.sync(machine) }
        #expect(try ReviewBook(store: machines.laptop, clock: .system, timeZone: SystemTimeZone()).settings() == ReviewSettings(desiredRetention: 0.95, fuzz: true))
        #expect(try ReviewBook(store: machines.desktop, clock: .system, timeZone: SystemTimeZone()).settings() == ReviewSettings(desiredRetention: 0.95, fuzz: true))
    }

    @Test("a store that synced before lists were synced pushes its lists and pulls the others' on its next sync")
    func upgradedStoreExchangesEverything() throws {
        let machines = Machines()
        try OwnLists(store: machines.desktop, clock: .system).create("From Desktop", in: .builtIn, at: Self.day)
        try machines.sync(machines.desktop)
        try machines.sync(machines.laptop)
        // The laptop's state as an older build left it: synced, but lists and settings never were.
        var state = try #require(try machines.laptop.transaction { try $0.value(for: SyncKeys.state) })
        state.listsAndSettingsSynced = nil
        try machines.laptop.set(state, for: SyncKeys.state)
        try machines.laptop.removeValue(for: Key<OwnLists.Record?>("lists.from-desktop", default: nil))
        try machines.laptop.removeValue(for: SyncKeys.stamps("lists.from-desktop"))
        try machines.laptop.set(OwnLists.Record(name: "Old Laptop List", problems: ["two-sum"], created: "2026-01-01T00:00:00Z"),
                                for: Key<OwnLists.Record?>("lists.old-laptop-list", default: nil))
        #expect(try SyncRemote.status(of: machines.laptop).pendingLists == 1)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try machines.lists(machines.laptop) == ["From Desktop": [], "Old Laptop List": ["two-sum"]])
        #expect(try machines.lists(machines.desktop) == ["From Desktop": [], "Old Laptop List": ["two-sum"]])
    }

    @Test("a second sync with nothing new changes nothing, and the pull is idempotent")
    func idempotent() throws {
        let machines = Machines()
        try OwnLists(store: machines.laptop, clock: .system).create("Graphs", in: .builtIn, at: Self.day)
        try machines.sync(machines.laptop)
        try machines.sync(machines.desktop)
        #expect(try machines.sync(machines.desktop) == SyncEngine.Report())
        #expect(try machines.sync(machines.laptop) == SyncEngine.Report())
    }
}
