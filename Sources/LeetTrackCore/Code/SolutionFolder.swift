import FoundationEssentials
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The solution files of a code folder, read for an export or a sync and restored from one.
///
/// A solution file is what `leettrack code` writes: a file directly in the folder named
/// `<id>.<slug>.<ext>` in a known language (``SolutionFile/name(for:language:)``). Anything else
/// there (a README, a `.git` folder, the `…imported.py` and `…remote.py` copies a restore writes
/// beside a different file) is not one, and never travels.
public enum SolutionFolder {
    /// The largest solution file that travels (256 KiB): far above any solution, and a bound on what
    /// an export or the sync server holds per file. A larger file is left out and named.
    public static let maximumFileSize = 256 * 1024
    /// The cap as the help and messages say it.
    public static let capText = "256 KiB"
    /// The most solution files an export or the sync server may name.
    public static let maximumFiles = 20_000

    /// A file that was left out, and why.
    public struct LeftOut: Sendable, Equatable {
        /// The file's path.
        public var path: String
        /// Why it was left out (not UTF-8, over the cap, not a regular file, unreadable).
        public var reason: String
    }

    /// The parts of a solution file's name, or `nil` when `name` is not one.
    static func parse(_ name: String) -> (id: Int, slug: String, language: SolutionLanguage)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...7).contains(parts[0].utf8.count), parts[0].utf8.first != UInt8(ascii: "0"),
            parts[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int(parts[0]),
            let language = SolutionLanguage.all.first(where: { $0.fileExtension == parts[2] })
        else { return nil }
        let slug = String(parts[1])
        guard InputRules.isSlug(slug) else { return nil }
        return (id, slug, language)
    }

    /// Why `name` cannot be a file's name in the folder, or `nil`: the rules that keep a name from
    /// outside from leaving the folder, said plainly before the pattern is checked.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.count > 255 { return "is longer than 255 bytes" }
        if name.unicodeScalars.contains(where: InputRules.isControlOrBidi) { return "holds a control character (NUL, a line break…)" }
        if name.hasPrefix("/") { return "is an absolute path; a file is named without its folder" }
        if name.contains("/") || name.contains("\\") { return "has a folder part; a file is named without its folder" }
        if name == "." || name == ".." || name.hasPrefix("..") { return "names a folder, not a file" }
        return nil
    }

    /// `count` bytes as KiB, for messages.
    static func kibibytes(_ count: Int) -> String {
        "\((count + 1023) / 1024) KiB"
    }

    /// The solution files in `directory`, sorted by name, and the ones that were left out (not
    /// UTF-8 text, over the cap, not a regular file): each is named, never dropped silently.
    /// A folder that does not exist has none.
    /// - Throws: ``LeetTrackError/codeFolder(_:reason:)`` when the folder cannot be listed.
    public static func read(_ directory: String) throws(LeetTrackError) -> (files: [SolutionCopy], leftOut: [LeftOut]) {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return ([], []) }
        guard isDirectory else { throw .codeFolder(directory, reason: "it is not a folder; set another with `leettrack config code-dir PATH`") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .codeFolder(directory, reason: "cannot list it: \(FileErrorReason.text(error))")
        }
        var files: [SolutionCopy] = []
        var leftOut: [LeftOut] = []
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let parsed = parse(name) else { continue }
            let path = join(directory, name)
            switch readFile(path) {
            case .success(let (content, modified)):
                guard files.count < maximumFiles else {
                    leftOut.append(LeftOut(path: path, reason: "more than \(maximumFiles) solution files"))
                    continue
                }
                files.append(SolutionCopy(
                    problem: parsed.slug, language: parsed.language.fileExtension, name: name, content: content,
                    modified: modified.map(UTCTimestamp.string(from:))))
            case .failure(let reason):
                leftOut.append(LeftOut(path: path, reason: reason.text))
            }
        }
        return (files, leftOut)
    }

    /// Why a file could not be read as a solution.
    struct Unreadable: Error {
        var text: String
    }

    /// The file's text and modification time. A link is not followed: a cloned repository can
    /// hold one named like a solution that leads to a private file, which an export or a sync
    /// would then carry away.
    static func readFile(_ path: String) -> Result<(String, Date?), Unreadable> {
        switch readBytes(path) {
        case .failure(let error):
            return .failure(error)
        case .success(let (bytes, modified)):
            guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Unreadable(text: "it is not UTF-8 text")) }
            return .success((text, modified))
        }
    }

    /// The bytes (at most the cap) and modification time of the regular file at `path`.
    static func readBytes(_ path: String) -> Result<([UInt8], Date?), Unreadable> {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            return .failure(Unreadable(text: errno == ELOOP ? "it is a link (not followed)" : FileErrorReason.system(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Unreadable(text: FileErrorReason.system(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(Unreadable(text: "it is not a regular file")) }
        guard Int(status.st_size) <= maximumFileSize else {
            return .failure(Unreadable(text: "it is \(kibibytes(Int(status.st_size))), over the \(capText) cap"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Unreadable(text: FileErrorReason.system(errno)))
            }
            bytes += chunk[..<count]
            // A file that grew past the cap since it was measured.
            if bytes.count > maximumFileSize { return .failure(Unreadable(text: "it is over the \(capText) cap")) }
        }
        // Whole seconds: the exchange format's times have no fraction.
        return .success((bytes, Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec))))
    }

    /// `directory/name`.
    static func join(_ directory: String, _ name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name
    }
}
