import FoundationEssentials
import LeetTrackCore
import Persistence
import TerminalUI

extension Keys {
    /// Whether the interactive screen hides difficulty and acceptance (practice without the hint).
    static let hidesDifficulty = Key<Bool>("interactive.hidesDifficulty", default: false)
}

/// The interactive screen's whole state: the catalog, the progress it shows, the filters, the
/// selection and what is open on top of the list.
///
/// It is an `Application`: `update` is the only place state changes (and where changes are saved,
/// the moment they are made), and `view` draws it. Tests build one on a memory store, send keys
/// and assert the grid's text.
public struct Browser {
    /// The full-screen view under any overlay.
    enum Screen: Equatable {
        /// The problem list.
        case list
        /// The details of the selected problem.
        case details
        /// The review queue (`review` holds its state).
        case review
        /// The start view: the day's plan (`today` holds it).
        case today
    }

    /// What is open on top of the screen, taking the keys.
    enum Overlay: Equatable {
        /// Typing a search in the footer; `previous` is restored on Esc.
        case search(LineEditor, previous: String)
        /// Editing the selected problem's note; `closesDetails` when opened from the list.
        /// `original` is the stored note the edit started from: if another process changes it
        /// meanwhile, saving stops and asks instead of overwriting that change.
        case note(LineEditor, position: Int, closesDetails: Bool, original: String)
        /// Choosing a study list: the built-in ones, then the user's own, read when it opened.
        case listPicker([StudyList], ScrollState)
        /// Choosing a tag, filtered by the typed text.
        case tagPicker(LineEditor, ScrollState)
        /// The favorites sheet: favorite positions in id order.
        case favorites([Int], ScrollState)
        /// The keys, scrolled by `offset` rows on a short screen.
        case help(offset: Int)
        /// Asking before setting a problem back to todo.
        case confirmReset(position: Int)
        /// Asking how a solve went (`x`): 1–4, Enter for good.
        case rateSolve(position: Int)
        /// Choosing one of the user's own lists to add a problem to (`+`); the first choice makes
        /// a new list.
        case addToList([StudyList], ScrollState, position: Int)
        /// Typing the name of a new list that the problem goes into.
        case newList(LineEditor, position: Int)
    }

    /// A line shown in the footer until the next key.
    struct Message: Equatable {
        var text: String
        var isError = false
    }

    /// The session: store, catalog, the clock for the dates of events and the time zone that
    /// decides what is due "today" (both fixed in tests).
    let tracker: Tracker
    var catalog: Catalog { tracker.catalog }
    var repository: ProgressRepository { tracker.progress }
    /// What other writers changed, for the next frame to show.
    public let externalChanges = ExternalChanges()
    /// The details view's statement, laid out once (emptied when a statement changes).
    let statementLines = StatementLinesCache()
    /// The user's time zone, the tracker's.
    var timeZone: any UTCOffsetProvider { tracker.timeZone }

    /// The current instant, by the tracker's clock.
    func now() -> Date { tracker.clock.now }

    /// Every stored record, by slug (for details and notes).
    var progress: [String: ProblemProgress]
    /// The list's marks by catalog position.
    var marks: [Mark]
    var counts: Counts
    var filters = Filters()
    /// The catalog positions the list shows, in order.
    var rows: [Int] = []
    var scroll = ScrollState()
    var screen = Screen.list
    /// Rows of the details scrolled off the top (PgUp/PgDn); back to 0 for another problem.
    var detailsOffset = 0
    var overlay: Overlay?
    var hidesDifficulty: Bool
    var message: Message?
    var size = Size(width: 80, height: 24)
    var searchIndex: SearchIndex?
    /// The review queue, while it is open.
    var review: ReviewSession?
    /// The day's plan, while the start view is open.
    var today: TodayPlan?
    /// The section headers among ``rows`` (see `Browser+Sections.swift`).
    var sectionHeaders: [SectionHeader] = []
    /// The slugs of the records that do not decode: left out of the list and named in a banner.
    var damagedSlugs: [String] = []
    /// The changes made on this screen, latest last, for `U`.
    var undoSteps: [UndoStep] = []
    /// What `o` and `e` do (filled in by the program around the screen).
    public var actions = ScreenActions()

