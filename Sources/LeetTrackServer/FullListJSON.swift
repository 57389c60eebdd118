import LeetTrackCore
import NIOConcurrencyHelpers
import NIOCore
import Persistence

/// The whole catalog as `GET /api/problems` serves it, kept as one encoded JSON fragment per
/// problem, so that a change re-encodes only the rows it changed.
///
/// A list row depends on the catalog (fixed for the server's life), on three fields of the
/// problem's record (status, heart and note) and on whether it is marked to skip. The store's
/// notices (``note(_:)``) say which records changed, here or in another process; the next
/// ``json(read:)`` reads those records alone, re-encodes the rows that differ and joins the
/// fragments. Encoding all 4,029 rows takes tens of milliseconds; a refresh after k changed
/// records costs k reads, k small encodes and one copy of the bytes (about 1.3 MB). A change of
/// the skip marks, or a notice that cannot say what changed, reads every record again.
///
/// The first build encodes the list in one go and cuts it into rows (``JSONArraySplitter``), so the
/// rows are byte for byte what `JSONEncoder` makes of the whole list.
///
/// Each join is a new version of the list: a ``CachedBody`` with its own entity tag (this server's
/// random prefix and a count, so a tag from an earlier run never names this run's list) and its
/// gzip, made once for the version by the first request that accepts it, from blocks of rows of
/// which only those that changed are compressed again (``GzipBlocks``).
final class FullListJSON: Sendable {
    /// What a list row shows of a problem's record.
    private struct RowState: Equatable {
        var status: String
        var favorite: Bool
        var note: String?
        var skipped: Bool?

        init(_ row: ProblemJSON) {
            (status, favorite, note, skipped) = (row.status, row.favorite, row.note, row.skipped)
        }
    }

    private struct Rows {
        /// One encoded object per problem, in catalog order.
        var fragments: [[UInt8]]
        /// The row state of each problem that has a record or a skip mark (the others show the defaults).
        var states: [String: RowState]
        /// The fragments joined into the array, ready to send, with its tag and gzip; `nil` until the first join.
        var body: CachedBody?
        /// How many times the fragments were joined: the list's version.
        var joins: UInt64 = 0
        /// The gzip of the joined list, by blocks of ``FullListJSON/rowsPerBlock`` rows.
        var gzip = GzipBlocks()
        /// Where each block starts in ``body``.
        var blockStarts: [Int] = []
        /// The blocks whose rows changed since ``gzip`` was last brought up to date.
        var staleBlocks: Set<Int> = []
    }

    /// What changed since the rows were last brought up to date.
    private struct Changes {
        /// The slugs whose records changed.
        var slugs: Set<String> = []
        /// Whether anything else may have changed: every record is read again.
        var everything = false

        var isEmpty: Bool { slugs.isEmpty && !everything }
    }

    private let catalog: Catalog
    private let positions: [String: Int]
    private let encode: @Sendable (any Encodable) -> [UInt8]
    /// Held for a whole refresh: a second request after a change waits for the first one's
    /// refresh instead of repeating it.
    private let rows = NIOLockedValueBox<Rows?>(nil)
    private let changes = NIOLockedValueBox(Changes())
    /// The rows in a block of the list's gzip: about 44 KB, more than the 32 KB a block's
    /// dictionary takes from the one before it (see ``GzipBlocks``).
    static let rowsPerBlock = 128
    /// This server's part of the tags: a browser's tag from an earlier run must not match.
    private let tagPrefix = "l" + String(UInt64.random(in: .min ... .max), radix: 16)

    init(catalog: Catalog, encode: @escaping @Sendable (any Encodable) -> [UInt8]) {
        self.catalog = catalog
        self.encode = encode
        var positions: [String: Int] = [:]
        for (position, problem) in catalog.problems.enumerated() { positions[problem.slug] = position }
        self.positions = positions
    }

    /// Notes what a change of the store changed, for the next ``json(read:)``.
    /// - Complexity: O(keys changed).
    func note(_ change: StoreChange) {
        changes.withLockedValue { changes in
            guard change.isComplete else { return changes.everything = true }
            for key in change.keys {
                if let slug = ProgressRepository.slug(ofKey: key) {
                    changes.slugs.insert(slug)
                } else if key == PracticeSettings.key.name {
                    changes.everything = true  // The skip marks: rare, and any row may follow them.
                }
            }
        }
    }

