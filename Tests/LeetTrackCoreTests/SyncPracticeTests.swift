import Foundation
import Persistence
import Synchronization
import Testing

@testable import LeetTrackCore

@Suite("Sync of the practice settings field by field: the rule, the journal, two stores and untrusted records")
struct SyncPracticeTests {
    typealias Side = SyncValueMerge.Side

    static func stamp(_ milliseconds: Int64, _ node: String = "a") -> HLCTimestamp {
        HLCTimestamp(milliseconds: milliseconds, counter: 0, node: node)
    }

    /// Per-part stamps, all by `node`.
    static func parts(
        since: Int64?, follow: Int64? = nil, goal: Int64? = nil, skipped: [String: Int64] = [:], _ node: String = "a"
    ) -> PracticeStamps {
        PracticeStamps(since: since.map { stamp($0, node) }, followedList: follow.map { stamp($0, node) },
                       dailyGoal: goal.map { stamp($0, node) }, skipped: skipped.mapValues { stamp($0, node) })
    }

    static func side(
        _ settings: PracticeSettings?, created: Int64? = nil, changed: Int64?, parts: PracticeStamps? = nil, _ node: String = "a"
    ) -> Side {
        (SyncValue(practice: settings),
         SyncValueStamps(created: created.map { stamp($0, node) }, changed: changed.map { stamp($0, node) }, practice: parts))
    }

    static func merge(_ a: Side, _ b: Side) -> Side { SyncValueMerge.merge(a, b, key: PracticeSettings.key.name) }

    static func same(_ x: Side, _ y: Side) -> Bool { x.value == y.value && x.stamps == y.stamps }

    /// The settings both orders of a merge agree on.
    static func merged(_ a: Side, _ b: Side) -> PracticeSettings? {
        let (ab, ba) = (merge(a, b), merge(b, a))
        #expect(same(ab, ba))
        return ab.value.practice
    }

    // MARK: The rule

    @Test("merging practice settings is commutative, associative and idempotent: older records, unstamped values, ties and tombstones included")
    func mergeLaws() {
        let sides = [
            Self.side(nil, changed: nil),
            Self.side(PracticeSettings(followedList: "blind-75", dailyGoal: 2, skipped: ["two-sum"]), changed: nil),
            Self.side(PracticeSettings(dailyGoal: 5, skipped: ["3sum"]), changed: nil, "b"),
            Self.side(PracticeSettings(followedList: "neetcode-150", skipped: ["lru-cache", "two-sum"]), created: 3, changed: 10),
            Self.side(PracticeSettings(followedList: "grind-75", dailyGoal: 1), created: 4, changed: 10),
            Self.side(PracticeSettings(followedList: "neetcode-150", dailyGoal: 4, skipped: ["3sum", "two-sum"]), created: 3, changed: 14,
                      parts: Self.parts(since: 10, goal: 12, skipped: ["3sum": 14, "lru-cache": 13], "b"), "b"),
            Self.side(PracticeSettings(followedList: "grind-75"), changed: 15,
                      parts: Self.parts(since: nil, follow: 11, skipped: ["two-sum": 15])),
            Self.side(PracticeSettings(skipped: ["lru-cache"]), changed: 16,
                      parts: Self.parts(since: 10, skipped: ["lru-cache": 16, "two-sum": 16], "c"), "c"),
            Self.side(nil, changed: 9, "b"),
        ]
        for a in sides {
            #expect(Self.same(Self.merge(a, a), a))
            for b in sides {
                let ab = Self.merge(a, b)
                #expect(Self.same(ab, Self.merge(b, a)))
                #expect(Self.same(Self.merge(ab, ab), ab))
                #expect(Self.same(Self.merge(ab, a), ab))
                for c in sides {
                    #expect(Self.same(Self.merge(ab, c), Self.merge(a, Self.merge(b, c))))
                }
            }
        }
    }

    @Test("a goal set on one machine and a followed list set on the other both survive")
    func goalAndFollowBothSurvive() {
        let goal = Self.side(PracticeSettings(dailyGoal: 3), changed: 12, parts: Self.parts(since: 10, goal: 12))
        let follow = Self.side(PracticeSettings(followedList: "blind-75"), changed: 13, parts: Self.parts(since: 10, follow: 13, "b"), "b")
        #expect(Self.merged(goal, follow) == PracticeSettings(followedList: "blind-75", dailyGoal: 3))
    }

