import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI

extension Browser {
    /// The start view: the reviews due, the next problem of the followed list, the streak, the
    /// daily goal and LeetCode's daily question, in a box under the header.
    func drawToday(_ frame: inout Frame) {
        guard let plan = today else { return drawList(&frame) }
        let (inner, footer) = drawBoxed(title: "Today · \(plan.today.weekdayName) \(plan.today)", &frame)
        frame.buffer.render(Paragraph(todayLines(plan)), in: inner.inset(horizontal: 1))
        let hints = plan.next == nil ? " r review  T list  ? keys  q quit" : " ⏎ open next  r review  T list  ? keys  q quit"
        frame.buffer.render(footerBar(hints), in: footer)
    }

    private func todayLines(_ plan: TodayPlan) -> [Line] {
        func label(_ text: String) -> Span { Span(Format.fit(text, 12), style: Theme.labelStyle) }
        var lines: [Line] = [Line("")]
        if plan.dueCount == 0 {
            lines.append(Line([label("Reviews"), Span("none due")]))
        } else {
            lines.append(Line([label("Reviews"), Span("\(plan.dueCount) due", style: .bold), Span("  (r to start)", style: Theme.labelStyle)]))
            for item in plan.due.prefix(3) {
                lines.append(Line([label(""), Span("\(item.problem.id). \(item.problem.title)")]))
            }
            if plan.dueCount > 3 { lines.append(Line([label(""), Span("… and \(plan.dueCount - 3) more", style: Theme.labelStyle)])) }
        }
        if let list = plan.followed {
            let counts = Span("  \(plan.followedSolved) of \(list.slugs.count) solved in \(list.name)", style: Theme.labelStyle)
            if let next = plan.next {
                var spans = [label("Next"), Span("\(next.id). \(next.title)", style: .bold), Span("  "),
                             Span(next.difficulty.displayName, style: Theme.style(for: next.difficulty))]
                if next.paidOnly { spans.append(Span("  paid", style: Theme.labelStyle)) }
                spans.append(counts)
                lines.append(Line(spans))
                if let section = catalog.sections(of: list).first(where: { $0.slugs.contains(next.slug) }) {
                    lines.append(Line([label(""), Span(section.name, style: Theme.labelStyle)]))
                }
            } else {
                let reason = NothingNext.reason(in: list.name, total: list.slugs.count, solved: plan.followedSolved)
                lines.append(Line([label("Next"), Span(reason)] + (list.slugs.isEmpty ? [] : [counts])))
            }
        } else {
            lines.append(Line([label("Next"), Span("follow a list: leettrack config follow neetcode-150", style: Theme.labelStyle)]))
        }
        lines.append(Line([label("Streak"), Span(Plural.count(plan.streak.current, "day")), Span("  longest \(plan.streak.longest)", style: Theme.labelStyle)]))
        if let goal = plan.goal {
            var spans = [label("Goal"), Span("\(min(goal.doneToday, goal.goal)) / \(goal.goal) today")]
            if goal.isMetToday { spans.append(Span("  \(Theme.solvedMark) met", style: Theme.solvedStyle)) }
            spans.append(Span("  met \(goal.currentStreak) in a row", style: Theme.labelStyle))
            lines.append(Line(spans))
        } else {
            lines.append(Line([label("Done today"), Span("\(plan.doneToday)")]))
        }
        if let daily = plan.daily {
            let problem = daily.question.problem
            lines.append(Line([label("Daily"), Span("\(problem.id). \(problem.title)  "), Theme.describe(daily.status)]))
        }
        return lines
    }
}
