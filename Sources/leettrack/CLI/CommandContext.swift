import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore
import LeetTrackText
import Persistence
import TerminalUI

/// How a run opens the store, which its command decides from its arguments before anything is read.
enum StoreUse {
    /// Read-only: never creates, writes or locks the store (a missing store reads as empty).
    case reading
    /// For writing: the store (created when missing) opens once the arguments are checked (see ``CommandContext/tracker()``).
    case writing
    /// For writing where the user may write the store, else read-only (the screen, keeping the
    /// day's question): such a run still shows everything, and says its changes are not saved.
    case writingWhereAllowed
}

/// How a command reaches the store: the one ``Tracker`` of the run (store, catalog, clock, time
/// zone), opened on first use as the command's ``StoreUse`` says, and the readers that warn once
/// about records that do not decode (output goes to ``CommandOutput``). Built once by
/// `LeetTrack.perform`; commands never read the environment themselves.
final class CommandContext {
    /// The catalog: the one built into the binary, with the store's update once
    /// ``installCatalogUpdate()`` read it (the open tracker takes it too).
    var catalog: Catalog = .builtIn {
        didSet { opened = opened.map { Tracker(store: $0.store, catalog: catalog, clock: clock, timeZone: timeZone) } }
    }
    /// Where the store is (`--store`, else `LEETTRACK_STORE`, else the XDG data directory).
    let storePath: String
    /// The environment of the process.
    let environment: [String: String]
    /// Where time comes from: the system's clock, or in a debug build the instant
    /// `LEETTRACK_NOW` names (end-to-end tests fix time with it). The tracker takes this one.
    let clock: Clock
    /// Whether `LEETTRACK_TODAY` (or, in a debug build, `LEETTRACK_NOW`) fixed the clock: then what
    /// is random (`random`'s pick) is decided by the day, so a tour shows the same.
    let clockIsFixed: Bool
    /// The current instant, read once so a command sees one time.
    let now: Date
    /// The user's time zone (honours `TZ`), which decides what "today" is; the tracker takes this one.
    let timeZone: SystemTimeZone
    /// How the store is opened; set by `LeetTrack.perform` from the command before anything is read.
    var use = StoreUse.reading
    /// Why the store was opened read-only though the command would write (see ``StoreUse/writingWhereAllowed``).
    private(set) var readOnlyReason: String?
    private var opened: Tracker?
    private var warnedSlugs: Set<String> = []
    /// The settings records warned about (see ``settingsOrDefaults(named:_:_:)``).
    private var warnedSettings: Set<String> = []

    init(storePath: String?, environment: [String: String]) throws {
        self.environment = environment
        let timeZone = SystemTimeZone()
        self.timeZone = timeZone
        let fixedClock = try Self.fixedClock(environment, timeZone: timeZone)
        (clock, clockIsFixed) = (fixedClock ?? .system, fixedClock != nil)
        now = clock.now
        if let storePath {
            self.storePath = Self.expandingHome(storePath, environment)
        } else if let path = environment["LEETTRACK_STORE"], !path.isEmpty {
            self.storePath = Self.expandingHome(path, environment)
        } else {
            self.storePath = Store.standardPath(application: "leettrack", environment: environment)
        }
    }

    /// `path` with a leading `~/` made the home folder, as `config code-dir` takes it: the shell
    /// leaves `--store=~/x` as it is, which made a folder named `~` in the working directory.
    static func expandingHome(_ path: String, _ environment: [String: String]) -> String {
        guard path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
    }

    /// The run's one tracker, opened on first use as ``use`` says. The readers below open it only
    /// when a store exists, so a command that writes creates the store at its first write, after
    /// every argument was checked: a usage error never creates it.
    func tracker() throws -> Tracker {
        if let opened { return opened }
        let store: Store
        switch use {
        case .reading:
            store = try .sqlite(path: storePath, access: .readOnly)
        case .writing:
            store = try .sqlite(path: storePath)
        case .writingWhereAllowed:
            do {
                store = try .sqlite(path: storePath)
            } catch PersistenceError.readOnly(_, let reason) where storeExists {
                store = try .sqlite(path: storePath, access: .readOnly)
                readOnlyReason = reason
            }
        }
        let tracker = Tracker(store: store, catalog: catalog, clock: clock, timeZone: timeZone)
        opened = tracker
        return tracker
    }

