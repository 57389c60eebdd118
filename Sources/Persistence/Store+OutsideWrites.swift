import FoundationEssentials

// Outside write counts by namespace: how a client that keeps derived records (summaries) beside its
// main records notices that a writer other than this library wrote the main records: an older
// build of the program, or a hand edit with the `sqlite3` shell.
extension Store {
    /// How many writes the keys of `namespace` have had from outside this library (an older build,
    /// the `sqlite3` shell, any other program), or `nil` when this backend cannot count them.
    ///
    /// A key's namespace is its text up to and including its first "." (`progress.two-sum` is in
    /// `progress.`, `summary.a.b` in `summary.`); a key without a "." is in `""`. A write is the
    /// storing of a value (new or not, even the bytes already stored) or the removal of a key that
    /// exists. Writes through any ``Store`` of this version do not count. A count only grows, starts
    /// at 0, and is committed atomically with the writes it counts.
    ///
    /// ```swift
    /// let seen = try store.outsideWriteCount(forNamespace: "progress.")  // kept with the summaries
    /// // later: a different count means another program wrote progress records meanwhile
    /// if try store.outsideWriteCount(forNamespace: "progress.") != seen { rebuildSummaries() }
    /// ```
    ///
    /// What counts, by backend:
    /// - SQLite: triggers in the file count every other writer of its entries, whatever program or
    ///   build it is. A store made before the counts existed gets them at its first open for
    ///   writing, its entries then counted as one outside write each; until then, a store opened for
    ///   reading answers `nil`.
    /// - Memory: 0 (nobody else can write it).
    /// - File (JSON, property list): `nil`, always: a hand edit of the file cannot be counted.
    /// - PostgreSQL: `nil`, for now.
    ///
    /// The count is read from the backend at each call, never from the store's cache, so it
    /// includes other processes' commits. Inside a ``transaction(_:)`` body, use
    /// ``Transaction/outsideWriteCount(forNamespace:)``.
    ///
    /// - Complexity: one indexed lookup (SQLite: one cached statement).
    /// - Throws: ``PersistenceError/invalidKey(key:reason:)`` when `namespace` is no key's namespace
    ///   (`"progress"` without its dot, `"a.b."`): it would read 0 forever.
    public func outsideWriteCount(forNamespace namespace: String) throws -> Int? {
        try Namespace.validate(namespace)
        return try backend.outsideWriteCount(forNamespace: namespace)
    }
}
