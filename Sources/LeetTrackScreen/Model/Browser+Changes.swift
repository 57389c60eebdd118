import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

extension Browser {
    /// Changes the record of the problem at `position` and saves it at once, in one small
    /// transaction. On failure nothing changes on screen and the footer says why.
    mutating func change(_ position: Int, describe: (ProgressChange) -> String, _ body: (inout ProblemProgress) -> Void) {
        let slug = catalog.slug(at: position)
        do {
            let changes = try ownWrites.perform {
                try repository.update([slug]) { _, record in body(&record) }
            }
            guard let change = changes.first else { return }
            apply(change, at: position)
            message = Message(text: describe(change))
            if change.changed {
                remember(.progress(slug: slug, before: change.before, after: change.after, what: describe(change)))
            }
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
        }
    }

    /// Shows a saved change: the record, the marks, the header's counts, and the rows when a filter
    /// no longer holds for the problem.
    /// - Complexity: O(1), plus O(rows) to drop the row when it leaves the filtered list.
    mutating func apply(_ change: ProgressChange, at position: Int) {
        progress[change.slug] = change.after.isEmpty ? nil : change.after
        let before = marks[position]
        let after = Mark(change.after)
        marks[position] = after
        counts.apply(before: before, after: after, difficulty: catalog.difficulty(at: position))
        if filters.status != nil, !matches(position) {
            // The changed problem is nearly always the selected one: no search needed then.
            let index = rows.indices.contains(scroll.selected) && rows[scroll.selected] == position
                ? scroll.selected : rows.firstIndex(of: position)
            if let index {
                rows.remove(at: index)
                scroll.resize(count: rows.count, visibleRows: visibleRows)
                stepOffHeader(forward: true)
            }
        }
    }

    /// Toggles the heart of the problem at `position`.
    mutating func toggleFavorite(_ position: Int) {
        let title = catalog.title(at: position)
        change(position, describe: { $0.after.favorite ? "♥ \(title)" : "♡ \(title) is no longer a favorite" }) {
            $0.favorite.toggle()
        }
    }

    /// Records a solve of the problem at `position`, rated `rating`, as `leettrack solve` does: a
    /// first solve creates its review card, a later one rates the card as a redo.
    mutating func markSolved(_ position: Int, rating: ReviewRating) {
        let title = catalog.title(at: position)
        let date = now()
        let scheduler: ReviewScheduler
        do {
            scheduler = try tracker.reviews.scheduler().fuzzed(for: catalog.slug(at: position))
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
            return
        }
        let timeZone = self.timeZone
        change(position, describe: { change in
            let next = change.after.review.map { ", next review \(Format.dueDay($0.due, from: date, timeZone))" } ?? ""
            return "✓ \(title) solved (\(rating))\(next)"
        }) { $0.recordSolve(at: date, rating: rating, scheduler: scheduler) }
    }

    /// Records an attempt at the problem at `position`.
    mutating func markAttempted(_ position: Int) {
        let title = catalog.title(at: position)
        let date = now()
        change(position, describe: { $0.after.status == .solved ? "\(title) attempted (still solved)" : "~ \(title) attempted" }) {
            $0.recordAttempt(at: date)
        }
    }

    /// Sets the problem at `position` back to todo, keeping its history.
    mutating func resetToTodo(_ position: Int) {
        let title = catalog.title(at: position)
        let date = now()
        change(position, describe: { _ in "\(title) is back to todo" }) { $0.reset(at: date, forgetHistory: false) }
    }

    /// Saves `note` (trimmed) as the note of the problem at `position`.
    /// Saves the edited note, unless the stored note is no longer `original` (another process
    /// changed it while the editor was open): then nothing is written, the footer says so, and the
    /// stored note is returned so that a second Enter can overwrite it knowingly.
    mutating func saveNote(_ note: String, at position: Int, expecting original: String) -> String? {
        let title = catalog.title(at: position)
        // A note that shows nothing (only blanks or invisible characters) removes the note, as in `note --edit`.
        let trimmed = InputRules.showsNothing(note) ? "" : note.trimmedOfWhitespace
        var theirs: String?
        change(position, describe: { $0.after.note.isEmpty ? "Note of \(title) removed" : "Note of \(title) saved" }) { record in
            if record.note != original, record.note != trimmed {
                theirs = record.note
                return
            }
            record.note = trimmed
        }
        if theirs != nil {
            message = Message(
                text: "Another process changed this note meanwhile; not saved. Enter saves yours over it, Esc keeps theirs",
                isError: true)
        }
        return theirs
    }

    /// Saves the hide-difficulty preference and applies it.
    mutating func toggleHidesDifficulty() {
        let hides = !hidesDifficulty
        do {
            try ownWrites.perform { try repository.store.set(hides, for: .hidesDifficulty) }
            hidesDifficulty = hides
            message = Message(text: hides ? "Difficulty and acceptance hidden (h shows them)" : "Difficulty and acceptance shown")
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
        }
    }

    /// Reads every record again after another process changed the store, and redraws with them,
    /// keeping the selection on the same problem.
    /// - Complexity: O(records + n); it runs only when another process wrote.
    mutating func reloadAfterExternalChange() {
        do {
            let readable = try repository.readableProgress { _ in true }
            let records = readable.records
            damagedSlugs = readable.damaged.map(\.slug)
            var marks = Array(repeating: Mark(), count: catalog.count)
            var touched: [Int] = []
            for (slug, record) in records {
                guard let position = catalog.position(ofSlug: slug) else { continue }
                marks[position] = Mark(record)
                touched.append(position)
            }
            progress = records
            self.marks = marks
            counts = Counts(catalog: catalog, marks: marks, touched: touched)
            hidesDifficulty = try repository.store.value(for: .hidesDifficulty)
            refilter()
            if case .favorites(_, var state) = overlay {
                let favorites = favoritePositions()
                state.resize(count: favorites.count, visibleRows: state.visibleRows)
                overlay = .favorites(favorites, state)
            }
            try rebuildReview()
            if screen == .today { today = makeTodayPlan() }
        } catch {
            message = Message(text: "Could not read the changes another process made: \(error)", isError: true)
        }
    }

    /// The favorite problems' positions, in id order.
    func favoritePositions() -> [Int] {
        progress.compactMap { slug, record in record.favorite ? catalog.position(ofSlug: slug) : nil }.sorted()
    }
}