    /// Whether the store is open for writing: then a failure to print says the changes are saved.
    var storeOpenedForWriting: Bool { opened != nil && use != .reading && readOnlyReason == nil }

    /// The records of the slugs `include` accepts (every record by default), without creating a
    /// missing store, which reads as empty: looking at the catalog must not leave files behind. A
    /// record that does not decode is left out, with a warning on standard error naming its problem.
    func progress(where include: (String) -> Bool = { _ in true }) throws -> [String: ProblemProgress] {
        try readable { try $0.readableProgress(where: include) }
    }

    /// The records of `slugs`, read one by one, as ``progress(where:)`` gives them for those slugs.
    func progress(ofSlugs slugs: [String]) throws -> [String: ProblemProgress] {
        try readable { try $0.readableProgress(ofSlugs: slugs) }
    }

    private func readable(_ read: (ProgressRepository) throws -> ReadableProgress) throws -> [String: ProblemProgress] {
        guard storeExists else { return [:] }
        let result = try read(try tracker().progress)
        warn(about: result.damaged)
        return result.records
    }

    /// The catalog positions of the favorites the catalog knows, in its order, with their marks:
    /// read from the start of the favorites' summaries, as the store lends them, for rows written
    /// from the catalog's fields.
    func favorites() throws -> [(position: Int, progress: ProblemMarks?)] {
        let catalog = self.catalog
        var finder = Catalog.SlugFinder(catalog)
        var favorites: [(position: Int, marks: ProblemMarks)] = []
        try lending {
            try $0.forEachReadableMarks(favoritesOnly: true) { slug, marks in
                if let position = finder.position(ofSlug: slug) { favorites.append((position, marks)) }
            }
        }
        return favorites.sorted { $0.position < $1.position }.map { ($0.position, $0.marks) }
    }

    /// Runs `lend` (one of the repository's `forEachReadable…` readers, whose `body` must not use
    /// the store) on the store's records and warns about each record it left out because it does
    /// not decode; does nothing when there is no store yet, which is not created.
    func lending(_ lend: (ProgressRepository) throws -> [DamagedRecord]) throws {
        guard storeExists else { return }
        warn(about: try lend(try tracker().progress))
    }

    /// How many records this run left out, with a warning, because they do not decode.
    var leftOutRecordCount: Int { warnedSlugs.count }

    /// Tells, once per record and run, which records were left out because they do not decode.
    func warn(about damaged: [DamagedRecord]) {
        for record in damaged where warnedSlugs.insert(record.slug).inserted {
            let name = catalog.position(ofSlug: record.slug).map { Format.name(catalog.problem(at: $0)) } ?? record.slug
            Terminal.writeError(
                "Warning: the record of \(name) ('\(record.key)') in \(storePath) cannot be read (\(record.reason)); "
                    + "it is left out here and left untouched. `leettrack doctor` shows the details.\n")
        }
    }

    /// The problems that match `query`, reading only the records of the problems that can match.
    func problems(matching query: ProblemQuery) throws -> (problems: [Problem], progress: [String: ProblemProgress]) {
        try catalog.problems(matching: query) { slugs in try progress { slugs.contains($0) } }
    }

