extension PageScript {
    /// The Stats page, beyond what ``text`` draws: the calendar scrolled to its most recent weeks
    /// (it scrolls back, by touch or with the arrow keys once focused), the median time of the timed
    /// solves per difficulty, and every list's and section's progress. Served after ``text`` in
    /// the same `/app.js`.
    static let stats = #"""
async function extendStats(view, stats, grid) {
  // Scrollable, so reachable by keyboard; the newest weeks are at the end, shown first.
  grid.tabIndex = 0;
  const times = stats.byDifficulty.filter((line) => line.medianSeconds != null);
  const median = el("div", { class: "card" }, el("h3", { text: "Median time" }));
  if (times.length) {
    for (const line of times) median.append(el("p", {}, el("span", { class: line.difficulty, text: line.difficulty }), ": " + duration(line.medianSeconds)));
  } else median.append(el("p", { class: "meta", text: "No timed solves yet: use the timer on a problem's page, or solve --time." }));
  const lists = await api("lists");
  // Drawn again meanwhile (a change announced while the lists were fetched): that drawing adds its own.
  if (!view.contains(grid)) return;
  const progress = el("div", { class: "card" }, el("h3", { text: "Lists" }));
  for (const list of lists) {
    progress.append(el("p", { class: "list-line" }, el("a", { href: "#/lists/" + encodeURIComponent(list.key), text: list.name }),
      el("span", { class: "meta", text: " " + listCounts(list) })), bar(list.solved, list.total, "Solved in " + list.name));
    if (!list.sections || list.solved + list.attempted === 0) continue;
    const sections = el("ul", { class: "plain sections" });
    for (const section of list.sections) {
      sections.append(el("li", {}, el("a", { href: "#/problems/" + encodeURIComponent(list.key) + "/" + encodeURIComponent(section.name), text: section.name }),
        el("span", { class: "meta", text: " " + section.solved + " / " + section.total })));
    }
    progress.append(sections);
  }
  view.append(median, progress);
  requestAnimationFrame(() => { grid.scrollLeft = grid.scrollWidth; });
}
"""#
}