    /// The list's JSON with its tag and gzip, brought up to date with the changes noted since the
    /// last call: a new tag whenever the bytes changed.
    /// - Parameter read: the stored records of the slugs given (every record when `nil`), by
    ///   slug, and the slugs marked to skip.
    /// - Complexity: O(1) while nothing changed; after k records changed, O(k) reads and encodes,
    ///   plus one copy of the bytes.
    func json(read: ([String]?) throws -> (records: [String: ProblemProgress], skipped: Set<String>)) throws -> CachedBody {
        try rows.withLockedValue { rows in
            // Taken before the read: a change landing during it is noted for the next call.
            let taken = changes.withLockedValue { changes in
                defer { changes = Changes() }
                return changes
            }
            if let current = rows?.body, taken.isEmpty { return current }
            do {
                if var current = rows, !taken.everything {
                    let (records, skipped) = try read(Array(taken.slugs))
                    let body = refresh(&current, slugs: taken.slugs, records: records, skipped: skipped)
                    rows = current
                    return body
                }
                let (records, skipped) = try read(nil)
                var refreshed = rows ?? build(records, skipped: skipped)
                let body = refresh(&refreshed, slugs: Set(records.keys).union(skipped).union(refreshed.states.keys), records: records, skipped: skipped)
                rows = refreshed
                return body
            } catch {
                changes.withLockedValue { $0.everything = true }  // Not shown yet: the next call reads again.
                throw error
            }
        }
    }

    /// Every row encoded in one go (much faster than 4,029 separate encodes) and cut apart.
    private func build(_ records: [String: ProblemProgress], skipped: Set<String>) -> Rows {
        let all: [ProblemJSON] = catalog.problems.map { ProblemJSON($0, records[$0.slug], skipped: skipped.contains($0.slug)) }
        var fragments = JSONArraySplitter.elements(of: encode(all))
        if fragments.count != all.count {
            // Cannot happen with JSONEncoder's compact output; encoding each row is slower but right.
            fragments = all.map { encode($0) }
        }
        var states: [String: RowState] = [:]
        for slug in Set(records.keys).union(skipped) {
            guard let position = positions[slug] else { continue }
            states[slug] = RowState(ProblemJSON(catalog.problem(at: position), records[slug], skipped: skipped.contains(slug)))
        }
        return Rows(fragments: fragments, states: states, body: nil)
    }

    /// Re-encodes the rows of `slugs` whose record or skip mark changed (a problem whose record
    /// and mark went away shows the defaults again) and, if any did or nothing was joined yet,
    /// joins the fragments into a new version of the body; returns the body, new or not.
    private func refresh(_ rows: inout Rows, slugs: Set<String>, records: [String: ProblemProgress], skipped: Set<String>) -> CachedBody {
        var changed = rows.body == nil
        var changedBlocks: Set<Int> = []
        for slug in slugs {
            guard let position = positions[slug] else { continue }  // A record of a problem the catalog lacks.
            let row = ProblemJSON(catalog.problem(at: position), records[slug], skipped: skipped.contains(slug))
            let state = RowState(row)
            let before = rows.states[slug] ?? RowState(ProblemJSON(catalog.problem(at: position), nil))
            rows.states[slug] = records[slug] == nil && !skipped.contains(slug) ? nil : state
            guard state != before else { continue }
            rows.fragments[position] = encode(row)
            changed = true
            changedBlocks.insert(position / Self.rowsPerBlock)
        }
        if !changed, let body = rows.body { return body }
        var buffer = ByteBufferAllocator().buffer(capacity: rows.fragments.reduce(2) { $0 + $1.count + 1 })
        buffer.writeInteger(UInt8(ascii: "["))
        var blockStarts = [0]
        for (index, fragment) in rows.fragments.enumerated() {
            if index > 0, index % Self.rowsPerBlock == 0 { blockStarts.append(buffer.writerIndex) }
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeBytes(fragment)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
        rows.joins += 1
        rows.blockStarts = blockStarts
        rows.staleBlocks.formUnion(changedBlocks)
        // Made when a request first accepts it, not here: the list's first build, begun at start,
        // stays as short as it was (a signal at start stops the server only once it is done).
        let version = rows.joins
        let body = CachedBody(identity: buffer, tag: "\(tagPrefix)-\(String(version, radix: 16))") { [weak self] in
            self?.gzip(ofVersion: version)
        }
        rows.body = body
        return body
    }

    /// The gzip of version `version` of the list, its changed blocks compressed again; `nil` when a
    /// later version replaced it (rare: its body then compresses itself whole) or zlib failed.
    private func gzip(ofVersion version: UInt64) -> ByteBuffer? {
        rows.withLockedValue { rows in
            guard var current = rows, current.joins == version, let body = current.body else { return nil }
            let gzip = current.gzip.gzip(of: body.identity, starts: current.blockStarts, changed: current.staleBlocks)
            current.staleBlocks = []
            rows = current
            return gzip
        }
    }
}

/// Cuts a JSON array into its elements' bytes, as written, with the one JSON reader.
enum JSONArraySplitter {
    /// The elements of the array `json`, or none when `json` is not one array.
    static func elements(of json: [UInt8]) -> [[UInt8]] {
        json.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            var elements: [[UInt8]] = []
            do {
                try reader.beginArray()
                while try reader.nextElement() {
                    reader.skipWhitespace()
                    let start = reader.offset
                    try reader.skipValue()
                    elements.append(Array(bytes[start..<reader.offset]))
                }
                try reader.finish()
                return elements
            } catch {
                return []  // The caller then encodes each row on its own: slower, but right.
            }
        }
    }
}
