"""The acceptance flows of `leettrack serve` in a real Chromium, driven by Playwright.

Run by ServeBrowserTests.swift: serve_flows.py URL LEETTRACK STORE CHROMIUM SCREENSHOT_DIR.
Exits non-zero with a message on the first failed expectation.
"""
import re
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

url, leettrack, store, chromium, shots = sys.argv[1:6]


def heart(page, title, pressed):
    verb = "Remove" if pressed else "Add"
    where = "from" if pressed else "to"
    return page.get_by_role("button", name=f"{verb} {title} {where} favorites", exact=True)


# NeetCode 150's "Two Pointers", in the list's order.
TWO_POINTERS = [125, 167, 15, 11, 42]


def choose_two_pointers(page):
    """Choose NeetCode 150, then its Two Pointers section; expect exactly its problems in order."""
    page.get_by_role("searchbox", name="Search problems").fill("")
    section = page.get_by_role("combobox", name="Section")
    expect(section).to_be_hidden()
    page.get_by_role("combobox", name="List").select_option(label="NeetCode 150")
    expect(section).to_be_visible()
    # Without a section chosen, a header row starts each section, in the list's order.
    rows = page.get_by_role("list", name="Problem list")
    expect(rows.get_by_role("heading", name="Arrays & Hashing")).to_be_visible()
    expect(section.locator("option").nth(1)).to_have_text(re.compile(r"^Arrays & Hashing \(\d+/9\)$"))
    expect(section.locator("option").nth(2)).to_have_text("Two Pointers (0/5)")
    section.select_option("Two Pointers")
    expect(rows.get_by_role("link")).to_have_text([re.compile(rf"^{id}\. ") for id in TWO_POINTERS])
    expect(rows.get_by_role("heading")).to_have_count(0)
    expect(page.locator("#count")).to_have_text("5 problems")


def add_favorite(page, query, title):
    search = page.get_by_role("searchbox", name="Search problems")
    search.fill(query)
    heart(page, title, False).first.click()
    expect(heart(page, title, True).first).to_have_attribute("aria-pressed", "true")


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    page = browser.new_page()
    page.goto(url + "#/problems")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)

    # Search "two sum", heart it, heart two more.
    add_favorite(page, "two sum", "Two Sum")
    add_favorite(page, "lru cache", "LRU Cache")
    add_favorite(page, "valid parentheses", "Valid Parentheses")

    # The Favorites dialog shows the three; Close closes it.
    page.get_by_role("button", name="♥ Favorites").click()
    dialog = page.get_by_role("dialog", name="Favorites")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="favorites")).to_have_count(3)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    # Reload: still three. Unheart one in the dialog; Escape closes it.
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    page.get_by_role("button", name="♥ Favorites").click()
    expect(dialog.get_by_role("button", name="favorites")).to_have_count(3)
    heart(dialog, "LRU Cache", True).click()
    expect(dialog.get_by_role("button", name="favorites")).to_have_count(2)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # A change from the command line shows without reload.
    page.get_by_role("searchbox", name="Search problems").fill("146")
    expect(heart(page, "LRU Cache", False)).to_have_attribute("aria-pressed", "false")
    subprocess.run([leettrack, "--store", store, "fav", "146"], check=True, capture_output=True)
    expect(heart(page, "LRU Cache", True)).to_have_attribute("aria-pressed", "true", timeout=1000)

    # A note being typed survives a change made elsewhere, with its focus; saving then saves it.
    page.goto(url + "#/problem/two-sum")
    note = page.get_by_role("textbox", name="Note")
    note.click()
    note.fill("half-written: use a hash map")
    subprocess.run([leettrack, "--store", store, "fav", "reverse-integer"], check=True, capture_output=True)
    page.wait_for_timeout(1500)
    expect(note).to_have_value("half-written: use a hash map")
    expect(note).to_be_focused()
    page.get_by_role("button", name="Save note").click()
    page.wait_for_timeout(500)
    shown = subprocess.run([leettrack, "--store", store, "note", "1"], check=True, capture_output=True, text=True).stdout
    if shown.strip() != "half-written: use a hash map":
        sys.exit(f"the typed note was not saved: {shown!r}")
    page.goto(url + "#/problems")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)

    # Light and dark screenshots are not blank.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        data = page.screenshot(path=f"{shots}/serve-{scheme}.png")
        if len(set(data[i] for i in range(0, len(data), 97))) < 20:
            sys.exit(f"the {scheme} screenshot looks blank")

    # Every PNG icon of the manifest, and the apple-touch-icon, decodes at its declared size.
    icons = page.evaluate("""async () => {
        const manifest = await (await fetch(document.querySelector('link[rel=manifest]').href)).json();
        const touch = document.querySelector('link[rel=apple-touch-icon]');
        const wanted = manifest.icons.filter((icon) => icon.type === "image/png")
            .concat([{ src: touch.getAttribute("href"), sizes: touch.getAttribute("sizes") }]);
        const results = [];
        for (const icon of wanted) {
            const image = new Image();
            image.src = icon.src;
            try { await image.decode(); } catch (error) { results.push(icon.src + ": does not decode"); continue; }
            const size = image.naturalWidth + "x" + image.naturalHeight;
            if (size !== icon.sizes) results.push(icon.src + ": " + size + ", declared " + icon.sizes);
            else results.push("ok");
        }
        return results;
    }""")
    if len(icons) < 5 or any(result != "ok" for result in icons):
        sys.exit(f"the icons do not decode at their declared sizes: {icons}")

    # The section filter: NeetCode 150, then Two Pointers.
    choose_two_pointers(page)

    # A phone viewport shows the list, the section filter and the dialog.
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(url + "#/problems")
    expect(phone.locator("body[data-ready=true]")).to_have_count(1)
    expect(phone.get_by_role("listitem").first).to_be_visible()
    choose_two_pointers(phone)
    for link in phone.get_by_role("list", name="Problem list").get_by_role("link").all():
        expect(link).to_be_in_viewport()
    select = phone.get_by_role("combobox", name="Section").bounding_box()
    if select is None or select["x"] + select["width"] > 390:
        sys.exit(f"the Section select does not fit a phone: {select}")
    phone.get_by_role("button", name="♥ Favorites").click()
    expect(phone.get_by_role("dialog", name="Favorites")).to_be_visible()
    box = phone.get_by_role("dialog", name="Favorites").bounding_box()
    if box is None or box["width"] > 390:
        sys.exit(f"the dialog does not fit a phone: {box}")

    # A solve from the command line updates the section's count without reload.
    subprocess.run([leettrack, "--store", store, "solve", "125"], check=True, capture_output=True)
    expect(page.get_by_role("combobox", name="Section").locator("option").nth(2)).to_have_text("Two Pointers (1/5)", timeout=1000)

    # All sections again: the header rows scroll like the rows and only what is visible is rendered.
    page.get_by_role("combobox", name="Section").select_option("")
    rows = page.get_by_role("list", name="Problem list")
    page.locator("#rows").evaluate("box => { box.scrollTop = box.scrollHeight; }")
    expect(rows.get_by_role("heading", name="Bit Manipulation")).to_be_visible()
    expect(rows.get_by_role("link", name=re.compile(r"^125\. "))).to_have_count(0)
    if rows.get_by_role("listitem").count() > 60:
        sys.exit("the sectioned list renders more than the visible rows")
    browser.close()
print("ok")
