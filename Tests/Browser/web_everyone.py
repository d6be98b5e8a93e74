#!/usr/bin/python3
"""The web app a swipe-app user keeps (issue 49), in headless Chromium at 1280×800 and at 390×844 with touch.

Usage: web_everyone.py CLEAN_BINARY SCREENSHOT_DIR

- The way in: a fresh home shows one step first, "Choose your photo folder" with the Pictures folder offered,
  no page text names a command, Play leads to that step; the scan's progress is on the same page.
- No limits by default (no undo count, no daily allowance); the Settings page writes the tier, a limit and the
  theme to the file `clean config set` writes.
- A decision made as the free tier's allowance ends is kept: the round ends with it in the batch.
- Copies told apart: each member's place is "…/Backup/NAME" (the last folder whole, cut from the left) with
  its words at least 120 px wide, at both sizes; names in their own case.
- The confirmation: a tap takes a file out of the batch (and back); the rest moves, that one stays; thumbnails
  are at most 320 px; the round end says "moved … to the trash", never "freed"; the report never says
  "Storage recovered" for bytes in the trash.
- A TIFF card shows its photo; a photo nobody can decode says why and how to open it.
- The clock stands still while two copies are compared.
- A video card: play/pause, scrub, sound on a tap, its duration; space plays.
- A drag past 30 % of the card commits, one of 25 % springs back; the photo is at least 60 % of the viewport's
  height, its words beside or under it, never over it.
- The phone (paired, 127.0.0.2) offers nothing it cannot do: no "Delete for good", no key hints, no command.
- Light and dark: every page checked by axe-core (0 violations) in both.
Exit 0 when everything holds; 1 with the reasons otherwise. Screenshots: first-run.png, group-card.png,
confirm-out.png, video-card.png, report.png, light-theme.png, phone-first-run.png, phone-card.png.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import (ROOT, SLOWDOWN, Home, Session, arguments, check, chromium, console_errors, finish, flick,  # noqa: E402
                             request, viewport)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

try:
    from axe_selenium_python import Axe  # noqa: E402
except ImportError:
    sys.exit("axe-selenium-python is missing: sudo /usr/bin/python3 -m pip install --break-system-packages axe-selenium-python (or make setup)")

COMMAND = re.compile(r"\bclean (scan|config|web|boss|round|pending|restore|trash)\b|`")
SIZES = [(1280, 800, False), (390, 844, True)]


def size_name(width):
    return "phone" if width < 600 else "computer"


def set_size(driver, width, height, mobile):
    viewport(driver, width, height, mobile)


def page_text(driver):
    return driver.execute_script("return document.body.innerText")


def axe_check(driver, where):
    """axe-core on the page as it is now, in light and in dark: 0 violations in either."""
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        time.sleep(0.2)
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options="{resultTypes: ['violations']}")
        found = [f"{v['id']} ({len(v['nodes'])}: {v['nodes'][0]['target']})" for v in results["violations"]]
        check(not found, f"axe-core finds no violation on {where} in {scheme}: {found}")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def wait_card(session, kind=None):
    def ready(d):
        card = session.card_on_table()
        return card if card is not None and (kind is None or card.get_attribute("data-kind") == kind) else None
    return session.wait.until(ready)


def rect(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height};", element)


def drag(driver, element, dx, hold=0.0):
    """The mouse pressed on `element`'s centre, moved `dx` px in steps, held `hold` seconds, released."""
    box = rect(driver, element)
    x, y = box["l"] + box["w"] / 2, box["t"] + box["h"] / 2
    send = lambda kind, at, buttons=1: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": at, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})
    send("mousePressed", x)
    for step in range(1, 13):
        time.sleep(0.02)
        send("mouseMoved", x + dx * step / 12)
    time.sleep(max(hold, 0.25))   # held still: no flick
    send("mouseReleased", x + dx, 0)


