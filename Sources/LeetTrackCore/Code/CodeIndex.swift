import FoundationEssentials
import Persistence

/// The index of the code folder: a `README.md` listing the solved problems that have a solution
/// file there, grouped by list section or by topic, between two marker comments. The user's text
/// outside the markers is kept byte for byte, so a README the user wrote can hold the index too.
///
/// It is built from the progress summaries (the solve dates and times) and one listing of the
/// folder (which files exist): no record is decoded, and nothing is kept that could go stale.
public struct CodeIndex: Sendable {
    /// How entries are grouped (`config code-index`).
    public enum Grouping: String, Codable, Sendable, CaseIterable {
        /// By the section of the followed list (else of the first list with sections holding it).
        case sections
        /// By the problem's first topic tag.
        case topics
    }

    /// One solved problem in the index.
    public struct Entry: Sendable, Equatable {
        /// The problem.
        public var problem: Problem
        /// The day of its latest solve.
        public var solved: LocalDay
        /// The seconds that solve took, when timed.
        public var seconds: Int?
        /// Its solution files' names in the folder (links relative to the README).
        public var files: [String]

        /// An entry from its parts.
        public init(problem: Problem, solved: LocalDay, seconds: Int?, files: [String]) {
            self.problem = problem
            self.solved = solved
            self.seconds = seconds
            self.files = files
        }
    }

    /// The line that opens the generated block.
    public static let startMarker = "<!-- leettrack:index:start -->"
    /// The line that closes it.
    public static let endMarker = "<!-- leettrack:index:end -->"
    /// The index's file name in the code folder.
    public static let fileName = "README.md"

    /// The entries, in any order.
    public var entries: [Entry]
    /// The grouping.
    public var grouping: Grouping

    /// An index of `entries`.
    public init(entries: [Entry], grouping: Grouping) {
        self.entries = entries
        self.grouping = grouping
    }

    /// The solution files in a folder listing, by slug: names of the shape `code` gives
    /// (`<id>.<slug>.<extension>`, a known language) whose id and slug match the catalog.
    /// - Complexity: O(names).
    public static func solutionFiles(in names: [String], catalog: Catalog) -> [String: [String]] {
        var files: [String: [String]] = [:]
        for name in names {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let id = Int(parts[0]), SolutionLanguage(named: String(parts[2])) != nil,
                let problem = catalog.problem(withID: id), problem.slug == parts[1]
            else { continue }
            files[problem.slug, default: []].append(name)
        }
        return files.mapValues { $0.sorted() }
    }

    /// The entries of the solved problems among `files` (by slug), from their summaries: the day
    /// and time of each one's latest solve, in `timeZone`.
    /// - Complexity: one summary read per problem with files.
    public static func entries(
        files: [String: [String]], tracker: Tracker
    ) throws -> [Entry] {
        let readable = try tracker.progress.readableSummaries { files[$0] != nil }
        var entries: [Entry] = []
        for (slug, summary) in readable.summaries where summary.status == .solved {
            guard let problem = tracker.catalog.problem(withSlug: slug),
                let solve = summary.events.last(where: { $0.kind == .solved })
            else { continue }
            entries.append(Entry(
                problem: problem, solved: LocalDay(solve.date, in: tracker.timeZone), seconds: solve.seconds, files: files[slug] ?? []))
        }
        return entries
    }

