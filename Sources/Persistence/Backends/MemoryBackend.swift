import FoundationEssentials
import Synchronization

/// A backend that keeps everything in memory: for tests and previews. Nothing outlives the process.
final class MemoryBackend: StorageBackend {
    /// The entries and the writes counted by namespace, changed together under one lock so that a
    /// count is never seen without its write.
    private struct State {
        var entries: [String: Data] = [:]
        var writeCounts: [String: Int] = [:]

        var reader: DictionaryReader { DictionaryReader(entries: entries, writeCounts: writeCounts) }
    }

    private let state = Mutex(State())

    var path: String? { nil }

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        return state.withLock { $0.entries[key] }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try state.withLock { try $0.reader.read(keysWithPrefix: prefix) }
    }

    func writeCount(forNamespace namespace: String) throws -> Int? {
        state.withLock { $0.writeCounts[namespace] ?? 0 }
    }

    func write(_ changes: [Change]) throws {
        try KeyCheck.validate(changes)
        state.withLock { Self.apply(changes, to: &$0) }
    }

    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try state.withLock { state in
            let (result, changes) = try body(state.reader)
            try KeyCheck.validate(changes)
            Self.apply(changes, to: &state)
            return UncheckedBox(result)
        }.value
    }

    /// Counts as SQLite's triggers do: every upsert is a write (even of the same bytes), and so is
    /// the removal of an entry that exists; removing an absent key writes nothing.
    private static func apply(_ changes: [Change], to state: inout State) {
        for change in changes {
            if let value = change.value {
                state.entries[change.key] = value
            } else if state.entries.removeValue(forKey: change.key) == nil {
                continue
            }
            state.writeCounts[Namespace.of(change.key), default: 0] += 1
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