def end_round(driver, wait):
    """Esc, then "Not now" (or "Finish the round" when nothing is to move): the round over, nothing moved."""
    if not driver.find_elements(By.ID, "confirmation"):
        driver.find_element(By.TAG_NAME, "body").send_keys("\ue00c")
    wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
    (driver.find_elements(By.ID, "confirm-no") or driver.find_elements(By.ID, "confirm-yes"))[0].click()
    wait.until(lambda d: d.find_elements(By.ID, "round-end"))


def click(driver, element):
    """A click on `element` once scrolled to the middle of the window (the sticky navigation never covers it)."""
    driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", element)
    element.click()


def first_run(clean, shots):
    """A fresh home: the first step alone at both sizes, no command named, Play leading there; the Pictures
    folder scanned from the page with its progress there."""
    home = Home(clean)
    pictures = os.path.join(home.dir, "Pictures")
    shutil.copytree(home.phone, pictures)
    session = Session(clean, home)
    try:
        session.sign_in("folders")
        driver, wait = session.driver, session.wait
        for width, height, mobile in SIZES:
            set_size(driver, width, height, mobile)
            driver.get(session.server.base)
            step = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#folders[data-first]"))[0]
            check(step.find_element(By.TAG_NAME, "h1").text == "Choose your photo folder", f"the first step's title at {width}")
            box = rect(driver, step)
            check(box["t"] < height / 2, f"the step is first on the page at {width} px: top {box['t']}")
            check(not driver.find_elements(By.ID, "play") and not driver.find_elements(By.CSS_SELECTOR, ".bosses"),
                  f"only the one step at {width} px (no Play, no bosses)")
            offer = driver.find_element(By.ID, "scan-pictures").text
            check(pictures in offer, f"the Pictures folder is offered: {offer!r}")
            check(not COMMAND.search(page_text(driver)), f"no command on the first page at {width}: {page_text(driver)!r}")
            driver.save_screenshot(os.path.join(shots, ("phone-" if mobile else "") + "first-run.png"))
            driver.get(session.server.base + "play")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#folders[data-first]"))
            check(driver.current_url.rstrip("/") == session.server.base.rstrip("/"), f"Play on an empty library leads to the step: {driver.current_url}")
        set_size(driver, 1280, 800, False)
        axe_check(driver, "the first step")
        driver.find_element(By.ID, "scan-pictures").click()
        seen = set()
        deadline = time.time() + 60 * SLOWDOWN
        while time.time() < deadline:
            status = driver.execute_script("const s = document.getElementById('scan-status'); return s ? s.textContent : null;") or ""
            if status:
                seen.add(status.split(":")[0])
            if driver.find_elements(By.ID, "play"):
                break
            time.sleep(0.1)
        check(any(t.startswith("Scanning") for t in seen), f"the scan's progress on the same page: {seen}")
        check(driver.find_elements(By.ID, "play"), "after the scan the home page is the game's")
    finally:
        session.close()