    @Test("each of the followed list and the goal goes to the side that changed it last")
    func eachFieldToItsLatestWriter() {
        let laptop = Self.side(PracticeSettings(followedList: "blind-75", dailyGoal: 2), changed: 20,
                               parts: Self.parts(since: 10, follow: 20, goal: 11))
        let desktop = Self.side(PracticeSettings(followedList: "grind-75", dailyGoal: 5), changed: 15,
                                parts: Self.parts(since: 10, follow: 14, goal: 15, "b"), "b")
        #expect(Self.merged(laptop, desktop) == PracticeSettings(followedList: "blind-75", dailyGoal: 5))
    }

    @Test("skips of different problems on two machines both survive")
    func skipsOfDifferentProblemsSurvive() {
        let laptop = Self.side(PracticeSettings(skipped: ["two-sum"]), changed: 12, parts: Self.parts(since: 10, skipped: ["two-sum": 12]))
        let desktop = Self.side(PracticeSettings(skipped: ["3sum"]), changed: 13, parts: Self.parts(since: 10, skipped: ["3sum": 13], "b"), "b")
        #expect(Self.merged(laptop, desktop)?.skipped == ["3sum", "two-sum"])
    }

    @Test("an unskip after a skip of the same problem leaves it unskipped; a skip after an unskip leaves it skipped")
    func laterMarkOfOneProblemWins() {
        let skipped = Self.side(PracticeSettings(skipped: ["two-sum"]), changed: 12, parts: Self.parts(since: 10, skipped: ["two-sum": 12], "b"), "b")
        let unskippedLater = Self.side(PracticeSettings(), changed: 13, parts: Self.parts(since: 10, skipped: ["two-sum": 13]))
        let unskippedEarlier = Self.side(PracticeSettings(), changed: 11, parts: Self.parts(since: 10, skipped: ["two-sum": 11]))
        #expect(Self.merged(skipped, unskippedLater)?.skipped == [])
        #expect(Self.merged(skipped, unskippedEarlier)?.skipped == ["two-sum"])
        // The unskip is kept as a stamp, so it also holds against a third machine's older skip.
        let third = Self.side(PracticeSettings(skipped: ["two-sum"]), changed: 12, parts: Self.parts(since: 10, skipped: ["two-sum": 12], "c"), "c")
        #expect(Self.merged(Self.merge(skipped, unskippedLater), third)?.skipped == [])
    }

    @Test("a record of an older build (only whole-value stamps) counts every part as of its last change")
    func olderRecordsCountAsOfTheirLastChange() {
        let older = Self.side(PracticeSettings(dailyGoal: 5, skipped: ["lru-cache"]), changed: 20, "b")
        let newer = Self.side(PracticeSettings(dailyGoal: 3, skipped: ["3sum", "lru-cache", "two-sum"]), changed: 25,
                              parts: Self.parts(since: 10, goal: 15, skipped: ["3sum": 18, "two-sum": 25]))
        // The goal and 3sum are older than the older build's whole change; two-sum is newer.
        #expect(Self.merged(older, newer) == PracticeSettings(dailyGoal: 5, skipped: ["lru-cache", "two-sum"]))
        // Two records of older builds merge as before: the later one whole, and stay without per-part stamps.
        let earlier = Self.side(PracticeSettings(followedList: "blind-75", skipped: ["3sum"]), changed: 12)
        #expect(Self.same(Self.merge(older, earlier), older))
        #expect(Self.same(Self.merge(earlier, older), older))
    }

    @Test("equal stamps fall to the value, the same in either order: a goal over none, the larger goal, a skip over no skip")
    func tiesAreDeterministic() {
        let laptop = Self.side(PracticeSettings(followedList: "blind-75", dailyGoal: 2, skipped: ["two-sum"]), changed: nil)
        let desktop = Self.side(PracticeSettings(followedList: "grind-75", dailyGoal: 5, skipped: ["3sum"]), changed: nil, "b")
        #expect(Self.merged(laptop, desktop) == PracticeSettings(followedList: "grind-75", dailyGoal: 5, skipped: ["3sum", "two-sum"]))
        let none = Self.side(PracticeSettings(), changed: nil, "b")
        #expect(Self.merged(laptop, none) == laptop.value.practice)
    }

    // MARK: The journal

