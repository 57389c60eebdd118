/// The page: a shell the script fills in. Every piece of store text reaches it through
/// `textContent`, never as markup.
enum PageHTML {
    static let text = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#f7f7f8" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#17181b" media="(prefers-color-scheme: dark)">
<title>LeetTrack</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="icon" href="/icon-192.png" type="image/png" sizes="192x192">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header>
  <h1>LeetTrack</h1>
  <nav aria-label="Sections">
    <a href="#/" data-view="today">Today</a>
    <a href="#/problems" data-view="list">Problems</a>
    <a href="#/lists" data-view="lists">Lists</a>
    <a href="#/review" data-view="review">Review</a>
    <a href="#/stats" data-view="stats">Stats</a>
  </nav>
  <button type="button" id="open-favorites">♥ Favorites</button>
</header>
<main>
  <section id="view-today" hidden aria-label="Today"></section>
  <section id="view-list" hidden aria-label="Problems">
    <div class="filters">
      <input type="search" id="search" aria-label="Search problems" placeholder="Search problems" autocomplete="off">
      <select id="f-difficulty" aria-label="Difficulty"><option value="">Any difficulty</option><option value="easy">Easy</option><option value="medium">Medium</option><option value="hard">Hard</option></select>
      <select id="f-status" aria-label="Status"><option value="">Any status</option><option value="todo">Todo</option><option value="attempted">Attempted</option><option value="solved">Solved</option></select>
      <select id="f-tag" aria-label="Tag"><option value="">Any tag</option></select>
      <select id="f-list" aria-label="List"><option value="">All problems</option></select>
      <select id="f-section" aria-label="Section" hidden><option value="">All sections</option></select>
      <label class="check"><input type="checkbox" id="f-favorites"> Favorites only</label>
    </div>
    <p id="count" aria-live="polite"></p>
    <div id="rows" role="list" aria-label="Problem list"><div id="spacer"></div></div>
  </section>
  <section id="view-lists" hidden aria-label="Lists"></section>
  <section id="view-problem" hidden aria-label="Problem"></section>
  <section id="view-review" hidden aria-label="Review"></section>
  <section id="view-stats" hidden aria-label="Stats"></section>
</main>
<dialog id="favorites" aria-labelledby="favorites-title">
  <div class="sheet-head">
    <h2 id="favorites-title">Favorites</h2>
    <button type="button" id="close-favorites">Close</button>
  </div>
  <ul id="favorites-list"></ul>
  <p id="favorites-empty" hidden>No favorites yet: tap a heart.</p>
</dialog>
<p id="warning" role="status" hidden></p>
<p id="error" role="alert" hidden></p>
</body>
</html>
"""#
}
