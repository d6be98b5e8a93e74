#!/usr/bin/python3
"""A phone on the home network plays `clean web --phone`, as the issue says; 127.0.0.2 stands in
for the home-network address and Chromium's mobile emulation (390×844, touch, a Pixel 7's
User-Agent) for the phone.

Usage: web_phone.py CLEAN_BINARY SCREENSHOT_DIR

On a copy of Fixtures/phone with a fixed clock: starts `clean web --no-open --phone --address
127.0.0.2` and checks
- stdout: `Open http://127.0.0.1:PORT/?token=…` then exactly `Phone http://127.0.0.2:PORT/pair/TOKEN`;
  stderr: the line about photos travelling unencrypted, and a QR code that zbarimg decodes back
  to the Phone link (zbar-tools);
- the phone address before pairing: every page, static file, API call and preview 401 (web.json's
  apiToken too); a foreign Host (127.0.0.1:PORT, evil.example) 421;
- in Chromium: the link pairs the phone (stderr says "phone paired: Pixel 7, HH:MM"); its page
  renews its short-lived secret with its key once that is due (the new secret plays); a card of
  the screenshots boss swiped left by touch (CDP touch events), the rest kept by tapping ♥, the
  batch confirmed by a tap; the swiped file is in the trash with its .trashinfo; a battle left with
  "Not now" waits on the home page ("Waiting for your OK") and a tap there moves it;
- the link a second time (another browser) is refused (401, "already used"), and that browser's
  requests stay 401; `p` and Enter on the server's stdin print a new Phone line; a wrong code
  typed five times closes pairing to that browser's address (the right one too), not to another
  address, until `p` again; that code typed into the
  page's box pairs the other browser;
- the computer's home page lists both phones, "New pairing code" shows a QR code and the code the
  terminal prints with a new Phone line, "Unpair" unpairs the first (its next call 401, its page
  the pairing page); `r` and Enter unpair the other;
- `--address 8.8.8.8`, `0.0.0.0` and an address this machine does not have are refused with a
  sentence, exit 1, nothing on stdout.
Saves phone-pair-home.png, phone-swipe.png, phone-pending.png, phone-unpaired.png, phone-desktop-panel.png and
phone-terminal.png (the terminal's start, drawn by Chromium). Exit 0 when everything holds.
"""
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import Home, SLOWDOWN, arguments, card_on_table, check, chromium, console_errors, current_card_id, finish, request, viewport  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402

ADDRESS = "127.0.0.2"
PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"
QR_CHARACTERS = set("█▀▄ ")


