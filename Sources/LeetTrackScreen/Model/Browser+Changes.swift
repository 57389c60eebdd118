import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import Persistence

extension Browser {
    /// Changes the record of the problem at `position` and saves it at once, in one small
    /// transaction. On failure nothing changes on screen and the footer says why, after `failure`.
    /// - Returns: false when the store refused or failed the write.
    @discardableResult
    mutating func change(
        _ position: Int, failure: String = "Not saved", describe: (ProgressChange) -> String, _ body: (inout ProblemProgress) -> Void
    ) -> Bool {
        let slug = catalog.slug(at: position)
        do {
            let changes = try repository.update([slug]) { _, record in body(&record) }
            guard let change = changes.first else { return true }
            apply(change, at: position)
            message = Message(text: describe(change))
            if change.changed {
                remember(.progress(slug: slug, before: change.before, after: change.after, what: describe(change)))
            }
            return true
        } catch {
            message = Message(text: "\(failure): \(error)", isError: true)
            return false
        }
    }

    /// Shows a saved change: the record, the marks, the header's counts, and the rows when a filter
    /// no longer holds for the problem.
    /// - Complexity: O(1), plus O(rows) to drop the row when it leaves the filtered list.
    mutating func apply(_ change: ProgressChange, at position: Int) {
        show(change.after, for: change.slug, at: position)
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
            let next = change.after.review.map { ", next review \(Format.dueDay($0, from: date, timeZone))" } ?? ""
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

    /// What became of a note the editor was asked to save (see ``saveNote(_:at:expecting:)``).
    enum NoteSaving: Equatable {
        /// The editor's work is over and it closes: the note was written.
        case finished
        /// Not written: another process changed the stored note to `theirs` while the editor was
        /// open. The editor stays open, and a second Enter saves over it knowingly.
        case changedElsewhere(theirs: String)
        /// Not written: the text breaks the rule every entrance keeps for a note
        /// (``InputRules/check(note:at:)``: over the size limit, or with a NUL), so that the store
        /// never holds a note its own export could not import again. The editor stays open with
        /// the text, for the user to shorten it or press Esc. So it does when the store failed to
        /// write the note (a full disk, a store made read-only): the typed text is not lost, and
        /// Enter tries again.
        case refused
    }

    /// Saves `note` (trimmed) as the note of the problem at `position`, unless it breaks the
    /// note rule (``NoteSaving/refused``) or the stored note is no longer `original` (another
    /// process changed it while the editor was open: ``NoteSaving/changedElsewhere(theirs:)``).
    /// Either way nothing is written and the footer says why.
    mutating func saveNote(_ note: String, at position: Int, expecting original: String) -> NoteSaving {
        let title = catalog.title(at: position)
        // A note that shows nothing (only blanks or invisible characters) removes the note, as in `note --edit`.
        let trimmed = InputRules.showsNothing(note) ? "" : note.trimmedOfWhitespace
        do {
            try InputRules.check(note: trimmed, at: "note")
        } catch {
            // The command line's reason (`note PROBLEM TEXT` says the same), with the size when
            // that is what is wrong, so the user knows how much to cut; short enough for the
            // footer of an 80-column screen.
            let size = trimmed.utf8.count > InputRules.maximumNoteLength ? " (it has \(trimmed.utf8.count))" : ""
            message = Message(text: "Not saved: \(error.reason)\(size); Esc cancels", isError: true)
            return .refused
        }
        var theirs: String?
        // What to do comes first: the store's reason may be longer than the footer.
        let saved = change(
            position, failure: "Not saved (Enter tries again, Esc cancels)",
            describe: { $0.after.note.isEmpty ? "Note of \(title) removed" : "Note of \(title) saved" }
        ) { record in
            if record.note != original, record.note != trimmed {
                theirs = record.note
                return
            }
            record.note = trimmed
        }
        guard saved else { return .refused }
        guard let theirs else { return .finished }
        message = Message(
            text: "Another process changed this note meanwhile; not saved. Enter saves yours over it, Esc keeps theirs",
            isError: true)
        return .changedElsewhere(theirs: theirs)
    }

    /// Saves the hide-difficulty preference and applies it.
    mutating func toggleHidesDifficulty() {
        let hides = !hidesDifficulty
        do {
            try repository.store.set(hides, for: .hidesDifficulty)
            hidesDifficulty = hides
            message = Message(text: hides ? "Difficulty and acceptance hidden (h shows them)" : "Difficulty and acceptance shown")
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
        }
    }

    /// Keeps `record` as the record of `slug` (at `position` in the catalog, if it has one) and
    /// updates its marks and the header's counts: O(1).
    private mutating func show(_ record: ProblemProgress, for slug: String, at position: Int?) {
        progress[slug] = record.isEmpty ? nil : record
        guard let position else { return }
        let before = marks[position]
        let after = Mark(record)
        marks[position] = after
        counts.apply(before: before, after: after, difficulty: catalog.difficulty(at: position))
    }

    /// Watches the store for the changes other writers make, gathering them (``externalChanges``)
    /// for the next frame, which shows them when an update gets `.wake`; `wake` is called when
    /// one should come. The screen's own writes (those of its tracker's store) are shown as they
    /// are made, not here.
    public func observeExternalChanges(wake: @escaping @Sendable () -> Void) -> ObservationToken {
        let changes = externalChanges
        return tracker.store.observeChanges { (change: StoreChange) in
            if change.origin == .outside, changes.add(change.keys, isComplete: change.isComplete) { wake() }
        }
    }

    /// Shows what other writers changed since the last frame (``externalChanges``): each changed
    /// record is read alone; the rows, the favorites sheet, the review queue and the start view
    /// follow. When the store could not say which keys changed, everything is read again.
    /// - Complexity: O(changed keys) reads, plus O(n) to filter the rows again when a status
    ///   filter is on, and the open sheet's or view's own rebuild; never a read of every record
    ///   on the list.
    mutating func applyExternalChanges() {
        let (keys, isComplete) = externalChanges.take()
        guard isComplete else {
            statementLines.removeAll()
            return reloadAfterExternalChange()
        }
        var recordsChanged = false
        do {
            for key in keys {
                if key.hasPrefix(Statements.keyPrefix) {
                    statementLines.removeAll()
                } else if let slug = ProgressRepository.slug(ofKey: key) {
                    try showStored(slug)
                    recordsChanged = true
                } else if key == Keys.hidesDifficulty.name {
                    hidesDifficulty = try repository.store.value(for: .hidesDifficulty)
                }
            }
            if recordsChanged { showChangedRecords() }
            if !keys.isEmpty {
                try rebuildReview()
                if screen == .today { today = makeTodayPlan() }
            }
        } catch {
            message = Message(text: "Could not read the changes another process made: \(error)", isError: true)
        }
    }

    /// Reads the stored record of `slug` and shows it; a record that does not decode is shown as
    /// no progress and named in the banner, as when the screen opened.
    private mutating func showStored(_ slug: String) throws {
        let position = catalog.position(ofSlug: slug)
        do {
            let record = try repository.progress(for: slug)
            damagedSlugs.removeAll { $0 == slug }
            show(record, for: slug, at: position)
        } catch PersistenceError.undecodable {
            if !damagedSlugs.contains(slug) { damagedSlugs.append(slug) }
            show(ProblemProgress(), for: slug, at: position)
        }
    }

    /// After records changed: the rows when a status filter is on, and the favorites sheet when it is open.
    private mutating func showChangedRecords() {
        if filters.status != nil { refilter() } else { scroll.resize(count: rows.count, visibleRows: visibleRows) }
        if case .favorites(_, var state) = overlay {
            let favorites = favoritePositions()
            state.resize(count: favorites.count, visibleRows: state.visibleRows)
            overlay = .favorites(favorites, state)
        }
    }

    /// Reads every record again after another process changed the store, and redraws with them,
    /// keeping the selection on the same problem.
    /// - Complexity: O(records + n); it runs only when a notice could not say what changed.
    mutating func reloadAfterExternalChange() {
        do {
            let readable = try repository.readableProgress { _ in true }
            progress = readable.records
            damagedSlugs = readable.damaged.map(\.slug)
            (marks, counts) = Self.marksAndCounts(of: progress, in: catalog)
            hidesDifficulty = try repository.store.value(for: .hidesDifficulty)
            showChangedRecords()
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
