/// What one notice of ``Store/observeChanges(_:)-(@Sendable(StoreChange)->Void)`` says: which keys
/// changed, whether that list is the whole truth, and who made the change.
///
/// ```swift
/// let token = store.observeChanges { change in
///     guard change.isComplete else { return reloadEverything() }
///     for key in change.keys { reload(key) }
/// }
/// ```
public struct StoreChange: Sendable, Hashable {
    /// Who committed a change.
    public enum Origin: Sendable, Hashable {
        /// This ``Store`` (a write, a transaction, a saved `@Observable` object).
        case thisStore
        /// Another process, another ``Store`` on the same file, a hand edit, the `sqlite3` shell.
        case outside
    }

    /// The keys that changed, each once, in the order of their last change: one commit's keys for
    /// a change of this store; for changes from outside, those of every commit since the last notice.
    public let keys: [String]
    /// False when anything may have changed beyond ``keys`` (which may then be empty): the store's
    /// log of changes no longer reaches back to the last notice, or the backend cannot tell which
    /// keys another writer changed (an old store read without its log, a PostgreSQL commit too
    /// large to name its keys). Re-read everything you show.
    public let isComplete: Bool
    /// Whether this store made the change, or someone outside it.
    public let origin: Origin

    /// A notice of `keys` (each kept once, at its last place), complete unless said otherwise.
    public init(keys: [String], isComplete: Bool = true, origin: Origin) {
        var seen = Set<String>()
        var unique: [String] = []
        unique.reserveCapacity(keys.count)
        for key in keys.reversed() where seen.insert(key).inserted { unique.append(key) }
        self.keys = unique.reversed()
        self.isComplete = isComplete
        self.origin = origin
    }

    /// "Something outside changed, we do not know what."
    static let unknownOutside = StoreChange(keys: [], isComplete: false, origin: .outside)

    /// One notice for `self` followed by `later`, both from outside.
    func merged(with later: StoreChange) -> StoreChange {
        StoreChange(keys: keys + later.keys, isComplete: isComplete && later.isComplete, origin: origin)
    }
}

extension Optional where Wrapped == StoreChange {
    /// One notice for `self` followed by `later`, either of which may be absent.
    func merged(with later: StoreChange?) -> StoreChange? {
        guard let later else { return self }
        return map { $0.merged(with: later) } ?? later
    }
}
