import Foundation
import Persistence
import Testing

/// Keys are kept exactly as given, or refused: never cut short into another record's key.
@Suite("Keys")
struct KeyTests {
    static let unusualKeys = [
        "plain", "", " ", "émoji 👩‍👩‍👧 key", "中文キー", "עברית", "tab\tnew\nline", "quote\"back\\slash",
        "percent%3F?#", "e\u{301}", "\u{7F}\u{1}", String(repeating: "long", count: 500),
    ]

    @Test("Any key without NUL reads back exactly, as a key and in listings", arguments: BackendKind.allCases)
    func unusualKeysRoundTrip(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        for (index, name) in Self.unusualKeys.enumerated() {
            try store.set(index, for: Key<Int>("u." + name, default: -1))
        }
        let reader = try kind.reopen(in: directory) ?? store
        for (index, name) in Self.unusualKeys.enumerated() {
            #expect(try reader.value(for: Key<Int>("u." + name, default: -1)) == index)
        }
        let listed = try reader.keys(withPrefix: "u.").map { Array($0.utf8) }
        #expect(Set(listed) == Set(Self.unusualKeys.map { Array(("u." + $0).utf8) }))
    }

    @Test("A key with NUL is refused with an error naming it, and the key before the NUL is untouched",
          arguments: BackendKind.allCases)
    func nulKeyIsRefused(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        try store.set("mine", for: Key<String>("progress.two-sum", default: ""))
        let evil = Key<String>("progress.two-sum\u{0}evil", default: "")
        let error = #expect(throws: PersistenceError.self) { try store.set("evil", for: evil) }
        #expect(error?.description.contains("progress.two-sum\\0evil") == true)
        #expect(throws: PersistenceError.self) { try store.removeValue(for: evil) }
        #expect(throws: PersistenceError.self) { try store.transaction { try $0.set("evil", for: evil) } }
        #expect(throws: PersistenceError.self) { try store.value(for: evil) }
        let reader = try kind.reopen(in: directory) ?? store
        #expect(try reader.value(for: Key<String>("progress.two-sum", default: "")) == "mine")
        #expect(try reader.keys(withPrefix: "progress.") == ["progress.two-sum"])
    }

    @Test("The subscript answers a NUL key with the default and records the error", arguments: BackendKind.allCases)
    func nulKeyThroughSubscript(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let evil = Key<Int>("a\u{0}b", default: 5)
        store[evil] = 7
        #expect(store[evil] == 5)
        guard case .invalidKey? = store.lastError else {
            Issue.record("expected invalidKey, got \(String(describing: store.lastError))")
            return
        }
        #expect(try store.keys(withPrefix: "").isEmpty)
    }
}