class PhoneServer:
    """`clean web --no-open --phone --address 127.0.0.2`, its two stdout lines, its stderr as it comes."""

    def __init__(self, clean, env):
        self.process = subprocess.Popen([clean, "web", "--no-open", "--phone", "--address", ADDRESS], env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.open_line = self.process.stdout.readline().decode().rstrip("\n")
        self.phone_line = self.process.stdout.readline().decode().rstrip("\n")
        match = re.fullmatch(r"Open http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{32}", self.open_line)
        self.port = int(match.group(1)) if match else None
        self.phone_link = self.phone_line[len("Phone "):] if self.phone_line.startswith("Phone ") else None
        self.stderr = []
        self.pending = b""

    def read_stderr(self, until, timeout=10, count=1):
        """Reads stderr until `count` lines contain `until` (True) or `timeout` passes (False)."""
        deadline = time.time() + timeout * SLOWDOWN
        descriptor = self.process.stderr.fileno()
        while True:
            if sum(until in line for line in self.stderr) >= count:
                return True
            left = deadline - time.time()
            ready, _, _ = select.select([descriptor], [], [], max(0, left))
            chunk = os.read(descriptor, 65536) if ready else b""
            if not chunk:
                return False
            self.pending += chunk
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                self.stderr.append(line.decode())

    def type(self, keys):
        self.process.stdin.write(keys.encode())
        self.process.stdin.flush()

    def stop(self):
        self.process.terminate()
        try:
            return self.process.wait(timeout=10 * SLOWDOWN)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()


def decode_qr(lines):
    """The text of the QR code drawn in half blocks (a drawn half is a light module; the terminal's
    own background, dark, is around it), decoded by zbarimg."""
    width = len(lines[0])
    rows = []
    for line in lines:
        rows.append([ch in "█▀" for ch in line])
        rows.append([ch in "█▄" for ch in line])
    rows = rows[:width]   # the last line's lower half may lie below the symbol
    margin, scale = 4, 6   # the dark terminal around it
    side = (width + 2 * margin) * scale
    pixels = []
    for y in range(side):
        row = y // scale - margin
        line = []
        for x in range(side):
            column = x // scale - margin
            light = 0 <= row < len(rows) and 0 <= column < width and rows[row][column]
            line.append("0" if light else "1")
        pixels.append(" ".join(line))
    with tempfile.NamedTemporaryFile("w", suffix=".pbm", delete=False) as f:
        f.write(f"P1\n{side} {side}\n" + "\n".join(pixels) + "\n")
        path = f.name
    try:
        done = subprocess.run(["/usr/bin/zbarimg", "--quiet", "--raw", path], capture_output=True, text=True, timeout=60)
        return done.stdout.strip() if done.returncode == 0 else None
    finally:
        os.unlink(path)


def terminal_screenshot(lines, path):
    """What the terminal showed at start (the Open and Phone lines, stderr with the QR code), drawn in a
    dark terminal's colours by headless Chromium, for the documentation."""
    import html
    text = "\n".join(html.escape(line) for line in lines)
    page = ("<!DOCTYPE html><meta charset=utf-8><body style='margin:0;background:#1e1e1e;overflow:hidden'>"
            "<pre style='margin:0;padding:14px 16px;color:#d4d4d4;font:14px/1 \"DejaVu Sans Mono\",monospace'>" + text + "</pre>")
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(page)
    browser = chromium()
    try:
        viewport(browser, 1240, 470, mobile=False)
        browser.get("file://" + f.name)
        browser.save_screenshot(path)
    finally:
        browser.quit()
        os.unlink(f.name)


def touch_swipe(driver, element, dx):
    """A finger on `element`'s centre, moved `dx` pixels in steps, lifted (CDP touch events)."""
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    x, y = rect
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    steps = 12
    for n in range(1, steps + 1):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * n / steps, "y": y + 4 * n / steps}]})
        time.sleep(0.016)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(driver, element):
    """A finger on `element`'s centre, lifted at once."""
    x, y = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_when(wait, find):
    """Taps the element `find(driver)` gives once there; a page that draws it again between the find and
    the tap (the play page redraws its buttons with each card) makes the wait find it afresh."""
    def found_and_tapped(driver):
        tap(driver, find(driver))
        return True
    wait.until(found_and_tapped)


def phone_browser():
    driver = chromium(f"--user-agent={PIXEL}")
    viewport(driver, 390, 844, mobile=True)
    return driver


def trash_paths(state):
    """Original path → trash file name, from the .trashinfo files."""
    info = os.path.join(state, "Trash", "info")
    recorded = {}
    for name in os.listdir(info) if os.path.isdir(info) else []:
        with open(os.path.join(info, name)) as f:
            for line in f:
                if line.startswith("Path="):
                    recorded[urllib.parse.unquote(line[5:].strip())] = name[: -len(".trashinfo")]
    return recorded


