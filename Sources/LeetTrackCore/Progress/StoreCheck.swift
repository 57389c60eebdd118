import FoundationEssentials
import Persistence

/// A health check of a store, as `leettrack doctor` runs it: SQLite's integrity check, every
/// record decoded as the type it holds, and the records matched against the catalog. Reads only.
public struct StoreCheck: Sendable {
    /// SQLite's findings (`["ok"]` when it finds no damage).
    public var integrity: [String] = []
    /// Records whose bytes do not decode, in key order.
    public var undecodable: [UndecodableEntry] = []
    /// Progress records that decode but break a rule an import holds a record to (a rating that
    /// is no rating, a date before 2010 or in the future, a note over the limit: a hand edit, a
    /// clock set wrong, an older build): an export holds them, and its import would refuse the
    /// whole file. In key order, with the rule broken (its path within the record).
    public var unimportable: [(key: String, reason: String)] = []
    /// Slugs with a progress record that the catalog does not know.
    public var unknownProblems: [String] = []
    /// Own lists naming problems the catalog does not know: list name and slugs.
    public var listsWithUnknownProblems: [(list: String, slugs: [String])] = []
    /// How many acceptance pairs of the stored catalog update are malformed (they are left out,
    /// so those problems keep the built-in acceptance).
    public var malformedAcceptancePairs = 0
    /// How many records were read.
    public var recordCount = 0
    /// Whether the summaries beside the records (``ProgressSummaries``) are in use: `nil` when the
    /// store cannot tell (it cannot count writes), else whether they are known to match.
    public var summariesCurrent: Bool?
    /// The problems whose summary disagrees with the record although the summaries are known to
    /// match (a hand edit of both): `stats` and the listings would show them wrongly until
    /// ``ProgressSummaries/rebuild()`` (`leettrack doctor --rebuild-summaries`).
    public var disagreeingSummaries: [String] = []
    /// Why the records could not all be read (SQLite found damage while reading them), if so.
    public var unreadable: String?

    /// Whether nothing needs the user's attention.
    public var isHealthy: Bool {
        integrity == ["ok"] && unreadable == nil && undecodable.isEmpty && unimportable.isEmpty && unknownProblems.isEmpty
            && listsWithUnknownProblems.isEmpty
            && malformedAcceptancePairs == 0 && disagreeingSummaries.isEmpty
    }

    /// Checks `store` against `catalog`, and its progress records against the import's rules as
    /// of `now`.
    /// - Complexity: reads every page (the integrity check) and decodes every record once.
    public static func run(on store: Store, catalog: Catalog, now: Date) throws -> StoreCheck {
        var check = StoreCheck()
        do {
            check.integrity = try store.integrityCheck()
        } catch PersistenceError.damaged(_, let reason) {
            check.integrity = ["SQLite stopped its check: \(reason)"]
        }
        let entries: [(key: String, value: Data)]
        do {
            entries = try store.rawValues(withKeyPrefix: "")
        } catch PersistenceError.damaged(_, let reason) {
            check.unreadable = reason
            return check
        }
        // Summaries are derived from the records, and checked against them below, not counted as records.
        check.recordCount = entries.count(where: { !ProgressSummaries.isSummaryKey($0.key) })
        if try store.outsideWriteCount(forNamespace: ProgressSummaries.keyPrefix) != nil {
            let current = try ProgressSummaries(store: store).areCurrent()
            check.summariesCurrent = current
            if current { check.disagreeingSummaries = ProgressSummaries.disagreeing(records: entries, summaries: entries) }
        }
        for (key, raw) in entries where !ProgressSummaries.isSummaryKey(key) {
            do {
                try decode(raw, key: key, catalog: catalog, now: now, into: &check)
            } catch {
                check.undecodable.append(UndecodableEntry(key: key, raw: raw, reason: Self.reason(error)))
            }
        }
        return check
    }

    /// Decodes one record as the type its key holds; every value is at least JSON.
    private static func decode(_ raw: Data, key: String, catalog: Catalog, now: Date, into check: inout StoreCheck) throws {
        if key.hasPrefix(ProgressRepository.keyPrefix) {
            let slug = String(key.dropFirst(ProgressRepository.keyPrefix.count))
            let record = try ProgressRepository.decode(raw, key: key)
            if let reason = InputRules.importRefusal(of: record, now: now) { check.unimportable.append((key: key, reason: reason)) }
            if catalog.position(ofSlug: slug) == nil { check.unknownProblems.append(slug) }
        } else if key.hasPrefix(OwnLists.keyPrefix) {
            let record = try JSONDecoder().decode(OwnLists.Record.self, from: raw)
            if let reason = InputRules.importRefusal(of: record, key: key, now: now) { check.unimportable.append((key: key, reason: reason)) }
            let unknown = record.problems.filter { catalog.position(ofSlug: $0) == nil }
            if !unknown.isEmpty { check.listsWithUnknownProblems.append((list: record.name, slugs: unknown)) }
        } else if key == ReviewSettings.key.name {
            _ = try JSONDecoder().decode(ReviewSettings.self, from: raw)
        } else if key == PracticeSettings.key.name {
            _ = try JSONDecoder().decode(PracticeSettings.self, from: raw)
        } else if key == CodeSettings.key.name {
            _ = try JSONDecoder().decode(CodeSettings.self, from: raw)
        } else if key.hasPrefix(CodeFiles.keyPrefix) {
            _ = try JSONDecoder().decode([String].self, from: raw)
        } else if key == CatalogUpdate.key.name {
            check.malformedAcceptancePairs = try JSONDecoder().decode(CatalogUpdate.self, from: raw).malformedAcceptancePairs
        } else {
            try JSONValue.check(raw)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if case PersistenceError.undecodable(_, let reason) = error { return reason }
        // Said as every command says it ("corrupted data at desiredRetention: …"), not as
        // Foundation's paragraph; kept short, since the message comes from the stored bytes.
        if error is DecodingError { return String(Store.describe(error).prefix(300)) }
        return String(describing: error)
    }
}
