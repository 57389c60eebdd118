extension PageStyle {
    /// The Today, Lists, problem and Stats pages' pieces: progress bars, plain lists, the rendered
    /// note, the timer. Served after ``text`` in the same `/app.css`.
    static let pages = #"""
/* Text colours with a contrast of at least 4.5:1 on the card and the background (WCAG AA, what
   axe-core checks); the dark theme's already have it. */
:root { --link: #0a58b8; --easy: #13744a; --medium: #8a5a00; --hard: #b3261e; --heart: #c4262e; }
@media (prefers-color-scheme: dark) { :root { --link: #7cb7ff; --easy: #3dd68c; --medium: #f5b84a; --hard: #ff6b6b; --heart: #ff6b6b; } }
.heart[aria-pressed=true] { color: var(--heart); }
/* The views are flex columns that scroll: their pieces keep their height instead of shrinking to fit. */
#view-today > *, #view-lists > *, #view-problem > *, #view-review > *, #view-stats > * { flex-shrink: 0; }
.bar { height: 6px; border-radius: 3px; background: var(--l0); overflow: hidden; margin: 4px 0 10px; }
.bar span { display: block; height: 100%; background: var(--l3); }
ul.plain { list-style: none; margin: 0; padding: 0; }
ul.plain li { padding: 6px 0; border-bottom: 1px solid var(--line); }
ul.plain.lists li { border-bottom: none; padding-bottom: 0; }
ul.plain.sections li { padding: 3px 0 3px 12px; border: none; }
a { color: var(--link); }
.meta { color: var(--muted); }
.mark.solved { color: var(--easy); } .mark.attempted { color: var(--medium); }
.card h3 { margin: 0 0 6px; font-size: 16px; }
.card p { margin: 4px 0; }
.warn { border-color: var(--hard); }
form.buttons { margin: 10px 0; }
form.buttons input { flex: 1 1 12em; min-width: 0; padding: 6px 10px; border-radius: 8px; border: 1px solid var(--line); background: var(--card); }
button.danger { color: var(--hard); }
.timer { display: block; font: 600 28px/1.2 ui-monospace, monospace; margin: 4px 0 8px; }
.note-preview { margin-bottom: 8px; overflow-wrap: anywhere; }
.markdown pre { white-space: pre-wrap; background: var(--line); padding: 8px; border-radius: 8px; overflow-x: auto; }
.markdown code { font-family: ui-monospace, monospace; }
.markdown h4, .markdown h5, .markdown h6 { margin: 8px 0 4px; }
.event-note { white-space: pre-wrap; overflow-wrap: anywhere; }
.calendar:focus-visible { outline: 2px solid var(--accent); }
textarea:focus-visible { outline: 2px solid var(--accent); }
"""#
}
