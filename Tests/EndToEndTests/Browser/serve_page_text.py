"""The page's counted words and its warning about a damaged record, in a real Chromium.

Run by ServePageTextBrowserTests.swift: serve_page_text.py URL CHROMIUM.
The store holds one review one day overdue, twelve rated problems solved on the first try (a
contest level) and one record that does not decode (progress.3sum).
Exits non-zero with a message on the first failed expectation.
"""
import re
import sys

from playwright.sync_api import expect, sync_playwright

url, chromium = sys.argv[1:3]

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium)
    page = browser.new_page()
    page.goto(url + "#/problems")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    # The list is served without the damaged record, and the page says so.
    warning = page.get_by_role("status")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("1 record in the store cannot be read (progress.3sum)")
    page.get_by_role("searchbox", name="Search problems").fill("146")
    expect(page.locator("#count")).to_have_text("1 problem")
    page.goto(url + "#/review")
    expect(page.get_by_text("1 day overdue", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"\b1 days\b"))).to_have_count(0)
    page.goto(url + "#/problem/two-sum")
    expect(page.get_by_text(re.compile(r"· 1 review$"))).to_be_visible()
    # A rated problem shows its contest rating (zerotrac's); an unrated one says nothing of it.
    expect(page.get_by_text(re.compile(r"· rating"))).to_have_count(0)
    page.goto(url + "#/problem/check-if-the-rectangle-corner-is-reachable")
    expect(page.get_by_text(re.compile(r"% · rating 3,774 · todo"))).to_be_visible()
    page.goto(url + "#/stats")
    expect(page.locator(".stat", has_text="contest level")).to_have_count(1)
    browser.close()
print("ok")
