extension PageScript {
    /// Working offline: the service worker's registration, the changes kept on the device while
    /// the server is away (in `localStorage`, sent in order when it is back, each with its id and
    /// the time it was made, so the server applies it once and dated then; see ``ChangeLedger``),
    /// the reads shown with those changes applied, the "N changes waiting" line, the marks on the
    /// rows they touch, and the offline banner. Served after ``text`` and ``sections`` in `/app.js`;
    /// `send` hands every write to `sendChange`, and `api` shows every read through `sawRead`.
    static let offline = #"""
const QUEUE_KEY = "leettrack.pending-changes";
const offlineState = { queue: loadQueue(), flushing: false, delay: 1000, timer: null };
const offlineBanner = el("p", { id: "offline-banner", role: "status", hidden: "",
  text: "Offline: showing the last data. Changes wait here and are sent when the server is back." });
const pendingLine = el("p", { id: "pending-changes", role: "status", hidden: "" });
document.body.prepend(offlineBanner, pendingLine);

// A change: its id (the server applies an id once), when it was made, and the request.
function isChange(value) {
  return value && typeof value.id === "string" && Number.isSafeInteger(value.made) && typeof value.path === "string"
    && typeof value.method === "string" && (value.body === null || typeof value.body === "string");
}

function loadQueue() {
  let saved = [];
  try { saved = JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); }
  catch (error) { console.warn("LeetTrack: the changes kept on this device cannot be read", error); }
  return Array.isArray(saved) ? saved.filter(isChange) : [];
}

function saveQueue() {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(offlineState.queue));
  pendingLine.textContent = plural(offlineState.queue.length, "change") + " waiting to be sent";
  pendingLine.hidden = offlineState.queue.length === 0;
  markPending();
}

function setOffline(on) {
  offlineBanner.hidden = !on;
  document.body.classList.toggle("offline", on);
}

// A version 4 UUID; `crypto.randomUUID` exists only on https and localhost pages.
function changeID() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}

// Sends one change. A failure that says nothing about the change (no answer, or the server
// busy or restarting) is marked `retry`: the change may or may not have been applied, and
// sending it again with its id is safe.
async function deliver(change) {
  let response;
  try {
    response = await fetch("/api/" + change.path, { method: change.method, body: change.body, headers: {
      "Content-Type": "application/json", "X-LeetTrack-Change": change.id, "X-LeetTrack-Made": String(change.made) } });
  } catch (error) { error.retry = true; throw error; }
  const retry = [408, 429, 502, 503, 504].includes(response.status);
  let body = null;
  try { body = await response.json(); } catch (error) { if (!retry) throw error; }
  if (!response.ok) {
    const error = new Error((body && body.error) || ("HTTP " + response.status));
    error.retry = retry;
    throw error;
  }
  return body;
}

// `send`'s body: sent at once when nothing waits, else (or when the server cannot be reached)
// kept, in order, and answered with the change applied to what the page shows.
async function sendChange(path, options) {
  const change = { id: changeID(), made: Date.now(), path, method: (options && options.method) || "POST",
    body: (options && options.body) || null };
  if (offlineState.queue.length === 0) {
    try { return await deliver(change); }
    catch (error) { if (!error.retry) throw error; }
  }
  offlineState.queue.push(change);
  saveQueue();
  setOffline(true);
  scheduleFlush();
  return optimistic(change);
}

// What the page shows after a kept change: the problem's marks with the change applied.
function optimistic(change) {
  const [, encoded] = change.path.split("/");
  const slug = decodeURIComponent(encoded || "");
  const problem = state.bySlug.get(slug);
  const shown = { slug, status: problem ? problem.status : "todo", favorite: problem ? problem.favorite : false, pending: true };
  applyChange(shown, change);
  return change.path.endsWith("/review") ? { problem: shown, pending: true } : shown;
}

function scheduleFlush() {
  clearTimeout(offlineState.timer);
  offlineState.timer = setTimeout(flush, offlineState.delay);
}

// Sends the kept changes in order. A change the server refuses (a problem it does not know,
// a change too old) is dropped with its message; one that cannot be sent now waits, and the
// next try comes later each time (up to 15 s), or at once when the server is seen again.
async function flush() {
  if (offlineState.flushing) return;
  offlineState.flushing = true;
  clearTimeout(offlineState.timer);
  try {
    while (offlineState.queue.length) {
      const change = offlineState.queue[0];
      try {
        const answer = await deliver(change);
        if (answer && answer.slug) merge(answer);
      } catch (error) {
        if (error.retry) {
          setOffline(true);
          offlineState.delay = Math.min(offlineState.delay * 2, 15000);
          scheduleFlush();
          return;
        }
        showError("A change made offline was refused: " + (error.message || error));
      }
      offlineState.queue.shift();
      saveQueue();
    }
    offlineState.delay = 1000;
    setOffline(false);
  } finally { offlineState.flushing = false; }
  await onChange();
}

