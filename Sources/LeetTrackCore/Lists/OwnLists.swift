import FoundationEssentials
import Persistence

/// The user's own study lists, beside the built-in ones.
///
/// Each list is one small record under `lists.<key>`, where the key is the name folded to
/// lowercase words joined by hyphens (`My Graphs` → `lists.my-graphs`): adding a problem writes
/// that list only, and two names that differ only in case or spacing are the same list. A list
/// keeps its problems in the order they were added, and lists are shown in the order they were
/// created until the user reorders them (``reorder(_:to:in:)``; the place is kept in each list's
/// own record, so it syncs and exports with the list).
public struct OwnLists: Sendable {
    /// The store the lists live in.
    public let store: Store

    /// The prefix of every list key.
    public static let keyPrefix = "lists."

    /// Words that `leettrack lists` takes as subcommands, so they cannot name a list.
    public static let reservedNames: Set<String> = ["create", "add", "remove", "rename", "delete"]

    /// Subcommands added after lists could take their names: a new name (``create(_:in:at:problems:)``,
    /// ``rename(_:to:in:)``) may not be one, since `lists move` is the subcommand, but a list an
    /// older build made under one is still read, imported and synced (refused there, it would stop
    /// sync on every machine that has it), and `lists move` alone shows it.
    public static let laterSubcommands: Set<String> = ["move", "reorder"]

    /// The key for a name given to a list here (``checkedKey(_:in:)``, and not a later subcommand).
    static func checkedNewKey(_ name: String, in catalog: Catalog) throws(LeetTrackError) -> String {
        let key = try checkedKey(name, in: catalog)
        if laterSubcommands.contains(key) { throw .invalidListName(name, reason: "'\(key)' is a `lists` subcommand") }
        return key
    }

    /// Dates the changes for sync.
    public let clock: Clock

