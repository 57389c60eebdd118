import FoundationEssentials

/// A topic section of a study list, such as "Two Pointers" in NeetCode 150: a run of the list's
/// problems, in the list's order.
public struct StudySection: Sendable, Hashable {
    /// The section's name (`Arrays & Hashing`).
    public var name: String
    /// The slugs of its problems, in the list's order.
    public var slugs: [String]

    /// Creates a section.
    public init(name: String, slugs: [String]) {
        self.name = name
        self.slugs = slugs
    }
}

extension Catalog {
    /// The keys of the built-in lists that have topic sections, in display order.
    public var sectionedListKeys: [String] {
        CatalogSectionData.sections.map(\.list)
    }

    /// The topic sections of `list`, in its order; empty for a list without sections (the user's
    /// own lists and most built-in ones).
    ///
    /// The shipped sections (`Catalog/Data/sections.json`, generated into `CatalogSectionData`)
    /// hold each section's name and size only: a list's sections cover exactly its problems in its
    /// order (the generator and `CatalogSectionsTests` check it), so each section is the next run of
    /// the list. They are read only by the commands that show sections. A list whose length does
    /// not match its sections (one from other JSON) gets none rather than wrong ones.
    /// - Complexity: O(n) over the list.
    public func sections(of list: StudyList) -> [StudySection] {
        guard !list.isOwn, let entry = CatalogSectionData.sections.first(where: { $0.list == list.key }) else { return [] }
        guard entry.counts.reduce(0, { $0 + Int($1) }) == list.slugs.count else { return [] }
        var sections: [StudySection] = []
        var start = 0
        for (name, count) in zip(entry.names, entry.counts) {
            sections.append(StudySection(name: name, slugs: Array(list.slugs[start..<(start + Int(count))])))
            start += Int(count)
        }
        return sections
    }

    /// The section of `list` that `name` names: its name in any case (hyphens, underscores and
    /// spaces alike, `&` optional), or the start of exactly one section's name (`two` → Two Pointers).
    /// - Throws: ``LeetTrackError/listWithoutSections(_:sectioned:)`` for a list without sections,
    ///   ``LeetTrackError/unknownSection(_:list:known:matches:)`` listing the sections otherwise.
    public func section(named name: String, in list: StudyList) throws(LeetTrackError) -> StudySection {
        let sections = sections(of: list)
        guard !sections.isEmpty else { throw .listWithoutSections(list.key, sectioned: sectionedListKeys) }
        let wanted = Self.sectionFolded(name)
        if let exact = sections.first(where: { Self.sectionFolded($0.name) == wanted }) { return exact }
        let matches = wanted.isEmpty ? [] : sections.filter { Self.sectionFolded($0.name).hasPrefix(wanted) }
        if matches.count == 1 { return matches[0] }
        throw .unknownSection(name, list: list.key, known: sections.map(\.name), matches: matches.map(\.name))
    }

    /// Decodes and checks sections in the shape of `Catalog/Data/sections.json`
    /// (`{"<list>": [{"name": …, "slugs": […]}, …]}`) against `lists`: every list they name must be
    /// one of `lists`, and its sections must cover exactly that list's problems in its order.
    /// Meant for tools and tests (commands use the generated sections).
    /// - Throws: `DecodingError` for JSON of another shape, ``LeetTrackError/invalidCatalog(_:)``
    ///   naming the list otherwise.
    public static func sections(fromJSON data: Data, lists: [StudyList]) throws -> [String: [StudySection]] {
        struct RawSection: Decodable { var name: String, slugs: [String] }
        let raw = try JSONDecoder().decode([String: [RawSection]].self, from: data)
        var result: [String: [StudySection]] = [:]
        for key in raw.keys.sorted() {
            guard let list = lists.first(where: { $0.key == key }) else {
                throw LeetTrackError.invalidCatalog("sections name the list \(key), which is not in the catalog")
            }
            let sections = (raw[key] ?? []).map { StudySection(name: $0.name, slugs: $0.slugs) }
            if sections.contains(where: { $0.name.trimmedOfWhitespace.isEmpty }) {
                throw LeetTrackError.invalidCatalog("a section of \(key) has no name")
            }
            guard sections.flatMap(\.slugs) == list.slugs else {
                throw LeetTrackError.invalidCatalog("the sections of \(key) do not cover exactly its problems in its order")
            }
            result[key] = sections
        }
        return result
    }

    /// Lowercased, `&` dropped, with hyphens, underscores and runs of spaces as one space.
    static func sectionFolded(_ text: String) -> String {
        folded(text.replacing("&", with: " "))
    }
}
