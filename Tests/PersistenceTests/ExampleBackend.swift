import Foundation
import Persistence
import Synchronization

/// A complete storage backend in a few lines: a dictionary behind a lock, which keeps nothing
/// past the process. It shows what ``StorageBackend`` asks of a backend of your own, and it runs
/// through every conformance test (``BackendKind/example``), like the package's own backends.
///
/// ```swift
/// let store = Store(backend: ExampleBackend())
/// ```
///
/// A backend that other processes can change would also implement `isShared`,
/// `changesByOthers()` and, if it has a signal, `watchChangesByOthers(_:)`.
final class ExampleBackend: StorageBackend {
    private let entries = Mutex<[String: Data]>([:])

    var path: String? { nil }

    func read(_ key: String) throws -> Data? {
        try KeyCheck.validate(key)
        return entries.withLock { $0[key] }
    }

    func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
        try KeyCheck.validate(prefix)
        return entries.withLock { Self.entries(in: $0, withPrefix: prefix) }
    }

    func write(_ changes: [Change]) throws {
        try transaction { _ in ((), changes) }
    }

    /// The lock makes it exclusive; the changes are applied only once the body returned.
    func transaction<T>(_ body: (any BackendReader) throws -> (result: T, changes: [Change])) throws -> T {
        try entries.withLock { entries in
            let (result, changes) = try body(Snapshot(entries: entries))
            try KeyCheck.validate(changes)
            for change in changes { entries[change.key] = change.value }
            return result
        }
    }

    private static func entries(in entries: [String: Data], withPrefix prefix: String) -> [(key: String, value: Data)] {
        entries.filter { $0.key.hasPrefix(prefix) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { (key: $0.key, value: $0.value) }
    }

    /// What a transaction's body reads: the entries as they were when it started.
    private struct Snapshot: BackendReader {
        let entries: [String: Data]

        func read(_ key: String) throws -> Data? {
            try KeyCheck.validate(key)
            return entries[key]
        }

        func read(keysWithPrefix prefix: String) throws -> [(key: String, value: Data)] {
            try KeyCheck.validate(prefix)
            return ExampleBackend.entries(in: entries, withPrefix: prefix)
        }
    }
}
