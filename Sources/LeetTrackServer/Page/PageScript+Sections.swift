extension PageScript {
    /// The list's topic sections (a sectioned list chosen): the Section select with each
    /// section's solved/total, and the header rows. Served after ``text`` in the same `/app.js`.
    static let sections = #"""
// A sectioned list without a section chosen shows a header row before each section's run, as the
// terminal screen does; headers are items of `shown` like the rows, so the list stays virtual.
function withSectionHeaders(problems, counts) {
  const shown = [];
  let current = null;
  for (const p of problems) {
    const name = state.sectionOf.get(p.slug);
    if (name && name !== current && counts.has(name)) {
      shown.push({ header: name, solved: counts.get(name).solved, total: counts.get(name).total });
    }
    current = name;
    shown.push(p);
  }
  return shown;
}

// Each section's solved and total, from the rows' current status (so they follow live changes).
function sectionCounts() {
  const counts = new Map(state.sections.map((name) => [name, { solved: 0, total: 0 }]));
  for (const [slug, name] of state.sectionOf) {
    const count = counts.get(name);
    if (!count) continue;
    count.total += 1;
    if (state.bySlug.get(slug)?.status === "solved") count.solved += 1;
  }
  return counts;
}

function renderSectionOptions(counts) {
  const select = $("f-section");
  select.hidden = state.sections.length === 0;
  const options = [...select.options].slice(1);
  if (options.length !== state.sections.length || options.some((option, index) => option.value !== state.sections[index])) {
    const chosen = select.value;
    select.replaceChildren(el("option", { value: "", text: "All sections" }),
      ...state.sections.map((name) => el("option", { value: name })));
    select.value = state.sections.includes(chosen) ? chosen : "";
  }
  for (const option of [...select.options].slice(1)) {
    const count = counts.get(option.value);
    const text = option.value + " (" + count.solved + "/" + count.total + ")";
    if (option.textContent !== text) option.textContent = text;
  }
}
"""#
}