def refusals(home):
    for address, words in (("8.8.8.8", "not a private home-network address"), ("0.0.0.0", "every network"),
                           ("10.254.254.253", "not an address of this machine")):
        done = subprocess.run([home.clean, "web", "--no-open", "--phone", "--address", address], env=home.env,
                              capture_output=True, text=True, timeout=60 * SLOWDOWN)
        check(done.returncode == 1 and words in done.stderr and done.stdout == "",
              f"--address {address} refused with a sentence: {done.returncode} {done.stderr.strip()[:200]!r}")
    done = subprocess.run([home.clean, "web", "--no-open", "--address", "127.0.0.2"], env=home.env, capture_output=True, text=True, timeout=60 * SLOWDOWN)
    check(done.returncode != 0 and "--phone" in done.stderr, f"--address without --phone is a usage error: {done.stderr.strip()[:200]!r}")


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    server = driver = stranger = None
    try:
        home.run("scan", home.phone, "--quiet")
        items = {}
        for line in home.run("items", "--json").splitlines():
            item = json.loads(line)
            items[item["id"]] = item
        refusals(home)

        server = PhoneServer(clean, home.env)
        if not check(server.port is not None, f"first stdout line: {server.open_line!r}"):
            return
        port = server.port
        link_pattern = rf"http://127\.0\.0\.2:{port}/pair/[0-9a-f]{{32}}"
        if not check(server.phone_link is not None and re.fullmatch(link_pattern, server.phone_link) is not None,
                     f"second stdout line is `Phone http://127.0.0.2:{port}/pair/TOKEN`: {server.phone_line!r}"):
            return
        check(server.read_stderr("keys: p and Enter"), f"stderr names the keys: {server.stderr}")
        check(any("photos travel unencrypted on this network; use it at home" in line for line in server.stderr),
              f"the warning about plain HTTP: {server.stderr}")
        server.first_stderr = [server.open_line, server.phone_line] + [l for l in server.stderr if "serving on" not in l]
        qr = [line for line in server.stderr if line and set(line) <= QR_CHARACTERS and "█" in line]
        check(len(qr) >= 10, f"a QR code on stderr: {len(qr)} lines")
        code_line = next((line for line in server.stderr if "type the code" in line), "")
        code = re.search(r"(\d{3} \d{3})", code_line)
        check(code is not None, f"a six-digit code to type: {code_line!r}")
        if qr:
            decoded = decode_qr(qr)
            check(decoded == server.phone_link, f"zbarimg reads the QR code back as the Phone link: {decoded!r}")
        with open(os.path.join(home.env["SWIPECLEAN_HOME"], "web.json")) as f:
            api_token = json.load(f)["apiToken"]

        # Before pairing: 401 everywhere on the phone address, whatever is sent; a foreign Host 421.
        own = f"{ADDRESS}:{port}"
        photo = next(i for i in items.values() if i["path"].endswith("IMAG0042.jpg"))["id"]
        for path in ("/", "/play", "/static/app.css", "/static/common.js", "/api/v1/profile", f"/media/{photo}", "/favicon.ico"):
            status, _, body = request(port, "GET", path, host=own, address=ADDRESS)
            check(status == 401, f"unpaired GET {path}: {status}")
        status, _, body = request(port, "GET", "/", host=own, address=ADDRESS)
        check(b"Pair this phone" in body, "the unpaired page says how to pair")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=api_token)
        check(status == 401, f"web.json's apiToken does not open the phone address: {status}")
        for host in (f"127.0.0.1:{port}", "evil.example", f"{ADDRESS}:{port + 1}", ADDRESS):
            status, _, _ = request(port, "GET", "/", host=host, address=ADDRESS)
            check(status == 421, f"Host {host} on the phone address: {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"127.0.0.1:{port}", bearer=api_token)
        check(status == 200, f"the loopback is served as before: {status}")

        # Pairing: the phone opens the link (as its camera would), lands on home, the terminal names it.
        driver = phone_browser()
        wait = WebDriverWait(driver, 30 * SLOWDOWN, ignored_exceptions=(StaleElementReferenceException,))
        driver.get(server.phone_link)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        check(driver.current_url == f"http://{own}/", f"the pairing token left the address bar: {driver.current_url}")
        check(server.read_stderr("phone paired: "), "stderr says a phone paired")
        paired = next((line for line in server.stderr if "phone paired: " in line), "")
        check(re.search(r"phone paired: Pixel 7, \d\d:\d\d", paired) is not None, f"it names the phone and the time: {paired!r}")
        driver.save_screenshot(os.path.join(shots, "phone-pair-home.png"))

        # The phone's secret works from the address it paired from, and from no other (a sniffed secret).
        secret = driver.execute_script("return JSON.parse(localStorage.getItem('swipeclean.session')).secret")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=secret)
        check(status == 200, f"the phone's secret from its own address: {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=secret, source="127.0.0.9")
        check(status == 401, f"the same secret from another address: {status}")
        check(server.read_stderr("not from 127.0.0.1", timeout=5), "the terminal says a secret came from elsewhere")

        # The secret is short-lived: the page renews it with its key at half its life (made due now),
        # before its next API call; the new secret plays, the key is the next one.
        session = driver.execute_script("return JSON.parse(localStorage.getItem('swipeclean.session'))")
        check(session.get("renew") and session.get("renewAt", 0) > time.time() * 1000 + 240_000,
              f"the page keeps a renewal key and renews in about five minutes: {session}")
        driver.execute_script("const s = JSON.parse(localStorage.getItem('swipeclean.session')); s.renewAt = 0;"
                              "localStorage.setItem('swipeclean.session', JSON.stringify(s));")
        driver.get(f"http://{own}/")
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        renewed = driver.execute_script("return JSON.parse(localStorage.getItem('swipeclean.session'))")
        check(renewed["secret"] != secret and renewed["renew"] != session["renew"] and renewed["renewAt"] > time.time() * 1000,
              f"the home page renewed the secret before asking the API: {renewed}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=renewed["secret"])
        check(status == 200, f"the renewed secret plays: {status}")

        # A boss battle by touch: the first card swiped left, the others kept with ♥, the batch confirmed by a tap.
        driver.get(f"http://{own}/play?boss=screenshots")

        def current_id():
            return current_card_id(driver, wait)

        def keep_the_rest():
            """Taps ♥ on every card left, until the confirmation shows."""
            for _ in range(20):
                if driver.find_elements(By.ID, "confirmation"):
                    break
                before = current_id()
                # The buttons are drawn again with each card: wait for them on a loaded machine.
                tap_when(wait, lambda d: d.find_element(By.ID, "keep"))
                wait.until(lambda d: d.find_elements(By.ID, "confirmation") or (card_on_table(driver) is not None and int(card_on_table(driver).get_attribute("data-card")) != before))
            wait.until(lambda d: d.find_elements(By.ID, "confirmation"))

        first = current_id()
        wait.until(lambda d: d.execute_script("const i = document.querySelector('.stage .card:not(.behind) img'); return !i || (i.complete && i.naturalWidth > 0);"))
        driver.save_screenshot(os.path.join(shots, "phone-swipe.png"))
        stage_width = driver.find_element(By.ID, "stage").size["width"]
        wait.until(lambda d: touch_swipe(d, card_on_table(d), -stage_width * 0.6) or True)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation") or (card_on_table(driver) is not None and int(card_on_table(driver).get_attribute("data-card")) != first))
        check(driver.find_elements(By.ID, "confirmation") or int(driver.find_element(By.ID, "deleted-count").text) == 1,
              "the touch swipe to the left deleted the first card")
        keep_the_rest()
        tap_when(wait, lambda d: d.find_element(By.ID, "confirm-yes"))
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
        swiped = items[first]["path"]
        recorded = trash_paths(home.env["SWIPECLEAN_HOME"])
        check(not os.path.exists(swiped) and swiped in recorded
              and os.path.exists(os.path.join(home.env["SWIPECLEAN_HOME"], "Trash", "files", recorded[swiped])),
              f"the swiped {swiped} is in the trash with its .trashinfo ({sorted(recorded)})")
        logged = console_errors(driver)
        check(not logged, f"no console error on the phone: {logged}")

        # No command line needed: a battle left with "Not now" waits on the home page, and a tap there moves it.
        trashed_before = len(trash_paths(home.env["SWIPECLEAN_HOME"]))
        driver.get(f"http://{own}/play?boss=similar")
        current_id()
        tap_when(wait, lambda d: d.find_element(By.ID, "delete"))
        keep_the_rest()
        tap_when(wait, lambda d: d.find_element(By.ID, "confirm-no"))
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
        check("Waiting for your OK" in driver.find_element(By.ID, "round-end").text and "clean pending" not in driver.find_element(By.ID, "round-end").text,
              f"the round end points to the home page, not a command: {driver.find_element(By.ID, 'round-end').text!r}")
        driver.get(f"http://{own}/")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pending .batch"))
        title = next(b["title"] for b in home.json("boss", "list") if b["name"] == "similar")
        check(title in driver.find_element(By.ID, "pending").text, f"the waiting batch names its boss, {title}: {driver.find_element(By.ID, 'pending').text!r}")
        driver.save_screenshot(os.path.join(shots, "phone-pending.png"))
        tap_when(wait, lambda d: d.find_element(By.CSS_SELECTOR, "#pending .batch button[data-action='confirm']"))
        wait.until(lambda d: "Moved" in d.find_element(By.ID, "pending").text)
        check(len(trash_paths(home.env["SWIPECLEAN_HOME"])) > trashed_before, "the waiting batch reached the trash")
        check(json.loads(home.run("pending", "--json")) == [], "nothing is pending any more")

        # The link a second time, in another browser: refused, and that browser gets nothing.
        stranger = phone_browser()
        stranger.get(server.phone_link)
        WebDriverWait(stranger, 30 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "unpaired"))
        check("already used" in stranger.find_element(By.ID, "why").text, f"the link twice: {stranger.find_element(By.ID, 'why').text!r}")
        stranger.save_screenshot(os.path.join(shots, "phone-unpaired.png"))
        status, _, _ = request(port, "GET", server.phone_link.split(own, 1)[1], host=own, address=ADDRESS)
        check(status == 401, f"the used link by script: {status}")
        stranger.get(f"http://{own}/play")
        check(stranger.find_elements(By.ID, "unpaired") and not stranger.find_elements(By.ID, "stage"), "the other browser gets no page")

        # p and Enter print a new link; five wrong codes close pairing to that device (not to another); p again, and the code typed on the page pairs.
        def new_offer():
            """`p` and Enter: the new Phone line and the code printed with it."""
            server.stderr.clear()
            server.type("p\n")
            line = server.process.stdout.readline().decode().rstrip("\n")
            check(re.fullmatch("Phone " + link_pattern, line) is not None and line[6:] != server.phone_link,
                  f"p and Enter print a new Phone line: {line!r}")
            server.read_stderr("type the code", timeout=5)
            found = re.search(r"type the code (\d{3} \d{3})", next((l for l in server.stderr if "type the code" in l), ""))
            return found.group(1) if found else "?"

        fresh = new_offer()
        wrong = "000000" if fresh.replace(" ", "") != "000000" else "111111"
        # What another site can make this browser send counts nothing: GET /pair?code= (an <img>, a form).
        for n in range(6):
            stranger.get(f"http://{own}/pair?code={wrong}")
        status, _, _ = request(port, "POST", "/pair", host=own, address=ADDRESS, body=json.dumps({"code": wrong}).encode(),
                               headers={"Content-Type": "application/json", "Origin": "http://evil.example"})
        check(status == 403, f"a code posted from another origin is refused: {status}")
        check(not server.read_stderr("pairing is closed", timeout=1), "nothing from another site closed pairing")

        def type_code(code):
            """Types `code` into the page's box and presses the button, and waits for the page's answer."""
            stranger.execute_script("document.getElementById('why').textContent = ''")
            box = stranger.find_element(By.ID, "code")
            box.clear()
            box.send_keys(code)
            stranger.find_element(By.CSS_SELECTOR, "#pair button").click()
            # A code that pairs leaves the page: its #why goes stale as it is read.
            WebDriverWait(stranger, 30 * SLOWDOWN, ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda d: not d.find_elements(By.ID, "why") or d.find_element(By.ID, "why").text != "")

        stranger.get(f"http://{own}/")
        for n in range(5):
            if stranger.find_elements(By.ID, "pair"):
                type_code(wrong if n % 2 == 0 else wrong[::-1] if wrong[::-1] != fresh.replace(" ", "") else "222222")
        check(server.read_stderr("pairing is closed"), "stderr says pairing closed after five wrong codes typed on the page")
        check("Too many wrong codes" in stranger.find_element(By.ID, "why").text, "the page says pairing is closed")
        check(not stranger.find_elements(By.ID, "pair"), "and offers no box any more")
        status, _, body = request(port, "POST", "/pair", host=own, address=ADDRESS, body=json.dumps({"code": fresh}).encode(),
                                  headers={"Content-Type": "application/json", "Origin": f"http://{own}"})
        check(status == 401 and b"Too many wrong codes" in body, f"closed even to the right code: {status}")
        # Closed to that device only: another address's wrong code is only wrong (and waits its turn).
        status, _, body = request(port, "POST", "/pair", host=own, address=ADDRESS, body=json.dumps({"code": wrong}).encode(),
                                  headers={"Content-Type": "application/json", "Origin": f"http://{own}"}, source="127.0.0.9")
        check(status == 401 and b"not the one the computer shows" in body, f"another device is not shut out: {status} {body[:200]!r}")
        typed = new_offer()
        stranger.get(f"http://{own}/")
        type_code(typed)
        WebDriverWait(stranger, 30 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "play") or d.find_elements(By.ID, "why"))
        why = stranger.find_elements(By.ID, "why")
        check(stranger.current_url == f"http://{own}/" and not why,
              f"the typed code {typed!r} paired the other phone: {stranger.current_url} {why[0].text if why else ''}")

        # The computer's home page: the two phones, a new pairing code as a QR code, "Unpair" for the first.
        secret = driver.execute_script("return JSON.parse(localStorage.getItem('swipeclean.session')).secret;")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=secret)
        check(status == 200, f"the paired phone's secret opens the API: {status}")
        desktop = chromium()
        try:
            desktop.get(server.open_line[len("Open "):])
            WebDriverWait(desktop, 30 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "phones"))
            devices = desktop.find_elements(By.CSS_SELECTOR, "#phones .device")
            check(len(devices) == 2 and all("Pixel 7" in d.text for d in devices), f"the computer lists both phones: {[d.text for d in devices]}")
            server.stderr.clear()
            desktop.find_element(By.ID, "phone-new-code").click()
            WebDriverWait(desktop, 30 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "phone-qr"))
            line = server.process.stdout.readline().decode().rstrip("\n")
            check(re.fullmatch("Phone " + link_pattern, line) is not None, f"the page's new code prints a Phone line too: {line!r}")
            server.read_stderr("type the code", timeout=5)
            shown = desktop.find_element(By.ID, "phone-code").text
            check(any(f"type the code {shown}:" in l for l in server.stderr), f"the page shows the terminal's code {shown!r}")
            check(desktop.execute_script("return document.getElementById('phone-qr').naturalWidth;") > 0, "the page draws the QR code")
            desktop.save_screenshot(os.path.join(shots, "phone-desktop-panel.png"))
            desktop.find_element(By.CSS_SELECTOR, "#phones .device[data-device='1'] button").click()
            WebDriverWait(desktop, 30 * SLOWDOWN).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#phones .device")) == 1)
        finally:
            desktop.quit()
        check(server.read_stderr("phone unpaired: Pixel 7"), "stderr says the page unpaired the first phone")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS, bearer=secret)
        check(status == 401, f"after Unpair the phone's secret opens nothing: {status}")
        driver.get(f"http://{own}/")
        WebDriverWait(driver, 30 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "unpaired"))

        # r and Enter unpair the other one.
        server.type("r\n")
        check(server.read_stderr("phone unpaired: Pixel 7", count=2), f"stderr says the second phone was unpaired too: {server.stderr}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=own, address=ADDRESS)
        check(status == 401, f"and nothing is open: {status}")
        terminal_screenshot(server.first_stderr, os.path.join(shots, "phone-terminal.png"))
        check(server.stop() == 0, "SIGTERM stops the server cleanly")
    finally:
        for browser in (driver, stranger):
            if browser is not None:
                browser.quit()
        if server is not None and server.process.poll() is None:
            server.stop()
        home.remove()
    finish("web_phone.py", "paired by the link and the QR code, swiped by touch into the trash, every refusal held")


if __name__ == "__main__":
    main()
