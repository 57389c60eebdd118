import FoundationEssentials

/// A filter and an order over the catalog, as `leettrack list` and `random` take them.
public struct ProblemQuery: Sendable, Equatable {
    /// How results are ordered.
    public enum Sort: String, CaseIterable, Sendable {
        /// By id, ascending.
        case id
        /// By title, alphabetically (case-insensitive).
        case title
        /// Easy first, then by id.
        case difficulty
        /// Highest acceptance first (the most often solved, usually the easiest).
        case acceptance
        /// Most recently practised first; untouched problems last, by id.
        case recent
        /// Lowest contest rating first; problems without a rating last, by id.
        case rating
    }

    /// Text to look for in the title or slug: every word must appear, a number as a whole word of
    /// the title (see ``TitleWords``); a text without letters is ids (`12`, `1,2`: see
    /// ``Catalog/ids(in:)``).
    public var text: String?
    /// Only these difficulties; empty for all.
    public var difficulties: Set<Difficulty> = []
    /// Only these statuses; empty for all.
    public var statuses: Set<Status> = []
    /// Only favorites.
    public var favoritesOnly = false
    /// Only problems with at least one of these tags (exact tag names; see
    /// ``Catalog/canonicalTag(_:)``); empty for all.
    public var tags: [String] = []
    /// Only this category (an exact name; see ``Catalog/canonicalCategory(_:)``).
    public var category: String?
    /// Only problems of this study list; without a ``sort``, results keep the list's order.
    public var list: StudyList?
    /// `true`: only paid-only problems; `false`: only free ones; `nil`: both.
    public var paidOnly: Bool?
    /// Only problems whose contest rating lies in this range (unrated ones never match); `nil`: all.
    public var ratings: ClosedRange<Int>?
    /// The order; `nil` is id order, or the list's order when ``list`` is set.
    public var sort: Sort?
    /// At most this many results.
    public var limit: Int?

    /// Creates a query that matches everything, in id order.
    public init() {}

    /// Only this difficulty (one of ``difficulties``).
    public var difficulty: Difficulty? {
        get { difficulties.count == 1 ? difficulties.first : nil }
        set { difficulties = newValue.map { [$0] } ?? [] }
    }

    /// Only this status (one of ``statuses``).
    public var status: Status? {
        get { statuses.count == 1 ? statuses.first : nil }
        set { statuses = newValue.map { [$0] } ?? [] }
    }

    /// Only problems with this tag (one of ``tags``).
    public var tag: String? {
        get { tags.count == 1 ? tags.first : nil }
        set { tags = newValue.map { [$0] } ?? [] }
    }
}

extension Catalog {
    /// The problems that match `query`, in its order.
    /// - Parameter progress: progress records by slug (for status, favorites and `recent`).
    /// - Complexity: O(n) over the catalog (or the list), reading each problem's fields where
    ///   they lie and building only the m matches, plus O(m log m) to sort them.
    public func problems<Record: ProgressMarks>(matching query: ProblemQuery, progress: [String: Record]) -> [Problem] {
        problems(matching: query) { _ in progress }.problems
    }

    /// The problems that match `query`, in its order, by their records (`[:]` for none).
    public func problems(matching query: ProblemQuery, progress: [String: ProblemProgress]) -> [Problem] {
        problems(matching: query) { _ in progress }.problems
    }

    /// The problems that match `query`, loading progress only for the problems that pass the
    /// catalog's own filters (difficulty, list, tag, category, paid, text): a command that lists
    /// the hard problems reads the records of hard problems only.
    /// - Parameter loadProgress: returns the records (or their summaries) of (at least) the given slugs.
    /// - Returns: the matches in the query's order, and the records that were loaded.
    public func problems<Record: ProgressMarks>(
        matching query: ProblemQuery, loadingProgress loadProgress: (Set<String>) throws -> [String: Record]
    ) rethrows -> (problems: [Problem], progress: [String: Record]) {
        var progress: [String: Record] = [:]
        let matches = try positions(matching: query) { positions in
            let slugs = positions.map(slug(at:))
            progress = try loadProgress(Set(slugs))
            return slugs.map { progress[$0] }
        }
        return (matches.map { problem(at: $0.position) }, progress)
    }

