import Foundation
import Persistence
import TestSupport
import Testing

@testable import LeetTrackCore

/// A SQLite store in a temporary folder, with its progress repository: for suites that check what
/// the repository keeps beside the records in a real store.
struct RepositoryFixture {
    let store: Store
    let repository: ProgressRepository
    /// Removes the folder when the last copy of this value goes away. Declared last, so that it goes
    /// after the store that lives in it.
    private let folder: TemporaryFolder

    /// A new store in a new folder whose name starts with `name`.
    init(_ name: String) throws {
        folder = try TemporaryFolder(name)
        store = try Store.sqlite(path: folder.url.appendingPathComponent("store.sqlite").path)
        repository = ProgressRepository(store: store, clock: .system)
    }
}

extension Store {
    /// Stores `value` under `key` as another program does (see ``AnotherProgram``).
    func setAsAnotherProgram<Value: Encodable>(_ value: Value, forKey key: String) throws {
        try AnotherProgram.set(value, forKey: key, inStoreAt: try #require(path))
    }
}
