import CZlib
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// A body sent many times over, made once per version of what it shows: its plain bytes, its gzip
/// (made at the first request that accepts it, then kept) and the entity tag that names the
/// version. A change of the data makes a new `CachedBody`; requests still answering with the old
/// one keep theirs.
///
/// The two encodings are two representations (RFC 9110, section 8.8.3): the gzip's tag is the plain
/// one's with `-gzip` added, so that a cache never takes one for the other.
final class CachedBody: Sendable {
    /// The bytes as they are, shared by every response (never copied per request).
    let identity: ByteBuffer
    /// The version's opaque tag, without quotes: only visible ASCII and no `"` or `,` (the callers
    /// make it from hex digits and dashes).
    let tag: String
    /// Whether gzip is worth trying (not for PNGs, which are compressed already).
    private let compressible: Bool
    /// `nil` until the first request that accepts gzip; then the gzip, or `nil` inside when zlib
    /// failed or made nothing smaller (the plain body is sent instead).
    private let gzipped = NIOLockedValueBox<ByteBuffer??>(nil)

    /// Makes the gzip when the owner has a cheaper way than compressing all of ``identity`` (see
    /// ``GzipBlocks``); when it gives `nil`, the whole body is compressed.
    private let makeGzip: (@Sendable () -> ByteBuffer?)?

    init(identity: ByteBuffer, tag: String, compressible: Bool = true, makeGzip: (@Sendable () -> ByteBuffer?)? = nil) {
        self.identity = identity
        self.tag = tag
        self.compressible = compressible
        self.makeGzip = makeGzip
    }

    /// The gzip of ``identity``, made at the first call (which others wait for rather than repeat).
    /// - Complexity: O(n) at the first call, O(1) after.
    func gzip() -> ByteBuffer? {
        guard compressible else { return nil }
        return gzipped.withLockedValue { made in
            if let made { return made }
            let compressed = (makeGzip?() ?? Gzip.compress(identity)).flatMap { $0.readableBytes < identity.readableBytes ? $0 : nil }
            made = .some(compressed)
            return compressed
        }
    }

    /// How this body answers a request with `headers`: gzip when the request accepts it (and zlib
    /// made it), a 304 without a body when its `If-None-Match` names the chosen representation's
    /// tag, and the headers that say which (`ETag`, `Vary`, `Content-Encoding`).
    func answer(to headers: HTTPHeaders) -> (notModified: Bool, body: ByteBuffer, headers: [(String, String)]) {
        var fields: [(String, String)] = []
        var body = identity
        var tag = "\"\(self.tag)\""
        if compressible {
            // Whichever is chosen, the answer depends on the request's Accept-Encoding.
            fields.append(("Vary", "Accept-Encoding"))
            if AcceptEncoding.allowsGzip(headers["accept-encoding"]), let gzip = gzip() {
                body = gzip
                tag = "\"\(self.tag)-gzip\""
                fields.append(("Content-Encoding", "gzip"))
            }
        }
        fields.append(("ETag", tag))
        if EntityTag.anyMatches(headers["if-none-match"], tag) {
            return (true, ByteBuffer(), fields.filter { $0.0 != "Content-Encoding" })
        }
        return (false, body, fields)
    }
}

/// Entity tags as `If-None-Match` lists them (RFC 9110, sections 8.8.3 and 13.1.2).
enum EntityTag {
    /// Whether the `If-None-Match` field values name `tag` (quoted, as sent in `ETag`), by the weak
    /// comparison that field uses (`W/"x"` matches `"x"`), or are `*`. A malformed list matches
    /// nothing from the fault on: the full answer is sent, which is never wrong.
    /// - Complexity: O(length of the fields).
    static func anyMatches(_ values: [String], _ tag: String) -> Bool {
        let wanted = Array(tag.utf8)
        for value in values {
            let bytes = Array(value.utf8)
            var index = 0
            func skip(_ separators: Set<UInt8>) { while index < bytes.count, separators.contains(bytes[index]) { index += 1 } }
            while true {
                skip([UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ",")])
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "*") { return true }
                if bytes[index...].starts(with: Array("W/".utf8)) { index += 2 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                if bytes[index...end].elementsEqual(wanted) { return true }
                index = end + 1
            }
        }
        return false
    }
}

/// The page's assets as cached bodies: each compressed (the texts; not the PNGs) and tagged at its
/// first request, then served from memory.
enum AssetBodies {
    private static let made = NIOLockedValueBox<[String: (body: CachedBody, contentType: String)]>([:])

    /// The asset at `path` with its content type, or `nil` when there is none.
    /// - Complexity: O(1) after the first request for the path; O(size) at it.
    static func asset(at path: String) -> (body: CachedBody, contentType: String)? {
        if let found = made.withLockedValue({ $0[path] }) { return found }
        // The table's paths are few and fixed, so the cache stays small; an unknown path is not kept.
        guard let asset = Assets.asset(at: path) else { return nil }
        let checksum = asset.body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        let body = CachedBody(
            identity: ByteBuffer(bytes: asset.body), tag: "a\(String(checksum, radix: 16))-\(String(asset.body.count, radix: 16))",
            compressible: asset.contentType != "image/png")
        let entry = (body, asset.contentType)
        made.withLockedValue { $0[path] = entry }
        return entry
    }
}
