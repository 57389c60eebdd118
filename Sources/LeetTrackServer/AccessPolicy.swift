import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOHTTP1

/// Who may talk to the server: the `Host` header (against DNS rebinding), the token on a server
/// reachable from other machines, and the origin of writes (against cross-site requests and, on
/// loopback, against other local users' scripts).
///
/// On a loopback address reads are open to every process of this machine (as any local page
/// is); a write needs the token in `X-LeetTrack-Token` (a script) or this server's own `Origin`
/// (its page in a browser).
struct AccessPolicy: Sendable {
    /// The secret in `serve-token`: every request must carry it on a non-loopback address; on
    /// loopback a script's write carries it. `nil` only in tests of the policy.
    let token: String?
    /// The port the server listens on: `Host` must name it.
    let port: Int
    /// The `--host` value, which `Host` may name too.
    let boundHost: String
    /// Served over HTTPS: the page's origin is `https://`, and the session cookie is `Secure`.
    var secure = false

    /// The scheme of the page's origin and of the URLs printed: `https` over TLS, else `http`.
    var scheme: String { secure ? "https" : "http" }

    static let cookieName = "leettrack_session"
    static let tokenHeader = "x-leettrack-token"

    /// Whether `host` is a loopback address, where no token is needed.
    /// A name is loopback only as `localhost`, `::1` or an IPv4 literal in 127.0.0.0/8, never by
    /// its text: `127.attacker.example` is a domain a rebinding attacker points at 127.0.0.1.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        // `s_addr` is in network order: its first byte in memory is the address's first number.
        return withUnsafeBytes(of: &address) { $0[0] } == 127
    }

    /// Checks the `Host` header: a page on another name (a rebinding attacker's domain) is refused.
    /// Names allowed: the `--host`, `localhost` and IP literals on the right port; on loopback only
    /// loopback names.
    func checkHost(_ header: String?) throws {
        guard let header, !header.isEmpty else { throw ServerError.forbidden("a request needs a Host header.") }
        let name: Substring
        let portText: Substring
        if header.hasPrefix("["), let close = header.firstIndex(of: "]") {
            name = header[header.index(after: header.startIndex)..<close]
            portText = header[header.index(after: close)...].drop { $0 == ":" }
        } else if let colon = header.lastIndex(of: ":") {
            name = header[..<colon]
            portText = header[header.index(after: colon)...]
        } else {
            name = Substring(header)
            portText = secure ? "443" : "80"  // The scheme's default port.
        }
        let lower = name.lowercased()
        let nameAllowed: Bool
        if Self.isLoopback(boundHost) {
            nameAllowed = Self.isLoopback(lower)
        } else {
            nameAllowed = lower == boundHost.lowercased() || lower == "localhost" || Self.isIPLiteral(lower)
        }
        guard nameAllowed, Int(portText) == port else {
            throw ServerError.forbidden("this server does not answer for the host '\(header)'; use the address it printed.")
        }
    }

    /// Whether reads need the token: everywhere but on a loopback address.
    var requiresToken: Bool { !Self.isLoopback(boundHost) }

    /// Whether the request carries the token where it is needed: the `X-LeetTrack-Token` header or
    /// the session cookie.
    func isAuthorized(_ head: HTTPRequestHead) -> Bool {
        guard requiresToken, let token else { return true }
        if let header = head.headers.first(name: Self.tokenHeader), Self.constantTimeEqual(header, token) { return true }
        return sessionCookie(head).map { Self.constantTimeEqual($0, token) } ?? false
    }

    /// Whether the token came in its header (a script), not only in the cookie (a browser).
    func hasTokenHeader(_ head: HTTPRequestHead) -> Bool {
        guard let token, let header = head.headers.first(name: Self.tokenHeader) else { return false }
        return Self.constantTimeEqual(header, token)
    }

    /// Checks that a write comes from this server's own page, or from a script with the token.
    /// Browsers send `Origin` on every write; a script with no token sends none, and is refused
    /// on loopback too: another user of this machine can reach 127.0.0.1.
    func checkWrite(_ head: HTTPRequestHead) throws {
        if hasTokenHeader(head) { return }
        let host = head.headers.first(name: "host") ?? ""
        guard let origin = head.headers.first(name: "origin") else {
            throw ServerError.forbidden(
                "a write needs this server's page, or from a script the X-LeetTrack-Token header with the token in serve-token beside the store; nothing was changed.")
        }
        guard origin == scheme + "://" + host else {
            throw ServerError.forbidden("writes from another origin ('\(origin)') are refused; nothing was changed.")
        }
        if let site = head.headers.first(name: "sec-fetch-site"), site != "same-origin", site != "none" {
            throw ServerError.forbidden("writes from another site are refused; nothing was changed.")
        }
    }

    /// The token in `?token=`, if it is the right one.
    func matchesQueryToken(_ value: String?) -> Bool {
        guard let token, let value else { return false }
        return Self.constantTimeEqual(value, token)
    }

    /// How long a browser keeps the session cookie, in seconds: 90 days, after which the printed
    /// URL signs it in again (the token itself lasts until `serve-token` is removed).
    static let sessionLifetime = 90 * 24 * 60 * 60

    /// The `Set-Cookie` value that keeps a browser signed in: HttpOnly, SameSite=Strict, for
    /// ``sessionLifetime``; over HTTPS, `Secure` too.
    var sessionCookieHeader: String? {
        token.map { "\(Self.cookieName)=\($0); Path=/; Max-Age=\(Self.sessionLifetime); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")" }
    }

    private func sessionCookie(_ head: HTTPRequestHead) -> String? {
        for header in head.headers[canonicalForm: "cookie"] {
            for part in header.split(separator: ";") {
                let pair = part.trimmedOfWhitespace
                if pair.hasPrefix(Self.cookieName + "=") { return String(pair.dropFirst(Self.cookieName.count + 1)) }
            }
        }
        return nil
    }

    /// Compares in time that depends on the lengths only, so timing tells nothing of the token.
    static func constantTimeEqual(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