    /// The catalog positions of the problems that match `query`, with the marks of the records of
    /// the problems that can match: for listings that show only status and favorite marks. With
    /// `findsOrphans`, the same pass lends the marks of the records the catalog does not know
    /// (``OrphanRecords``).
    func positions(
        markedMatching query: ProblemQuery, findsOrphans: Bool = false
    ) throws -> (rows: [(position: Int, progress: ProblemMarks?)], orphans: [(slug: String, marks: ProblemMarks)]) {
        let catalog = self.catalog
        var orphans: [(slug: String, marks: ProblemMarks)] = []
        let rows = try catalog.positions(matching: query) { positions in
            // By catalog position, as the store lends the marks: no slug string, no dictionary.
            var marks = [ProblemMarks?](repeating: nil, count: catalog.count)
            var candidate = [Bool](repeating: false, count: catalog.count)
            for position in positions { candidate[position] = true }
            var finder = Catalog.SlugFinder(catalog)
            // Records are decoded (when the summaries cannot be read) for the candidates (and orphans) only.
            let isCandidate = { (slug: String) in catalog.position(ofSlug: slug).map { candidate[$0] } ?? findsOrphans }
            try lending {
                try $0.forEachReadableMarks(where: isCandidate) { slug, mark in
                    if let position = finder.position(ofSlug: slug) {
                        marks[position] = mark
                    } else if findsOrphans {
                        orphans.append((slug: String(decoding: slug, as: UTF8.self), marks: mark))
                    }
                }
            }
            return positions.map { marks[$0] }
        }
        return (rows, orphans)
    }

    /// The marks (status, favorite, latest activity) of the records of `slugs`, each read by its
    /// key: for a study list, whose length, not the store's, is what it costs. A slug without a
    /// record has none.
    func marks(ofSlugs slugs: [String]) throws -> [String: ProblemMarks] {
        var marks: [String: ProblemMarks] = [:]
        try lending {
            try $0.forEachReadableMarks(ofSlugs: slugs) { slug, mark in marks[String(decoding: slug, as: UTF8.self)] = mark }
        }
        return marks
    }

    /// The marks of the records whose slugs `include` accepts, read from the start of every
    /// summary: for many slugs (every list's), where a read by key for each would cost more.
    func marks(where include: (String) -> Bool) throws -> [String: ProblemMarks] {
        var marks: [String: ProblemMarks] = [:]
        try lending {
            try $0.forEachReadableMarks(where: include) { slug, mark in
                let slug = String(decoding: slug, as: UTF8.self)
                if include(slug) { marks[slug] = mark }
            }
        }
        return marks
    }