    /// The generated block, markers included, ending in a newline. Groups come in the order of
    /// their first problem by id (sections) or by name (topics); entries by id within a group.
    /// Text from the catalog is escaped for Markdown (a `|` or `]` in a title would break the table).
    public func block(catalog: Catalog, followedList: String?) -> String {
        var groups: [String: [Entry]] = [:]
        let sectionOf = grouping == .sections ? Self.sectionNames(catalog: catalog, followedList: followedList) : [:]
        for entry in entries {
            let name: String
            switch grouping {
            case .sections: name = sectionOf[entry.problem.slug] ?? "Other problems"
            case .topics: name = entry.problem.tags.first ?? "Other problems"
            }
            groups[name, default: []].append(entry)
        }
        let ordered = groups.map { (name: $0.key, entries: $0.value.sorted { $0.problem.id < $1.problem.id }) }.sorted { left, right in
            if (left.name == "Other problems") != (right.name == "Other problems") { return right.name == "Other problems" }
            return grouping == .topics ? left.name < right.name : left.entries[0].problem.id < right.entries[0].problem.id
        }
        var text = Self.startMarker + "\n"
        text += "<!-- Written by leettrack after each solve; edits inside these markers are replaced. -->\n\n"
        text += "\(Plural.count(entries.count, "problem")) solved.\n"
        for group in ordered {
            text += "\n## \(Self.markdown(group.name))\n\n"
            text += "| # | Problem | Difficulty | Solved | Time | Solution |\n|---:|---|---|---|---|---|\n"
            for entry in group.entries {
                let problem = entry.problem
                let links = entry.files.map { "[\(Self.markdown(String($0.split(separator: ".").last ?? "")))](\(Self.linkTarget($0)))" }
                let time = entry.seconds.map(PracticeTime.text) ?? ""
                text += "| \(problem.id) | [\(Self.markdown(problem.title))](\(problem.url)) | \(problem.difficulty.displayName) "
                    + "| \(entry.solved) | \(time) | \(links.joined(separator: " · ")) |\n"
            }
        }
        return text + "\n" + Self.endMarker + "\n"
    }

    /// `existing` (a README's bytes, or `nil` when there is none) with `block` in place of the
    /// marked one: the bytes before the start marker and after the end marker's line are kept as
    /// they are. Without any marker, the block is added at the end (after a blank line).
    ///
    /// `nil` when the markers are there but not as one start before one end (a start the user
    /// typed, an end before the start, a marker twice): which text is the block cannot be told,
    /// and taking the user's text between stray markers for it would delete that text. The
    /// README is then left as it is.
    public static func merged(_ block: String, into existing: Data?) -> Data? {
        guard let existing, !existing.isEmpty else { return Data(("# Solutions\n\n" + block).utf8) }
        let bytes = [UInt8](existing)
        let start = Array(startMarker.utf8)
        let end = Array(endMarker.utf8)
        let starts = indices(of: start, in: bytes)
        let ends = indices(of: end, in: bytes)
        if starts.isEmpty && ends.isEmpty {
            let separator = bytes.last == UInt8(ascii: "\n") ? "\n" : "\n\n"
            return existing + Data((separator + block).utf8)
        }
        guard starts.count == 1, ends.count == 1, let startAt = starts.first, let endAt = ends.first,
              startAt + start.count <= endAt else { return nil }
        var after = endAt + end.count
        if after < bytes.count, bytes[after] == UInt8(ascii: "\n") { after += 1 }
        return Data(bytes[..<startAt]) + Data(block.utf8) + Data(bytes[after...])
    }

    /// Where each occurrence of `needle` starts in `haystack`, none overlapping.
    private static func indices(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        var found: [Int] = []
        var from = 0
        while let index = firstIndex(of: needle, in: haystack, from: from) {
            found.append(index)
            from = index + needle.count
        }
        return found
    }

    /// Where `needle` first starts in `haystack` at or after `from`.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for index in from...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

    /// Each slug's section name: in the followed list when it has sections, else in the first
    /// built-in list with sections that holds the problem.
    private static func sectionNames(catalog: Catalog, followedList: String?) -> [String: String] {
        var names: [String: String] = [:]
        let keys = (followedList.map { [$0] } ?? []) + catalog.sectionedListKeys
        for key in keys {
            guard let list = catalog.studyLists.first(where: { $0.key == key }) else { continue }
            for section in catalog.sections(of: list) {
                for slug in section.slugs where names[slug] == nil { names[slug] = section.name }
            }
        }
        return names
    }

    /// `text` safe inside a Markdown table cell and link text: control characters become spaces,
    /// and the characters that end a cell, a link or start markup are escaped.
    static func markdown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if InputRules.isControlOrBidi(scalar) {
                result += " "
            } else if "\\|[]()<>*_`#!~".unicodeScalars.contains(scalar) {
                result += "\\" + String(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A file name as a relative link: percent-encoded where Markdown or a URL would read it otherwise.
    static func linkTarget(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            result += plain ? String(UnicodeScalar(byte)) : (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
        }
        return "./" + result
    }
}
