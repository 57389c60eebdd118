import FoundationEssentials
import Synchronization

/// A backend that keeps everything in memory: for tests and previews. Nothing outlives the process.
final class MemoryBackend: StorageBackend {
    private struct State {
        var entries: [String: Data] = [:]

        var reader: DictionaryReader { DictionaryReader(entries: entries, hasNoOutsideWriters: true) }
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

    /// Nobody outside this library can write a store in memory.
    func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
        0
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

    private static func apply(_ changes: [Change], to state: inout State) {
        for change in changes {
            state.entries[change.key] = change.value
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
