import Synchronization
import TerminalUI

/// The details view's statement lines for one problem at one width, read from the store and laid
/// out once, not at every frame: a frame that redraws the details (a key, a scroll, another
/// process's change) then reads no record and parses no HTML (about 8 million instructions for a
/// long statement). ``Browser/applyExternalChanges()`` empties it when a statement changes.
final class StatementLinesCache: Sendable {
    private struct Entry {
        var slug: String
        var width: Int
        var lines: [Line]
    }

    private let entry = Mutex<Entry?>(nil)

    /// The lines of `slug` at `width`, made by `make` when they are not the ones kept; a failure
    /// of `make` is thrown and keeps nothing.
    func lines(for slug: String, width: Int, make: () throws -> [Line]) rethrows -> [Line] {
        if let kept = entry.withLock({ $0 }), kept.slug == slug, kept.width == width { return kept.lines }
        let lines = try make()
        entry.withLock { $0 = Entry(slug: slug, width: width, lines: lines) }
        return lines
    }

    /// Forgets the kept lines: a statement changed in the store.
    func removeAll() {
        entry.withLock { $0 = nil }
    }
}
