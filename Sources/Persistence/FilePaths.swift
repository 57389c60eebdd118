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

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.last == "/" { path.removeLast() }
        return String(path)
    }
}