def main():
    clean, shots = arguments(__doc__)
    first_run(clean, shots)

    home = Home(clean)
    # A TIFF, a photo nobody can decode, both old; the video big enough to be dealt.
    old = time.mktime((2015, 6, 1, 12, 0, 0, 0, 0, -1))
    tiff = os.path.join(home.phone, "Scans", "Scan_0001.tif")
    os.makedirs(os.path.dirname(tiff))
    shutil.copy(os.path.join(ROOT, "Fixtures", "tiff", "Scan_0001.tif"), tiff)
    broken = os.path.join(home.phone, "Scans", "Scan_0002.jpg")
    with open(os.path.join(home.phone, "DCIM", "Camera", "IMAG0042.jpg"), "rb") as f:
        data = f.read()
    with open(broken, "wb") as f:
        f.write(data[:600] + bytes(4000))
    for path in (tiff, broken):
        os.utime(path, (old, old))
    config = home.configure('[scan]\nbig_video_bytes = 1000\n')
    session = Session(clean, home)
    try:
        home.run("scan", home.phone, "--quiet")
        session.sign_in("play")
        driver, wait, server = session.driver, session.wait, session.server
        api = lambda method, path, body=None: json.loads(request(server.port, method, "/api/v1" + path, bearer=server.api_token,
                                                               body=None if body is None else json.dumps(body))[2] or b"null")

        # No limits by default; the Settings page writes the free tier, a limit and the theme.
        settings = api("GET", "/settings")
        check(settings["tier"] == "pro", f"no limits by default: {settings['tier']}")
        driver.get(server.base + "settings")
        wait.until(lambda d: d.find_elements(By.ID, "tier-free"))
        axe_check(driver, "the Settings page")
        click(driver, driver.find_element(By.CSS_SELECTOR, "label[for=tier-free]"))
        minutes = wait.until(lambda d: d.find_elements(By.ID, "free-minutes"))[0]
        minutes.clear()
        minutes.send_keys("12\t")
        wait.until(lambda d: "Saved" in d.find_element(By.ID, "settings-status").text and "swipe_seconds_per_day = 720" in open(config).read())
        click(driver, driver.find_element(By.CSS_SELECTOR, "label[for=theme-light]"))
        wait.until(lambda d: 'theme = "light"' in open(config).read())
        written = open(config).read()
        check('tier = "free"' in written and "swipe_seconds_per_day = 720" in written and 'theme = "light"' in written,
              f"the Settings page wrote the config file: {written!r}")
        shown = subprocess.run([clean, "config"], env=home.env, capture_output=True, text=True).stdout
        check('tier = "free"' in shown, "clean config reads what the page wrote")
        driver.get(server.base)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        check(driver.execute_script("return document.documentElement.dataset.theme") == "light", "the light theme holds on every page")
        check(driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(243, 244, 248)", "the page is light")
        driver.save_screenshot(os.path.join(shots, "light-theme.png"))
        home.configure('[scan]\nbig_video_bytes = 1000\n')   # no limits again, the system's theme

        # The group card at both sizes: places told apart, words visible, nothing over the photo, names in their case.
        for width, height, mobile in SIZES:
            set_size(driver, width, height, mobile)
            driver.get(server.base + "play?boss=duplicates")
            card = wait_card(session)
            wait.until(lambda d: d.execute_script("const i = arguments[0].querySelector('.photo > img:not(.backdrop)'); return i && i.complete && i.naturalWidth > 0;", card))
            places = [e.text for e in card.find_elements(By.CSS_SELECTOR, ".member-place")]
            check(any(p.endswith("/Backup/IMAG0042 (1).jpg") for p in places) and any(p.endswith("/Camera/IMAG0042.jpg") for p in places),
                  f"each copy's place ends with its last folder whole at {width}: {places}")
            check(all(" …/" in p for p in places), f"places cut from the left at {width}: {places}")
            widths = [rect(driver, e)["w"] for e in card.find_elements(By.CSS_SELECTOR, ".member-text")]
            check(widths and min(widths) >= 120, f"every member's words are visible at {width}: {widths}")
            photo = card.find_element(By.CSS_SELECTOR, ".photo > img:not(.backdrop)")
            box, words = rect(driver, photo), rect(driver, card.find_element(By.CSS_SELECTOR, ".info"))
            check(box["h"] >= 0.6 * height, f"the photo is at least 60 % of the height at {width}: {box['h']:.0f} of {height}")
            check(words["t"] >= box["b"] - 1 or words["l"] >= box["r"] - 1, f"the words are beside or under the photo at {width}: {words} / {box}")
            name = card.find_element(By.CSS_SELECTOR, ".info .name")
            said = name.get_attribute("textContent")
            check(said == "IMAG0042.jpg" and name.value_of_css_property("text-transform") == "none", f"the name in its own case: {said!r}")
            check(not mobile or not driver.find_elements(By.CSS_SELECTOR, ".controls .hint"), "no key hints on a touch screen")
            driver.save_screenshot(os.path.join(shots, ("phone-card" if mobile else "group-card") + ".png"))
            if not mobile:
                axe_check(driver, "a group card")
            playing = api("GET", "/rounds/current")["round"]
            api("POST", f"/rounds/{playing}/decisions", {"card": None, "decision": "quit"})
            api("POST", f"/rounds/{playing}/confirm", {"yes": False})
        set_size(driver, 1280, 800, False)

        # A round: the comparison stops the clock; a drag of 25 % of the card springs back, one of 32 % commits.
        for batch in api("GET", "/pending"):
            api("POST", f"/pending/{batch['round']}", {"yes": False})
        driver.get(server.base + "play")
        card = wait_card(session)
        round_id = api("GET", "/rounds/current")["round"]
        peek = card.find_elements(By.CSS_SELECTOR, ".member .peek")
        if check(peek, "the round's first card is the group of copies"):
            peek[-1].click()
            wait.until(lambda d: d.find_elements(By.ID, "compare"))
            before = api("GET", "/rounds/current")
            time.sleep(2.5)
            during = api("GET", "/rounds/current")
            check(during["paused"] and abs(during["secondsLeft"] - before["secondsLeft"]) < 0.5,
                  f"the clock stands still while comparing: {before['secondsLeft']} then {during['secondsLeft']}")
            driver.find_element(By.ID, "compare-close").click()
            check(not api("GET", "/rounds/current")["paused"], "closing the comparison starts the clock again")
        card = wait_card(session)
        width = rect(driver, card)["w"]
        drag(driver, card, -0.25 * width)
        time.sleep(1.2)
        check(api("GET", "/rounds/current")["reviewed"] == 0, f"a drag of 25 % of the card ({0.25 * width:.0f} px) springs back")
        drag(driver, card, -0.32 * width)
        wait.until(lambda d: api("GET", "/rounds/current")["reviewed"] > 0)
        check(True, "a drag of 32 % of the card commits")
        api("POST", f"/rounds/{round_id}/decisions", {"card": None, "decision": "quit"})
        api("POST", f"/rounds/{round_id}/confirm", {"yes": False})
        for batch in api("GET", "/pending"):
            api("POST", f"/pending/{batch['round']}", {"yes": False})

        # The old photos: the TIFF shows its picture; the undecodable photo says why and how to open it.
        driver.get(server.base + "play?boss=old")
        shown = {}
        for _ in range(12):
            card = wait_card(session)
            name, dealt = card.find_element(By.CSS_SELECTOR, ".info .name").text, card.get_attribute("data-card")
            if name in ("Scan_0001.tif", "Scan_0002.jpg"):
                wait.until(lambda d: d.execute_script(
                    "const c = arguments[0]; const i = c.querySelector('.photo > img:not(.backdrop)');"
                    "return c.querySelector('#no-preview') || (i && i.complete && i.naturalWidth > 0);", card))
                shown[name] = driver.execute_script(
                    "const c = arguments[0]; const n = c.querySelector('#no-preview'); if (n) return n.innerText;"
                    "return c.querySelector('.photo > img:not(.backdrop)').naturalWidth;", card)
            driver.find_element(By.TAG_NAME, "body").send_keys("k")
            wait.until(lambda d: session.card_on_table() is None or session.card_on_table().get_attribute("data-card") != dealt)
            if len(shown) == 2 or driver.find_elements(By.ID, "confirmation"):
                break
        check(isinstance(shown.get("Scan_0001.tif"), int), f"the TIFF card shows its photo: {shown.get('Scan_0001.tif')!r}")
        said = str(shown.get("Scan_0002.jpg"))
        check("cannot be shown" in said and "open it on the computer" in said and broken in said.replace("\n", ""),
              f"the undecodable photo says why and how to open it: {said!r}")
        end_round(driver, wait)
        for batch in api("GET", "/pending"):
            api("POST", f"/pending/{batch['round']}", {"yes": False})

        # The video card: its controls, space plays, sound on a tap, a scrub.
        driver.get(server.base + "play?boss=videos")
        for _ in range(6):   # past the videos this browser cannot play (HEVC): to the MP4
            card = wait_card(session, "video")
            if card.find_element(By.CSS_SELECTOR, ".info .name").text.endswith(".mp4"):
                break
            dealt = card.get_attribute("data-card")
            driver.find_element(By.TAG_NAME, "body").send_keys("k")
            wait.until(lambda d: session.card_on_table() is None or session.card_on_table().get_attribute("data-card") != dealt)
        controls = wait.until(lambda d: card.find_elements(By.CSS_SELECTOR, ".video-controls[data-duration]:not([data-duration=''])"))[0]
        duration = float(controls.get_attribute("data-duration"))
        check(duration > 0 and re.search(r"/ \d+:\d\d$", controls.find_element(By.CLASS_NAME, "vc-time").text), f"the duration shown: {controls.text!r}")
        video = card.find_element(By.TAG_NAME, "video")
        paused = lambda: driver.execute_script("return arguments[0].paused", video)
        was = paused()
        driver.find_element(By.TAG_NAME, "body").send_keys(" ")
        wait.until(lambda d: paused() != was)
        check(True, "space plays and pauses the video")
        sound = controls.find_element(By.CLASS_NAME, "vc-sound")
        check(driver.execute_script("return arguments[0].muted", video), "the video starts muted")
        sound.click()
        check(not driver.execute_script("return arguments[0].muted", video) and sound.get_attribute("aria-pressed") == "true", "a tap turns the sound on")
        driver.execute_script("const s = arguments[0]; s.value = 500; s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));",
                              controls.find_element(By.CLASS_NAME, "vc-scrub"))
        at = driver.execute_script("return arguments[0].currentTime", video)
        check(abs(at - duration / 2) < max(0.6, duration * 0.1), f"the scrub bar moves the video: {at:.2f} of {duration:.2f}")
        driver.execute_script("arguments[0].pause()", video)
        driver.save_screenshot(os.path.join(shots, "video-card.png"))
        end_round(driver, wait)
        for batch in api("GET", "/pending"):
            api("POST", f"/pending/{batch['round']}", {"yes": False})

        # The confirmation: every screenshot deleted, one taken out and put back, another taken out for good.
        driver.get(server.base + "play?boss=screenshots")
        wait_card(session)
        while not driver.find_elements(By.ID, "confirmation"):
            if session.card_on_table() is not None:
                driver.find_element(By.TAG_NAME, "body").send_keys("d")
            time.sleep(0.4)
        thumbs = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#confirmation .thumb"))
        wait.until(lambda d: all(d.execute_script("const i = arguments[0].querySelector('img'); return !i || (i.complete && i.naturalWidth > 0);", t) for t in thumbs))
        sides = [driver.execute_script("const i = arguments[0].querySelector('img'); return i ? Math.max(i.naturalWidth, i.naturalHeight) : 0;", t) for t in thumbs]
        check(all(0 < s <= 320 for s in sides), f"the batch's thumbnails are at most 320 px: {sides}")
        button = driver.find_element(By.ID, "confirm-yes")
        count = len(thumbs)
        thumbs[0].click()
        thumbs[0].click()
        thumbs[1].click()
        check(button.text == f"Move {count - 1} files to the trash" and "out" in thumbs[1].get_attribute("class"),
              f"a tap takes a file out, a second puts it back: {button.text!r}")
        axe_check(driver, "the confirmation")
        driver.save_screenshot(os.path.join(shots, "confirm-out.png"))
        kept_path = thumbs[1].get_attribute("aria-label")
        button.click()
        end = wait.until(lambda d: d.find_elements(By.ID, "round-end"))[0]
        summary = driver.find_element(By.ID, "round-summary").text
        check("freed" not in end.text and f"moved {count - 1} files" in summary and "to the trash" in summary, f"the round end's words: {summary!r}")
        trash = home.json("trash", "list")
        check(len(trash) == count - 1, f"{count - 1} files moved, the one taken out stayed: {len(trash)} in the trash ({kept_path})")

        # The report: nothing called storage recovered while it is all in the trash.
        driver.get(server.base + "report")
        wait.until(lambda d: d.find_elements(By.ID, "categories"))
        text = page_text(driver)
        check("storage recovered" not in text.lower() and "in the trash, still on the disk" in text.lower(), f"the report's words: {text[:300]!r}")
        axe_check(driver, "the report")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(shots, "report.png"))
        driver.get(server.base + "trash")
        wait.until(lambda d: d.find_elements(By.ID, "empty-trash"))
        axe_check(driver, "the trash")
        driver.get(server.base)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        axe_check(driver, "the home page")
    finally:
        session.close()

    allowance_end(clean, shots)
    phone(clean, shots)
    finish("web_everyone", "the way in, settings, copies told apart, the batch, previews, videos, layout, the phone and both themes hold")


