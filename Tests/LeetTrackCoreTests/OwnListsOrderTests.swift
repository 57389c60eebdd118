import Foundation
import Testing
import TestSupport

@testable import LeetTrackCore
@testable import Persistence

@Suite("The order of the own lists among themselves")
struct OwnListsOrderTests {
    let catalog = Catalog.builtIn
    static let day = Date(timeIntervalSince1970: 1_764_000_000)

    /// A store with the lists `names`, created one minute apart in that order.
    static func store(_ names: [String]) throws -> (Store, OwnLists) {
        let store = Store.memory()
        let lists = OwnLists(store: store, clock: .system)
        for (offset, name) in names.enumerated() {
            try lists.create(name, in: .builtIn, at: day.addingTimeInterval(Double(offset) * 60))
        }
        return (store, lists)
    }

    func names(_ lists: OwnLists) throws -> [String] { try lists.all().map(\.name) }

    @Test("an older store, whose records hold no place, reads in the order the lists were created, and keeps its bytes")
    func olderStoreKeepsCreationOrder() throws {
        let store = Store.memory()
        // The bytes of list records before lists had places (as the golden list.json).
        for (key, bytes) in [
            ("lists.zebra", #"{"name":"Zebra","problems":["two-sum"],"created":"2025-11-30T08:00:00Z"}"#),
            ("lists.apple", #"{"name":"Apple","problems":[],"created":"2025-12-01T08:00:00Z"}"#),
        ] {
            let key = Key<OwnLists.Record?>(key, default: nil)
            try store.set(try store.decode(Data(bytes.utf8), for: key), for: key)
        }
        let lists = OwnLists(store: store, clock: .system)
        #expect(try names(lists) == ["Zebra", "Apple"])
        _ = try lists.add(["lru-cache"], to: "apple", in: catalog)
        #expect(String(decoding: try #require(try store.rawValue(forKey: "lists.apple")), as: UTF8.self)
            == #"{"name":"Apple","problems":["lru-cache"],"created":"2025-12-01T08:00:00Z"}"#)
    }

    @Test("reorder puts a list at a place; the others keep their order, and a list created later comes last")
    func reorderPutsAListAtAPlace() throws {
        let (_, lists) = try Self.store(["Arrays", "Graphs", "Trees", "Heaps"])
        let placement = try lists.reorder("trees", to: 1, in: catalog)
        #expect(placement.moved && placement.list.key == "trees")
        #expect(placement.lists.map(\.name) == ["Trees", "Arrays", "Graphs", "Heaps"])
        #expect(try names(lists) == ["Trees", "Arrays", "Graphs", "Heaps"])
        _ = try lists.reorder("Arrays", to: 4, in: catalog)
        #expect(try names(lists) == ["Trees", "Graphs", "Heaps", "Arrays"])
        let same = try lists.reorder("graphs", to: 2, in: catalog)
        #expect(!same.moved && same.lists.map(\.name) == ["Trees", "Graphs", "Heaps", "Arrays"])
        try lists.create("Strings", in: catalog, at: Self.day.addingTimeInterval(3600))
        #expect(try names(lists) == ["Trees", "Graphs", "Heaps", "Arrays", "Strings"])
        _ = try lists.rename("heaps", to: "Priority Queues", in: catalog)
        #expect(try names(lists) == ["Trees", "Graphs", "Priority Queues", "Arrays", "Strings"])
        #expect(try lists.list(named: "priority-queues", in: catalog).slugs.isEmpty)
    }

    @Test("a move between placed lists writes the moved list's record alone")
    func aMoveWritesOneRecord() throws {
        let (store, lists) = try Self.store(["A", "B", "C", "D"])
        _ = try lists.reorder("d", to: 1, in: catalog)  // The first move places every list.
        let before = Dictionary(uniqueKeysWithValues: try store.rawValues(withKeyPrefix: ""))
        _ = try lists.reorder("a", to: 3, in: catalog)
        let after = Dictionary(uniqueKeysWithValues: try store.rawValues(withKeyPrefix: ""))
        #expect(after.keys.filter { after[$0] != before[$0] } == ["lists.a"])
        #expect(try names(lists) == ["D", "B", "A", "C"])
    }

    @Test("any sequence of moves gives the order a plain array would, places running out included")
    func movesMatchAnArray() throws {
        let names = (1...6).map { "List \($0)" }
        let (_, lists) = try Self.store(names)
        var expected = names
        var random = SeededRandom(seed: 42)
        for step in 0..<400 {
            let from = Int.random(in: 0..<expected.count, using: &random)
            let to = Int.random(in: 0..<expected.count, using: &random)
            let name = expected.remove(at: from)
            expected.insert(name, at: to)
            _ = try lists.reorder(name, to: to + 1, in: catalog)
            #expect(try self.names(lists) == expected, "step \(step)")
        }
        for _ in 0..<80 {  // Into the same gap, again and again: the places run out and are renumbered.
            let name = expected.removeLast()
            expected.insert(name, at: 1)
            _ = try lists.reorder(name, to: 2, in: catalog)
        }
        #expect(try self.names(lists) == expected)
    }

    @Test("a place out of range, a built-in list or an unknown one is refused and changes nothing")
    func refusals() throws {
        let (store, lists) = try Self.store(["Arrays", "Graphs"])
        let before = try store.rawValues(withKeyPrefix: "").map { "\($0.key)=\($0.value.base64EncodedString())" }
        #expect(throws: LeetTrackError.invalidListPlace("Graphs", place: 3, count: 2)) { try lists.reorder("graphs", to: 3, in: catalog) }
        #expect(throws: LeetTrackError.invalidListPlace("Graphs", place: 0, count: 2)) { try lists.reorder("graphs", to: 0, in: catalog) }
        #expect(throws: LeetTrackError.builtInList("blind-75")) { try lists.reorder("blind-75", to: 1, in: catalog) }
        #expect(throws: LeetTrackError.self) { try lists.reorder("nothing", to: 1, in: catalog) }
        #expect(try store.rawValues(withKeyPrefix: "").map { "\($0.key)=\($0.value.base64EncodedString())" } == before)
        #expect(LeetTrackError.invalidListPlace("Graphs", place: 3, count: 2).description
            == "cannot put the list 'Graphs' at place 3: your lists have places 1 to 2.")
    }

    @Test("an export lists the lists in the user's order, and an import that replaces keeps it")
    func exportAndImportKeepTheOrder() throws {
        let (source, lists) = try Self.store(["Arrays", "Graphs", "Trees"])
        _ = try lists.reorder("trees", to: 1, in: catalog)
        let document = try Exporter(catalog: catalog).document(of: source)
        #expect(document.lists.map(\.name) == ["Trees", "Arrays", "Graphs"])
        let copy = Store.memory()
        _ = try Importer(store: copy, catalog: catalog, clock: .system, timeZone: TimeZone(identifier: "UTC")!)
            .run(document, mode: .replace, dryRun: false)
        #expect(try names(OwnLists(store: copy, clock: .system)) == ["Trees", "Arrays", "Graphs"])
        // A file in the order of creation (every older export) leaves the records without places.
        let (plain, _) = try Self.store(["Arrays", "Graphs"])
        let fresh = Store.memory()
        _ = try Importer(store: fresh, catalog: catalog, clock: .system, timeZone: TimeZone(identifier: "UTC")!)
            .run(try Exporter(catalog: catalog).document(of: plain), mode: .replace, dryRun: false)
        #expect(try fresh.values(withKeyPrefix: OwnLists.keyPrefix, as: OwnLists.Record.self).allSatisfy { $0.value.place == nil })
    }

    @Test("a reorder syncs to the other machine; a move there and an edit of another list here both stay")
    func reorderSyncs() throws {
        let (laptop, laptopLists) = try Self.store(["Arrays", "Graphs", "Trees"])
        let desktop = Store.memory()
        let remote = Store.memory()
        let desktopLists = OwnLists(store: desktop, clock: .system)
        func sync(_ machine: Store) throws { _ = try SyncEngine(local: machine, remote: remote, clock: .system).run() }
        try sync(laptop)
        try sync(desktop)
        _ = try laptopLists.reorder("trees", to: 1, in: catalog)
        try sync(laptop)
        try sync(desktop)
        #expect(try names(desktopLists) == ["Trees", "Arrays", "Graphs"])

        _ = try desktopLists.reorder("graphs", to: 2, in: catalog)  // One record: Graphs.
        _ = try laptopLists.add(["two-sum"], to: "arrays", in: catalog)  // Another record: Arrays.
        for machine in [laptop, desktop, laptop] { try sync(machine) }
        #expect(try names(laptopLists) == ["Trees", "Graphs", "Arrays"])
        #expect(try names(desktopLists) == ["Trees", "Graphs", "Arrays"])
        #expect(try desktopLists.list(named: "arrays", in: catalog).slugs == ["two-sum"])
    }

    @Test("a pulled list whose place is not a finite number is refused")
    func pulledPlaceIsChecked() throws {
        var record = OwnLists.Record(name: "Graphs", problems: [], created: "2025-11-20T08:00:00Z")
        record.place = .infinity
        let value = SyncValueRecord(value: SyncValue(list: record), stamps: SyncValueStamps(), sequence: 1)
        #expect(SyncEngine.violation(of: (key: "lists.graphs", value: value), now: Self.day) != nil)
        record.place = 2.5
        let fine = SyncValueRecord(value: SyncValue(list: record), stamps: SyncValueStamps(), sequence: 1)
        #expect(SyncEngine.violation(of: (key: "lists.graphs", value: fine), now: Self.day) == nil)
    }
}
