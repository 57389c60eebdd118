/// The page's style: light and dark from the system, sized for a phone first.
enum PageStyle {
    static let text = #"""
:root { color-scheme: light dark; --bg: #f7f7f8; --fg: #1c1d21; --muted: #6b6f76; --line: #e2e3e6; --card: #fff;
  --accent: #e5484d; --easy: #1a8f5a; --medium: #b7791f; --hard: #d13d3d; --l0: #ebedf0; --l1: #9be9a8; --l2: #40c463;
  --l3: #30a14e; --l4: #216e39; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #17181b; --fg: #ececef; --muted: #9a9ea6; --line: #2c2e33; --card: #202226; --easy: #3dd68c;
    --medium: #f5b84a; --hard: #ff6b6b; --l0: #2c2e33; --l1: #0e4429; --l2: #006d32; --l3: #26a641; --l4: #39d353; }
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { background: var(--bg); color: var(--fg); font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-bottom: 1px solid var(--line);
  flex-wrap: wrap; }
header h1 { font-size: 18px; margin: 0; }
nav { display: flex; gap: 10px; flex: 1; }
nav a { color: var(--muted); text-decoration: none; padding: 4px 2px; }
nav a.current { color: var(--fg); border-bottom: 2px solid var(--accent); }
button, select, input, textarea { font: inherit; color: inherit; }
button { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--accent); }
main { flex: 1; min-height: 0; display: flex; flex-direction: column; }
section { flex: 1; min-height: 0; display: flex; flex-direction: column; padding: 8px 12px; overflow: auto; }
section[hidden] { display: none; }
.filters { display: flex; flex-wrap: wrap; gap: 6px; }
.filters input[type=search] { flex: 1 1 100%; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--line);
  background: var(--card); }
.filters select { flex: 1 1 auto; min-width: 0; padding: 6px; border-radius: 8px; border: 1px solid var(--line); background: var(--card); }
.check { display: flex; align-items: center; gap: 4px; }
#count { color: var(--muted); margin: 6px 0; font-size: 13px; }
#rows { flex: 1; min-height: 200px; overflow-y: auto; position: relative; border-top: 1px solid var(--line); }
#spacer { width: 1px; }
.row { position: absolute; left: 0; right: 0; height: 52px; display: flex; align-items: center; gap: 8px;
  padding: 0 4px; border-bottom: 1px solid var(--line); }
.row .mark { width: 18px; text-align: center; color: var(--muted); }
.row .mark.solved { color: var(--easy); }
.row .mark.attempted { color: var(--medium); }
.row a.title { flex: 1; min-width: 0; color: var(--fg); text-decoration: none; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.row .meta { color: var(--muted); font-size: 12px; white-space: nowrap; }
.row.section-head { align-items: flex-end; padding-bottom: 6px; border-bottom: 2px solid var(--line); }
.row.section-head .name { flex: 1; min-width: 0; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.easy { color: var(--easy); } .medium { color: var(--medium); } .hard { color: var(--hard); }
.heart { border: none; background: none; font-size: 20px; color: var(--muted); padding: 6px; min-width: 40px; }
.heart[aria-pressed=true] { color: var(--accent); }
dialog { width: min(560px, 100vw); max-height: 85vh; border: none; border-radius: 14px; padding: 0; background: var(--card);
  color: var(--fg); }
dialog::backdrop { background: rgba(0,0,0,.45); }
.sheet-head { display: flex; align-items: center; justify-content: space-between; padding: 10px 14px;
  border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--card); }
.sheet-head h2 { margin: 0; font-size: 17px; }
#favorites-list { list-style: none; margin: 0; padding: 0 8px 8px; }
#favorites-list li { display: flex; align-items: center; gap: 8px; border-bottom: 1px solid var(--line); min-height: 48px; }
#favorites-list li span { flex: 1; }
#favorites-empty { padding: 14px; color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; margin: 8px 0; }
.statement pre { white-space: pre-wrap; overflow-x: auto; background: var(--line); padding: 8px; border-radius: 8px; }
.statement code { font-family: ui-monospace, monospace; }
.buttons { display: flex; gap: 6px; flex-wrap: wrap; }
textarea { width: 100%; min-height: 120px; border-radius: 8px; border: 1px solid var(--line); background: var(--bg); padding: 8px; }
.stat { display: inline-block; margin: 0 18px 8px 0; }
.stat b { display: block; font-size: 22px; }
.calendar { display: grid; grid-auto-flow: column; grid-template-rows: repeat(7, 11px); gap: 2px; overflow-x: auto; padding: 4px 0; }
.calendar i { width: 11px; height: 11px; border-radius: 2px; background: var(--l0); }
.calendar i.l1 { background: var(--l1); } .calendar i.l2 { background: var(--l2); } .calendar i.l3 { background: var(--l3); }
.calendar i.l4 { background: var(--l4); }
#error { position: fixed; bottom: 12px; left: 12px; right: 12px; background: var(--hard); color: #fff; padding: 10px;
  border-radius: 8px; margin: 0; }
#warning { margin: 8px 12px; padding: 10px; border-radius: 8px; border: 1px solid var(--hard); }
"""#
}