    /// The catalog positions of the problems that match `query`, each with its record, as
    /// ``problems(matching:loadingProgress:)`` finds them, for a caller that holds the records by
    /// position and writes rows from the catalog (``problem(at:)`` builds a match when needed).
    /// - Parameter loadProgress: returns the record (or its summary, or `nil`) of each of the given
    ///   catalog positions, in their order.
    // Specialized here for the listings' marks: a caller in another module otherwise runs it
    // unspecialized, each match's append and marks read through the generic witnesses.
    @_specialize(exported: true, where Record == ProblemMarks)
    public func positions<Record: ProgressMarks>(
        matching query: ProblemQuery, loadingProgressAt loadProgress: ([Int]) throws -> [Record?]
    ) rethrows -> [(position: Int, progress: Record?)] {
        let positions: [Int]
        if let list = query.list {
            positions = list.slugs.compactMap { position(ofSlug: $0) }
        } else {
            positions = Array(0..<count)
        }
        let words = TitleWords(query.text ?? "")
        // A text without letters is ids (`1,2`, `1 2`), as a change reads it, never title words.
        let textIDs = query.text.flatMap(Catalog.ids(in:)).map(Set.init)
        var haystack: [UInt8] = []
        var haystackWords = TitleWords()
        // No problem is built to filter: its tags and category are read where they lie (`list
        // --tag` built all 4,029 problems, their slugs, titles and tags, to keep a few hundred).
        var candidates: [Int] = []
        candidates.reserveCapacity(positions.count)
        for position in positions {
            if !query.difficulties.isEmpty, !query.difficulties.contains(self.difficulty(at: position)) { continue }
            if let paidOnly = query.paidOnly, self.paidOnly(at: position) != paidOnly { continue }
            if let textIDs {
                if !textIDs.contains(id(at: position)) { continue }
            } else if words.count > 0, !matches(position, words: words, buffer: &haystack, into: &haystackWords) {
                continue
            }
            if !query.tags.isEmpty {
                var tagged = false
                forEachTag(at: position) { tag in tagged = tagged || query.tags.contains(tag) }
                guard tagged else { continue }
            }
            if let category = query.category, self.category(at: position) != category { continue }
            if let ratings = query.ratings {
                guard let rating = rating(at: position), ratings.contains(rating) else { continue }
            }
            candidates.append(position)
        }
        let progress = try loadProgress(candidates)
        let filtersProgress = !query.statuses.isEmpty || query.favoritesOnly
        // The statuses wanted, looked up once: a set's lookup hashed each record's status name.
        let statuses = query.statuses
        let (todo, attempted, solved) = (statuses.contains(.todo), statuses.contains(.attempted), statuses.contains(.solved))
        var matches: [(position: Int, progress: Record?)] = []
        // Room for every candidate, even when most are filtered out: room never written costs
        // no memory, and growing by doubling copied 260 KB on a store of 4,000 solved problems.
        matches.reserveCapacity(candidates.count)
        for (index, position) in candidates.enumerated() {
            let record = progress[index]
            if filtersProgress {
                if !statuses.isEmpty {
                    switch record?.status ?? .todo {
                    case .todo: if !todo { continue }
                    case .attempted: if !attempted { continue }
                    case .solved: if !solved { continue }
                    }
                }
                if query.favoritesOnly, record?.favorite != true { continue }
            }
            matches.append((position, record))
        }
        switch query.sort {
        case nil:
            break  // Already in id order, or in the list's order.
        case .id:
            matches.sort { id(at: $0.position) < id(at: $1.position) }
        case .title:
            // Each title lowered once, not once per comparison.
            var keyed = matches.map { (title: title(at: $0.position).lowercased(), id: id(at: $0.position), match: $0) }
            keyed.sort { $0.title == $1.title ? $0.id < $1.id : $0.title < $1.title }
            matches = keyed.map(\.match)
        case .difficulty:
            matches.sort { (difficulty(at: $0.position), id(at: $0.position)) < (difficulty(at: $1.position), id(at: $1.position)) }
        case .acceptance:
            matches.sort {
                let (left, right) = (acceptance(at: $0.position), acceptance(at: $1.position))
                return left != right ? left > right : id(at: $0.position) < id(at: $1.position)
            }
        case .rating:
            matches.sort { left, right in
                switch (rating(at: left.position), rating(at: right.position)) {
                case (let l?, let r?): l != r ? l < r : id(at: left.position) < id(at: right.position)
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): id(at: left.position) < id(at: right.position)
                }
            }
        case .recent:
            matches.sort { left, right in
                switch (left.progress?.lastActivity, right.progress?.lastActivity) {
                case (let l?, let r?): l != r ? l > r : id(at: left.position) < id(at: right.position)
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): id(at: left.position) < id(at: right.position)
                }
            }
        }
        if let limit = query.limit, matches.count > limit { matches.removeSubrange(limit...) }
        return matches
    }

    /// The catalog's spelling of a tag typed in any case, with hyphens or spaces, or by one of the
    /// ``TagAliases`` (`dp`, `bfs`, `2p`).
    /// - Throws: ``LeetTrackError/unknownTag(_:suggestions:)`` with the closest tags.
    public func canonicalTag(_ name: String) throws(LeetTrackError) -> String {
        let wanted = Self.folded(name)
        let tags = tagNames
        if let tag = tags.first(where: { Self.folded($0) == wanted }) { return tag }
        if let tag = TagAliases.tag(for: name.trimmedOfWhitespace), tags.contains(tag) { return tag }
        // Tags that start with or contain what was typed come first (`Graph` → "Graph Theory"),
        // then the closest by edit distance, computed only for a name of tag size.
        let folded = tags.map { (tag: $0, folded: Self.folded($0)) }
        var suggestions = folded.filter { $0.folded.hasPrefix(wanted) }.map(\.tag).sorted()
        suggestions += folded.filter { !$0.folded.hasPrefix(wanted) && $0.folded.contains(wanted) }.map(\.tag).sorted()
        if suggestions.count < 3, !wanted.isEmpty, wanted.count <= 60 {
            suggestions += folded.filter { !suggestions.contains($0.tag) }
                .map { (tag: $0.tag, distance: EditDistance.between($0.folded, wanted)) }
                .sorted { ($0.distance, $0.tag) < ($1.distance, $1.tag) }
                .prefix(3 - suggestions.count).map(\.tag)
        }
        throw .unknownTag(name, suggestions: Array(suggestions.prefix(3)))
    }

    /// The catalog's spelling of a category typed in any case.
    /// - Throws: ``LeetTrackError/unknownCategory(_:known:)``.
    public func canonicalCategory(_ name: String) throws(LeetTrackError) -> String {
        let wanted = Self.folded(name)
        if let category = categoryNames.first(where: { Self.folded($0) == wanted }) { return category }
        throw .unknownCategory(name, known: categoryNames)
    }

    /// The study list with this key or display name (any case).
    /// - Throws: ``LeetTrackError/unknownList(_:known:)`` naming the lists.
    public func studyList(named name: String) throws(LeetTrackError) -> StudyList {
        if let list = builtInList(named: name) { return list }
        throw .unknownList(name, known: studyLists.map(\.key))
    }

    /// The built-in study list with this key or name (any case, hyphens or spaces), or `nil`:
    /// for callers where "not a built-in list" is an answer, not an error.
    public func builtInList(named name: String) -> StudyList? {
        let wanted = Self.folded(name)
        return studyLists.first { Self.folded($0.key) == wanted || Self.folded($0.name) == wanted }
    }

    /// Lowercased, with hyphens, underscores and runs of spaces as one space.
    static func folded(_ text: String) -> String {
        var text = text
        if let folded = text.withUTF8(asciiFolded) { return folded }
        return text.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
    }

    /// What ``folded(_:)`` makes of ASCII text, byte by byte: the letters lowered, each run of
    /// `-`, `_` and spaces one space, none at the ends; `nil` for other text. Finding a tag folds
    /// every tag of the catalog, and the string operations cost 30,000 instructions a tag.
    private static func asciiFolded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count)
        var separated = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") {
                separated = !folded.isEmpty
                continue
            }
            if separated {
                folded.append(UInt8(ascii: " "))
                separated = false
            }
            folded.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// Whether every word occurs somewhere in the problem's title or its slug (so `sum` finds
    /// "Two Sum" and "Path Sum II", and `two-sum` finds by slug), a number as a whole word (`2`
    /// finds neither "Merge Two 2D Arrays" nor "1-bit and 2-bit Characters"). Works on bytes:
    /// see ``TitleWords``.
    private func matches(_ position: Int, words: TitleWords, buffer: inout [UInt8], into haystack: inout TitleWords) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        withTitleUTF8(at: position) { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: " "))
        withSlugUTF8(at: position) { buffer.append(contentsOf: $0) }
        buffer.withUnsafeBufferPointer { haystack.load($0) }
        return haystack.matches(words, .within)
    }
}
