import Foundation
import Persistence
import Testing

/// Floats, infinities, NaN and dates, stored and read back the way UserDefaults users expect, on
/// every backend (and through a second store on the same file, as another process would read).
@Suite("Every backend stores floats, infinities, NaN and dates")
struct ConformanceNumberTests {
    @Test("A Float read as a Double is the Double it widens to, as in UserDefaults", arguments: BackendKind.allCases)
    func floatWidensToDouble(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store.set(Float(12.34), forKey: "ratio")
        #expect(store.double(forKey: "ratio") == Double(Float(12.34)))
        #expect(store.float(forKey: "ratio") == Float(12.34))
        store[Key<Float>("typed", default: 0)] = 12.34
        #expect(store.double(forKey: "typed") == Double(Float(12.34)))
        for reader in [store] + [try kind.reopen(in: directory)].compactMap({ $0 }) {
            #expect(try reader.value(for: Key<Float>("ratio", default: 0)) == Float(12.34))
            #expect(try reader.value(for: Key<Double>("typed", default: 0)) == Double(Float(12.34)))
        }
        #expect(store.lastError == nil)
    }

    @Test("Infinities and NaN are stored and read back", arguments: BackendKind.allCases)
    func nonFiniteNumbers(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let up = Key<Double>("up", default: 0), down = Key<Double>("down", default: 0)
        let nan = Key<Double>("nan", default: 0), floatUp = Key<Float>("floatUp", default: 0)
        store[up] = .infinity
        store[down] = -.infinity
        store[nan] = .nan
        store[floatUp] = .infinity
        store.set(Double.nan, forKey: "plainNaN")
        store.set(-Float.infinity, forKey: "plainDown")
        #expect(store.lastError == nil)
        for reader in [store] + [try kind.reopen(in: directory)].compactMap({ $0 }) {
            #expect(try reader.value(for: up) == .infinity)
            #expect(try reader.value(for: down) == -.infinity)
            #expect(try reader.value(for: nan).isNaN)
            #expect(try reader.value(for: floatUp) == .infinity)
            #expect(reader.double(forKey: "plainNaN").isNaN)
            #expect(reader.double(forKey: "plainDown") == -.infinity)
            #expect(reader.float(forKey: "up") == .infinity)
        }
    }

    @Test("Infinities and NaN inside a Codable value are stored and read back", arguments: BackendKind.allCases)
    func nonFiniteInsideCodable(kind: BackendKind) throws {
        struct Range: Codable, Equatable { var low: Double; var high: Float; var values: [Double] }
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let key = Key<Range>("range", default: Range(low: 0, high: 0, values: []))
        try store.set(Range(low: -.infinity, high: .infinity, values: [1.5, .nan]), for: key)
        let reader = try kind.reopen(in: directory) ?? store
        let read = try reader.value(for: key)
        #expect(read.low == -.infinity)
        #expect(read.high == .infinity)
        #expect(read.values.count == 2 && read.values[0] == 1.5 && read.values[1].isNaN)
    }

    @Test("object(forKey:) and date(forKey:) answer a Date for a stored date", arguments: BackendKind.allCases)
    func storedDateIsADate(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let date = Date(timeIntervalSince1970: 1_764_000_000.123)
        store.set(date, forKey: "plain")
        store[Key<Date>("typed", default: .distantPast)] = date
        store[Key<Date?>("optional")] = date
        store.set([date, date], forKey: "dates")
        for reader in [store] + [try kind.reopen(in: directory)].compactMap({ $0 }) {
            #expect(reader.object(forKey: "plain") as? Date == date)
            #expect(reader.object(forKey: "typed") as? Date == date)
            #expect(reader.object(forKey: "optional") as? Date == date)
            #expect(reader.array(forKey: "dates") as? [Date] == [date, date])
            #expect(reader.date(forKey: "plain") == date)
            #expect(try reader.value(for: Key<Date>("plain", default: .distantPast)) == date)
            #expect(try reader.value(for: Key<Date?>("typed")) == date)
            #expect(reader.dictionaryRepresentation()["typed"] as? Date == date)
        }
        #expect(store.lastError == nil)
    }

    @Test("A date is stored as readable ISO 8601 text and reads back exactly", arguments: BackendKind.allCases)
    func dateTextIsExact(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let key = Key<Date>("when", default: .distantPast)
        try store.set(Date(timeIntervalSince1970: 0), for: key)
        #expect(try store.rawValue(forKey: "when") == Data(#"{"$date":"1970-01-01T00:00:00Z"}"#.utf8))
        try store.set(Date(timeIntervalSince1970: 1_764_000_000.123), for: key)
        #expect(String(decoding: try store.rawValue(forKey: "when") ?? Data(), as: UTF8.self)
            .hasPrefix(#"{"$date":"2025-11-24T16:00:00.12"#))
        let dates = [Date(timeIntervalSince1970: 1_764_000_000.123), Date(timeIntervalSinceReferenceDate: -0.000_001),
                     Date(timeIntervalSince1970: -86_400 * 365.25 * 100 + 0.5), .distantPast, .distantFuture,
                     Date(timeIntervalSinceReferenceDate: 1e15), Date(timeIntervalSinceReferenceDate: 1e-300)]
        for date in dates {
            try store.set(date, for: key)
            #expect(try (kind.reopen(in: directory) ?? store).value(for: key) == date)
            #expect(store.date(forKey: "when") == date)
        }
    }

    @Test("A date stored before dates were tagged (a number) still reads", arguments: BackendKind.allCases)
    func untaggedDateReads(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store.set(785_692_800.5, forKey: "old")
        #expect(try store.value(for: Key<Date>("old", default: .distantPast))
            == Date(timeIntervalSinceReferenceDate: 785_692_800.5))
        #expect(store.date(forKey: "old") == Date(timeIntervalSinceReferenceDate: 785_692_800.5))
    }
}
