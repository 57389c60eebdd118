/// The page's script: the list (only the visible rows are in the DOM), the Favorites sheet, a
/// problem's page, the review queue and stats, kept live by the server's event stream.
/// Store text goes in with `textContent` only.
enum PageScript {
    static let text = #"""
"use strict";
const ROW = 52;
// listSlugs: the chosen list's slugs in its order; sectionOf: each one's topic section (empty
// for a list without sections); sections: the list's section names in order.
const state = { problems: [], bySlug: new Map(), shown: [], listSlugs: null, sectionOf: new Map(), sections: [],
  lists: [], view: "today", slug: null };
const $ = (id) => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// "1 day", "2 days": a count and its noun, in the singular for one.
function plural(count, one, many) { return count + " " + (count === 1 ? one : (many || one + "s")); }

async function api(path, options) {
  const init = Object.assign({ headers: { "Content-Type": "application/json" } }, options || {});
  const response = await fetch("/api/" + path, init);
  // Records the store cannot read are left out of the answer, which says so: shown until the
  // marks of every record (read after each change) come without it.
  const warning = response.headers.get("X-LeetTrack-Warning");
  if (warning || (path === "progress" && response.ok)) { $("warning").textContent = warning || ""; $("warning").hidden = !warning; }
  const body = sawRead(path, response, await response.json());
  if (!response.ok) throw new Error(body.error || ("HTTP " + response.status));
  return body;
}

// Every change the page makes goes through `send`, the one place that decides how a write
// reaches the server (and, offline, how it waits for it); reads go through `api`.
// Each carries an id and the time it was made; see PageScript+Offline.swift.
async function send(path, options) { return sendChange(path, options); }

function showError(error) {
  const box = $("error");
  box.textContent = String(error.message || error);
  box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 4000);
}

function mark(status) { return status === "solved" ? "✓" : status === "attempted" ? "~" : "·"; }

function heart(problem) {
  const on = problem.favorite;
  return el("button", {
    type: "button", class: "heart", "aria-pressed": String(on),
    "aria-label": (on ? "Remove " : "Add ") + problem.title + (on ? " from favorites" : " to favorites"),
    text: on ? "♥" : "♡", onclick: () => setFavorite(problem.slug, !problem.favorite)
  });
}

function merge(json) {
  const problem = state.bySlug.get(json.slug);
  if (!problem) return;
  problem.status = json.status;
  problem.favorite = json.favorite;
}

async function setFavorite(slug, on) {
  const problem = state.bySlug.get(slug);
  problem.favorite = on;
  refresh();
  try {
    merge(await send("problems/" + encodeURIComponent(slug) + "/favorite", { method: on ? "PUT" : "DELETE" }));
  } catch (error) { problem.favorite = !on; showError(error); }
  refresh();
}

function words(text) { return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean); }

function filter() {
  const query = $("search").value.trim();
  const terms = words(query);
  const id = /^\d+$/.test(query) ? Number(query) : null;
  const difficulty = $("f-difficulty").value, status = $("f-status").value, tag = $("f-tag").value;
  const favorites = $("f-favorites").checked;
  const section = $("f-section").value;
  let source = state.listSlugs ? state.listSlugs.map((slug) => state.bySlug.get(slug)).filter(Boolean) : state.problems;
  if (section) source = source.filter((p) => state.sectionOf.get(p.slug) === section);
  const problems = source.filter((p) => {
    if (difficulty && p.difficulty !== difficulty) return false;
    if (status && p.status !== status) return false;
    if (favorites && !p.favorite) return false;
    if (tag && !p.tags.includes(tag)) return false;
    if (id !== null) return p.id === id;
    if (terms.length) { const hay = p.words; return terms.every((t) => hay.some((w) => w.startsWith(t))); }
    return true;
  });
  const counts = sectionCounts();
  state.shown = section ? problems : withSectionHeaders(problems, counts);
  $("count").textContent = plural(problems.length, "problem");
  $("spacer").style.height = (state.shown.length * ROW) + "px";
  renderSectionOptions(counts);
  renderRows();
}