    @Test("once synced, a skip stamps only the problems it changed, and the old whole stamp becomes the floor")
    func journalStampsOnlyWhatChanged() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)  // What the first sync leaves.
        let before = Self.stamp(1_764_000_000_000, "z")
        try store.set(SyncValueStamps(changed: before), for: SyncKeys.stamps(PracticeSettings.key.name))  // An older build's stamps.
        let book = PracticeBook(store: store, clock: .fixed(Date(timeIntervalSince1970: 1_764_000_100)))
        _ = try book.setSkipped(["two-sum", "3sum"], true)
        let skip = try #require(try store.value(for: SyncKeys.stamps(PracticeSettings.key.name)).changed)
        #expect(try store.value(for: SyncKeys.stamps(PracticeSettings.key.name)).practice
            == PracticeStamps(since: before, skipped: ["two-sum": skip, "3sum": skip]))
        try book.update { $0.dailyGoal = 3 }
        _ = try book.setSkipped(["3sum"], false)
        let stamps = try store.value(for: SyncKeys.stamps(PracticeSettings.key.name))
        let parts = try #require(stamps.practice)
        #expect(parts.since == before && parts.followedList == nil)
        #expect(try #require(parts.dailyGoal) > skip)
        #expect(parts.skipped["two-sum"] == skip)
        #expect(try #require(parts.skipped["3sum"]) > #require(parts.dailyGoal))
        #expect(stamps.changed == parts.skipped["3sum"])
        #expect(try store.keys(withPrefix: SyncKeys.pendingValuePrefix) == ["sync.pending-value.settings.practice"])
    }

    @Test("deleting or renaming the followed list stamps only the followed list")
    func listChangesStampOnlyTheFollow() throws {
        let store = Store.memory()
        try store.set(HybridLogicalClock(node: "a"), for: SyncKeys.clock)
        let lists = OwnLists(store: store, clock: .system)
        try lists.create("Graphs", in: .builtIn, at: Self.day)
        let book = PracticeBook(store: store, clock: .system)
        try book.update { $0.followedList = "graphs"; $0.dailyGoal = 2 }
        let set = try #require(try store.value(for: SyncKeys.stamps(PracticeSettings.key.name)).practice)
        _ = try lists.rename("graphs", to: "Graph Drills", in: .builtIn)
        let renamed = try #require(try store.value(for: SyncKeys.stamps(PracticeSettings.key.name)).practice)
        #expect(renamed.dailyGoal == set.dailyGoal)
        #expect(try #require(renamed.followedList) > #require(set.followedList))
        try lists.delete("graph-drills", in: .builtIn)
        let deleted = try #require(try store.value(for: SyncKeys.stamps(PracticeSettings.key.name)).practice)
        #expect(deleted.dailyGoal == set.dailyGoal)
        #expect(try #require(deleted.followedList) > #require(renamed.followedList))
        #expect(try book.settings() == PracticeSettings(dailyGoal: 2))
    }

    @Test("a store that never synced keeps no stamps for its practice settings")
    func noStampsBeforeFirstSync() throws {
        let store = Store.memory()
        _ = try PracticeBook(store: store, clock: .system).setSkipped(["two-sum"], true)
        #expect(try store.keys(withPrefix: "") == ["settings.practice"])
    }

    @Test("stamps of older builds decode without per-part stamps and encode as before; per-part stamps may miss any field")
    func stampsCodable() throws {
        let old = #"{"changed":{"counter":0,"milliseconds":5,"node":"a"},"created":{"counter":0,"milliseconds":1,"node":"a"}}"#
        let decoded = try JSONDecoder().decode(SyncValueStamps.self, from: Data(old.utf8))
        #expect(decoded == SyncValueStamps(created: Self.stamp(1), changed: Self.stamp(5)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == old)
        #expect(try JSONDecoder().decode(PracticeStamps.self, from: Data("{}".utf8)) == PracticeStamps())
        let parts = Self.parts(since: 1, goal: 2, skipped: ["two-sum": 3])
        #expect(try JSONDecoder().decode(PracticeStamps.self, from: try encoder.encode(parts)) == parts)
    }

    // MARK: Two stores through a memory remote

    static let day = Date(timeIntervalSince1970: 1_764_000_000)

    /// A clock that moves one second on every reading, so every change is later than the one before
    /// it, whichever machine made it.
    final class SteppingClock: Sendable {
        private let seconds = Atomic<Int>(0)

        var clock: Clock {
            Clock { [self] in SyncPracticeTests.day.addingTimeInterval(Double(seconds.add(1, ordering: .relaxed).newValue)) }
        }
    }

    /// Two machines and a server, with one stepping clock for all.
    struct Machines {
        let laptop = Store.memory()
        let desktop = Store.memory()
        let remote = Store.memory()
        let clock = SteppingClock().clock

        @discardableResult
        func sync(_ machine: Store) throws -> SyncEngine.Report { try SyncEngine(local: machine, remote: remote, clock: clock).run() }
        func book(_ machine: Store) -> PracticeBook { PracticeBook(store: machine, clock: clock) }
        func settings(_ machine: Store) throws -> PracticeSettings { try book(machine).settings() }

        /// Two machines that synced once, each with a skipped problem and a followed list they share.
        static func synced() throws -> Machines {
            let machines = Machines()
            try machines.book(machines.laptop).update { $0.skipped = ["lru-cache"]; $0.followedList = "blind-75" }
            for machine in [machines.laptop, machines.desktop] { try machines.sync(machine) }
            return machines
        }
    }

    @Test("a skip on one machine, and a skip of another problem and a goal on the other, all survive, whichever syncs first",
          arguments: [true, false])
    func skipsAndGoalFromTwoMachines(laptopFirst: Bool) throws {
        let machines = try Machines.synced()
        _ = try machines.book(machines.laptop).setSkipped(["two-sum"], true)
        _ = try machines.book(machines.desktop).setSkipped(["3sum"], true)
        try machines.book(machines.desktop).update { $0.dailyGoal = 3 }
        let order = laptopFirst ? [machines.laptop, machines.desktop, machines.laptop] : [machines.desktop, machines.laptop, machines.desktop]
        for machine in order { try machines.sync(machine) }
        let expected = PracticeSettings(followedList: "blind-75", dailyGoal: 3, skipped: ["3sum", "lru-cache", "two-sum"])
        #expect(try machines.settings(machines.laptop) == expected)
        #expect(try machines.settings(machines.desktop) == expected)
        #expect(try SyncRemote.status(of: machines.laptop).pendingSettings == false)
    }

    @Test("an unskip on one machine after a skip on the other keeps the later mark, while a skip of another problem survives",
          arguments: [true, false])
    func unskipAfterSkip(laptopFirst: Bool) throws {
        let machines = try Machines.synced()
        _ = try machines.book(machines.desktop).setSkipped(["two-sum"], true)  // Skipped on the desktop first...
        try machines.sync(machines.desktop)
        try machines.sync(machines.laptop)
        _ = try machines.book(machines.laptop).setSkipped(["two-sum"], false)  // ...unskipped on the laptop later,
        _ = try machines.book(machines.desktop).setSkipped(["3sum"], true)  // while the desktop skips another, later still.
        let order = laptopFirst ? [machines.laptop, machines.desktop, machines.laptop] : [machines.desktop, machines.laptop, machines.desktop]
        for machine in order { try machines.sync(machine) }
        #expect(try machines.settings(machines.laptop).skipped == ["3sum", "lru-cache"])
        #expect(try machines.settings(machines.desktop).skipped == ["3sum", "lru-cache"])
    }

    @Test("a list deleted on one machine unfollows it there, and a goal set on the other survives")
    func unfollowAndGoal() throws {
        let machines = Machines()
        try OwnLists(store: machines.laptop, clock: machines.clock).create("Graphs", in: .builtIn, at: Self.day)
        try machines.book(machines.laptop).update { $0.followedList = "graphs" }
        for machine in [machines.laptop, machines.desktop] { try machines.sync(machine) }
        try OwnLists(store: machines.laptop, clock: machines.clock).delete("graphs", in: .builtIn)
        try machines.book(machines.desktop).update { $0.dailyGoal = 4 }
        for machine in [machines.desktop, machines.laptop, machines.desktop] { try machines.sync(machine) }
        #expect(try machines.settings(machines.laptop) == PracticeSettings(dailyGoal: 4))
        #expect(try machines.settings(machines.desktop) == PracticeSettings(dailyGoal: 4))
    }

    // MARK: Untrusted records

    /// Every key and value of a store, as bytes.
    static func contents(_ store: Store) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try store.keys(withPrefix: "") { contents[name] = try store.rawValue(forKey: name) }
        return contents
    }

    /// Replaces the server's practice record by `change`'s, as a broken client would, logged as a new push.
    static func tamper(_ machines: Machines, key: String = PracticeSettings.key.name, _ change: (inout SyncValueRecord) -> Void) throws {
        let remoteKey = SyncEngine.RemoteKeys.value(key)
        var record = try machines.remote.transaction { try $0.value(for: remoteKey) }
            ?? SyncValueRecord(value: SyncValue(), stamps: SyncValueStamps(), sequence: 0)
        let sequence = try machines.remote.value(for: SyncEngine.RemoteKeys.sequence) + 1
        change(&record)
        record.sequence = sequence
        try machines.remote.set(record, for: remoteKey)
        try machines.remote.set(sequence, for: SyncEngine.RemoteKeys.sequence)
        try machines.remote.set([key], for: SyncEngine.RemoteKeys.log(sequence))
    }

    @Test("pulled per-problem stamps under a name that is not a slug are left out, named, and change nothing here")
    func badSlugInStampsIsRefused() throws {
        let machines = try Machines.synced()
        try Self.tamper(machines) { $0.stamps.practice = Self.parts(since: nil, skipped: ["Two Sum\u{1B}[2J": 1_764_000_100_000]) }
        let before = try Self.contents(machines.desktop)
        #expect(try machines.sync(machines.desktop).refused == [SyncError.invalidRemoteRecord(
            key: "settings.practice", path: "stamps.practice.skipped",
            reason: "'Two Sum\u{1B}[2J' is not a problem slug (lowercase letters, digits and hyphens, like two-sum)")])
        #expect(try Self.contents(machines.desktop) == before)
    }

    @Test("a pulled per-part stamp from the future, or one without a machine, is left out, named, and changes nothing here")
    func badStampsAreRefused() throws {
        let machines = try Machines.synced()
        let before = try Self.contents(machines.desktop)
        let year2099: Int64 = 4_070_908_800_000
        try Self.tamper(machines) { $0.stamps.practice = Self.parts(since: nil, goal: year2099) }
        #expect(try machines.sync(machines.desktop).refused == [SyncError.invalidRemoteRecord(key: "settings.practice", path: "stamps.practice.dailyGoal",
                                                      reason: "2099-01-01T00:00:00Z is in the future")])
        try Self.tamper(machines) { $0.stamps.practice = PracticeStamps(skipped: ["two-sum": HLCTimestamp(milliseconds: 1_764_000_100_000, counter: 0, node: "")]) }
        #expect(try machines.sync(machines.desktop).refused == [SyncError.invalidRemoteRecord(key: "settings.practice", path: "stamps.practice.skipped.two-sum",
                                                      reason: "the machine id is empty")])
        #expect(try Self.contents(machines.desktop) == before)
    }

    @Test("practice settings or their stamps under another key are refused")
    func practiceUnderAnotherKeyIsRefused() throws {
        let machines = try Machines.synced()
        try Self.tamper(machines, key: "lists.graphs") { record in
            record.value = SyncValue(list: OwnLists.Record(name: "Graphs", problems: [], created: "2025-11-01T00:00:00Z"))
            record.stamps.practice = Self.parts(since: nil, skipped: ["two-sum": 1_764_000_100_000])
        }
        #expect(try machines.sync(machines.desktop).refused == [SyncError.invalidRemoteRecord(key: "lists.graphs", path: "stamps.practice", reason: "practice stamps under another key")])
    }

    @Test("a broken server record met while pushing a local change is replaced by this machine's copy, and nothing broken is written here")
    func badRecordMetWhilePushing() throws {
        let machines = try Machines.synced()
        try Self.tamper(machines) { $0.value.practice?.skipped.append("NOT A SLUG") }
        _ = try machines.book(machines.desktop).setSkipped(["two-sum"], true)
        let report = try machines.sync(machines.desktop)
        #expect(report.refused.isEmpty)
        #expect(Set(try machines.settings(machines.desktop).skipped) == ["lru-cache", "two-sum"])
        // The server holds this machine's copy again, which the other machine pulls.
        #expect(try machines.sync(machines.laptop).refused.isEmpty)
        #expect(Set(try machines.settings(machines.laptop).skipped) == ["lru-cache", "two-sum"])
    }
}
