/// The report page's stylesheet, inlined in its `<style>` element.
///
/// Colours are custom properties set twice, for light and for dark, so the page follows the
/// system's setting (`prefers-color-scheme`) with no script. The heatmap uses GitHub's greens
/// for each scheme; difficulties use LeetCode's hues, darkened on light backgrounds so text in
/// them stays readable. The layout is one column on a phone and a twelve-column grid from 900
/// pixels up. The text holds no `<` or `&`, so the page stays well-formed XML.
enum ReportStylesheet {
    static let css = """
        :root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--text:#1f2328;--muted:#5b6470;\
        --border:#d8dee4;--track:#e6e9ed;--accent:#0969da;--easy:#00897b;--medium:#b77900;--hard:#d1244b;\
        --solved:#2da44e;--part:#a8dcb5;--overdue:#cf222e;\
        --l0:#ebedf0;--l1:#9be9a8;--l2:#40c463;--l3:#30a14e;--l4:#216e39}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9aa4af;\
        --border:#30363d;--track:#262c36;--accent:#58a6ff;--easy:#2dc5b0;--medium:#f5b82e;--hard:#ff5c7c;\
        --solved:#3fb950;--part:#1f5f2e;--overdue:#ff7b72;\
        --l0:#21262d;--l1:#0e4429;--l2:#006d32;--l3:#26a641;--l4:#39d353}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--text);\
        font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans","Helvetica Neue",Arial,sans-serif}
        main{max-width:1240px;margin:0 auto;padding:20px 16px 32px}
        a{color:var(--accent);text-decoration:none}
        a:hover{text-decoration:underline}
        h1{font-size:1.5rem;margin:0}
        h2{font-size:1.05rem;margin:0 0 12px}
        h3{font-size:.9rem;margin:14px 0 6px;color:var(--muted);font-weight:600}
        p{margin:0 0 8px}
        code{font:.9em ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        .muted{color:var(--muted)}
        .note-line{color:var(--muted);font-size:.85rem;margin:8px 0 0}
        .top{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:4px 16px;margin-bottom:16px}
        .grid{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));gap:16px}
        .card{grid-column:span 12;min-width:0;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:16px 18px}
        @media (min-width:900px){.half{grid-column:span 6}.wide{grid-column:span 7}.narrow{grid-column:span 5}}
        .kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;grid-column:span 12}
        .kpi{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:12px 14px}
        .kpi .label{font-size:.8rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
        .kpi .value{font-size:1.75rem;font-weight:650;line-height:1.2;font-variant-numeric:tabular-nums}
        .kpi .sub{font-size:.85rem;color:var(--muted)}
        .rings{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:16px;margin:0}
        .ring{margin:0;text-align:center}
        .ring svg{width:128px;height:128px;display:block;margin:0 auto 6px}
        .ring .track{fill:none;stroke:var(--track)}
        .ring .arc{fill:none}
        .ring .big{font-size:26px;font-weight:650;fill:var(--text);text-anchor:middle}
        .ring .small{font-size:12px;fill:var(--muted);text-anchor:middle}
        .easy{color:var(--easy);stroke:var(--easy)}
        .medium{color:var(--medium);stroke:var(--medium)}
        .hard{color:var(--hard);stroke:var(--hard)}
        .all{color:var(--solved);stroke:var(--solved)}
        .arc.attempted{opacity:.35}
        .counts{display:flex;justify-content:center;flex-wrap:wrap;gap:2px 12px;margin:4px 0 0;font-size:.85rem}
        .counts div{display:flex;gap:4px}
        .counts dt{color:var(--muted)}
        .counts dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
        .streaks{display:flex;flex-wrap:wrap;gap:8px 28px;margin:0 0 10px}
        .streaks strong{font-size:1.25rem;font-variant-numeric:tabular-nums}
        .heatmap{overflow-x:auto;direction:rtl;padding-bottom:4px}
        .heatmap svg{direction:ltr;display:block;width:100%;min-width:620px;max-width:980px;height:auto;margin:0 auto}
        .axis{font-size:9px;fill:var(--muted)}
        .l0{fill:var(--l0)}.l1{fill:var(--l1)}.l2{fill:var(--l2)}.l3{fill:var(--l3)}.l4{fill:var(--l4)}.goal{stroke:currentColor;stroke-width:1.5}
        .legend{display:flex;align-items:center;justify-content:flex-end;gap:6px;font-size:.8rem;color:var(--muted);margin:6px 0}
        .legend svg{width:66px;height:12px}
        details{margin-top:6px}
        summary{cursor:pointer;color:var(--muted);font-size:.9rem}
        details ul{margin:6px 0 0;padding-left:18px;font-size:.85rem;max-height:320px;overflow-y:auto}
        .rows{display:grid;grid-template-columns:minmax(0,max-content) minmax(80px,1fr) max-content;gap:7px 12px}
        .row{grid-column:1/-1;display:grid;grid-template-columns:subgrid;grid-template-areas:"name bar numbers";\
        gap:2px 12px;align-items:center}
        .row .name{grid-area:name;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:13rem}
        .row .bar{grid-area:bar}
        .rows .span{grid-column:1/-1;margin:6px 0 0}
        .row .numbers{grid-area:numbers;font-variant-numeric:tabular-nums;text-align:right;font-size:.9rem;white-space:nowrap}
        .row .numbers small{color:var(--muted)}
        .bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:var(--track)}
        .bar span{display:block;height:100%}
        .bar .solved{background:var(--solved)}
        .bar .part{background:var(--part)}
        .key{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.8rem;color:var(--muted);margin:10px 0 0}
        .key i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}
        .key .solved{background:var(--solved)}
        .key .part{background:var(--part)}
        table{width:100%;border-collapse:collapse;font-size:.9rem}
        th,td{padding:6px 8px;border-bottom:1px solid var(--border);text-align:left;vertical-align:top}
        th{font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);font-weight:600}
        tr:last-child td{border-bottom:0}
        .scroll{overflow-x:auto}
        .nowrap{white-space:nowrap}
        .note{white-space:pre-wrap;overflow-wrap:anywhere;color:var(--muted);font-size:.85rem;max-width:32rem}
        .items{list-style:none;margin:0;padding:0}
        .items li{display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 8px;padding:5px 0;border-bottom:1px solid var(--border)}
        .items li:last-child{border-bottom:0}
        .items .when{margin-left:auto;font-size:.85rem;color:var(--muted);white-space:nowrap}
        .overdue{color:var(--overdue)}
        .chip{font-size:.75rem;font-weight:600;white-space:nowrap}
        .empty{color:var(--muted);font-style:italic}
        footer{margin-top:20px;font-size:.8rem;color:var(--muted);text-align:center}
        @media (max-width:600px){main{padding:12px 10px 24px}.card{padding:12px}.kpis{grid-template-columns:repeat(2,minmax(0,1fr))}\
        .kpi .value{font-size:1.4rem}.rings{grid-template-columns:repeat(2,minmax(0,1fr))}.ring svg{width:108px;height:108px}\
        .rows{grid-template-columns:minmax(0,1fr) max-content}.row{grid-template-areas:"name numbers" "bar bar"}\
        #events td{white-space:normal}#events time span{white-space:nowrap}#events .clock{display:block}th,td{padding:6px 5px}}
        """
}