def allowance_end(clean, shots):
    """The free tier with 6 seconds a day: the group card dragged as the time runs out is still decided, its copy in the batch."""
    home = Home(clean)
    home.configure('[player]\ntier = "free"\n\n[game.tiers.free]\nswipe_seconds_per_day = 6\n')
    session = Session(clean, home)
    try:
        home.run("scan", home.phone, "--quiet")
        session.sign_in("play")
        driver, wait = session.driver, session.wait
        driver.get(session.server.base + "play")
        card = wait_card(session)
        wait.until(lambda d: d.find_elements(By.ID, "timer") and (d.find_element(By.ID, "timer").text or "9").isdigit()
                   and int(d.find_element(By.ID, "timer").text) <= 2)
        copies = [e.text.split("/")[-1] for e in card.find_elements(By.CSS_SELECTOR, ".member-place")]
        drag(driver, card, -0.45 * rect(driver, card)["w"], hold=2.5)   # released after the time ran out
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#confirmation"))
        thumbs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#confirmation .thumb .n")]
        check(len(thumbs) == 1 and thumbs[0] in copies, f"the card decided as the allowance ended is in the batch: {thumbs} (its copies {copies})")
        driver.save_screenshot(os.path.join(shots, "allowance-end.png"))
    finally:
        session.close()


