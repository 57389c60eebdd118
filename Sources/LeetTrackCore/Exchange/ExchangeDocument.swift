import FoundationEssentials

/// Everything a user owns, as the versioned JSON file `leettrack export` writes and
/// `leettrack import` reads. The format is documented in `Exchange.docc/FORMAT.md` beside this file.
///
/// The JSON is deterministic: keys sorted, problems sorted by slug, instants as UTC ISO 8601
/// text in whole seconds, numbers in Swift's shortest round-trip form. Exporting, importing into
/// an empty store and exporting again gives the same bytes.
public struct ExchangeDocument: Sendable, Equatable {
    /// The value of the `format` field, which tells a LeetTrack export from other JSON.
    public static let formatName = "leettrack-export"
    /// The newest format version this program writes and reads (it reads every version from 1).
    ///
    /// Version 2 added the time and the note of an event (`seconds`, `note` in `history`) and the
    /// practice settings (`settings.practice`: followed list, daily goal, skipped problems). A
    /// document is written as version 1 when it has none of them, so an older LeetTrack still reads
    /// it; with them, as version 2, which an older LeetTrack refuses instead of silently dropping them.
    ///
    /// Version 3 added the solution files (`code`, written by `export --with-code`): only a document
    /// that carries them is version 3, for the same reason, and only a version 3 document may.
    public static let currentVersion = 3
    /// The first version that carries solution files.
    static let codeVersion = 3

    /// One record per problem touched, sorted by slug.
    public var problems: [ExchangeProblem]
    /// The user's own study lists, in the order they were created.
    public var lists: [ExchangeList]
    /// The review settings, when the user changed them (`nil`: the defaults).
    public var reviewSettings: ReviewSettings?
    /// The practice settings (followed list, daily goal, skipped problems), when the user set any.
    public var practiceSettings: PracticeSettings?
    /// The solution files of the code folder (`export --with-code`), sorted by name; none unless asked for.
    public var code: [SolutionCopy] = []

