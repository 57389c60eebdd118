extension PageScript {
    /// The Lists page (`#/lists`, `#/lists/KEY`): every list with its progress, a list's sections
    /// opening the filtered problem list, and the changes `leettrack lists` makes to the user's
    /// own lists, through `send`. Served after ``text`` in the same `/app.js`.
    static let lists = #"""
// The List filter's options, from `state.lists` (a list made or renamed here shows at once).
function renderListOptions() {
  const select = $("f-list");
  const chosen = select.value;
  select.replaceChildren(el("option", { value: "", text: "All problems" }),
    ...state.lists.map((list) => el("option", { value: list.key, text: list.name })));
  select.value = state.lists.some((list) => list.key === chosen) ? chosen : "";
}

function statusMark(p) { return el("span", { class: "mark " + p.status, title: p.status, text: mark(p.status) + " " }); }

function listCounts(list) {
  return list.solved + " / " + list.total + " solved" + (list.attempted ? " · " + list.attempted + " attempted" : "");
}

// Draws `parts` into `view` for `route`. A redraw of the same page (for a change made elsewhere,
// which can come at any moment) keeps what the user is typing: each text field's value by its
// label, and the focus, as the problem page keeps its note. A focused button keeps the focus too
// (an ↑ pressed from the keyboard stays under the key), or passes it to its row's other button
// once it is disabled (at the top or the bottom).
function redraw(view, route, parts) {
  const typed = new Map();
  let focused = null;
  let button = null;
  if (view.dataset.route === route) {
    for (const input of view.querySelectorAll("input[type=text]")) {
      const label = input.getAttribute("aria-label");
      if (input.value !== input.dataset.drawn) typed.set(label, input.value);
      if (document.activeElement === input) focused = label;
    }
    const active = document.activeElement;
    if (active && active.tagName === "BUTTON" && view.contains(active)) button = active.getAttribute("aria-label");
  }
  view.replaceChildren(...parts);
  view.dataset.route = route;
  for (const input of view.querySelectorAll("input[type=text]")) {
    const label = input.getAttribute("aria-label");
    input.dataset.drawn = input.value;
    if (typed.has(label)) input.value = typed.get(label);
    if (label === focused) input.focus();
  }
  const again = button && [...view.querySelectorAll("button[aria-label]")].find((item) => item.getAttribute("aria-label") === button);
  if (again) (again.disabled ? again.parentElement.querySelector("button:not(:disabled)") || again : again).focus();
}

// Runs a change to the user's lists and shows what `leettrack lists` would have said, on the page
// of the list changed, or on `how.page` (null: the Lists page). A change by a button (`how.keepTyped`)
// leaves what is being typed in the fields; one from a form is done with it.
async function changeLists(path, options, then, how = {}) {
  try {
    const answer = await send(path, options);
    if (!answer || !answer.lists) return;  // Not answered yet (kept to send later): the change shows when it lands.
    // Done with what was typed: the redraw that follows starts the fields afresh.
    if (!how.keepTyped) for (const input of $("view-lists").querySelectorAll("input[type=text]")) input.dataset.drawn = input.value;
    state.lists = answer.lists;
    renderListOptions();
    // Said on the page the change leads to, and kept there while it is redrawn (a change elsewhere).
    state.listMessage = { key: how.page !== undefined ? how.page : answer.list ? answer.list.key : null, text: answer.message };
    $("list-message").textContent = answer.message;
    await then(answer);
  } catch (error) { showError(error); }
}

async function showLists(key) {
  const view = $("view-lists");
  state.lists = await api("lists");
  renderListOptions();
  const said = state.listMessage && state.listMessage.key === (key || null) ? state.listMessage.text : "";
  const message = el("p", { id: "list-message", role: "status", text: said });
  if (key) return showList(view, key, message);
  const rows = (lists, buttons) => el("ul", { class: "plain lists" }, ...lists.map((list, index) => el("li", {},
    el("a", { href: "#/lists/" + encodeURIComponent(list.key), text: list.name }),
    el("span", { class: "meta", text: " " + listCounts(list) }), ...(buttons ? [" ", ...buttons(list, index, lists.length)] : []),
    bar(list.solved, list.total, "Solved in " + list.name))));
  // Up or down one place among the user's lists, as `lists reorder NAME PLACE` (places count from 1).
  const reorder = (list, index, count, step) => {
    const button = el("button", { type: "button", text: step < 0 ? "↑" : "↓",
      "aria-label": "Move the list " + list.name + (step < 0 ? " up" : " down"),
      onclick: () => changeLists("lists/" + encodeURIComponent(list.key) + "/reorder",
        { method: "POST", body: JSON.stringify({ place: index + 1 + step }) }, () => showLists(), { page: null, keepTyped: true }) });
    if (index + step < 0 || index + step >= count) button.disabled = true;
    return button;
  };
  const name = el("input", { type: "text", id: "new-list", "aria-label": "New list name", placeholder: "New list name", autocomplete: "off" });
  const create = el("form", { class: "buttons", onsubmit: (event) => {
    event.preventDefault();
    changeLists("lists", { method: "POST", body: JSON.stringify({ name: name.value }) }, async (answer) => {
      location.hash = "#/lists/" + encodeURIComponent(answer.list.key);
    });
  } }, name, el("button", { type: "submit", text: "Create list" }));
  const own = state.lists.filter((list) => list.own);
  redraw(view, "", [el("h2", { text: "Lists" }), rows(state.lists.filter((list) => !list.own)),
    el("h3", { text: "Your lists" }), own.length ? rows(own, (list, index, count) => [reorder(list, index, count, -1), reorder(list, index, count, 1)]) : el("p", { text: "None yet: make one below." }), create, message]);
}

// The own list whose delete waits for its second tap: kept when a change made elsewhere redraws
// the page between the two taps, forgotten when another list is shown.
let armedDelete = null;

async function showList(view, key, message) {
  if (armedDelete !== key) armedDelete = null;
  const list = state.lists.find((item) => item.key === key);
  if (!list) throw new Error("no list '" + key + "'");
  const path = "lists/" + encodeURIComponent(key);
  const armedText = "Delete " + list.name + "? Tap again";
  const problems = await api("problems?list=" + encodeURIComponent(key));
  const parts = [el("p", {}, el("a", { href: "#/lists", text: "← Lists" })), el("h2", { text: list.name }),
    el("p", { text: listCounts(list) }), bar(list.solved, list.total, "Solved in " + list.name),
    el("p", {}, el("a", { href: "#/problems/" + encodeURIComponent(key), text: "Open its " + plural(list.total, "problem") + " in the problem list" }))];
  if (list.sections) {
    parts.push(el("h3", { text: "Sections" }), el("ul", { class: "plain lists" }, ...list.sections.map((section) => el("li", {},
      el("a", { href: "#/problems/" + encodeURIComponent(key) + "/" + encodeURIComponent(section.name), text: section.name }),
      el("span", { class: "meta", text: " " + listCounts(section) }), bar(section.solved, section.total, "Solved in " + section.name)))));
  }
  if (list.own) {
    const again = () => showLists(key);
    const rename = el("input", { type: "text", "aria-label": "New name", autocomplete: "off" });
    rename.value = list.name;
    const add = el("input", { type: "text", "aria-label": "Problems to add", placeholder: "ids, slugs or titles, comma-separated", autocomplete: "off" });
    const remove = (problem) => el("button", { type: "button", text: "Remove", "aria-label": "Remove " + problem.title + " from " + list.name,
      onclick: () => changeLists(path + "/remove", { method: "POST", body: JSON.stringify({ problems: [problem.slug] }) }, again) });
    // Up or down one place, as `lists move NAME PROBLEM PLACE` (places count from 1).
    const move = (problem, index, step) => {
      const button = el("button", { type: "button", text: step < 0 ? "↑" : "↓",
        "aria-label": "Move " + problem.title + (step < 0 ? " up" : " down"),
        onclick: () => changeLists(path + "/move", { method: "POST", body: JSON.stringify({ problem: problem.slug, place: index + 1 + step }) },
          again, { keepTyped: true }) });
      if (index + step < 0 || index + step >= problems.length) button.disabled = true;
      return button;
    };
    parts.push(
      el("form", { class: "buttons", onsubmit: (event) => {
        event.preventDefault();
        const names = add.value.split(",").map((name) => name.trim()).filter(Boolean);
        changeLists(path + "/add", { method: "POST", body: JSON.stringify({ problems: names }) }, again);
      } }, add, el("button", { type: "submit", text: "Add" })),
      el("ul", { class: "plain" }, ...problems.map((p, index) => el("li", {}, statusMark(p), problemLink(p), " ",
        move(p, index, -1), move(p, index, 1), remove(p)))),
      el("form", { class: "buttons", onsubmit: (event) => {
        event.preventDefault();
        changeLists(path, { method: "PUT", body: JSON.stringify({ name: rename.value }) },
          async (answer) => { location.hash = "#/lists/" + encodeURIComponent(answer.list.key); });
      } }, rename, el("button", { type: "submit", text: "Rename" })),
      el("div", { class: "buttons" }, el("button", { type: "button", class: "danger",
        text: armedDelete === key ? armedText : "Delete list", onclick: (event) => {
        // Asks once on the page, as `lists delete` asks before deleting; the progress stays.
        if (armedDelete !== key) {
          armedDelete = key;
          event.currentTarget.textContent = armedText;
          return;
        }
        armedDelete = null;
        changeLists(path, { method: "DELETE" }, async () => { location.hash = "#/lists"; });
      } })));
  } else {
    parts.push(el("ul", { class: "plain" }, ...problems.map((p) => el("li", {}, statusMark(p), problemLink(p)))));
  }
  parts.push(message);
  redraw(view, "list/" + key, parts);
}
"""#
}
