import Foundation
import Persistence
import Testing

/// A `RawRepresentable` that is not `Codable`.
enum Shade: String, Sendable {
    case pale, deep
}

/// Defaults, key identity, resetting, and keys of `RawRepresentable` collections and optionals.
@Suite("Every backend keeps the contract of defaults and keys")
struct ConformanceKeyTests {
    @Test("A typed key's default is what the string API answers once the key was used", arguments: BackendKind.allCases)
    func typedDefaultVisibleToStringAPI(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let count = Key<Int>("count", default: 7)
        #expect(store[count] == 7)
        #expect(store.integer(forKey: "count") == 7)
        #expect(store.object(forKey: "count") as? Int == 7)
        #expect(store.dictionaryRepresentation()["count"] as? Int == 7)
        store.set(3, forKey: "count")
        #expect(store.integer(forKey: "count") == 3)
        store.removeObject(forKey: "count")
        #expect(store.integer(forKey: "count") == 7)
        #expect(try store.containsValue(forKey: "count") == false)  // Defaults are never written.
    }

    /// Code ported from `UserDefaults` passes Foundation's numbers (from `JSONSerialization`, a
    /// property list): an `NSNumber` holding a Bool or an integer also casts to `Double`, and must
    /// be stored as the Bool or the integer it is, as `Bool` and `Int` are.
    @Test("Foundation's numbers are stored as the Bool or integer they hold", arguments: BackendKind.allCases)
    func foundationNumbers(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store.set(NSNumber(value: true), forKey: "flag")
        store.set(NSNumber(value: 42), forKey: "count")
        store.set([NSNumber(value: false), NSNumber(value: 7)], forKey: "mixed")
        #expect(store.lastError == nil)
        #expect(store[Key<Bool>("flag", default: false)] == true)
        #expect(store[Key<Int>("count", default: 0)] == 42)
        let raw = Dictionary(uniqueKeysWithValues: try store.rawValues(withKeyPrefix: "").map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })
        #expect(raw["flag"] == "true")
        #expect(raw["count"] == "42")
        #expect(raw["mixed"] == "[false,7]")
    }

    @Test("One key used with two stores in turn shows its default to each store's string API", arguments: BackendKind.allCases)
    func keySharedByTwoStores(kind: BackendKind) throws {
        let (first, second) = (try TemporaryDirectory(), try TemporaryDirectory())
        let (one, two) = (try kind.makeStore(in: first), try kind.makeStore(in: second))
        let count = Key<Int>("count", default: 7)
        one[count] = 1
        two[count] = 2
        one[count] = 3
        one.removeObject(forKey: "count")
        two.removeObject(forKey: "count")
        #expect(one.integer(forKey: "count") == 7)
        #expect(two.integer(forKey: "count") == 7)
    }

    @Test("A key used only inside a transaction shows its default to the string API", arguments: BackendKind.allCases)
    func transactionKeyDefault(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let limit = Key<Int>("limit", default: 25)
        let total = try store.transaction { transaction in transaction[limit] }
        #expect(total == 25)
        #expect(store.integer(forKey: "limit") == 25)
    }

    @Test("register(_:) makes keys' defaults visible before their first use", arguments: BackendKind.allCases)
    func registerKeys(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        #expect(store.string(forKey: "userName") == nil)
        store.register(Key<String>("userName", default: "John Doe"), Key<[Int]>("recent", default: [1, 2]))
        #expect(store.string(forKey: "userName") == "John Doe")
        #expect(store.array(forKey: "recent") as? [Int] == [1, 2])
        #expect(try store.containsValue(forKey: "userName") == false)
    }

    @Test("Defaults given to register(defaults:) win over a key's own default", arguments: BackendKind.allCases)
    func registeredDefaultsWin(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let volume = Key<Int>("volume", default: 5)
        store.register(defaults: ["volume": 9])
        store.register(volume)
        #expect(store.integer(forKey: "volume") == 9)
        #expect(store[volume] == 9)
    }

    @Test("Keys are equal and hash alike by name")
    func keysHashableByName() {
        let keys: Set<Keys> = [Key<Int>("a", default: 0), Key<String>("a", default: ""), Key<Int>("b", default: 0)]
        #expect(keys.count == 2)
        #expect(Key<Int>("a", default: 1) == Key<Int>("a", default: 2))
        #expect(Key<Int>("a", default: 1) != Key<Int>("b", default: 1))
    }

    @Test("removeAll removes every stored value, and other stores see it", arguments: BackendKind.allCases)
    func removeAll(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 4
        store[.name] = "Ada"
        store.set("x", forKey: "loose")
        try store.removeAll()
        #expect(try store.keys(withPrefix: "").isEmpty)
        #expect(store[.count] == 0)
        #expect(store[.name] == "John Doe")
        #expect(try kind.reopen(in: directory)?.keys(withPrefix: "").isEmpty ?? true)
    }

    @Test("reset removes only the given keys", arguments: BackendKind.allCases)
    func reset(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        store[.count] = 4
        store[.name] = "Ada"
        store[.favorites] = ["two-sum"]
        try store.reset(.count, Keys.name)
        #expect(store[.count] == 0)
        #expect(store[.name] == "John Doe")
        #expect(store[.favorites] == ["two-sum"])
        #expect(try store.keys(withPrefix: "") == ["favorites"])
    }

    @Test("isDefault compares the stored value with the default", arguments: BackendKind.allCases)
    func isDefault(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        #expect(store.isDefault(.count))
        store[.count] = 1
        #expect(!store.isDefault(.count))
        store[.count] = 0
        #expect(store.isDefault(.count))
        store.set("not a number", forKey: "count")
        #expect(!store.isDefault(.count))
        #expect(store.lastError != nil)
    }

    @Test("Arrays and optionals of RawRepresentable values that are not Codable are stored as raw values",
          arguments: BackendKind.allCases)
    func rawRepresentableCollections(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let shades = Key<[Shade]>("shades", default: [])
        let levels = Key<[Level]>("levels", default: [.low])
        let shade = Key<Shade?>("shade")
        let level = Key<Level?>("level", default: .high)
        let themes = Key<[Theme]>("themes", default: [])
        let shadeSet = Key<Set<Shade>>("shadeSet", default: [])
        let themeSet = Key<Set<Theme>>("themeSet", default: [.light])
        let theme = Key<Theme?>("theme")
        #expect(store[levels] == [.low])
        #expect(store[level] == .high)
        store[shades] = [.deep, .pale]
        store[levels] = [.high, .low]
        store[shade] = .deep
        store[themes] = [.dark]
        store[theme] = .light
        store[shadeSet] = [.pale]
        #expect(store[themeSet] == [.light])
        #expect(store.stringArray(forKey: "shades") == ["deep", "pale"])
        #expect(store.array(forKey: "levels") as? [Int] == [2, 1])
        #expect(store.string(forKey: "shade") == "deep")
        #expect(store.stringArray(forKey: "themes") == ["dark"])
        #expect(store.string(forKey: "theme") == "light")
        let reader = try kind.reopen(in: directory) ?? store
        #expect(try reader.value(for: shades) == [.deep, .pale])
        #expect(try reader.value(for: levels) == [.high, .low])
        #expect(try reader.value(for: shade) == .deep)
        #expect(try reader.value(for: themes) == [.dark])
        #expect(try reader.value(for: theme) == .light)
        #expect(try reader.value(for: shadeSet) == [.pale])
        #expect(reader.stringArray(forKey: "shadeSet") == ["pale"])
        store[shade] = nil
        #expect(try store.containsValue(forKey: "shade") == false)
        #expect(store.lastError == nil)
    }

    @Test("Storing nil in an optional key with another default removes the value: reads answer the default",
          arguments: BackendKind.allCases)
    func nilIntoOptionalWithDefault(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let nickname = Key<String?>("nickname", default: "anon")
        store[nickname] = "ada"
        #expect(store[nickname] == "ada")
        store[nickname] = nil
        #expect(try store.containsValue(forKey: "nickname") == false)
        #expect(store[nickname] == "anon")
        #expect(try (kind.reopen(in: directory) ?? store).value(for: nickname) == "anon")
    }
}
