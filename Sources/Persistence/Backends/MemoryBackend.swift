import FoundationEssentials
import Synchronization

/// A backend that keeps everything in memory: for tests and previews. Nothing outlives the process.
final class MemoryBackend: StorageBackend {
    private let entries = Mutex<[String: Data]>([:])

    var path: String? { nil }

    var isShared: Bool { false }

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        return entries.withLock { $0[key] }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try entries.withLock { try DictionaryReader(entries: $0).read(keysWithPrefix: prefix) }
    }

    func write(_ changes: [Change]) throws {
        try KeyCheck.validate(changes)
        entries.withLock { Self.apply(changes, to: &$0) }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try entries.withLock { entries in
            let (result, changes) = try body(DictionaryReader(entries: entries))
            try KeyCheck.validate(changes)
            Self.apply(changes, to: &entries)
            return UncheckedBox(result)
        }.value
    }

    func hasExternalChanges() throws -> Bool { false }

    private static func apply(_ changes: [Change], to entries: inout [String: Data]) {
        for change in changes {
            entries[change.key] = change.value
        }
    }
}

/// Carries a value out of a lock's critical section. The lock's closure must return a `sending`
/// value; values built inside it (or handed to the caller, who owns them from then on) are safe to
/// move out, which the region checker cannot always see through generics.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
