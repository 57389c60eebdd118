import Foundation

/// Everything a user owns, as the versioned JSON file `leettrack export` writes and
/// `leettrack import` reads. The format is documented in `FORMAT.md` beside this file.
///
/// The JSON is deterministic: keys sorted, problems sorted by slug, instants as UTC ISO 8601
/// text in whole seconds, numbers in Swift's shortest round-trip form. Exporting, importing into
/// an empty store and exporting again gives the same bytes.
public struct ExchangeDocument: Sendable, Equatable {
    /// The value of the `format` field, which tells a LeetTrack export from other JSON.
    public static let formatName = "leettrack-export"
    /// The format version this program writes and reads.
    public static let currentVersion = 1

    /// One record per problem touched, sorted by slug.
    public var problems: [ExchangeProblem]

    /// A document of `problems` (sorted by slug here).
    public init(problems: [ExchangeProblem]) {
        self.problems = problems.sorted { $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) }
    }

    /// The document as pretty-printed JSON, ending in a newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Body(self))
        data.append(0x0A)
        return data
    }

    /// Reads a document, checking that it is a LeetTrack export of the current version first.
    /// - Throws: ``ExchangeError`` naming `file` and, for a syntax error, the line and column.
    public static func read(_ data: Data, file: String) throws(ExchangeError) -> ExchangeDocument {
        let header = try JSONFile.decode(Header.self, from: data, file: file)
        guard header.format == formatName else {
            throw .wrongKind(file: file, expected: "a LeetTrack export (its \"format\" is not \"\(formatName)\")")
        }
        guard let version = header.version else {
            throw .invalidContent(file: file, path: "version", reason: "'version' is missing")
        }
        guard version == currentVersion else {
            throw .unsupportedVersion(file: file, found: version, supported: currentVersion)
        }
        let body = try JSONFile.decode(Body.self, from: data, file: file)
        var seen = Set<String>()
        for (index, problem) in body.problems.enumerated() where !seen.insert(problem.slug).inserted {
            throw .invalidContent(file: file, path: "problems[\(index)].slug", reason: "'\(problem.slug)' appears twice")
        }
        return ExchangeDocument(problems: body.problems)
    }

    /// Just enough to check the kind and version before reading the rest.
    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// The whole file.
    private struct Body: Codable {
        var format: String
        var version: Int
        var problems: [ExchangeProblem]

        init(_ document: ExchangeDocument) {
            format = ExchangeDocument.formatName
            version = ExchangeDocument.currentVersion
            problems = document.problems
        }
    }
}

/// One problem's record in an export: its progress, with the problem's id and title for people
/// reading the file (an import goes by the slug alone).
public struct ExchangeProblem: Codable, Sendable, Equatable {
    /// The problem's slug, which identifies it.
    public var slug: String
    /// LeetCode's id, when the exporting catalog knew the problem.
    public var id: Int?
    /// The title, when the exporting catalog knew the problem.
    public var title: String?
    /// The progress record.
    public var progress: ProblemProgress

    /// A record for `slug`.
    public init(slug: String, id: Int? = nil, title: String? = nil, progress: ProblemProgress) {
        self.slug = slug
        self.id = id
        self.title = title
        self.progress = progress
    }

    enum CodingKeys: String, CodingKey {
        case slug, id, title, status, favorite, note, noteUpdated, history
    }

    /// Decodes a record; `status` is required, the other progress fields default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.decode(String.self, forKey: .slug)
        if slug.isEmpty || slug.contains(where: { $0.isWhitespace || $0.isUppercase }) {
            throw DecodingError.dataCorruptedError(
                forKey: .slug, in: container, debugDescription: "'\(slug)' is not a problem slug like two-sum")
        }
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        let statusText = try container.decode(String.self, forKey: .status)
        guard let status = Status(rawValue: statusText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .status, in: container, debugDescription: "'\(statusText)' is not a status (todo, attempted, solved)")
        }
        var noteUpdated: Date?
        if let text = try container.decodeIfPresent(String.self, forKey: .noteUpdated) {
            guard let date = UTCTimestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .noteUpdated, in: container, debugDescription: "'\(text)' is not a UTC time like 2026-11-29T14:03:12Z")
            }
            noteUpdated = date
        }
        progress = ProblemProgress(
            status: status,
            favorite: try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false,
            note: try container.decodeIfPresent(String.self, forKey: .note) ?? "",
            events: try container.decodeIfPresent([ProgressEvent].self, forKey: .history) ?? [],
            noteUpdated: noteUpdated)
    }

    /// Encodes the record; an unknown id or title, an empty note, a missing note time and an empty
    /// history are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slug, forKey: .slug)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(progress.status.rawValue, forKey: .status)
        try container.encode(progress.favorite, forKey: .favorite)
        if !progress.note.isEmpty { try container.encode(progress.note, forKey: .note) }
        try container.encodeIfPresent(progress.noteUpdated.map(UTCTimestamp.string(from:)), forKey: .noteUpdated)
        if !progress.events.isEmpty { try container.encode(progress.events, forKey: .history) }
    }
}
