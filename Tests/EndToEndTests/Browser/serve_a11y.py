"""axe-core on every page of `leettrack serve`, phone and desktop, light and dark; flows by
keyboard alone; and the phone screenshots of each page, light and dark, for the README.

Run by ServePagesBrowserTests.swift: serve_a11y.py URL CHROMIUM SCREENSHOT_DIR NOW.
The store and the clock are fixed (ServePagesBrowserTests.makeStore; the server's clock is NOW), so
the screenshots are the same at every run. Exits non-zero listing every serious or critical violation, or on the first
failed keyboard expectation.
"""
import os
import sys
from datetime import datetime

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright

url, chromium, shots, now = sys.argv[1:5]

# Each page: its name (the screenshot's), its address, and what shows once it is drawn.
PAGES = [
    ("today", "#/", "#view-today h2"),
    ("problems", "#/problems", "#rows .row"),
    ("problem", "#/problem/two-sum", "#view-problem h2"),
    ("lists", "#/lists", "#view-lists h2"),
    ("list", "#/lists/neetcode-150", "#view-lists h2"),
    ("own-list", "#/lists/warm-up", "#view-lists h2"),
    ("review", "#/review", "#view-review h2"),
    ("stats", "#/stats", "#view-stats .card"),
    ("favorites", "#/problems", "#rows .row"),
]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

axe = Axe()
problems = []


def open_page(page, address, drawn, name):
    page.goto(url + address)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.locator(drawn).first).to_be_visible()
    if name == "favorites":
        page.get_by_role("button", name="♥ Favorites").click()
        expect(page.get_by_role("dialog", name="Favorites")).to_be_visible()
    page.evaluate("document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))")
    page.wait_for_timeout(150)  # The calendar's scroll and the bars settle after the first frame.


def tab_to(page, describe, matches, limit=60, backwards=False):
    """Presses Tab (Shift+Tab `backwards`) until the focused element satisfies `matches` (a JS predicate on it)."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!e && ({matches}); }})()"):
            return
    sys.exit(f"Tab never reached {describe}")


with sync_playwright() as playwright:
    # Rasterised in software on one thread: under load (the whole suite running), GPU and threaded
    # raster anti-aliased a rounded corner differently from run to run (a few pixels, 1-3 levels
    # apart), so the screenshots changed bytes with no visible change.
    browser = playwright.chromium.launch(executable_path=chromium, args=[
        "--no-sandbox", "--disable-gpu", "--disable-gpu-rasterization", "--num-raster-threads=1"])
    os.makedirs(shots, exist_ok=True)
    for viewport_name, viewport in VIEWPORTS.items():
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport=viewport, color_scheme=scheme, timezone_id="UTC", reduced_motion="reduce")
            for name, address, drawn in PAGES:
                # A fresh tab for each page: what one page left (focus, scroll, a timer) cannot reach the next's screenshot.
                page = context.new_page()
                open_page(page, address, drawn, name)
                result = axe.run(page)
                for violation in result.response["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [" ".join(node["target"]) for node in violation["nodes"][:3]]
                        problems.append(f"{name} ({viewport_name}, {scheme}): {violation['id']} ({violation['impact']}): "
                                        f"{violation['help']} at {targets}")
                if viewport_name == "phone":
                    page.screenshot(path=os.path.join(shots, f"{name}-{scheme}.png"))
                page.close()
            context.close()
    if problems:
        sys.exit("axe-core found serious or critical violations:\n" + "\n".join(problems))

    # By keyboard alone, on a phone: search, heart and unheart with Enter and Space, open a page.
    # The page's clock starts at the server's NOW and runs on: the page dates each change, and the
    # server refuses one dated more than two minutes after its own now (run later in the day than
    # NOW, the heart was refused and put back, and the flow went on as if it had landed).
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    context.clock.install(time=datetime.fromisoformat(now.replace("Z", "+00:00")))
    page = context.new_page()
    page.goto(url + "#/problems")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    tab_to(page, "the search box", "e.id === 'search'")
    page.keyboard.type("lru cache")
    expect(page.locator("#count")).to_have_text("1 problem")
    tab_to(page, "LRU Cache's heart", "e.classList.contains('heart')")
    heart = page.locator("#rows .heart")
    before = heart.get_attribute("aria-pressed")
    page.keyboard.press("Enter")
    expect(heart).not_to_have_attribute("aria-pressed", before)
    # The row is drawn again when the server answers and when its change event comes: Space
    # (pressed and released on one button) waits for both. The heart stays as the key left it
    # only if the server took the change (a refused one is put back and its error shown).
    page.wait_for_timeout(1500)
    expect(heart).not_to_have_attribute("aria-pressed", before)
    expect(page.locator("#error")).to_be_hidden()
    expect(heart).to_be_focused()
    page.keyboard.press("Space")
    expect(heart).to_have_attribute("aria-pressed", before)
    page.wait_for_timeout(1500)
    expect(heart).to_have_attribute("aria-pressed", before)
    expect(page.locator("#error")).to_be_hidden()
    tab_to(page, "the problem's link", "e.matches('#rows a.title')")
    page.keyboard.press("Enter")
    expect(page.locator("#view-problem h2")).to_have_text("146. LRU Cache")
    # The nav by keyboard: Lists, then a list, then back to Today and on to Review.
    tab_to(page, "the Lists link", "e.matches('nav a[data-view=lists]')", backwards=True)
    page.keyboard.press("Enter")
    expect(page.locator("#view-lists h2")).to_have_text("Lists")
    tab_to(page, "NeetCode 150's link", "e.textContent === 'NeetCode 150'")
    page.keyboard.press("Enter")
    expect(page.locator("#view-lists h2")).to_have_text("NeetCode 150")
    tab_to(page, "the Today link", "e.matches('nav a[data-view=today]')", backwards=True)
    page.keyboard.press("Enter")
    expect(page.locator("#view-today h2")).to_contain_text("Today")
    tab_to(page, "Review now", "e.textContent === 'Review now'")
    page.keyboard.press("Enter")
    expect(page.locator("#view-review h2")).to_have_text("Review")
    # The Favorites sheet opens and closes by keyboard.
    tab_to(page, "the Favorites button", "e.id === 'open-favorites'", backwards=True)
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Favorites")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Favorites")).to_be_hidden()
    # The timer by keyboard: Start, then Pause.
    page.goto(url + "#/problem/two-sum")
    expect(page.locator("#view-problem h2")).to_be_visible()
    tab_to(page, "the timer's Start", "e.textContent === 'Start'")
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Pause")).to_be_focused()
    browser.close()
print("ok")
