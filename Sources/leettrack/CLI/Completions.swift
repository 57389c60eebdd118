import ArgumentParser
import LeetTrackCore

extension CompletionKind {
    /// Problem slugs of the catalog built into the binary that start with what was typed.
    ///
    /// The shell runs `leettrack` to ask (the library's `---completion` protocol); it reads no store,
    /// so a catalog update's new problems are not offered, but they are still accepted.
    static var problems: CompletionKind {
        .custom { _, _, prefix in
            let catalog = Catalog.builtIn
            let typed = prefix.lowercased()
            return (0..<catalog.count).lazy.map { catalog.slug(at: $0) }.filter { $0.hasPrefix(typed) }
        }
    }

    /// The built-in study lists' keys (`blind-75`, ...). Own lists live in the store, which
    /// completion does not open.
    static var lists: CompletionKind {
        .custom { _, _, prefix in
            Catalog.builtIn.studyLists.map(\.key).filter { $0.hasPrefix(prefix.lowercased()) }
        }
    }
}
