import FoundationEssentials

// Write counts by namespace: how a client that keeps derived records (summaries) beside its main
// records notices that someone who does not maintain them wrote the main records: an older build
// of the program, or a hand edit with the `sqlite3` shell.
extension Store {
    /// How many writes the keys of `namespace` have had, counting every writer of the store, or
    /// `nil` when this backend cannot count them all.
    ///
    /// A key's namespace is its text up to and including its first "." (`progress.two-sum` is in
    /// `progress.`, `summary.a.b` in `summary.`); a key without a "." is in `""`. A write is the
    /// storing of a value (new or not, even the bytes already stored) or the removal of a key that
    /// exists; removing an absent key writes nothing. A count only grows, starts at 0 (a namespace
    /// never written answers 0), and is committed atomically with the writes it counts.
    ///
    /// ```swift
    /// let seen = try store.writeCount(forNamespace: "progress.")   // recorded with the summary
    /// // later: a different count means someone else wrote progress records meanwhile
    /// if try store.writeCount(forNamespace: "progress.") != seen + writesWeMade { rebuildSummary() }
    /// ```
    ///
    /// What counts, by backend:
    /// - SQLite: triggers in the file count every writer of its entries, whatever program or build
    ///   it is. A store made before write counts existed gets them at its first open for writing
    ///   (from then on, counts start at 0); until then, a store opened for reading answers `nil`.
    /// - Memory: the store's own writes (nobody else can write it).
    /// - File (JSON, property list): `nil`, always: a hand edit of the file cannot be counted, and
    ///   a number that misses it would be wrong.
    /// - PostgreSQL: `nil`, for now.
    ///
    /// The count is read from the backend at each call, never from the store's cache, so it
    /// includes other processes' commits. Do not call it inside a ``transaction(_:)`` body: use
    /// ``Transaction/writeCount(forNamespace:)``.
    ///
    /// - Complexity: one indexed lookup (SQLite: one cached statement).
    /// - Throws: ``PersistenceError/invalidKey(key:reason:)`` when `namespace` is no key's namespace
    ///   (`"progress"` without its dot, `"a.b."`): it would read 0 forever.
    public func writeCount(forNamespace namespace: String) throws -> Int? {
        try Namespace.validate(namespace)
        return try backend.writeCount(forNamespace: namespace)
    }
}