    /// A document of `problems` (sorted by slug here), `lists` and settings.
    public init(
        problems: [ExchangeProblem], lists: [ExchangeList] = [], reviewSettings: ReviewSettings? = nil,
        practiceSettings: PracticeSettings? = nil
    ) {
        self.problems = problems.sorted { $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) }
        self.lists = lists
        self.reviewSettings = reviewSettings
        self.practiceSettings = practiceSettings
    }

    /// Whether `data` starts as the CSV table of an export does (after a byte order mark that a
    /// spreadsheet may have added): its header row's first columns.
    static func isCSVExport(_ data: Data) -> Bool {
        let header = Array(Exporter.csvColumns.prefix(3).joined(separator: ",").utf8)
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return bytes.starts(with: header)
    }

    /// The document as pretty-printed JSON, ending in a newline.
    public func jsonData() throws -> Data {
        var bytes = try OutputJSON.encode(Body(self), pretty: true, dates: .deferredToDate)
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// Reads a document, checking that it is a LeetTrack export of the current version first, and
    /// then every value against ``InputRules`` (as of `now`): a document that breaks one is
    /// refused whole. Each problem's history comes back in time order.
    /// - Throws: ``ExchangeError`` naming `file` and, for a syntax error, the line and column; for
    ///   a broken rule, the JSON path (`problems[12].history[3].rating`).
    public static func read(_ data: Data, file: String, now: Date) throws(ExchangeError) -> ExchangeDocument {
        if isCSVExport(data) {
            throw .wrongKind(
                file: file,
                expected: "a LeetTrack export: it is the table `leettrack export --format csv` writes, which leaves out the "
                    + "history and most of each review card; import the JSON export (`leettrack export`) instead")
        }
        let header: Header
        do {
            header = try JSONFile.decode(Header.self, from: data, file: file)
        } catch .invalidContent(_, let path, _) where path.isEmpty {
            // Valid JSON that is not an object (a `list --json` output, say); in an object, the
            // one field that can fail without a path is a number that is no `Int` (`1.5`, `1e30`).
            let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
            guard bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else {
                throw .wrongKind(file: file, expected: "a LeetTrack export (it is not a JSON object)")
            }
            throw .invalidContent(file: file, path: "version", reason: "it is not a version number (this build reads versions 1 to \(currentVersion))")
        }
        guard header.format == formatName else {
            throw .wrongKind(file: file, expected: "a LeetTrack export (its \"format\" is not \"\(formatName)\")")
        }
        guard let version = header.version else {
            throw .invalidContent(file: file, path: "version", reason: "'version' is missing")
        }
        guard (1...currentVersion).contains(version) else {
            throw .unsupportedVersion(file: file, found: version, supported: currentVersion)
        }
        var body = try JSONFile.decode(Body.self, from: data, file: file)
        do {
            try check(&body, now: now)
        } catch {
            throw .invalidContent(file: file, path: error.path, reason: error.reason)
        }
        var seen = Set<String>()
        for (index, problem) in body.problems.enumerated() where !seen.insert(problem.slug).inserted {
            throw .invalidContent(file: file, path: "problems[\(index)].slug", reason: "'\(problem.slug)' appears twice")
        }
        var listKeys = Set<String>()
        for (index, list) in (body.lists ?? []).enumerated() where !listKeys.insert(list.key).inserted {
            throw .invalidContent(file: file, path: "lists[\(index)].name", reason: "a list named '\(list.name)' appears twice")
        }
        if let settings = body.settings?.review {
            do {
                _ = try settings.scheduler()
            } catch {
                throw .invalidContent(file: file, path: "settings.review", reason: error.description)
            }
        }
        var document = ExchangeDocument(
            problems: body.problems, lists: body.lists ?? [], reviewSettings: body.settings?.review,
            practiceSettings: body.settings?.practice)
        document.code = body.code ?? []
        return document
    }

    /// Checks every value against ``InputRules`` and sorts each history by time.
    private static func check(_ body: inout Body, now: Date) throws(InputRules.Violation) {
        if let practice = body.settings?.practice { try InputRules.check(practice, at: "settings.practice") }
        if body.problems.count > InputRules.maximumProblemRecords {
            throw InputRules.Violation("problems", "\(body.problems.count) problem records, more than the \(InputRules.maximumProblemRecords) an export can hold")
        }
        if let lists = body.lists, lists.count > InputRules.maximumOwnLists {
            throw InputRules.Violation("lists", "\(lists.count) lists, more than the \(InputRules.maximumOwnLists) an export can hold")
        }
        for index in body.problems.indices {
            let path = "problems[\(index)]"
            let problem = body.problems[index]
            try InputRules.check(slug: problem.slug, at: "\(path).slug")
            if let id = problem.id, !(1...InputRules.maximumProblemID).contains(id) {
                throw InputRules.Violation("\(path).id", "\(id) is not a problem id")
            }
            if let title = problem.title { try InputRules.check(text: title, at: "\(path).title", what: "title") }
            try InputRules.check(problem.progress, at: path, now: now)
            body.problems[index].progress.events = ProgressHistory.ordered(problem.progress.events)
        }
        if let code = body.code { try checkCode(code, version: body.version, now: now) }
        for (index, list) in (body.lists ?? []).enumerated() {
            try InputRules.check(
                list: list.name, created: list.created, problems: list.problems, place: nil, key: nil, at: "lists[\(index)]", now: now)
        }
    }

    /// Checks the solution files: only in a version that has them, at most
    /// ``SolutionFolder/maximumFiles``, each by ``SolutionCopy/check(at:now:)``, each name once.
    private static func checkCode(_ code: [SolutionCopy], version: Int, now: Date) throws(InputRules.Violation) {
        guard version >= codeVersion else {
            throw InputRules.Violation("code", "solution files need a version \(codeVersion) document; this one is version \(version)")
        }
        if code.count > SolutionFolder.maximumFiles {
            throw InputRules.Violation("code", "\(code.count) solution files, more than the \(SolutionFolder.maximumFiles) an export can hold")
        }
        var names = Set<String>()
        for (index, file) in code.enumerated() {
            try file.check(at: "code[\(index)]", now: now)
            if !names.insert(file.name).inserted { throw InputRules.Violation("code[\(index)].name", "'\(file.name)' appears twice") }
        }
    }

    /// Just enough to check the kind and version before reading the rest.
    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// The whole file. Empty sections are left out when writing and optional when reading.
    private struct Body: Codable {
        var format: String
        var version: Int
        var problems: [ExchangeProblem]
        var lists: [ExchangeList]?
        var settings: Settings?
        var code: [SolutionCopy]?

        struct Settings: Codable {
            var review: ReviewSettings?
            var practice: PracticeSettings?
        }

        init(_ document: ExchangeDocument) {
            format = ExchangeDocument.formatName
            let timedOrNoted = document.problems.contains { $0.progress.events.contains { $0.seconds != nil || $0.note != nil } }
            version = !document.code.isEmpty ? ExchangeDocument.codeVersion
                : timedOrNoted || document.practiceSettings != nil ? 2 : 1
            problems = document.problems
            lists = document.lists.isEmpty ? nil : document.lists
            let written = Settings(review: document.reviewSettings, practice: document.practiceSettings)
            settings = written.review == nil && written.practice == nil ? nil : written
            code = document.code.isEmpty ? nil : document.code.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
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
        case slug, id, title, status, favorite, note, noteUpdated, history, review
    }

    /// Decodes a record; `status` is required, the other progress fields default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.decode(String.self, forKey: .slug)
        try container.require(
            !slug.isEmpty && !slug.contains(where: { $0.isWhitespace || $0.isUppercase }), at: .slug,
            "'\(slug)' is not a problem slug like two-sum")
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        let statusText = try container.decode(String.self, forKey: .status)
        guard let status = Status(rawValue: statusText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .status, in: container, debugDescription: "'\(statusText)' is not a status (todo, attempted, solved)")
        }
        let noteUpdated = try container.decodeUTCTimeIfPresent(forKey: .noteUpdated)
        // The one rule for empty text: a note that shows nothing (blanks, invisible characters;
        // an older LeetTrack could save one) is no note, as on the command line and in the editor.
        let note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        progress = ProblemProgress(
            status: status,
            favorite: try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false,
            note: InputRules.showsNothing(note) ? "" : note,
            events: try container.decodeIfPresent([ProgressEvent].self, forKey: .history) ?? [],
            review: try container.decodeIfPresent(StoredReviewCard.self, forKey: .review)?.card,
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
        try container.encodeIfPresent(progress.review.map(StoredReviewCard.init), forKey: .review)
    }
}