    /// The user's lists in `store`, their changes dated by `clock`.
    public init(store: Store, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    var writes: SyncedWrites { SyncedWrites(clock: clock) }

    /// How a list is stored.
    struct Record: Codable, Hashable {
        var name: String
        var problems: [String]
        var created: String
        /// The list's place among the own lists, smaller first; `nil` (and left out of the record,
        /// so older records and builds read and write the same bytes) for a list never placed,
        /// which comes after the placed ones, in the order the lists were created.
        var place: Double? = nil

        var list: StudyList? {
            OwnLists.key(for: name).map { StudyList(key: $0, name: name, slugs: problems, isOwn: true) }
        }
    }

    /// The key (`my-graphs`) a name is stored and typed under, or `nil` for a name with no letters
    /// or digits.
    public static func key(for name: String) -> String? {
        let words = Catalog.folded(name).split(separator: " ")
        return words.isEmpty ? nil : words.joined(separator: "-")
    }

    private static func storeKey(_ key: String) -> Key<Record?> { Key<Record?>(keyPrefix + key) }

    /// Every own list, in the user's order (``ordered(_:)``).
    /// - Throws: `PersistenceError`, including `undecodable` naming a list that does not decode.
    public func all() throws -> [StudyList] {
        Self.ordered(try store.values(withKeyPrefix: Self.keyPrefix, as: Record.self)).compactMap(\.value.list)
    }

    /// Every own list that decodes, in the user's order, and apart, the list records that do not
    /// decode (left untouched): one damaged list hides no other.
    public func readableLists() throws -> (lists: [StudyList], damaged: [UndecodableEntry]) {
        let result = try store.readableValues(withKeyPrefix: Self.keyPrefix, as: Record.self)
        let lists = Self.ordered(result.values).compactMap(\.value.list)
        return (lists, result.undecodable)
    }

    /// Every list, built-in first, then the user's own.
    public func allLists(in catalog: Catalog) throws -> [StudyList] {
        catalog.studyLists + (try all())
    }

    /// The built-in or own list with this key or name (any case, hyphens or spaces).
    /// - Throws: ``LeetTrackError/unknownList(_:known:)`` naming every list.
    public func list(named name: String, in catalog: Catalog) throws -> StudyList {
        if let list = catalog.builtInList(named: name) { return list }  // Built-in lists first; the error names all.
        let own = try all()
        if let key = Self.key(for: name), let list = own.first(where: { $0.key == key }) { return list }
        throw LeetTrackError.unknownList(name, known: (catalog.studyLists + own).map(\.key))
    }

    /// Creates a list, empty or holding `problems` (catalog slugs) from the start, in one change.
    /// - Throws: ``LeetTrackError/invalidListName(_:reason:)``, ``LeetTrackError/duplicateList(_:existing:)``.
    @discardableResult
    public func create(_ name: String, in catalog: Catalog, at date: Date, problems: [String] = []) throws -> StudyList {
        let key = try Self.checkedNewKey(name, in: catalog)
        return try store.transaction { transaction in
            if let existing = try transaction.value(for: Self.storeKey(key)) {
                throw LeetTrackError.duplicateList(name, existing: existing.name)
            }
            var unique = Set<String>()
            let problems = problems.filter { unique.insert($0).inserted }
            let record = Record(name: name.trimmedOfWhitespace, problems: problems, created: UTCTimestamp.string(from: date))
            try writes.value(SyncValue(list: record), for: Self.keyPrefix + key, in: transaction)
            return try Self.unwrap(record.list, name)
        }
    }

    /// What adding or removing did.
    public struct Change: Sendable, Equatable {
        /// The list after the change.
        public var list: StudyList
        /// The slugs that were added (or removed).
        public var changed: [String]
        /// The slugs that were already in the list (or, when removing, were not in it).
        public var unchanged: [String]
    }

    /// Appends problems to the end of a list; problems already in it keep their place.
    public func add(_ slugs: [String], to name: String, in catalog: Catalog) throws -> Change {
        try modify(name, in: catalog) { record in
            var added: [String] = []
            var present: [String] = []
            for slug in slugs {
                if record.problems.contains(slug) { present.append(slug) } else {
                    record.problems.append(slug)
                    added.append(slug)
                }
            }
            return (added, present)
        }
    }

    /// Removes problems from a list; the others keep their order.
    public func remove(_ slugs: [String], from name: String, in catalog: Catalog) throws -> Change {
        try modify(name, in: catalog) { record in
            let removed = slugs.filter(record.problems.contains)
            record.problems.removeAll { removed.contains($0) }
            return (removed, slugs.filter { !removed.contains($0) })
        }
    }

    /// Moves a problem of a list to `position` (1 is the first place); the others keep their order.
    /// A problem already there is left as it is (`changed` is then empty).
    /// - Throws: ``LeetTrackError/invalidListMove(_:reason:)`` when the problem is not in the list or
    ///   `position` is not one of its places; nothing is changed then.
    public func move(_ slug: String, to position: Int, in name: String, in catalog: Catalog) throws -> Change {
        var refusal: LeetTrackError?
        let change = try modify(name, in: catalog) { record in
            guard let from = record.problems.firstIndex(of: slug) else {
                refusal = .invalidListMove(name, reason: "'\(slug)' is not in it")
                return ([], [slug])
            }
            guard (1...record.problems.count).contains(position) else {
                refusal = .invalidListMove(
                    name, reason: "place \(position) is not one of its places (1 to \(record.problems.count))")
                return ([], [slug])
            }
            if from == position - 1 { return ([], [slug]) }
            record.problems.remove(at: from)
            record.problems.insert(slug, at: position - 1)
            return ([slug], [])
        }
        if let refusal { throw refusal }
        return change
    }

    /// Renames a list; its problems, order and place among the lists stay.
    /// Renaming to a name that folds to the same key (a change of case) is allowed.
    public func rename(_ oldName: String, to newName: String, in catalog: Catalog) throws -> StudyList {
        let oldKey = try ownKey(oldName, in: catalog)
        let newKey = try Self.checkedNewKey(newName, in: catalog)
        return try store.transaction { transaction in
            guard var record = try transaction.value(for: Self.storeKey(oldKey)) else {
                throw LeetTrackError.unknownList(oldName, known: try Self.knownKeys(transaction, catalog))
            }
            if newKey != oldKey, let existing = try transaction.value(for: Self.storeKey(newKey)) {
                throw LeetTrackError.duplicateList(newName, existing: existing.name)
            }
            let before = record
            record.name = newName.trimmedOfWhitespace
            guard record != before else { return try Self.unwrap(record.list, newName) }
            // For sync a rename is a deletion of the old key and a creation of the new one (the
            // same key when only the case changes).
            if newKey != oldKey { try writes.value(SyncValue(), for: Self.keyPrefix + oldKey, in: transaction) }
            try writes.value(SyncValue(list: record), for: Self.keyPrefix + newKey, in: transaction)
            // The followed list follows its new name, in the same transaction.
            var practice = try transaction.value(for: PracticeSettings.key)
            if newKey != oldKey, practice.followedList == oldKey {
                practice.followedList = newKey
                try writes.value(SyncValue(practice: practice), for: PracticeSettings.key.name, in: transaction)
            }
            return try Self.unwrap(record.list, newName)
        }
    }

    /// Deletes a list (the problems' progress is not touched).
    @discardableResult
    public func delete(_ name: String, in catalog: Catalog) throws -> StudyList {
        guard let list = try delete(name, in: catalog, onlyIfProblemsAre: nil) else {
            // Not reached: without a condition nothing keeps the list.
            throw LeetTrackError.unknownList(name, known: [])
        }
        return list
    }

    /// Deletes a list only if it holds exactly `problems`, checked in the same transaction (an undo
    /// of its creation must not take a problem another process added meanwhile).
    /// - Returns: the deleted list, or `nil` when it had changed and was kept.
    public func delete(_ name: String, in catalog: Catalog, onlyIfProblemsAre problems: [String]?) throws -> StudyList? {
        let key = try ownKey(name, in: catalog)
        return try store.transaction { transaction in
            guard let record = try transaction.value(for: Self.storeKey(key)) else {
                throw LeetTrackError.unknownList(name, known: try Self.knownKeys(transaction, catalog))
            }
            if let problems, record.problems != problems { return nil }
            try writes.value(SyncValue(), for: Self.keyPrefix + key, in: transaction)
            // A deleted list is no longer followed (`today` and `next` would have nothing to follow).
            var practice = try transaction.value(for: PracticeSettings.key)
            if practice.followedList == key {
                practice.followedList = nil
                try writes.value(SyncValue(practice: practice), for: PracticeSettings.key.name, in: transaction)
            }
            return try Self.unwrap(record.list, name)
        }
    }

    // MARK: Internals

    private func modify(
        _ name: String, in catalog: Catalog, _ change: (inout Record) -> (changed: [String], unchanged: [String])
    ) throws -> Change {
        let key = try ownKey(name, in: catalog)
        return try store.transaction { transaction in
            guard var record = try transaction.value(for: Self.storeKey(key)) else {
                throw LeetTrackError.unknownList(name, known: try Self.knownKeys(transaction, catalog))
            }
            let before = record
            let (changed, unchanged) = change(&record)
            if record != before { try writes.value(SyncValue(list: record), for: Self.keyPrefix + key, in: transaction) }
            return Change(list: try Self.unwrap(record.list, name), changed: changed, unchanged: unchanged)
        }
    }

    /// Replaces `old` by `new` in every own list, inside `transaction` (a catalog update that gave a
    /// problem a new slug); a list that already holds `new` keeps it once, at its first place.
    static func replaceSlug(_ old: String, with new: String, in transaction: Transaction, writes: SyncedWrites) throws {
        for entry in try transaction.values(withKeyPrefix: keyPrefix, as: Record.self) where entry.value.problems.contains(old) {
            var record = entry.value
            var seen = Set<String>()
            record.problems = record.problems.map { $0 == old ? new : $0 }.filter { seen.insert($0).inserted }
            try writes.value(SyncValue(list: record), for: entry.key, in: transaction)
        }
    }

    /// Every list key, read inside a transaction (the store is not to be used from inside one).
    private static func knownKeys(_ transaction: Transaction, _ catalog: Catalog) throws -> [String] {
        catalog.studyLists.map(\.key) + ordered(try transaction.values(withKeyPrefix: keyPrefix, as: Record.self))
            .map { String($0.key.dropFirst(keyPrefix.count)) }
    }

    /// The key of an existing own list; a built-in name is refused, an unknown one reported.
    func ownKey(_ name: String, in catalog: Catalog) throws -> String {
        if catalog.builtInList(named: name) != nil { throw LeetTrackError.builtInList(name) }
        guard let key = Self.key(for: name), try store.containsValue(forKey: Self.keyPrefix + key) else {
            throw LeetTrackError.unknownList(name, known: try allLists(in: catalog).map(\.key))
        }
        return key
    }

    /// The key for a new name, or why the name cannot be used.
    static func checkedKey(_ name: String, in catalog: Catalog) throws(LeetTrackError) -> String {
        let cleaned = name.trimmedOfWhitespace
        // The one rule for empty text, as for notes: a name that shows nothing is empty.
        if InputRules.showsNothing(name) { throw .invalidListName(name, reason: "it is \(InputRules.emptiness(name))") }
        // Length first: folding a 50 MB name into a key would take seconds.
        if cleaned.utf8.count > InputRules.maximumListNameLength * 4 || cleaned.count > InputRules.maximumListNameLength {
            throw .invalidListName(String(name.prefix(20)) + "…", reason: "it is longer than \(InputRules.maximumListNameLength) characters")
        }
        if cleaned.unicodeScalars.contains(where: InputRules.isControlOrBidi) {
            throw .invalidListName(name, reason: "it contains control or bidirectional formatting characters")
        }
        // Invisible: a name of them alone shows as nothing, and `a<U+2060>b` as a second `ab`.
        if cleaned.unicodeScalars.contains(where: { Self.invisibleScalars.contains($0.value) }) {
            throw .invalidListName(name, reason: "it contains an invisible character (a zero-width space, word joiner or byte order mark)")
        }
        guard cleaned.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }),
            let key = key(for: cleaned)
        else { throw .invalidListName(name, reason: "it needs a letter or a digit") }
        if cleaned.hasPrefix("-") { throw .invalidListName(name, reason: "it cannot start with '-'") }
        if reservedNames.contains(key) { throw .invalidListName(name, reason: "'\(key)' is a `lists` subcommand") }
        if let builtIn = catalog.builtInList(named: cleaned) {
            throw .duplicateList(name, existing: builtIn.name)
        }
        return key
    }

    /// U+200B zero-width space, U+2060 word joiner, U+FEFF zero-width no-break space (a byte order
    /// mark): characters with no width and no use inside a name. (The zero-width joiners of emoji
    /// sequences and of some scripts are kept.)
    private static let invisibleScalars: Set<UInt32> = [0x200B, 0x2060, 0xFEFF]

    private static func unwrap(_ list: StudyList?, _ name: String) throws(LeetTrackError) -> StudyList {
        guard let list else { throw .invalidListName(name, reason: "it needs a letter or a digit") }
        return list
    }
}
