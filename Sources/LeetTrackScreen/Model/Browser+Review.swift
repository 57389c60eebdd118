import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

extension Browser {
    /// Opens the review queue (key `r`) on what is due today.
    mutating func openReview() {
        do {
            review = try makeReviewSession()
            screen = .review
            detailsOffset = 0
        } catch {
            message = Message(text: "Could not open the review queue: \(error)", isError: true)
        }
    }

    /// The queue from the records on screen, with the stored review settings.
    /// - Throws: `PersistenceError.undecodable` when the stored settings do not decode.
    func makeReviewSession() throws -> ReviewSession {
        let settings = try tracker.reviews.settings()
        return ReviewSession(
            catalog: catalog, progress: progress, scheduler: try settings.scheduler(), reviewCap: settings.reviewCap, now: now(),
            timeZone: timeZone)
    }

    /// Builds the queue again (after another process changed the store, or past midnight),
    /// keeping the problem shown when it is still due, and the session's count of ratings.
    mutating func rebuildReview() throws {
        guard let old = review else { return }
        var session = try makeReviewSession()
        session.rated = old.rated
        if let slug = old.current?.problem.slug, let index = session.due.firstIndex(where: { $0.problem.slug == slug }) {
            session.index = index
            session.showsDetails = old.showsDetails
        } else {
            session.index = min(old.index, max(0, session.due.count - 1))
        }
        review = session
    }

    /// Keys on the review queue: 1–4 rate the problem shown, ↑↓ move through the queue, Enter or
    /// `o` shows its details, Esc or `q` goes back to the list.
    mutating func handleReviewKey(_ key: KeyEvent) -> UpdateResult {
        guard let opened = review else {
            screen = .list
            return .running
        }
        let date = now()
        review?.now = date
        if opened.today != LocalDay(date, in: timeZone) {
            // Open past midnight: what is due has changed.
            do { try rebuildReview() } catch { message = Message(text: "Could not read the review settings: \(error)", isError: true) }
        }
        guard let session = review else { return .running }
        if key.modifiers.isEmpty, case .character(let character) = key.key, let grade = character.wholeNumberValue,
            let rating = ReviewRating.allCases.first(where: { $0.grade == grade })
        {
            rateShownProblem(rating)
            return .running
        }
        switch key {
        case .character("h"):
            toggleHidesDifficulty()
        case .character("U"):
            undoLastChange()
        case .character("?"):
            overlay = .help(offset: 0)
        case .character("q"), KeyEvent(.escape), KeyEvent(.backspace), KeyEvent(.left):
            if session.showsDetails {
                review?.showsDetails = false
            } else {
                closeReview()
            }
        case KeyEvent(.enter), .character("o"):
            if session.current != nil {
                review?.showsDetails.toggle()
                detailsOffset = 0
            }
        case .character("j"), KeyEvent(.down):
            review?.move(by: 1)
            detailsOffset = 0
        case .character("k"), KeyEvent(.up):
            review?.move(by: -1)
            detailsOffset = 0
        case KeyEvent(.pageDown), .character("J"):
            if session.showsDetails { detailsOffset += max(1, size.height - 5) }
        case KeyEvent(.pageUp), .character("K"):
            if session.showsDetails { detailsOffset = max(0, detailsOffset - max(1, size.height - 5)) }
        default:
            break
        }
        return .running
    }

    /// Back to the list, with the selection where it was.
    mutating func closeReview() {
        review = nil
        screen = .list
    }

    /// Rates the problem shown and saves it at once (one transaction writing its record), then
    /// shows the next one. On failure nothing changes on screen and the footer says why.
    mutating func rateShownProblem(_ rating: ReviewRating) {
        guard var session = review, let item = session.current else { return }
        let date = session.now
        let before = progress[item.problem.slug] ?? ProblemProgress()
        do {
            let result = try tracker.reviews.rate(item.problem, rating, at: date)
            remember(.progress(slug: item.problem.slug, before: before, after: result.record, what: "review of \(item.problem.title) (\(rating))"))
            // A review changes the history and the card, never the status, heart or note: the
            // list's marks and counts stay as they are.
            progress[item.problem.slug] = result.record
            session.didRate(item, newCard: result.after, timeZone: timeZone)
            session.showsDetails = false
            review = session
            detailsOffset = 0
            let next = Format.dueDay(result.after, from: date, timeZone)
            message = Message(text: "\(Format.name(item.problem)): \(rating), next review \(next)")
        } catch {
            message = Message(text: "Not saved: \(error)", isError: true)
        }
    }
}