/// One of the user's own study lists in an export.
public struct ExchangeList: Codable, Sendable, Equatable {
    /// The list's name as the user typed it.
    public var name: String
    /// When it was created (UTC ISO 8601), which orders the lists.
    public var created: String
    /// The slugs of its problems, in the list's order.
    public var problems: [String]

    /// A list.
    public init(name: String, created: String, problems: [String]) {
        self.name = name
        self.created = created
        self.problems = problems
    }

    /// The key the list is stored and typed under (`my-graphs`).
    var key: String { OwnLists.key(for: name) ?? "" }

    enum CodingKeys: String, CodingKey { case name, created, problems }

    /// Decodes a list, checking that its name can name a list and its time is UTC.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        // Before folding it into a key: folding a name of megabytes takes seconds.
        try container.require(
            name.utf8.count <= InputRules.maximumListNameLength * 4, at: .name,
            "the name is longer than \(InputRules.maximumListNameLength) characters")
        try container.require(OwnLists.key(for: name) != nil, at: .name, "'\(name)' cannot name a list: it needs a letter or a digit")
        created = try container.decode(String.self, forKey: .created)
        try container.require(
            UTCTimestamp.date(from: created) != nil, at: .created, "'\(created)' is not a UTC time like 2026-11-29T14:03:12Z")
        problems = try container.decode([String].self, forKey: .problems)
    }
}
