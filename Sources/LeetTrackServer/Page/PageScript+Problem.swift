extension PageScript {
    /// A problem's page, beyond what ``text`` draws: the note rendered as Markdown, each history
    /// event with its time and note, and a timer that records a solve or an attempt with its time
    /// (`solve --time`, `attempt --time`), through `send`. Served after ``text`` in the same `/app.js`.
    static let problem = #"""
// The timers by slug: milliseconds counted before the last start, and when it started (null when paused).
const timers = new Map();
// Each timer is also kept in localStorage (`leettrack.timer.SLUG`), so a reload, or a phone that
// closes the tab in the background, finds it still counting from when it started.
const TIMER_PREFIX = "leettrack.timer.";

// The timer kept for `slug`, or a new one. What storage holds is checked: anything else starts afresh,
// and a start in the future (the clock was put back) counts from now.
function loadTimer(slug) {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(TIMER_PREFIX + slug) || "null"); }
  catch (error) { console.warn("LeetTrack: the timer kept on this device cannot be read", error); }
  const valid = saved !== null && typeof saved === "object" && Number.isSafeInteger(saved.counted) && saved.counted >= 0
    && (saved.started === null || (Number.isSafeInteger(saved.started) && saved.started > 0));
  return valid ? { counted: saved.counted, started: saved.started === null ? null : Math.min(saved.started, Date.now()) }
    : { counted: 0, started: null };
}

// Keeps `timer` for `slug`, or forgets it (null: stopped or reset). Storage that is full or turned
// off leaves the timer running on this page alone.
function keepTimer(slug, timer) {
  try {
    if (timer) localStorage.setItem(TIMER_PREFIX + slug, JSON.stringify({ counted: timer.counted, started: timer.started }));
    else localStorage.removeItem(TIMER_PREFIX + slug);
  } catch (error) { console.warn("LeetTrack: the timer cannot be kept on this device", error); }
  if (!timer) timers.delete(slug);
}

function clock(seconds) {
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
}

// "25m", "1h 10m", "45s": how long an event took, as `leettrack show` writes it.
function duration(seconds) {
  if (seconds < 60) return seconds + "s";
  const h = Math.floor(seconds / 3600), m = Math.round((seconds % 3600) / 60);
  return h ? h + "h" + (m ? " " + m + "m" : "") : m + "m";
}

function historyItem(event) {
  const date = new Date(event.date);
  const two = (n) => String(n).padStart(2, "0");
  // In the phone's own time zone, as the command line shows times in the user's.
  const when = isNaN(date) ? event.date : date.getFullYear() + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate())
    + " " + two(date.getHours()) + ":" + two(date.getMinutes());
  const item = el("li", {}, el("span", {}, el("time", { datetime: event.date, text: when }),
    " " + event.kind + (event.rating ? " (" + event.rating + ")" : "") + (event.seconds ? " in " + duration(event.seconds) : "")));
  if (event.note) item.append(el("div", { class: "meta event-note", text: event.note }));
  return item;
}

function elapsed(timer) { return Math.floor((timer.counted + (timer.started === null ? 0 : Date.now() - timer.started)) / 1000); }

function extendProblem(view, p, rating, note) {
  const slug = p.slug;
  // The note as Markdown above its text, redrawn as it is typed.
  const preview = el("div", { class: "note-preview", "aria-label": "Note, rendered", role: "region" });
  const render = () => preview.replaceChildren(note.value.trim() ? markdown(note.value) : el("p", { class: "meta", text: "No note yet." }));
  render();
  note.addEventListener("input", render);
  note.before(preview);
  const timer = timers.get(slug) || loadTimer(slug);
  timers.set(slug, timer);
  const shown = el("output", { class: "timer", "aria-label": "Time", text: clock(elapsed(timer)) });
  const toggle = el("button", { type: "button", text: timer.started === null ? (timer.counted ? "Resume" : "Start") : "Pause" });
  const tick = () => { if (!shown.isConnected) return clearInterval(ticking); shown.textContent = clock(elapsed(timer)); };
  const ticking = setInterval(tick, 1000);
  toggle.addEventListener("click", () => {
    if (timer.started === null) timer.started = Date.now();
    else { timer.counted += Date.now() - timer.started; timer.started = null; }
    toggle.textContent = timer.started === null ? "Resume" : "Pause";
    keepTimer(slug, timer);
    tick();
  });
  const stop = (path, body) => async () => {
    const seconds = Math.max(1, elapsed(timer));
    try {
      await send("problems/" + encodeURIComponent(slug) + path, { method: "POST", body: JSON.stringify(Object.assign({ time: seconds + "s" }, body)) });
      keepTimer(slug, null);
      await showProblem(slug);
      refresh();
    } catch (error) { showError(error); }
  };
  const card = el("div", { class: "card" }, el("h3", { text: "Timer" }), shown,
    el("div", { class: "buttons" }, toggle,
      el("button", { type: "button", text: "Stop: solved", onclick: () => stop("/solve", { rating: rating.value })() }),
      el("button", { type: "button", text: "Stop: attempted", onclick: stop("/attempt", {}) }),
      el("button", { type: "button", text: "Reset timer", onclick: () => { keepTimer(slug, null); showProblem(slug).catch(showError); } })));
  view.children[4].after(card);
}
"""#
}

extension PageScript {
    /// Keeps the keyboard's place when the list or the Favorites sheet is redrawn (a heart pressed
    /// with Enter redraws its row): the focused control's row and kind, given back after.
    static let focus = #"""
function focusIn(box) {
  const active = document.activeElement;
  if (!active || !box.contains(active)) return null;
  const row = active.closest("[data-slug]");
  return row ? { slug: row.dataset.slug, selector: active.classList.contains("heart") ? ".heart" : "a" } : null;
}

function refocus(box, focus) {
  if (!focus) return;
  const row = [...box.querySelectorAll("[data-slug]")].find((node) => node.dataset.slug === focus.slug);
  const target = row && row.querySelector(focus.selector);
  if (target && document.activeElement !== target) target.focus({ preventScroll: true });
}
"""#
}
