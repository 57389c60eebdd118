import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore

/// The text search as you type looks in: each problem's lowercased title and slug, as bytes in
/// one contiguous array, so a keystroke scans about 200 KB with no allocation per problem.
///
/// It matches as `leettrack list TEXT` does (`Catalog.problems(matching:)`): every word of the
/// query (runs of letters and digits, lowercased) must appear in the title or the slug, or the
/// whole query is the problem's id. Built on the first search, not at start-up.
struct SearchIndex: Sendable {
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private let ids: [Int]

    init(catalog: Catalog) {
        bytes.reserveCapacity(catalog.count * 64)
        var ids: [Int] = []
        ids.reserveCapacity(catalog.count)
        for position in 0..<catalog.count {
            bytes.append(contentsOf: catalog.title(at: position).lowercased().utf8)
            bytes.append(0x20)
            bytes.append(contentsOf: catalog.slug(at: position).utf8)
            starts.append(bytes.count)
            ids.append(catalog.id(at: position))
        }
        self.ids = ids
    }

    /// A query prepared for matching.
    struct Query: Sendable {
        fileprivate let words: [[UInt8]]
        fileprivate let id: Int?

        init(_ text: String) {
            words = text.lowercased()
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { Array($0.utf8) }
            id = Int(text.trimmedOfWhitespace)
        }

        /// Whether the query has nothing to look for (everything matches).
        var isEmpty: Bool { words.isEmpty }
    }

    /// Whether the problem at `position` matches `query`.
    func matches(_ position: Int, _ query: Query) -> Bool {
        if query.words.isEmpty || query.id == ids[position] { return true }
        return bytes.withUnsafeBufferPointer { all in matches(position, query, in: all) }
    }

    /// The positions among `candidates` that match `query`, in order: one pass over the bytes.
    /// - Complexity: O(total length of the candidates' titles and slugs x words).
    func filter(_ candidates: [Int], _ query: Query) -> [Int] {
        guard !query.words.isEmpty else { return candidates }
        return bytes.withUnsafeBufferPointer { all in
            candidates.filter { query.id == ids[$0] || matches($0, query, in: all) }
        }
    }

    private func matches(_ position: Int, _ query: Query, in all: UnsafeBufferPointer<UInt8>) -> Bool {
        let haystack = UnsafeBufferPointer(rebasing: all[starts[position]..<starts[position + 1]])
        for word in query.words where !SearchIndex.contains(haystack, word) { return false }
        return true
    }

    /// Whether `needle` occurs in `haystack`: `memchr` (vectorised in libc) finds each candidate
    /// first byte, `memcmp` checks the rest.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count, let base = haystack.baseAddress else { return false }
        return needle.withUnsafeBufferPointer { needle in
            guard let needleBase = needle.baseAddress else { return true }
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needleBase, needle.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }
}
