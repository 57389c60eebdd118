import LeetTrackCore
import NIOConcurrencyHelpers
import NIOCore

/// The whole catalog as `GET /api/problems` serves it, kept as one encoded JSON fragment per
/// problem, so that a change re-encodes only the rows it changed.
///
/// A list row depends on the catalog (fixed for the server's life), on three fields of the
/// problem's record (status, heart and note) and on whether it is marked to skip. After any change
/// to the store (here or in another process, as ``ServerModel``'s generation counts them),
/// ``json(generation:records:)`` reads the stored records and skips, compares them with what each
/// row was encoded from, re-encodes the rows that differ and joins the fragments. Encoding all 4,029 rows takes tens of milliseconds;
/// a refresh after k changed rows costs one read of the records, k small encodes and one copy of
/// the bytes (about 1.3 MB).
///
/// The first build encodes the list in one go and cuts it into rows (``JSONArraySplitter``), so the
/// rows are byte for byte what `JSONEncoder` makes of the whole list.
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
        /// The store generation the rows were last brought up to.
        var generation: UInt64
        /// One encoded object per problem, in catalog order.
        var fragments: [[UInt8]]
        /// The row state of each problem that has a record or a skip mark (the others show the defaults).
        var states: [String: RowState]
        /// The fragments joined into the array, ready to send.
        var json: ByteBuffer
    }

    private let catalog: Catalog
    private let positions: [String: Int]
    private let encode: @Sendable (any Encodable) -> [UInt8]
    /// Held for a whole refresh: a second request after a change waits for the first one's
    /// refresh instead of repeating it.
    private let rows = NIOLockedValueBox<Rows?>(nil)

    init(catalog: Catalog, encode: @escaping @Sendable (any Encodable) -> [UInt8]) {
        self.catalog = catalog
        self.encode = encode
        var positions: [String: Int] = [:]
        for (position, problem) in catalog.problems.enumerated() { positions[problem.slug] = position }
        self.positions = positions
    }

    /// The list's JSON as of `generation`, refreshed from `records()` when the store moved since.
    /// - Parameters:
    ///   - generation: the store's change count, read before `records` is called, so that a
    ///     change landing during the read is refreshed again by the next request.
    ///   - records: every stored progress record, by slug, and the slugs marked to skip.
    /// - Complexity: O(1) while nothing changed; after a change, O(r + k) for r stored records and
    ///   k changed rows, plus one copy of the bytes.
    func json(
        generation: UInt64, records: () throws -> (records: [String: ProblemProgress], skipped: Set<String>)
    ) throws -> ByteBuffer {
        try rows.withLockedValue { rows in
            if let current = rows, current.generation == generation { return current.json }
            let (records, skipped) = try records()
            var refreshed = rows ?? build(records, skipped: skipped)
            refresh(&refreshed, to: records, skipped: skipped)
            // Two refreshes may arrive out of order; the records read here are at least as new as
            // either's count, so the larger count is the one they stand for.
            refreshed.generation = max(generation, rows?.generation ?? 0)
            rows = refreshed
            return refreshed.json
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
        return Rows(generation: 0, fragments: fragments, states: states, json: ByteBuffer())
    }

    /// Re-encodes the rows whose record or skip mark changed (a problem whose record and mark went
    /// away shows the defaults again) and, if any did or nothing was joined yet, joins the fragments.
    private func refresh(_ rows: inout Rows, to records: [String: ProblemProgress], skipped: Set<String>) {
        var changed = rows.json.readableBytes == 0
        for slug in Set(records.keys).union(skipped).union(rows.states.keys) {
            guard let position = positions[slug] else { continue }  // A record of a problem the catalog lacks.
            let row = ProblemJSON(catalog.problem(at: position), records[slug], skipped: skipped.contains(slug))
            let state = RowState(row)
            let before = rows.states[slug] ?? RowState(ProblemJSON(catalog.problem(at: position), nil))
            rows.states[slug] = records[slug] == nil && !skipped.contains(slug) ? nil : state
            guard state != before else { continue }
            rows.fragments[position] = encode(row)
            changed = true
        }
        guard changed else { return }
        var buffer = ByteBufferAllocator().buffer(capacity: rows.fragments.reduce(2) { $0 + $1.count + 1 })
        buffer.writeInteger(UInt8(ascii: "["))
        for (index, fragment) in rows.fragments.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeBytes(fragment)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
        rows.json = buffer
    }
}

/// Cuts a compact JSON array (`[{…},{…}]`, as `JSONEncoder` writes it without pretty printing)
/// into its elements' bytes, minding strings and their escapes.
enum JSONArraySplitter {
    static func elements(of json: [UInt8]) -> [[UInt8]] {
        guard json.first == UInt8(ascii: "["), json.last == UInt8(ascii: "]"), json.count > 2 else { return [] }
        var elements: [[UInt8]] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 1
        for index in 1..<(json.count - 1) {
            let byte = json[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                elements.append(Array(json[start..<index]))
                start = index + 1
            default: break
            }
        }
        elements.append(Array(json[start..<(json.count - 1)]))
        return elements
    }
}
