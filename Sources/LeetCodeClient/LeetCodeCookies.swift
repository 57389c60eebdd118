import FoundationEssentials
import LeetTrackCore
import Persistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two cookies that make a LeetCode session, and Cloudflare's `cf_clearance` when the user gave
/// it. They are secrets: never printed, never put in an argument list, an error or a log; kept only
/// in a 0600 file beside the store.
public struct LeetCodeCookies: Sendable, Equatable, Codable {
    /// `LEETCODE_SESSION`.
    public var session: String
    /// `csrftoken`.
    public var csrfToken: String
    /// The signed-in user's name, as checked at login (needed by the accepted-submissions query).
    public var username: String?
    /// `cf_clearance`: Cloudflare's pass for a browser that solved its challenge, sent along so the
    /// bot check lets these requests through too; `nil` when not given (absent from older files).
    public var cfClearance: String?

    /// Checks the values (what a browser shows: printable ASCII, no `;` or spaces) and keeps them;
    /// an empty `cfClearance` means none.
    /// - Throws: ``LeetCodeError/invalidCookie(name:reason:)``, which never repeats the value.
    public init(session: String, csrfToken: String, username: String? = nil, cfClearance: String? = nil) throws(LeetCodeError) {
        self.session = try Self.checked(session, name: "LEETCODE_SESSION")
        self.csrfToken = try Self.checked(csrfToken, name: "csrftoken")
        self.username = username
        if let cfClearance, !cfClearance.trimmedOfWhitespace.isEmpty {
            self.cfClearance = try Self.checked(cfClearance, name: "cf_clearance")
        }
    }

    /// The Cookie header's value.
    var header: String {
        "LEETCODE_SESSION=\(session); csrftoken=\(csrfToken)" + (cfClearance.map { "; cf_clearance=\($0)" } ?? "")
    }

    private static func checked(_ value: String, name: String) throws(LeetCodeError) -> String {
        var text = value.trimmedOfWhitespace
        // A value copied with its name (`LEETCODE_SESSION=…`) is accepted as the value.
        if let equals = text.firstIndex(of: "="), text[..<equals].lowercased() == name.lowercased() {
            text = String(text[text.index(after: equals)...])
        }
        if text.isEmpty { throw .invalidCookie(name: name, reason: "is empty") }
        if text.utf8.count > 8192 { throw .invalidCookie(name: name, reason: "is longer than 8192 bytes") }
        let refused: [UInt8] = [UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\\")]
        let allowed = text.utf8.allSatisfy { byte in byte > 0x20 && byte < 0x7F && !refused.contains(byte) }
        if !allowed { throw .invalidCookie(name: name, reason: "holds characters a cookie cannot (spaces, quotes, ';' or control characters)") }
        return text
    }

    /// The file beside a store that keeps its session: `<store>.leetcode-session`.
    public static func file(besideStore storePath: String) -> String {
        storePath + ".leetcode-session"
    }

    /// Reads the saved cookies, or `nil` when there is no file.
    public static func load(from path: String) throws(LeetCodeError) -> LeetCodeCookies? {
        var info = stat()
        if lstat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw .cookieFile(path: path, reason: FileErrorReason.system(errno))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .cookieFile(path: path, reason: "not a regular file; remove it and sign in again with `leettrack leetcode login`")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cookieFile(path: path, reason: "cannot be read; check its permissions")
        }
        struct Saved: Decodable {
            var session: String
            var csrfToken: String
            var username: String?
            var cfClearance: String?
        }
        // The decoder's message could quote the file, and so a cookie: it is not passed on.
        guard let saved = try? JSONDecoder().decode(Saved.self, from: data) else {
            throw .cookieFile(path: path, reason: "is damaged; sign in again with `leettrack leetcode login`")
        }
        return try LeetCodeCookies(
            session: saved.session, csrfToken: saved.csrfToken, username: saved.username, cfClearance: saved.cfClearance)
    }

    /// Saves the cookies at `path`: a private (0600) file written beside it, synced, renamed over.
    public func save(to path: String) throws(LeetCodeError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(self)
        } catch {
            throw .cookieFile(path: path, reason: "cannot be encoded")
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .cookieFile(path: path, reason: FileErrorReason.system(errno)) }
        var failure = writeFully(data, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = FileErrorReason.system(errno) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = FileErrorReason.system(errno) }
        if let failure {
            unlink(temporary)
            throw .cookieFile(path: path, reason: failure)
        }
    }

    /// Removes the saved cookies; returns whether there were any.
    public static func remove(at path: String) throws(LeetCodeError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .cookieFile(path: path, reason: FileErrorReason.system(errno))
    }
}
