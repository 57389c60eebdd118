"""Issue 42's offline acceptance test, in a real Chromium on a phone's viewport.

Run by ServeBrowserTests.swift: serve_offline.py LEETTRACK STORE CHROMIUM [HOST CERTIFICATE KEY].
It starts `leettrack serve` itself, so that it can really stop it and start it again on the same
port and store. Exits non-zero with a message on the first failed expectation; prints "ok" last.

With HOST, CERTIFICATE and KEY it serves HTTPS on HOST (a network address, where a phone reaches
it; browsers run service workers there only over HTTPS), with the token the printed URL carries;
Chromium trusts the certificate by its public key's hash, as a phone trusts an installed one.
"""
import base64
import datetime
import hashlib
import json
import signal
import socket
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

leettrack, store, chromium = sys.argv[1:4]
host, certificate, key = sys.argv[4:7] if len(sys.argv) > 4 else ("127.0.0.1", None, None)


def cli(*arguments):
    done = subprocess.run([leettrack, "--store", store, *arguments], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"leettrack {' '.join(arguments)} failed: {done.stderr}")
    return done.stdout


def free_port():
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def start(port):
    """Starts the server; returns it and the URL it printed."""
    tls = ["--tls-certificate", certificate, "--tls-key", key] if certificate else []
    server = subprocess.Popen([leettrack, "--store", store, "serve", "--host", host, "--port", str(port), *tls],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seen = ""
    while "Press Ctrl-C" not in seen:
        line = server.stdout.readline()
        if not line:
            sys.exit("leettrack serve did not start:\n" + seen)
        seen += line
    printed = seen.split(" at ", 1)[1].split()[0]
    return server, printed


def public_key_hash(path):
    """The base64 SHA-256 of the certificate's public key, as Chromium's SPKI list takes it."""
    key = subprocess.run(["openssl", "x509", "-in", path, "-pubkey", "-noout"], capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key, capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def stop(server):
    server.send_signal(signal.SIGTERM)
    server.stdout.read()
    if server.wait(timeout=20) != 0:
        sys.exit(f"leettrack serve exited {server.returncode}")


def heart(page, title, pressed):
    verb, where = ("Remove", "from") if pressed else ("Add", "to")
    return page.get_by_role("button", name=f"{verb} {title} {where} favorites", exact=True)


# A review due: solved three weeks ago.
three_weeks_ago = (datetime.date.today() - datetime.timedelta(days=21)).isoformat()
cli("solve", "valid-parentheses", "--date", three_weeks_ago)
port = free_port()
url = f"{'https' if certificate else 'http'}://{host}:{port}/"
server, printed = start(port)
assert printed.startswith(url), (printed, url)

with sync_playwright() as playwright:
    trust = [f"--ignore-certificate-errors-spki-list={public_key_hash(certificate)}"] if certificate else []
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", *trust])
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(printed)  # With `?token=` on a network address: the server signs the browser in.
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    assert page.url == url, page.url
    assert page.evaluate("window.isSecureContext"), "the page is not a secure context: no service worker"

    # Installable: the manifest parses and says what a home screen needs.
    manifest = page.evaluate("fetch('/manifest.webmanifest').then((response) => response.json())")
    for field in ["name", "short_name", "start_url", "scope", "theme_color", "background_color"]:
        assert manifest.get(field), f"the manifest lacks {field}: {manifest}"
    assert manifest["display"] == "standalone", manifest
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    for wanted in [("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")]:
        assert wanted in sizes, f"no {wanted} icon: {sizes}"
    # The service worker registers and controls the page.
    # Polled from here: `wait_for_function` compiles its predicate with eval, which the page's CSP forbids.
    for _ in range(200):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
    # The review queue seen once, online.
    page.goto(url + "#/review")
    expect(page.get_by_role("link", name="20. Valid Parentheses")).to_be_visible()

    # The server really stops.
    stop(server)

    # Review the due problem, offline.
    page.get_by_role("link", name="20. Valid Parentheses").locator("..").get_by_role("button", name="good").click()
    pending = page.locator("#pending-changes")
    expect(pending).to_have_text("1 change waiting to be sent")
    expect(page.locator("#offline-banner")).to_be_visible()
    card = page.get_by_role("link", name="20. Valid Parentheses").locator("..")
    expect(card.locator(".pending-mark")).to_have_text("pending")

    # Heart Two Sum, offline.
    page.get_by_role("link", name="Problems").click()
    page.get_by_role("searchbox", name="Search problems").fill("two sum")
    heart(page, "Two Sum", False).first.click()
    expect(heart(page, "Two Sum", True).first).to_be_visible()
    expect(pending).to_have_text("2 changes waiting to be sent")
    row = page.get_by_role("listitem").filter(has=page.get_by_role("link", name="1. Two Sum", exact=True))
    expect(row.locator(".pending-mark")).to_have_text("pending")

    # A reload while offline: the page comes from the cache, with the last data and the changes waiting.
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(pending).to_have_text("2 changes waiting to be sent")
    page.get_by_role("searchbox", name="Search problems").fill("two sum")
    expect(heart(page, "Two Sum", True).first).to_be_visible()
    page.screenshot(path=store + "-offline.png")

    # The server is back on the same port and store: the page sends what waited.
    server, _ = start(port)
    expect(pending).to_be_hidden(timeout=45000)
    expect(page.locator("#offline-banner")).to_be_hidden()
    expect(row.locator(".pending-mark")).to_have_count(0)
    browser.close()

stop(server)

# The store has both, once.
favorites = json.loads(cli("favorites", "--json"))
assert [problem["slug"] for problem in favorites] == ["two-sum"], favorites
shown = json.loads(cli("show", "valid-parentheses", "--json"))
kinds = [event["kind"] for event in shown["history"]]
assert kinds == ["solved", "reviewed"], kinds
print("ok")
