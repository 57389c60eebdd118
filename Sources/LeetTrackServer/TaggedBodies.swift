import LeetTrackCore
import NIOConcurrencyHelpers
import NIOCore

/// Small answers that are made afresh at each request but sent like the full list: tagged, gzipped
/// when the client accepts it, and a 304 while unchanged (`GET /api/lists`, `GET /api/tags`).
///
/// Their data has no version of its own to follow: `/api/lists` shows the own lists and every
/// list's progress, so a problem solved, a list edited, a list reordered, a catalog update or a
/// change made by another process all change it. So the tag is taken from the bytes themselves
/// (SHA-256, 128 bits of it): it changes exactly when what the answer shows changes, in this
/// process or any other, and an unchanged answer keeps its tag across restarts too. The last body
/// of each route is kept with its gzip, so the gzip is made once per version. One per server (its
/// `Routes`): two servers in one process keep their own.
final class TaggedBodies: Sendable {
    /// The last body of each route, by route name.
    private let last = NIOLockedValueBox<[String: CachedBody]>([:])

    /// `value` encoded as the API encodes every answer, with its tag, for the route `route`; the
    /// body made for the same bytes before, and its gzip, when they did not change.
    /// - Complexity: O(*n*) in the size of the encoding (the hash); the gzip only for a new version.
    func body(of value: any Encodable, route: String) -> CachedBody {
        let bytes = HTTPHandler.encode(value)
        let tag = "c" + ContentHash.sha256(bytes).prefix(32)
        if let kept = last.withLockedValue({ $0[route] }), kept.tag == tag { return kept }
        let body = CachedBody(identity: ByteBuffer(bytes: bytes), tag: tag)
        last.withLockedValue { $0[route] = body }
        return body
    }
}
