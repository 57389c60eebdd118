import Foundation
import Persistence

/// The favorites of the original iPhone app, read from its preferences property list.
///
/// The app kept its problems in `UserDefaults` under `favoriteProblems`: a JSON array of
/// `{"id": "<UUID>", "title": "…", "isFavorited": true}` saved as `Data` inside the property list
/// (XML or binary; both are read). Titles are matched to the catalog ignoring case and spaces
/// around them; the app's UUIDs meant nothing outside the app and are not kept.
public struct AppFavorites: Sendable, Equatable {
    /// One problem as the app stored it.
    public struct Entry: Codable, Sendable, Equatable {
        /// The app's own id of the problem.
        public var id: String?
        /// The title as the app showed it.
        public var title: String
        /// Whether the heart was on.
        public var isFavorited: Bool

        /// Creates an entry.
        public init(id: String?, title: String, isFavorited: Bool) {
            self.id = id
            self.title = title
            self.isFavorited = isFavorited
        }

        enum CodingKeys: String, CodingKey { case id, title, isFavorited }

        /// Decodes an entry; a missing `isFavorited` counts as not favorited.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            isFavorited = try container.decodeIfPresent(Bool.self, forKey: .isFavorited) ?? false
        }
    }

    /// The app's key in its preferences.
    public static let preferencesKey = "favoriteProblems"

    /// The most problems a preferences file may list (the catalog has about 4,000).
    public static let maximumEntries = 100_000

    /// Every problem the app stored, in its order.
    public var entries: [Entry]

    /// Reads a preferences property list (XML or binary).
    /// - Throws: ``ExchangeError`` naming the file and what is wrong with it.
    public static func read(_ data: Data, file: String) throws(ExchangeError) -> AppFavorites {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalidPropertyList(file: file, reason: "not a property list (XML or binary): \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? FileErrorReason.text(error))")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw .invalidPropertyList(file: file, reason: "the property list is not a dictionary of preferences")
        }
        guard let value = dictionary[preferencesKey] else {
            throw .invalidPropertyList(file: file, reason: "it has no '\(preferencesKey)' key; is it the app's preferences file?")
        }
        let json: Data
        if let data = value as? Data {
            json = data
        } else if let text = value as? String {
            json = Data(text.utf8)
        } else {
            throw .invalidPropertyList(file: file, reason: "'\(preferencesKey)' holds \(type(of: value)), not the app's JSON data")
        }
        let entries = try JSONFile.decode([Entry].self, from: json, file: "\(file) (\(preferencesKey))")
        do throws(InputRules.Violation) {
            if entries.count > maximumEntries {
                throw InputRules.Violation(preferencesKey, "more than \(maximumEntries) problems")
            }
            for (index, entry) in entries.enumerated() {
                try InputRules.check(text: entry.title, at: "\(preferencesKey)[\(index)].title", what: "title")
                if let id = entry.id, id.utf8.count > 100 || id.unicodeScalars.contains(where: InputRules.isControlOrBidi) {
                    throw InputRules.Violation("\(preferencesKey)[\(index)].id", "not an id the app wrote (a UUID)")
                }
            }
        } catch {
            throw .invalidContent(file: file, path: error.path, reason: error.reason)
        }
        return AppFavorites(entries: entries)
    }

    /// What matching and favoriting did.
    public struct Outcome: Sendable, Equatable {
        /// Problems newly favorited.
        public var favorited: [Problem] = []
        /// Problems that were favorites already.
        public var alreadyFavorites: [Problem] = []
        /// Titles marked as favorites that matched no problem, in file order.
        public var unmatched: [String] = []
        /// Entries the app had without a heart (left alone).
        public var notFavorited = 0
    }

    /// Favorites in `store` every marked problem whose title matches one in `catalog`, in one
    /// transaction (nothing is written when `dryRun`).
    public func apply(to store: Store, catalog: Catalog, dryRun: Bool, clock: Clock = .system) throws -> Outcome {
        var positions: [String: Int] = [:]
        for position in 0..<catalog.count {
            let title = Self.folded(catalog.title(at: position))
            if positions[title] == nil { positions[title] = position }
        }
        var outcome = Outcome()
        var slugs: [String] = []
        var seen = Set<String>()
        for entry in entries {
            guard entry.isFavorited else {
                outcome.notFavorited += 1
                continue
            }
            guard let position = positions[Self.folded(entry.title)] else {
                outcome.unmatched.append(entry.title)
                continue
            }
            let slug = catalog.slug(at: position)
            if seen.insert(slug).inserted { slugs.append(slug) }
        }
        try store.transaction { transaction in
            for slug in slugs {
                let key = ProgressRepository.key(for: slug)
                var record = try transaction.value(for: key)
                guard let problem = catalog.problem(withSlug: slug) else { continue }
                if record.favorite {
                    outcome.alreadyFavorites.append(problem)
                    continue
                }
                outcome.favorited.append(problem)
                let before = record
                record.favorite = true
                if !dryRun { try SyncedWrites(clock: clock).progress(record, replacing: before, for: slug, in: transaction) }
            }
        }
        return outcome
    }

    /// A title without the case and spaces that do not tell titles apart.
    static func folded(_ title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
