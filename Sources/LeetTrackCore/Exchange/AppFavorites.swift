import FoundationEssentials
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
        if !data.starts(with: "bplist".utf8), Self.nestingExceeds(maximumNesting, in: data) {
            throw .invalidPropertyList(file: file, reason: "it is nested more than \(maximumNesting) levels deep, which no preferences file is")
        }
        let json: Data
        do {
            json = try PropertyListDecoder().decode(Preferences.self, from: data).favorites
        } catch let error as Preferences.Failure {
            throw .invalidPropertyList(file: file, reason: error.reason)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .invalidPropertyList(file: file, reason: "the property list is not a dictionary of preferences")
        } catch DecodingError.dataCorrupted(let context) {
            throw .invalidPropertyList(file: file, reason: "not a property list (XML or binary): \(Self.lowercased(context.debugDescription))")
        } catch {
            throw .invalidPropertyList(file: file, reason: "not a property list (XML or binary): \(error)")
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

    /// The deepest nesting of XML elements read (the app's file has three levels). Foundation's XML
    /// property list reader recurses once per level, and some ten thousand `<array>`s in a row
    /// overflow its stack: a crash, not an error.
    static let maximumNesting = 512

    /// Whether the XML elements of `data` nest deeper than `limit`, counted without parsing: each
    /// start tag opens a level unless it closes itself (`<true/>`), each end tag closes one;
    /// comments, processing instructions and declarations (`<?xml …?>`, `<!DOCTYPE …>`) do not
    /// count. Malformed XML may count too deep, which only refuses it sooner.
    /// - Complexity: O(n) in the size of `data`.
    static func nestingExceeds(_ limit: Int, in data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var depth = 0
            var index = 0
            func skip(past terminator: [UInt8]) {
                while index < bytes.count {
                    if bytes[index] == terminator[0], index + terminator.count <= bytes.count,
                        zip(terminator.indices, terminator).allSatisfy({ bytes[index + $0] == $1 })
                    {
                        index += terminator.count
                        return
                    }
                    index += 1
                }
            }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "!"):
                    let isComment = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && bytes[index + 2] == UInt8(ascii: "-")
                    skip(past: isComment ? Array("-->".utf8) : [UInt8(ascii: ">")])
                case UInt8(ascii: "?"):
                    skip(past: Array("?>".utf8))
                case UInt8(ascii: "/"):
                    depth -= 1
                    skip(past: [UInt8(ascii: ">")])
                default:
                    let start = index
                    skip(past: [UInt8(ascii: ">")])
                    let selfClosing = index - 2 >= start && bytes[index - 2] == UInt8(ascii: "/")
                    if !selfClosing {
                        depth += 1
                        if depth > limit { return true }
                    }
                }
            }
            return false
        }
    }

    /// `text` with its first letter in lower case and no final period, to follow a colon.
    private static func lowercased(_ text: String) -> String {
        var text = text
        while text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The one key read from the preferences: the app's JSON, as `Data` or as a string.
    private struct Preferences: Decodable {
        struct Failure: Error {
            let reason: String
        }

        typealias Key = JSONPathKey

        let favorites: Data

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let key = Key(stringValue: AppFavorites.preferencesKey)
            guard container.contains(key) else {
                throw Failure(reason: "it has no '\(AppFavorites.preferencesKey)' key; is it the app's preferences file?")
            }
            if let data = try? container.decode(Data.self, forKey: key) {
                favorites = data
            } else if let text = try? container.decode(String.self, forKey: key) {
                favorites = Data(text.utf8)
            } else {
                throw Failure(reason: "'\(AppFavorites.preferencesKey)' holds \(Self.kind(in: container, at: key)), not the app's JSON data")
            }
        }

        /// What the key holds instead, in words.
        private static func kind(in container: KeyedDecodingContainer<Key>, at key: Key) -> String {
            if (try? container.decode(Bool.self, forKey: key)) != nil { return "a Boolean" }
            if (try? container.decode(Double.self, forKey: key)) != nil { return "a number" }
            if (try? container.decode(Date.self, forKey: key)) != nil { return "a date" }
            if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "an array" }
            return "a dictionary"
        }
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
    public func apply(to store: Store, catalog: Catalog, dryRun: Bool, clock: Clock) throws -> Outcome {
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
                ProgressRepository.stampFavorite(of: &record, before: before, now: clock.now)
                if !dryRun { try SyncedWrites(clock: clock).progress(record, replacing: before, for: slug, in: transaction) }
            }
        }
        return outcome
    }

    /// A title without the case and spaces that do not tell titles apart.
    static func folded(_ title: String) -> String {
        title.trimmedOfWhitespace.lowercased()
    }
}
