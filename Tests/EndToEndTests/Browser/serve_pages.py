"""The Today, Lists, problem and Stats pages on a phone, in a real Chromium, against the CLI.

Run by ServePagesBrowserTests.swift: serve_pages.py URL LEETTRACK STORE CHROMIUM NOW.
The store (ServePagesBrowserTests.makeStore) follows NeetCode 150 with a goal of 3 and a target
date, has a review due, timed solves, a Markdown note on Two Sum, the list "Warm-up" and the daily
question; the server's and the CLI's clock is NOW. Each page must show what the store holds, and a
change made on a page must land in the store (read back with the CLI). Exits non-zero with a
message on the first failed expectation.
"""
import json
import os
import re
import subprocess
import sys
from datetime import datetime

from playwright.sync_api import expect, sync_playwright

url, leettrack, store, chromium, now = sys.argv[1:6]
environment = dict(os.environ, LEETTRACK_NOW=now, TZ="UTC")


def cli(*arguments, check=True):
    return subprocess.run([leettrack, "--store", store, *arguments], check=check, capture_output=True, text=True, env=environment)


def cli_json(*arguments):
    return json.loads(cli(*arguments, "--json").stdout)


def ready(page):
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, timezone_id="UTC")
    # The page's clock starts at the server's NOW and runs on: the page dates each change, and the
    # server refuses one dated more than two minutes after its own now (run later in the day than
    # NOW, every write on the page was refused).
    context.clock.install(time=datetime.fromisoformat(now.replace("Z", "+00:00")))
    page = context.new_page()
    page.goto(url)
    ready(page)

    # Today is the first page, and says what `today --json` says.
    today = cli_json("today")
    view = page.locator("#view-today")
    expect(view.get_by_role("heading", level=2)).to_have_text("Today, " + today["date"])
    due = today["dueCount"]
    expect(view.get_by_text(f"{due} review{'' if due == 1 else 's'} due", exact=True)).to_be_visible()
    expect(view.get_by_role("link", name="Review now")).to_have_attribute("href", "#/review")
    overdue = today["due"][0]["daysOverdue"]
    expect(view.get_by_text(re.compile(rf"^\s*{overdue} days? overdue$")).first).to_be_visible()
    expect(view.get_by_text(re.compile(r"\b1 days\b"))).to_have_count(0)
    nxt = today["next"]
    expect(view.get_by_role("link", name=f"{nxt['id']}. {nxt['title']}", exact=True)).to_be_visible()
    expect(view.get_by_text(f"{today['followedSolved']} of {today['followedTotal']} solved in")).to_be_visible()
    streak = today["currentStreak"]
    expect(view.get_by_text(re.compile(rf"^{streak} days? · longest"))).to_be_visible()
    goal = today["goal"]
    expect(view.get_by_text(re.compile(rf"^{min(goal['doneToday'], goal['goal'])} / {goal['goal']} today"))).to_be_visible()
    expect(view.get_by_role("progressbar", name="Daily goal")).to_have_attribute("aria-valuenow", str(min(goal["doneToday"], goal["goal"])))
    daily = today["daily"]
    expect(view.get_by_role("heading", name="Daily question")).to_be_visible()
    expect(view.locator(".card", has_text="Daily question").get_by_role("link")).to_have_text(f"{daily['id']}. {daily['title']}")
    plan_line = cli("today").stdout
    plan = re.search(r"Plan:\s+(\d+) new · (\d+ reviews?) today · (on track|\d+ behind)", plan_line)
    if plan is None:
        sys.exit(f"`today` has no plan line: {plan_line}")
    expect(view.get_by_text(f"{plan.group(1)} new · {plan.group(2)} today · {plan.group(3)}")).to_be_visible()

    # Without Premium the next problem passes over paid-only ones, as `today` does.
    cli("config", "premium", "no")
    page.reload()
    ready(page)
    free = cli_json("today")["next"]
    if free["slug"] == nxt["slug"]:
        sys.exit(f"the store's next problem should be paid-only, to show `premium no`: {nxt}")
    nxt = free
    expect(view.get_by_role("link", name=f"{nxt['id']}. {nxt['title']}", exact=True)).to_be_visible()
    cli("config", "premium", "yes")

    # Lists: every list with its progress; a list's sections open the filtered problem list.
    page.get_by_role("link", name="Lists", exact=True).click()
    lists = {item["key"]: item for item in cli_json("lists")}
    lists_view = page.locator("#view-lists")
    neetcode = lists["neetcode-150"]
    row = lists_view.get_by_role("listitem").filter(has=page.get_by_role("link", name="NeetCode 150", exact=True))
    expect(row).to_contain_text(f"{neetcode['solved']} / {neetcode['total']} solved")
    expect(lists_view.get_by_role("link", name="Warm-up", exact=True)).to_be_visible()
    row.get_by_role("link", name="NeetCode 150").click()
    expect(lists_view.get_by_role("heading", name="NeetCode 150")).to_be_visible()
    sections = {item["name"]: item for item in cli_json("lists", "neetcode-150", "--sections")}
    two = sections["Two Pointers"]
    section_row = lists_view.get_by_role("listitem").filter(has=page.get_by_role("link", name="Two Pointers", exact=True))
    expect(section_row).to_contain_text(f"{two['solved']} / {two['total']} solved")
    section_row.get_by_role("link", name="Two Pointers").click()
    expect(page.locator("#view-list")).to_be_visible()
    expect(page.get_by_role("combobox", name="Section")).to_have_value("Two Pointers")
    expect(page.locator("#count")).to_have_text(f"{two['total']} problems")

    # The user's own list: made, filled, emptied, renamed and deleted on the page, each change
    # in the store (read with the CLI), each refusal with the CLI's message.
    page.goto(url + "#/lists")
    page.get_by_role("textbox", name="New list name").fill("Bus rides")
    page.get_by_role("button", name="Create list").click()
    expect(lists_view.get_by_role("heading", name="Bus rides")).to_be_visible()
    if "bus-rides" not in [item["key"] for item in cli_json("lists")]:
        sys.exit("the list made on the page is not in the store")
    page.get_by_role("textbox", name="Problems to add").fill("1, valid parentheses")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#list-message")).to_have_text("Added 1. Two Sum to “Bus rides”. Added 20. Valid Parentheses to “Bus rides”.")
    shown = [p["slug"] for p in cli_json("lists", "bus-rides")]
    if shown != ["two-sum", "valid-parentheses"]:
        sys.exit(f"the problems added on the page are not in the store: {shown}")
    # The order: Valid Parentheses up one place (the first problem cannot go further up).
    expect(page.get_by_role("button", name="Move Two Sum up")).to_be_disabled()
    page.get_by_role("button", name="Move Valid Parentheses up").click()
    expect(page.locator("#list-message")).to_have_text("Moved 20. Valid Parentheses to place 1 of “Bus rides”.")
    shown = [p["slug"] for p in cli_json("lists", "bus-rides")]
    if shown != ["valid-parentheses", "two-sum"]:
        sys.exit(f"the order set on the page is not the store's: {shown}")
    page.get_by_role("button", name="Remove Two Sum from Bus rides").click()
    expect(page.get_by_role("button", name="Remove Two Sum from Bus rides")).to_have_count(0)
    shown = [p["slug"] for p in cli_json("lists", "bus-rides")]
    if shown != ["valid-parentheses"]:
        sys.exit(f"the problem removed on the page is still in the store: {shown}")
    page.get_by_role("textbox", name="Problems to add").fill("no such problem zzz")
    page.get_by_role("button", name="Add", exact=True).click()
    refused = cli("lists", "add", "bus-rides", "no such problem zzz", check=False).stderr.strip()
    message = refused.removeprefix("Error: ").splitlines()[0]
    expect(page.get_by_role("alert")).to_contain_text(message[:40])
    page.get_by_role("textbox", name="New name").fill("Bus trips")
    page.get_by_role("button", name="Rename").click()
    expect(lists_view.get_by_role("heading", name="Bus trips")).to_be_visible()
    keys = [item["key"] for item in cli_json("lists")]
    if "bus-trips" not in keys or "bus-rides" in keys:
        sys.exit(f"the rename did not reach the store: {keys}")
    page.get_by_role("button", name="Delete list").click()
    page.get_by_role("button", name="Delete Bus trips? Tap again").click()
    expect(lists_view.get_by_role("heading", name="Lists", exact=True)).to_be_visible()
    if "bus-trips" in [item["key"] for item in cli_json("lists")]:
        sys.exit("the list deleted on the page is still in the store")
    page.get_by_role("textbox", name="New list name").fill("Warm-up")
    # A change made elsewhere redraws the page while the name is being typed: the name stays.
    cli("solve", "3")
    blind = next(item for item in page.request.get(url.rstrip("/") + "/api/lists").json() if item["key"] == "blind-75")
    expect(lists_view.get_by_text(f"{blind['solved']} / {blind['total']} solved").first).to_be_visible()
    expect(page.get_by_role("textbox", name="New list name")).to_have_value("Warm-up")
    page.get_by_role("button", name="Create list").click()
    refused = cli("lists", "create", "Warm-up", check=False).stderr.strip().removeprefix("Error: ").splitlines()[0]
    expect(page.get_by_role("alert")).to_contain_text(refused[:40])

    # The own lists' order, by keyboard alone: Warm-up up above Commute, as `lists reorder` does;
    # the buttons at the ends are disabled, the focus stays in the row, and a name being typed stays.
    # (Both lists are made at the test's fixed time: the same time orders them by key.)
    cli("lists", "create", "Commute")
    page.goto(url + "#/lists")
    own_rows = lists_view.get_by_role("list").nth(1).get_by_role("link")
    expect(own_rows).to_have_text(["Commute", "Warm-up"])
    expect(page.get_by_role("button", name="Move the list Commute up")).to_be_disabled()
    expect(page.get_by_role("button", name="Move the list Warm-up down")).to_be_disabled()
    page.get_by_role("textbox", name="New list name").fill("Later")
    page.get_by_role("button", name="Move the list Warm-up up").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#list-message")).to_have_text("Put the list “Warm-up” at place 1 of your lists.")
    expect(own_rows).to_have_text(["Warm-up", "Commute"])
    own = [item["key"] for item in cli_json("lists") if item["own"]]
    if own != ["warm-up", "commute"]:
        sys.exit(f"the order set on the page is not the store's: {own}")
    expect(page.get_by_role("button", name="Move the list Warm-up down")).to_be_focused()
    expect(page.get_by_role("button", name="Move the list Warm-up up")).to_be_disabled()
    expect(page.get_by_role("textbox", name="New list name")).to_have_value("Later")
    page.keyboard.press("Enter")
    expect(page.locator("#list-message")).to_have_text("Put the list “Warm-up” at place 2 of your lists.")
    expect(own_rows).to_have_text(["Commute", "Warm-up"])
    expect(page.get_by_role("button", name="Move the list Warm-up up")).to_be_focused()
    cli("lists", "delete", "commute", "--yes")

    # A problem's page: the note as Markdown (nothing of it as markup), the history with times and
    # notes, and the timer recording an attempt and a solve with their times.
    page.goto(url + "#/problem/two-sum")
    note = page.get_by_role("region", name="Note, rendered")
    expect(note.get_by_role("heading", name="Idea")).to_be_visible()
    expect(note.locator("strong")).to_have_text("hash map")
    expect(note.locator("code").first).to_have_text("seen[x]")
    expect(note.get_by_role("link", name="the docs")).to_have_attribute("href", "https://example.com/hash")
    expect(note.get_by_role("link", name="not a link")).to_have_count(0)
    expect(note.get_by_text("[not a link](javascript:alert(1))")).to_be_visible()
    expect(note.locator("img")).to_have_count(0)
    expect(note.get_by_text('<img src=x onerror="alert(1)">')).to_be_visible()
    expect(note.locator("li")).to_have_count(2)
    history = page.locator("#view-problem .card", has_text="History")
    expect(history.get_by_text(re.compile(r"^2026-11-01 12:00 solved \(good\)$"))).to_be_visible()
    page.goto(url + "#/problem/3sum")
    history = page.locator("#view-problem .card", has_text="History")
    expect(history.get_by_text("TLE on case 311")).to_be_visible()
    expect(history.get_by_text(re.compile(r"attempted in 40m$"))).to_be_visible()
    timer = page.get_by_role("status", name="Time")
    page.get_by_role("button", name="Start").click()
    page.wait_for_timeout(2300)
    page.get_by_role("button", name="Pause").click()
    expect(timer).to_have_text(re.compile(r"^0:(0[2-9]|[1-5]\d)$"))
    counted = int(timer.text_content().split(":")[1])
    # A paused timer outlives a reload, still paused at the same time.
    page.reload()
    ready(page)
    expect(timer).to_have_text(f"0:{counted:02d}")
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    page.get_by_role("button", name="Stop: attempted").click()
    expect(history.get_by_text(re.compile(rf"attempted in {counted}s$"))).to_be_visible()
    # The page dates a change by the browser's clock (when it was made, for a change sent later),
    # and the server runs on the test's fixed clock: the new event is found by its time, not its place.
    events = cli_json("show", "3sum")["history"]
    if not any(event["kind"] == "attempted" and event.get("seconds") == counted for event in events):
        sys.exit(f"the timed attempt is not in the store: {events}")
    page.goto(url + "#/problem/container-with-most-water")
    page.get_by_role("combobox", name="Rating").select_option("hard")
    page.get_by_role("button", name="Start").click()
    page.wait_for_timeout(1200)
    # A running timer outlives a reload: it shows the time since its start, and keeps counting.
    page.reload()
    ready(page)
    expect(timer).to_have_text(re.compile(r"^0:0[1-9]$"))
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    before = int(timer.text_content().split(":")[1])
    expect(timer).not_to_have_text(f"0:{before:02d}", timeout=3000)
    page.get_by_role("combobox", name="Rating").select_option("hard")
    page.get_by_role("button", name="Stop: solved").click()
    expect(page.locator("#view-problem .card", has_text="History").get_by_text(re.compile(r"solved \(hard\) in \d+s$"))).to_be_visible()
    if page.evaluate("localStorage.getItem('leettrack.timer.container-with-most-water')") is not None:
        sys.exit("the stopped timer is still kept on the device")
    expect(timer).to_have_text("0:00")
    shown = cli_json("show", "11")
    timed = [event for event in shown["history"] if event["kind"] == "solved" and 2 <= event.get("seconds", 0) < 60]
    if shown["status"] != "solved" or len(timed) != 1 or timed[0].get("rating") != "hard":
        sys.exit(f"the timed solve is not in the store: {shown}")
    # The API takes a time as `--time` does, and refuses a bad one with its message, changing nothing.
    answer = page.evaluate("""async () => {
        const response = await fetch("/api/problems/2/solve", { method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ time: "-5m" }) });
        return { status: response.status, body: await response.json() };
    }""")
    refused = cli("solve", "2", "--time", "-5m", check=False).stderr
    if answer["status"] != 400 or "negative" not in answer["body"]["error"] or "negative" not in refused:
        sys.exit(f"a bad time is not refused as the CLI refuses it: {answer} / {refused}")
    if cli_json("show", "2")["status"] != "todo":
        sys.exit("a refused solve changed the store")

    # Stats: the calendar shows its most recent weeks without scrolling on a phone, and scrolls
    # back; the median times and the lists' progress are the CLI's.
    page.goto(url + "#/stats")
    calendar = page.get_by_role("img", name=re.compile("in the last year"))
    expect(calendar).to_be_visible()
    page.wait_for_timeout(300)
    scroll = calendar.evaluate("grid => [grid.scrollLeft, grid.clientWidth, grid.scrollWidth]")
    if scroll[2] <= scroll[1] or scroll[0] + scroll[1] < scroll[2] - 1:
        sys.exit(f"the calendar does not start at its most recent weeks: {scroll}")
    expect(calendar.locator("i").last).to_be_in_viewport()
    expect(calendar.locator("i").first).not_to_be_in_viewport()
    calendar.evaluate("grid => { grid.scrollLeft = 0; }")
    expect(calendar.locator("i").first).to_be_in_viewport()
    stats = cli_json("stats")
    for line in stats["byDifficulty"]:
        if line.get("medianSeconds"):
            minutes = round(line["medianSeconds"] / 60)
            expect(page.locator("#view-stats .card", has_text="Median time").get_by_text(re.compile(rf"^{line['difficulty']}: {minutes}m$"))).to_be_visible()
    lists_card = page.locator("#view-stats .card", has_text="Lists")
    neetcode = [item for item in cli_json("lists") if item["key"] == "neetcode-150"][0]
    expect(lists_card.locator("p", has_text="NeetCode 150")).to_contain_text(f"{neetcode['solved']} / {neetcode['total']} solved")
    expect(lists_card.get_by_role("link", name="Two Pointers").first).to_be_visible()
    browser.close()
print("ok")
