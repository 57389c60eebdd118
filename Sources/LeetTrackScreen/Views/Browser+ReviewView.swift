import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

extension Browser {
    /// The review queue: the problem shown with what helps to judge the redo, and the four
    /// ratings with when each would bring it back; or, when nothing is due, the coming days.
    func drawReview(_ frame: inout Frame) {
        guard let session = review else { return drawList(&frame) }
        if session.showsDetails, let item = session.current, let position = catalog.position(ofSlug: item.problem.slug) {
            return drawDetails(of: position, hints: " 1-4 rate  PgUp PgDn scroll  Esc back to the queue", &frame)
        }
        let title = session.due.isEmpty ? "Review" : "Review · \(session.index + 1) of \(session.due.count) due"
        let (inner, footer) = drawBoxed(title: title, &frame)
        if let item = session.current {
            drawReviewCard(item, session: session, in: inner, frame: &frame)
        } else {
            frame.buffer.render(Paragraph(emptyQueueLines(session)), in: inner)
        }

        let bar = session.current == nil
            ? footerBar(" Esc back to the list  ? keys")
            : footerBar(" 1-4 rate  ↑↓ skip  ⏎ details  ? keys  Esc back", right: " \(session.index + 1)/\(session.due.count) ")
        frame.buffer.render(bar, in: footer)
    }

    /// The problem shown and the rating keys; the keys keep the bottom rows, in one compact line
    /// when the screen is short.
    private func drawReviewCard(_ item: ReviewItem, session: ReviewSession, in area: Rect, frame: inout Frame) {
        let problem = item.problem
        let record = progress[problem.slug] ?? ProblemProgress()
        func field(_ label: String, _ value: [Span]) -> Line { Self.field(label, value) }
        var lines: [Line] = [Line("\(problem.id). \(problem.title)", style: .bold)]
        lines.append(difficultyField(problem.difficulty))
        lines.append(field("Tags", [Span(problem.tags.isEmpty ? "none" : problem.tags.joined(separator: ", "))]))
        lines.append(field("Due", [Span("\(item.dueDay), "), overdueSpan(item.daysOverdue)]))
        lines.append(field("Last review", lastReview(item, record, today: session.today)))
        if !record.note.isEmpty { lines += Self.fieldLines("Note", text: record.note) }
        // The fields wrapped now, each value under its value column.
        lines = Paragraph.wrap(lines[0], width: area.width)
            + lines.dropFirst().flatMap { Paragraph.wrap($0, width: area.width, hangingIndent: Self.labelWidth) }

        let preview = session.preview
        let info = lines.count
        if area.height >= info + 2 + ReviewRating.allCases.count {
            lines.append("")
            lines.append(Line("How did it go?", style: .bold))
            for rating in ReviewRating.allCases {
                let day = preview[rating].map { LocalDay($0, in: timeZone) } ?? session.today
                let when = Format.relative(day.dayNumber - session.today.dayNumber)
                lines.append(Line([
                    Span(" \(rating.grade)", style: Theme.keyStyle),
                    Span("  " + Format.fit(rating.rawValue, 7)),
                    Span(Format.fit(when, 13)),
                    Span("\(day.weekdayName) \(day)", style: Theme.labelStyle),
                ]))
            }
            let others = session.due.count - 1
            if others > 0 {
                // What follows, while there is room: the rest of the queue in order.
                lines.append("")
                lines.append(Line("Next in the queue", style: .bold))
                for offset in 1...others {
                    let next = session.due[(session.index + offset) % session.due.count]
                    lines.append(Line([Span("  \(Format.name(next.problem))  "), overdueSpan(next.daysOverdue)]))
                }
            }
            frame.buffer.render(Paragraph(lines), in: area)
            return
        }
        // A short screen (40x10): the keys keep the bottom row, as `1:1d 2:3d 3:9d 4:16d`.
        let spans = ReviewRating.allCases.flatMap { rating -> [Span] in
            let days = preview[rating].map { LocalDay($0, in: timeZone).dayNumber - session.today.dayNumber } ?? 0
            return [Span("\(rating.grade)", style: Theme.keyStyle), Span(":\(days)d ")]
        }
        let (top, bottom) = area.splitBottom(1)
        frame.buffer.render(Paragraph(lines), in: top)
        frame.buffer.render(Paragraph([Line(spans)], wraps: false), in: bottom)
    }

    /// `due today` in yellow, `3 days overdue` in red.
    private func overdueSpan(_ days: Int) -> Span {
        switch days {
        case ...0: Span("due today", style: Theme.attemptedStyle)
        case 1: Span("1 day overdue", style: Theme.errorStyle)
        default: Span("\(days) days overdue", style: Theme.errorStyle)
        }
    }

    /// `2026-11-23, 6 days ago (good)`: the card's last rating and how it went.
    private func lastReview(_ item: ReviewItem, _ record: ProblemProgress, today: LocalDay) -> [Span] {
        guard let date = item.card.lastReview else { return [Span("never", style: Theme.labelStyle)] }
        let day = LocalDay(date, in: timeZone)
        var text = "\(day), \(Format.relative(day.dayNumber - today.dayNumber))"
        if let rating = record.events.last(where: { $0.rating != nil && $0.date <= date })?.rating { text += " (\(rating))" }
        return [Span(text)]
    }

    /// What an empty queue says: done (or nothing due), then the coming days, by day.
    private func emptyQueueLines(_ session: ReviewSession) -> [Line] {
        guard session.hasCards else {
            return [
                Line("No review cards yet."),
                "",
                Line("Solving a problem (x in the list, or leettrack solve) schedules its first redo.", style: Theme.labelStyle),
            ]
        }
        var lines: [Line] = [
            session.rated > 0
                ? Line("All done: \(Plural.count(session.rated, "problem")) reviewed. Nothing else is due today.", style: Theme.solvedStyle)
                : Line("Nothing to review today."),
            "",
        ]
        guard !session.upcoming.isEmpty else {
            lines.append(Line("Nothing falls due in the next \(ReviewSession.upcomingDays) days."))
            if let later = session.later {
                lines.append(Line("Next: \(Format.name(later.problem)) on \(later.dueDay) (\(Format.relative(-later.daysOverdue)))."))
            }
            return lines
        }
        lines.append(Line("Coming up in the next \(ReviewSession.upcomingDays) days", style: .bold))
        var shownDay: LocalDay?
        for item in session.upcoming {
            if item.dueDay != shownDay {
                lines.append(Line([Span("\(item.dueDay.weekdayName) \(item.dueDay)  "), Span(Format.relative(-item.daysOverdue), style: Theme.labelStyle)]))
                shownDay = item.dueDay
            }
            lines.append(Line("  \(Format.name(item.problem))"))
        }
        return lines
    }
}
