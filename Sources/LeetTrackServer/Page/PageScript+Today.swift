extension PageScript {
    /// The Today page (`#/`): `GET /api/today`, the plan `leettrack today` shows. Served after
    /// ``text`` in the same `/app.js`.
    static let today = #"""
// A bar with its numbers for screen readers: "3 of 5" (the visible text says it too).
function bar(done, total, label) {
  const node = el("div", { class: "bar", role: "progressbar", "aria-label": label, "aria-valuemin": "0",
    "aria-valuemax": String(Math.max(total, 1)), "aria-valuenow": String(Math.min(done, Math.max(total, 1))) });
  node.append(el("span", {}));
  node.firstChild.style.width = (total > 0 ? Math.min(100, Math.round(done * 100 / total)) : 0) + "%";
  return node;
}

function problemLink(problem) {
  return el("a", { href: "#/problem/" + encodeURIComponent(problem.slug), text: problem.id + ". " + problem.title });
}

function overdue(days) { return days > 0 ? plural(days, "day") + " overdue" : "due today"; }

async function showToday() {
  const view = $("view-today");
  const { today, followedName, premium, plan, warnings } = await api("today");
  const cards = [];
  const reviews = el("div", { class: "card" }, el("h3", { text: "Reviews" }));
  if (today.dueCount === 0) reviews.append(el("p", { text: "None due today." }));
  else {
    reviews.append(el("p", {}, el("b", { text: plural(today.dueCount, "review") + " due" }), " · ", el("a", { href: "#/review", text: "Review now" })));
    const names = el("ul", { class: "plain" });
    for (const item of today.due.slice(0, 3)) names.append(el("li", {}, problemLink(item.problem), el("span", { class: "meta", text: " " + overdue(item.daysOverdue) })));
    reviews.append(names);
    if (today.dueCount > 3) reviews.append(el("p", { class: "meta", text: "… and " + (today.dueCount - 3) + " more" }));
  }
  cards.push(reviews);
  const next = el("div", { class: "card" }, el("h3", { text: "Next problem" }));
  if (!today.followedList) next.append(el("p", { text: "Follow a list to get one: leettrack config follow neetcode-150" }));
  else {
    const name = followedName || today.followedList;
    if (today.next) next.append(el("p", {}, problemLink(today.next), " ", el("span", { class: today.next.difficulty, text: today.next.difficulty })));
    else next.append(el("p", { text: today.followedSolved >= today.followedTotal
      ? "Everything in " + name + " is solved." : "Nothing left to do in " + name + ": what is unsolved is skipped" + (premium ? "." : " or paid-only.") }));
    next.append(el("p", { class: "meta" }, today.followedSolved + " of " + today.followedTotal + " solved in ",
      el("a", { href: "#/lists/" + encodeURIComponent(today.followedList), text: name })));
    next.append(bar(today.followedSolved, today.followedTotal, "Solved in " + name));
  }
  cards.push(next);
  const streak = el("div", { class: "card" }, el("h3", { text: "Streak" }),
    el("p", { text: plural(today.currentStreak, "day") + " · longest " + plural(today.longestStreak, "day") }));
  cards.push(streak);
  const goal = el("div", { class: "card" }, el("h3", { text: "Daily goal" }));
  if (today.goal) {
    goal.append(el("p", { text: Math.min(today.goal.doneToday, today.goal.goal) + " / " + today.goal.goal + " today"
      + (today.goal.metToday ? " · ✓ met, " + plural(today.goal.currentStreak, "day") + " in a row" : " · met " + plural(today.goal.currentStreak, "day") + " in a row") }));
    goal.append(bar(today.goal.doneToday, today.goal.goal, "Daily goal"));
  } else {
    goal.append(el("p", { text: "Done today: " + today.doneToday + " (set a goal: leettrack config daily-goal 3)" }));
  }
  cards.push(goal);
  if (plan) {
    cards.push(el("div", { class: "card" }, el("h3", { text: "Plan" }),
      el("p", { text: plan.new + " new · " + plural(plan.reviews, "review") + " today · " + (plan.behind ? plan.behind + " behind" : "on track") }),
      el("p", { class: "meta", text: "Target " + plan.target }))); 
  }
  if (today.daily) {
    const daily = today.daily;
    cards.push(el("div", { class: "card" }, el("h3", { text: "Daily question" }),
      el("p", {}, problemLink(daily), " ", el("span", { class: daily.difficulty, text: daily.difficulty }), " · " + daily.status)));
  }
  for (const warning of warnings || []) cards.push(el("p", { class: "card warn", text: warning }));
  view.replaceChildren(el("h2", { text: "Today, " + today.date }), ...cards);
}
"""#
}