function renderRows() {
  const box = $("rows");
  const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 5);
  const last = Math.min(state.shown.length, first + Math.ceil((box.clientHeight || 600) / ROW) + 10);
  const focus = focusIn(box);
  for (const node of [...box.querySelectorAll(".row")]) node.remove();
  for (let index = first; index < last; index++) {
    const p = state.shown[index];
    if (p.header) {
      const head = el("div", { class: "row section-head", role: "listitem" },
        el("span", { class: "name", role: "heading", "aria-level": "3", text: p.header }),
        el("span", { class: "meta", text: p.solved + " / " + p.total + " solved" }));
      head.style.top = (index * ROW) + "px";
      box.append(head);
      continue;
    }
    const row = el("div", { class: "row", role: "listitem", "data-slug": p.slug },
      el("span", { class: "mark " + p.status, text: mark(p.status), title: p.status }),
      el("a", { class: "title", href: "#/problem/" + encodeURIComponent(p.slug), text: p.id + ". " + p.title }),
      el("span", { class: "meta " + p.difficulty, text: p.difficulty }),
      el("span", { class: "meta", text: p.acceptance.toFixed(1) + "%" }),
      heart(p));
    row.style.top = (index * ROW) + "px";
    box.append(row);
  }
  refocus(box, focus);
}

function renderFavorites() {
  const list = $("favorites-list");
  const focus = focusIn(list);
  list.replaceChildren();
  const favorites = state.problems.filter((p) => p.favorite);
  for (const p of favorites) {
    list.append(el("li", { "data-slug": p.slug }, el("span", { text: p.id + ". " + p.title }),
      el("span", { class: "meta " + p.difficulty, text: p.difficulty }), heart(p)));
  }
  refocus(list, focus);
  $("favorites-empty").hidden = favorites.length > 0;
}

function refresh() {
  if (state.view === "list") filter();
  if ($("favorites").open) renderFavorites();
}

async function showProblem(slug) {
  const view = $("view-problem");
  const p = await api("problems/" + encodeURIComponent(slug));
  merge(p);
  const rating = el("select", { "aria-label": "Rating" });
  for (const word of ["again", "hard", "good", "easy"]) rating.append(el("option", { value: word, text: word }));
  rating.value = "good";
  const note = el("textarea", { "aria-label": "Note" });
  note.value = p.note || "";
  note.dataset.saved = note.value;
  // Redrawn for a change made elsewhere (a heart in another tab, the command line), the view
  // keeps what the user is in the middle of: unsaved note text, its cursor, the chosen rating.
  const sameProblem = view.dataset.slug === slug;
  const typed = sameProblem ? view.querySelector("textarea") : null;
  const chosen = sameProblem ? view.querySelector("select") : null;
  const typing = typed !== null && document.activeElement === typed;
  if (typed && typed.value !== typed.dataset.saved) note.value = typed.value;
  if (chosen) rating.value = chosen.value;
  const act = (path, body) => async () => {
    try { await send("problems/" + encodeURIComponent(slug) + path, body); await showProblem(slug); refresh(); }
    catch (error) { showError(error); }
  };
  const history = el("ul", {});
  for (const event of (p.history || []).slice().reverse()) {
    history.append(historyItem(event));
  }
  const card = p.review
    ? el("p", { text: "Next review " + p.review.dueDay + " · " + p.review.state + " · " + plural(p.review.reps, "review") })
    : el("p", { text: "No review card: solve it to schedule one." });
  view.replaceChildren(
    el("p", {}, el("a", { href: "#/problems", text: "← Problems" })),
    el("h2", { text: p.id + ". " + p.title }),
    el("p", {}, el("span", { class: p.difficulty, text: p.difficulty }),
      el("span", { text: " · " + p.acceptance.toFixed(1) + "% · " + (p.rating == null ? "" : "rating " + p.rating.toLocaleString("en-US") + " · ")
        + p.status + " · " + p.tags.join(", ") })),
    el("p", {}, el("a", { href: p.url, target: "_blank", rel: "noopener noreferrer", text: "Open on LeetCode" }), " ", heart(p)),
    el("div", { class: "card" }, el("div", { class: "buttons" },
      el("button", { type: "button", text: "Solved", onclick: () => act("/solve", { method: "POST", body: JSON.stringify({ rating: rating.value }) })() }),
      rating,
      el("button", { type: "button", text: "Attempted", onclick: act("/attempt", { method: "POST" }) }),
      el("button", { type: "button", text: "Todo", onclick: act("/reset", { method: "POST" }) }))),
    el("div", { class: "card" }, el("h3", { text: "Note" }), note,
      el("button", { type: "button", text: "Save note", onclick: () => act("/note", { method: "PUT", body: JSON.stringify({ note: note.value }) })() })),
    el("div", { class: "card" }, el("h3", { text: "Review" }), card),
    el("div", { class: "card" }, el("h3", { text: "History" }), history));
  extendProblem(view, p, rating, note);
  if (p.statementHTML) {
    // The server's allowlist serialisation (StatementHTML.serialize): p, pre, lists, code, strong,
    // em, sup, sub, br and http(s) links only, every text escaped; nothing of LeetCode's HTML.
    const statement = el("div", { class: "statement" });
    statement.innerHTML = p.statementHTML;
    view.append(el("div", { class: "card" }, el("h3", { text: "Statement" }), statement));
  }
  view.dataset.slug = slug;
  if (typing) { note.focus(); note.setSelectionRange(typed.selectionStart, typed.selectionEnd); }
}