    /// A screen over `tracker`'s store, showing every problem.
    /// - Throws: `PersistenceError` when the records cannot be read (an undecodable record is
    ///   named, and nothing is changed).
    /// With `opensOnToday`, the screen opens on the start view (the day's plan) rather than the list.
    public init(tracker: Tracker, opensOnToday: Bool = false) throws {
        self.tracker = tracker
        let catalog = tracker.catalog
        let repository = tracker.progress
        let readable = try repository.readableProgress { _ in true }
        progress = readable.records
        damagedSlugs = readable.damaged.map(\.slug)
        (marks, counts) = Self.marksAndCounts(of: progress, in: catalog)
        do {
            hidesDifficulty = try repository.store.value(for: .hidesDifficulty)
        } catch {
            // A damaged preference must not keep the list closed: show everything, say why, and
            // leave the stored bytes alone until the user presses h.
            hidesDifficulty = false
            message = Message(text: "Could not read the hide-difficulty setting: \(error)", isError: true)
        }
        refilter()
        if opensOnToday { openToday() }
    }

    /// The marks of `records` and the header's counts of them.
    static func marksAndCounts(of records: [String: ProblemProgress], in catalog: Catalog) -> ([Mark], Counts) {
        var marks = Array(repeating: Mark(), count: catalog.count)
        var touched: [Int] = []
        for (slug, record) in records {
            guard let position = catalog.position(ofSlug: slug) else { continue }
            marks[position] = Mark(record)
            touched.append(position)
        }
        return (marks, Counts(catalog: catalog, marks: marks, touched: touched))
    }

    /// Says, until the next key, that the store can only be read: the screen shows it, and each
    /// change tried is refused with the store's reason ("Not saved: …"), changing nothing.
    public mutating func noteReadOnly(_ reason: String) {
        message = Message(text: "Read-only store (\(reason)): you can look, but changes are not saved", isError: true)
    }

    /// The catalog position of the selected row, if the list is not empty.
    var selectedPosition: Int? {
        rows.indices.contains(scroll.selected) && rows[scroll.selected] >= 0 ? rows[scroll.selected] : nil
    }

    /// The rows the list has room for at the current size (header, column titles and footer aside).
    var visibleRows: Int { max(1, size.height - 3 - (damagedSlugs.isEmpty ? 0 : 1)) }
}

extension Browser: Application {
    public mutating func update(_ event: Event) -> UpdateResult {
        switch event {
        case .resize(let newSize):
            size = newSize
            scroll.resize(count: rows.count, visibleRows: visibleRows)
            fitOverlayToSize()
        case .wake:
            applyExternalChanges()
        case .paste(let text):
            handlePaste(text)
        case .key(let key):
            if key.isInterrupt { return .quit }
            if key.modifiers == .alt, case .character(let character) = key.key {
                // No key here uses Alt; an Alt-letter is an Esc typed (or sent, as by tmux) right
                // before the letter, so it is taken as exactly that.
                guard update(.key(KeyEvent(.escape))) == .running else { return .quit }
                return update(.key(.character(character)))
            }
            message = nil
            if case .note = overlay { return handleOverlayKey(key) }
            // Ctrl-J (a line feed) is Enter everywhere but in the note, where it starts a new line.
            let key = key == .control("j") ? KeyEvent(.enter) : key
            if overlay != nil { return handleOverlayKey(key) }
            switch screen {
            case .list: return handleListKey(key)
            case .details: return handleDetailsKey(key)
            case .review: return handleReviewKey(key)
            case .today: return handleTodayKey(key)
            }
        }
        return .running
    }

    public func view(_ frame: inout Frame) {
        switch screen {
        case .list: drawList(&frame)
        case .details: drawDetails(&frame)
        case .review: drawReview(&frame)
        case .today: drawToday(&frame)
        }
        drawOverlay(&frame)
    }
}