    /// The record of the one problem a listing picked from marks (for its JSON): `nil` when it has
    /// none, or, told once, when it does not decode.
    func record(ofPicked slug: String) throws -> ProblemProgress? {
        try progress(ofSlugs: [slug])[slug].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One problem's record, without creating a missing store.
    func progress(for slug: String) throws -> ProblemProgress {
        guard storeExists else { return ProblemProgress() }
        return try tracker().progress.progress(for: slug)
    }

    /// Whether a store has been written at the path (reading commands do not create it). An empty
    /// file with no log beside it holds nothing yet, like a missing one: what `touch` leaves, or a
    /// store another process is creating this very moment. Reading commands show it as empty, and
    /// the first write makes a store of it.
    var storeExists: Bool {
        if opened != nil { return true }
        var status = stat()
        // Only a path where nothing is is no store: a link loop, a file where a folder belongs or a
        // folder that may not be read is a store that cannot be opened, which opening reports (it
        // read as an empty store: "0 problems").
        guard stat(storePath, &status) == 0 else { return errno != ENOENT }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size == 0 else { return true }
        var log = stat()
        return stat(storePath + "-wal", &log) == 0 && log.st_size > 0
    }

    /// Whether the store is an empty file: one being created by another process, or one left by
    /// `touch` (reading commands show it as a new store; writing commands make a store of it).
    var storeIsEmptyFile: Bool {
        // `lstat` as `FileManager.attributesOfItem` does, without its dictionary of attributes
        // (which looked up the owner's user and group names: about 1.7 million instructions).
        var status = stat()
        return opened == nil && lstat(storePath, &status) == 0 && status.st_size == 0
    }

    /// The user's own lists, or none when there is no store yet.
    func ownLists() throws -> [StudyList] {
        guard storeExists else { return [] }
        let (lists, damaged) = try tracker().lists.readableLists()
        for entry in damaged where warnedSlugs.insert(entry.key).inserted {
            Terminal.writeError(
                "Warning: the list record '\(entry.key)' in \(storePath) cannot be read (\(entry.reason)); it is left out "
                    + "here and left untouched. `leettrack doctor` shows the details.\n")
        }
        return lists
    }

    /// The built-in or own list with this name, without creating a missing store.
    func list(named name: String) throws -> StudyList {
        guard storeExists else { return try catalog.studyList(named: name) }
        return try tracker().lists.list(named: name, in: catalog)
    }

    /// The review settings, for a command that reads them: the defaults when there is no store yet,
    /// or, with a warning, when the stored settings cannot be read (the record is left as it is).
    func reviewSettings() throws -> ReviewSettings {
        try settingsOrDefaults(named: "review settings", ReviewSettings()) { try $0.reviews.settings() }
    }

    /// What `read` reads of the tracker; `defaults` when there is no store yet, or when the
    /// settings record cannot be read, which is told once per record and run: a damaged settings
    /// record made every listing fail, though nothing else in the store was wrong.
    func settingsOrDefaults<Settings>(named name: String, _ defaults: Settings, _ read: (Tracker) throws -> Settings) throws -> Settings {
        guard storeExists else { return defaults }
        do {
            return try read(try tracker())
        } catch PersistenceError.undecodable(let key, let reason) {
            if warnedSettings.insert(key).inserted {
                Terminal.writeError(
                    "Warning: the \(name) ('\(key)') in \(storePath) cannot be read (\(reason)); the defaults are used here and "
                        + "the record is left untouched. `leettrack doctor --export-raw FILE --remove-unreadable-settings` saves its bytes "
                        + "and puts the defaults back.\n")
            }
            return defaults
        }
    }
}

extension CommandContext {
    /// A fixed clock, or `nil` for the system's:
    /// - `LEETTRACK_TODAY=2026-11-29` (documented, every build) makes every command run on that day,
    ///   at noon in the user's time zone: a tour, a demo or a script shows the same days, streaks and
    ///   due dates whenever it runs (the README's tour is tested this way);
    /// - in a debug build, `LEETTRACK_NOW` holding an ISO 8601 instant (`2026-03-04T05:06:07Z`), so
    ///   end-to-end tests can check exactly what is recorded. A release build ignores it: an instant
    ///   is never an input a user can set by accident.
    static func fixedClock(_ environment: [String: String], timeZone: SystemTimeZone) throws -> Clock? {
        #if DEBUG
        if let text = environment["LEETTRACK_NOW"] {
            guard let instant = UTCTimestamp.date(from: text) else {
                throw CLIError.failure("LEETTRACK_NOW '\(text)' is not an ISO 8601 instant such as 2026-03-04T05:06:07Z.")
            }
            return .fixed(instant)
        }
        #endif
        if let text = environment["LEETTRACK_TODAY"], !text.isEmpty {
            // The rule of `--date`, and its exit status (64): a usage error, found before any store is opened.
            do {
                return .fixed(try ProgressChanges.practiceDay(parsing: text).noon(in: timeZone))
            } catch {
                throw CLIError.usage("LEETTRACK_TODAY: \(error.description) Unset it to use today's date.", command: nil)
            }
        }
        return nil
    }

    /// One of `candidates` at random; with a fixed clock (``clockIsFixed``), the one the
    /// local day decides, so the same filters on the same day pick the same problem in every time
    /// zone (the instant of that day's noon differs from zone to zone; the day's number does not).
    func randomElement<Element>(of candidates: [Element]) -> Element? {
        guard !candidates.isEmpty, clockIsFixed else { return candidates.randomElement() }
        // SplitMix64's mix of the day's number: spread over the candidates, fixed by the day.
        let day = LocalDay(now, in: timeZone).dayNumber
        var mixed = UInt64(bitPattern: Int64(day)) &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return candidates[Int((mixed ^ (mixed >> 31)) % UInt64(candidates.count))]
    }
}