async function showReview() {
  const view = $("view-review");
  const queue = await api("review");
  const items = queue.map((item) => el("div", { class: "card" },
    el("a", { href: "#/problem/" + encodeURIComponent(item.problem.slug), text: item.problem.id + ". " + item.problem.title }),
    el("p", { text: item.daysOverdue > 0 ? plural(item.daysOverdue, "day") + " overdue" : "due today" }),
    el("div", { class: "buttons" }, ...["again", "hard", "good", "easy"].map((word) => el("button", {
      type: "button", text: word, onclick: async () => {
        try { await send("problems/" + encodeURIComponent(item.problem.slug) + "/review", { method: "POST", body: JSON.stringify({ rating: word }) }); await showReview(); }
        catch (error) { showError(error); }
      } })))));
  view.replaceChildren(el("h2", { text: "Review" }), ...(items.length ? items : [el("p", { text: "Nothing to review today." })]));
}

async function showStats() {
  const view = $("view-stats");
  const { stats, calendar } = await api("stats");
  const stat = (label, value) => el("span", { class: "stat" }, el("b", { text: String(value) }), label);
  const grid = el("div", { class: "calendar", role: "img", "aria-label": plural(calendar.total, "practice event") + " in the last year" });
  for (const day of calendar.days) grid.append(el("i", { class: "l" + day.level, title: day.date + ": " + day.count }));
  const lines = stats.byDifficulty.map((line) => el("p", { class: line.difficulty, text: line.difficulty + ": " + line.solved + " / " + line.total + " solved, " + line.attempted + " attempted" }));
  view.replaceChildren(el("h2", { text: "Stats" }),
    el("div", {}, stat("solved", stats.total.solved), stat("attempted", stats.total.attempted), stat("favorites", stats.favorites),
      stat("day streak", stats.currentStreak), stat("longest streak", stats.longestStreak),
      ...(stats.level && stats.level.level != null ? [stat("contest level", stats.level.level.toLocaleString("en-US"))] : [])),
    ...lines, el("h3", { text: "Calendar" }), grid);
  await extendStats(view, stats, grid);
}

