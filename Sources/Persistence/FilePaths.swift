#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory and last component of a path, as `NSString`'s `deletingLastPathComponent` and
/// `lastPathComponent` answer them, without Foundation: trailing slashes are ignored, `"/a"` is
/// in `"/"`, a bare name is in `""`.
public enum FilePaths {
    /// The path without its last component: `"/a/b/"` → `"/a"`, `"/a"` → `"/"`, `"a"` → `""`.
    public static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The last component: `"/a/b/"` → `"b"`, `"/"` → `"/"`, `""` → `""`.
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `directory(of:)`, with `"."` for a bare name: the folder to open or list.
    public static func folder(of path: String) -> String {
        let directory = directory(of: path)
        return directory.isEmpty ? "." : directory
    }

    /// `path` with its symbolic links resolved, as SQLite resolves them before it names a store's
    /// `-wal` and `-shm` files: the real path of an existing file; for a path not there yet, the
    /// real path of its folder with the last component, a link there followed to what it names. A
    /// path that cannot be resolved (a missing folder, a loop) comes back as it is, for the open
    /// that follows to report.
    public static func resolvingLinks(_ path: String) -> String {
        if let real = realPath(path) { return real }
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { break }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = directory(of: current)
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        guard let folder = realPath(self.folder(of: current)) else { return path }
        return (folder == "/" ? "" : folder) + "/" + lastComponent(of: current)
    }

    /// `realpath(3)`: the path with every link, `.` and `..` resolved; `nil` when something on it is missing.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.last == "/" { path.removeLast() }
        return String(path)
    }
}