// The kept changes of each problem, in order.
function pendingBySlug() {
  const bySlug = new Map();
  for (const change of offlineState.queue) {
    const parts = change.path.split("/");
    if (parts.length !== 3 || parts[0] !== "problems") continue;
    const slug = decodeURIComponent(parts[1]);
    if (!bySlug.has(slug)) bySlug.set(slug, []);
    bySlug.get(slug).push(change);
  }
  return bySlug;
}

// Applies a kept change to a problem's marks as the server will.
function applyChange(target, change) {
  const action = change.path.split("/")[2];
  if (action === "favorite") target.favorite = change.method === "PUT";
  else if (action === "solve") target.status = "solved";
  else if (action === "attempt") { if (target.status !== "solved") target.status = "attempted"; }
  else if (action === "reset") target.status = "todo";
  else if (action === "note") target.note = change.method === "DELETE" ? "" : JSON.parse(change.body || "{}").note || "";
  target.pending = true;
}

// Every read, as `api` gets it: the offline banner follows where it came from (the service
// worker marks what it answers from its cache), a read from the server sends what waits, and
// what is shown has the kept changes applied.
function sawRead(path, response, body) {
  const fromCache = response.headers.get("X-LeetTrack-Offline") === "1";
  setOffline(fromCache || offlineState.queue.length > 0);
  if (!fromCache && response.ok && offlineState.queue.length && !offlineState.flushing) flush().catch(showError);
  if (!offlineState.queue.length || !body || !response.ok) return body;
  const pending = pendingBySlug();
  if (path === "progress") {
    for (const [slug, changes] of pending) {
      const entry = body[slug] || (body[slug] = { status: "todo", favorite: false });
      for (const change of changes) applyChange(entry, change);
    }
  } else if (Array.isArray(body)) {
    for (const item of body) {
      const problem = item && (item.problem || item);
      const changes = problem && pending.get(problem.slug);
      if (!changes) continue;
      for (const change of changes) applyChange(problem, change);
      item.pending = true;
    }
  } else if (body.slug && pending.has(body.slug)) {
    for (const change of pending.get(body.slug)) applyChange(body, change);
  }
  return body;
}

// Marks the rows, review cards and problem page of problems with changes waiting; run after
// every redraw (the views draw themselves without knowing of the queue).
function markPending() {
  const pending = pendingBySlug();
  for (const link of document.querySelectorAll('main a[href^="#/problem/"]')) {
    const holder = link.closest(".row, .card");
    if (!holder) continue;
    const on = pending.has(decodeURIComponent(link.getAttribute("href").slice("#/problem/".length)));
    if (holder.classList.contains("pending") !== on) holder.classList.toggle("pending", on);
    const badge = holder.querySelector(":scope > .pending-mark");
    if (on && !badge) holder.append(el("span", { class: "pending-mark", text: "pending" }));
    if (!on && badge) badge.remove();
  }
  const title = document.querySelector("#view-problem h2");
  if (title) {
    const on = pending.has($("view-problem").dataset.slug);
    const badge = title.querySelector(".pending-mark");
    if (on && !badge) title.append(" ", el("span", { class: "pending-mark", text: "pending" }));
    if (!on && badge) badge.remove();
  }
}

new MutationObserver(markPending).observe(document.querySelector("main"), { childList: true, subtree: true });
window.addEventListener("online", () => flush().catch(showError));
document.addEventListener("visibilitychange", () => { if (!document.hidden && offlineState.queue.length) flush().catch(showError); });
if (offlineState.queue.length) { saveQueue(); setOffline(true); scheduleFlush(); }
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("LeetTrack: no offline copy (" + error.message + ")"));
}
"""#
}

extension PageStyle {
    /// The offline banner, the "changes waiting" line and the pending marks. Served after ``text`` in `/app.css`.
    static let offline = #"""
#offline-banner { margin: 0; padding: 8px 12px; background: var(--medium); color: #000; font-size: 14px; }
#pending-changes { margin: 0; padding: 6px 12px; background: var(--card); border-bottom: 2px solid var(--medium); font-size: 14px; }
.pending { border-left: 3px solid var(--medium); }
.pending-mark { font-size: 12px; color: var(--fg); background: var(--line); border-radius: 6px; padding: 1px 6px; white-space: nowrap; }
"""#
}
