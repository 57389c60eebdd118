/// The service worker (`/sw.js`): it keeps the app and the last data, so the page opens and shows
/// what it last showed while the server is away (the laptop asleep, the phone on the bus).
///
/// - The shell (page, script, style, manifest, icons) is served from the cache first. Its cache's
///   name carries the hash of the binary's assets, so a new build's worker (its script differs by
///   that hash, which makes the browser install it) fills a new cache and drops the old ones.
/// - The API's reads go to the network first; each answer is kept, and served when the network
///   fails, marked `X-LeetTrack-Offline: 1` so that the page shows its offline banner.
/// - Writes and the event stream are not touched: the page keeps its unsent changes itself
///   (``PageScript/offline``).
enum ServiceWorker {
    /// The worker's script for the assets whose hash is `version`, caching `shell` on install.
    static func script(version: String, shell: [String]) -> String {
        let paths = shell.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\"use strict\";\nconst VERSION = \"\(version)\";\nconst SHELL_PATHS = [\(paths)];\n" + body
    }

    private static let body = #"""
const SHELL = "leettrack-shell-" + VERSION;
const DATA = "leettrack-data-" + VERSION;

// The page's first reads happened before this worker controlled it: the data a reload needs
// offline is read once more here (a read that fails is left to the next visit).
const DATA_PATHS = ["/api/today", "/api/problems", "/api/tags", "/api/lists", "/api/progress", "/api/review", "/api/stats"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_PATHS))
    .then(() => caches.open(DATA))
    .then((cache) => Promise.all(DATA_PATHS.map((path) => fetch(path)
      .then((response) => response.ok ? cache.put(path, response) : undefined).catch(() => undefined))))
    .then(() => self.skipWaiting()));
});

// A new build's worker takes over at once and removes the caches of the builds before it.
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("leettrack-") && name !== SHELL && name !== DATA)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === "/api/events" || url.pathname === "/sw.js") return;
  if (url.pathname.startsWith("/api/")) return event.respondWith(networkFirst(request));
  // A link with ?token= must reach the server, which sets the session cookie.
  if (url.search) return;
  event.respondWith(cacheFirst(request, url.pathname === "/index.html" ? "/" : url.pathname));
});

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(DATA)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: DATA });
    const headers = new Headers(cached ? cached.headers : { "Content-Type": "application/json; charset=utf-8" });
    headers.set("X-LeetTrack-Offline", "1");
    if (cached) return new Response(cached.body, { status: cached.status, headers });
    const body = JSON.stringify({ error: "The server cannot be reached, and this page was not kept while it could.", status: 503 });
    return new Response(body, { status: 503, headers });
  }
}

async function cacheFirst(request, path) {
  const cached = await caches.match(path, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && SHELL_PATHS.includes(path)) await (await caches.open(SHELL)).put(path, response.clone());
  return response;
}
"""#
}
