import Dispatch
import FoundationEssentials
import LeetCodeClient
import LeetTrackCore
import Persistence

/// Solves made on LeetCode's website, captured by the views of the day (`today`, the screen,
/// `serve`): see ``SubmissionCapture``. Never a reason for a view to fail or wait long: each
/// request waits at most ``captureTimeout``, and every failure (offline, an expired session, a
/// bad answer) is silent and writes nothing but the time of the check.
extension LeetCodeSession {
    /// The longest one capture request waits.
    static let captureTimeout = 2.0

    /// What a capture needs, all `Sendable`: it may run on another thread.
    struct CaptureRequest: Sendable {
        var cookies: LeetCodeCookies
        var endpoint: String
        var timeout: Double
    }

    /// What to ask with, when signed in (the environment's or the kept cookies); else `nil`.
    func captureRequest() -> CaptureRequest? {
        guard Self.isSignedIn(context) else { return nil }
        do {
            guard let cookies = try cookies() else { return nil }
            return CaptureRequest(cookies: cookies, endpoint: endpoint ?? LeetCodeClient.defaultEndpoint, timeout: try timeout(Self.captureTimeout))
        } catch {
            return nil  // Damaged cookies or a bad timeout: no capture, and no word of it in a view.
        }
    }

    /// Captures into `tracker`'s store now, when signed in and a capture is due (`today`).
    @discardableResult
    func captureIfDue(into tracker: Tracker) -> ImportSummary? {
        guard let request = captureRequest() else { return nil }
        return Self.captureIfDue(request, into: tracker)
    }

    /// When capture is on and due, notes the time of this check (before asking: offline, the next
    /// view waits again only after the interval), reads the recent accepted submissions and merges
    /// the new ones. Loads libcurl only then.
    /// - Returns: the merge's summary, or `nil` when nothing was asked, or LeetCode could not be
    ///   asked or answered badly.
    @discardableResult
    static func captureIfDue(_ request: CaptureRequest, into tracker: Tracker) -> ImportSummary? {
        let capture = SubmissionCapture(tracker: tracker)
        do {
            guard try capture.isDue() else { return nil }
            try capture.markChecked()
            let client = LeetCodeClient(endpoint: request.endpoint, cookies: request.cookies, timeout: request.timeout)
            let accepted = try client.recentAccepted(username: request.cookies.username, now: tracker.clock.now)
            return try capture.merge(accepted)
        } catch {
            return nil  // Offline, refused, a store that may only be read: silent, as the views promise.
        }
    }

    /// Captures on another thread, through a store of its own over the same file, so that the
    /// screen's or the server's start never waits on the network, and the write is another
    /// store's, which they see through their usual notices.
    func captureInBackground() {
        guard let request = captureRequest() else { return }
        let (path, catalog, clock, timeZone) = (context.storePath, context.catalog, context.clock, context.timeZone)
        DispatchQueue.global(qos: .utility).async {
            do {
                let own = Tracker(store: try .sqlite(path: path), catalog: catalog, clock: clock, timeZone: timeZone)
                Self.captureIfDue(request, into: own)
            } catch {
                // The store cannot be opened for writing: there is nothing to capture into.
            }
        }
    }
}
