import Foundation
import Observation
import Persistence
import Testing

/// The original app's "Codable class in @AppStorage" trick, with the RawRepresentable boilerplate
/// it needed. Its stored format (a JSON string) must keep reading unchanged.
final class LegacyFavorites: Codable, RawRepresentable {
    var titles: [String]

    init(titles: [String]) { self.titles = titles }

    required init?(rawValue: String) {
        guard let decoded = try? JSONDecoder().decode([String].self, from: Data(rawValue.utf8)) else { return nil }
        titles = decoded
    }

    var rawValue: String {
        String(decoding: (try? JSONEncoder().encode(titles)) ?? Data("[]".utf8), as: UTF8.self)
    }
}

/// An object that changes in place, as SwiftUI view models do.
@Observable
final class Preferences: Codable {
    var fontSize = 14
    var theme = "light"

    enum CodingKeys: String, CodingKey { case fontSize, theme }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fontSize = try container.decode(Int.self, forKey: .fontSize)
        theme = try container.decode(String.self, forKey: .theme)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(theme, forKey: .theme)
    }
}

/// A model written the way SwiftUI code uses @AppStorage.
struct ProfileView {
    @AppStorage("userName") var userName: String = "John Doe"
    @AppStorage("avatar") var avatar: Data?
    @AppStorage("theme") var theme: Theme = .light
    @AppStorage("level") var level: Level = .low
    @Stored(.favorites) var favorites

    init(store: Store) {
        _userName = AppStorage(wrappedValue: "John Doe", "userName", store: store)
        _avatar = AppStorage("avatar", store: store)
        _theme = AppStorage(wrappedValue: .light, "theme", store: store)
        _level = AppStorage(wrappedValue: .low, "level", store: store)
        _favorites = Stored(.favorites, store: store)
    }
}

/// A plain Codable class: not observable, so its in-place changes are not saved.
final class Counter: Codable {
    var value = 0
}

@Suite("@Stored and @AppStorage")
struct StoredTests {
    @Test("An in-place change to a plain class value is not mistaken for a stored one")
    func plainClassIsNotCachedByReference() throws {
        let store = Store.memory()
        let key = Key<Counter>("counter", default: Counter())
        let counter = Counter()
        counter.value = 5
        store[key] = counter
        counter.value = 9   // Not observable, so not saved: reads must not pretend it was.
        #expect(store[key].value == 5)
        let read = store[key]
        read.value = 7
        #expect(store[key].value == 5)
    }

    @Test("@AppStorage declarations compile unchanged and persist")
    func appStorageForms() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let view = ProfileView(store: try .sqlite(path: path))
        #expect(view.userName == "John Doe")
        #expect(view.avatar == nil)
        view.userName = "Ada"
        view.avatar = Data([1, 2])
        view.theme = .dark
        view.level = .high
        view.favorites.insert("two-sum")
        let reopened = ProfileView(store: try .sqlite(path: path))
        #expect(reopened.userName == "Ada")
        #expect(reopened.avatar == Data([1, 2]))
        #expect(reopened.theme == .dark)
        #expect(reopened.level == .high)
        #expect(reopened.favorites == ["two-sum"])
    }

    @Test("A RawRepresentable Codable class keeps its UserDefaults format")
    func legacyRawRepresentableClass() throws {
        let store = Store.memory()
        // What UserDefaults held: the raw value, a JSON string.
        store.set(#"["Two Sum","LRU Cache"]"#, forKey: "favoriteProblems")
        let key = Key<LegacyFavorites>("favoriteProblems", default: LegacyFavorites(titles: []))
        #expect(try store.value(for: key).titles == ["Two Sum", "LRU Cache"])
        try store.set(LegacyFavorites(titles: ["3Sum"]), for: key)
        #expect(store.string(forKey: "favoriteProblems") == #"["3Sum"]"#)
    }

    @Test("Changing a property of a stored @Observable object saves it")
    func observableObjectSavedOnChange() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store.sqlite(path: path)
        let key = Key<Preferences>("preferences", default: Preferences())
        let preferences = store[key]
        preferences.fontSize = 18
        #expect(try Store.sqlite(path: path).value(for: key).fontSize == 18)
        preferences.theme = "dark"
        let reopened = try Store.sqlite(path: path).value(for: key)
        #expect(reopened.fontSize == 18)
        #expect(reopened.theme == "dark")
        #expect(store.lastError == nil)
    }

    @Test("An object replaced under its key is no longer saved")
    func replacedObjectStopsSaving() throws {
        let store = Store.memory()
        let key = Key<Preferences>("preferences", default: Preferences())
        let old = store[key]
        let new = Preferences()
        new.fontSize = 20
        store[key] = new
        old.fontSize = 99
        #expect(store[key].fontSize == 20)
        new.fontSize = 21
        #expect(try store.value(for: Key<Preferences>("preferences", default: Preferences())).fontSize == 21)
    }
}