// #/ Today, #/problems[/LIST[/SECTION]], #/problem/SLUG, #/lists[/KEY], #/review, #/stats: each
// part decoded on its own, so a section named "Heap / Priority Queue" stays one part.
async function route() {
  const parts = location.hash.slice(1).split("/").slice(1).map((part) => { try { return decodeURIComponent(part); } catch { return part; } });
  const [view, slug, section] = parts;
  const views = { problems: "list", problem: "problem", lists: "lists", review: "review", stats: "stats" };
  state.view = views[view] || "today";
  state.slug = slug || null;
  for (const name of ["today", "list", "lists", "problem", "review", "stats"]) $("view-" + name).hidden = name !== state.view;
  for (const link of document.querySelectorAll("nav a")) {
    const current = link.dataset.view === state.view;
    link.classList.toggle("current", current);
    if (current) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
  try {
    if (state.view === "problem") await showProblem(state.slug);
    else if (state.view === "review") await showReview();
    else if (state.view === "stats") await showStats();
    else if (state.view === "today") await showToday();
    else if (state.view === "lists") await showLists(state.slug);
    else if (slug !== undefined) await chooseList(slug, section || "");
    else filter();
  } catch (error) { showError(error); }
}

async function onChange() {
  const progress = await api("progress");
  for (const p of state.problems) {
    const record = progress[p.slug];
    p.status = record ? record.status : "todo";
    p.favorite = record ? record.favorite : false;
  }
  refresh();
  if (state.view !== "list") route();
}

// The chosen list's rows and sections, then the filter; `section` is chosen once they are in.
async function loadList(section) {
  const key = $("f-list").value;
  const rows = key ? await api("problems?list=" + encodeURIComponent(key)) : null;
  if (key !== $("f-list").value) return;  // Another list was chosen while this one loaded.
  state.listSlugs = rows ? rows.map((p) => p.slug) : null;
  state.sectionOf = new Map((rows || []).filter((p) => p.section).map((p) => [p.slug, p.section]));
  const list = state.lists.find((item) => item.key === key);
  state.sections = list && list.sections ? list.sections.map((section) => section.name) : [];
  $("f-section").value = "";
  filter();
  if (section) { $("f-section").value = section; filter(); }
}

// #/problems/LIST/SECTION, as the Lists page links it: the list and section chosen in the filters.
async function chooseList(key, section) {
  if (!state.lists.some((list) => list.key === key)) state.lists = await api("lists");
  renderListOptions();
  $("f-list").value = key;
  await loadList(section);
}

async function start() {
  // The three requests at once: the filters' options arrive while the list is still on its way.
  const [problems, tags, lists] = await Promise.all([api("problems"), api("tags"), api("lists")]);
  state.problems = problems;
  for (const p of state.problems) { p.words = words(p.title + " " + p.slug); state.bySlug.set(p.slug, p); }
  for (const tag of tags) $("f-tag").append(el("option", { value: tag, text: tag }));
  state.lists = lists;
  renderListOptions();
  for (const id of ["search", "f-difficulty", "f-status", "f-tag", "f-favorites", "f-section"]) $(id).addEventListener("input", filter);
  $("f-list").addEventListener("input", () => loadList().catch(showError));
  $("rows").addEventListener("scroll", () => requestAnimationFrame(renderRows), { passive: true });
  window.addEventListener("resize", renderRows);
  window.addEventListener("hashchange", route);
  $("open-favorites").addEventListener("click", () => { renderFavorites(); $("favorites").showModal(); });
  $("close-favorites").addEventListener("click", () => $("favorites").close());
  const events = new EventSource("/api/events");
  events.addEventListener("change", () => onChange().catch(showError));
  // Changes made while the stream was down (a server restart, a phone asleep) announce
  // nothing: every reconnection reads the progress again.
  let opened = false;
  events.addEventListener("open", () => { if (opened) onChange().catch(showError); opened = true; });
  events.addEventListener("open", () => { if (offlineState.queue.length) flush().catch(showError); });
  await route();
  // Milliseconds from navigation start to the list painted: what the bench's first-load measures.
  requestAnimationFrame(() => { document.body.dataset.paintedAt = performance.now().toFixed(1); });
  document.body.dataset.ready = "true";
}

start().catch(showError);
"""#
}