def phone(clean, shots):
    """A paired phone (127.0.0.2, touch): no key hints, no "Delete for good", no command on an empty library."""
    home = Home(clean)
    process = subprocess.Popen([clean, "web", "--no-open", "--phone", "--address", "127.0.0.2"], env=home.env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    driver = None
    try:
        process.stdout.readline()
        link = process.stdout.readline().strip()[len("Phone "):]
        base = link.split("/pair/")[0] + "/"
        driver = chromium()
        viewport(driver, 390, 844, mobile=True)
        wait = WebDriverWait(driver, 30 * SLOWDOWN)
        driver.get(link)
        wait.until(lambda d: d.find_elements(By.ID, "folders"))
        text = page_text(driver)
        check(not COMMAND.search(text) and "Choose your photo folder" in text, f"the phone's empty library names no command: {text!r}")
        check(not driver.find_elements(By.ID, "scan-pictures"), "the phone offers no folder it cannot choose")
        axe_check(driver, "the phone's first step")
        home.run("scan", home.phone, "--quiet")
        driver.get(base + "play?boss=duplicates")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".stage .card .member .peek"))
        check(not driver.find_elements(By.CSS_SELECTOR, ".controls .hint"), "no key hints on the phone's play page")
        driver.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind) .member .peek")[-1].click()
        buttons = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#compare .actions button"))
        labels = [b.text for b in buttons if b.get_attribute("id") != "compare-keep"]   # that one names a file: "IMAG0042 (1).jpg"
        check(labels and not any(re.search(r"\((F|Esc|1)\)", t) for t in labels), f"the comparison names no keys on a touch screen: {labels}")
        driver.save_screenshot(os.path.join(shots, "phone-compare.png"))
        driver.find_element(By.ID, "compare-close").click()
        body = driver.find_element(By.TAG_NAME, "body")
        driver.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'd'}))")
        time.sleep(1)
        driver.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
        wait.until(lambda d: d.find_elements(By.ID, "confirm-yes"))
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
        driver.get(base + "trash")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".trash-row"))
        check(not driver.find_elements(By.ID, "empty-trash") and "Delete for good" not in page_text(driver),
              "the phone's trash page offers no deleting for good")
        check(body is not None, "the phone played")
    finally:
        if driver:
            driver.quit()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        home.remove()


if __name__ == "__main__":
    main()
