#!/usr/bin/python3
"""What a player without a command line (a phone has none) meets in the pages, in headless Chromium.

Usage: web_pages.py CLEAN_BINARY SCREENSHOT_DIR

On a copy of Fixtures/phone with a fixed clock, `clean web --no-open`:
- a boss battle's header names the boss by its own title ("Double Trouble"), not its command-line name;
- the undo button shows the day's undos left on itself (not only in a tooltip), and one fewer after an undo;
- `dkdkdd` typed at once, while cards are still flying off, records six decisions in that order
  (four deleted, two kept), none dropped;
- the folders scanned before are scanned again from the home page, which says what the scan found;
- the trash is emptied from its page: the question names how many files go for good, Cancel keeps
  them, "Delete for good" deletes exactly those (screenshot empty-trash.png);
- an address with no page answers a page (404, HTML, the way home), an unknown API address JSON;
- when the server stops in the middle of a timed round, the page says "Lost connection to SwipeClean"
  within seconds and its clock stops (screenshot lost-connection.png).
Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import json
import os
import re
import shutil
import sys
import time
import urllib.request

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import Home, SLOWDOWN, Session, arguments, check, console_errors, finish, request, trash_thumbnails  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def current(port, token):
    """The round in play, from the API (web.json's token)."""
    ask = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/rounds/current", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(ask, timeout=30) as answer:
        return json.load(answer)


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    home.configure('[player]\ntier = "free"\n')   # the seeds' daily limits, a setting (no limits is the default)
    session = Session(clean, home)
    try:
        home.run("scan", home.phone, "--quiet")
        title = next(b["title"] for b in home.json("boss", "list") if b["name"] == "old")
        session.sign_in("play")
        server, driver, wait = session.server, session.driver, session.wait
        port, token = server.port, server.api_token
        logged = console_errors(driver)
        check(not logged, f"no console error on the home page (no --phone, no waiting batch): {logged}")

        # The boss by its own name, the undos on the button.
        driver.get(f"{server.base}play?boss=old")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind)"))
        check(driver.find_element(By.ID, "play-title").text == title, f"the header names the boss {title!r}: {driver.find_element(By.ID, 'play-title').text!r}")
        time_words = driver.find_element(By.ID, "play-time").text
        check("untimed" not in time_words and "min of today's swiping time left" in time_words,
              f"a boss battle on the free tier says its daily swiping time, not 'untimed': {time_words!r}")
        undos = current(port, token)["undosLeft"]
        check(isinstance(undos, int) and undos > 0, f"the free tier allows undos today: {undos}")
        check(not driver.find_elements(By.ID, "undos-left"), "nothing to undo yet: the undo button shows no count")

        # Six keys at once: six decisions, in order, none dropped while cards fly off.
        driver.find_element(By.TAG_NAME, "body").send_keys("dkdkdd")
        try:
            wait.until(lambda d: current(port, token).get("reviewed") == 6)
        except Exception:
            pass
        now = current(port, token)
        check((now.get("reviewed"), now.get("deleted"), now.get("kept")) == (6, 4, 2),
              f"dkdkdd typed fast: 6 reviewed, 4 deleted, 2 kept, got {now.get('reviewed')}, {now.get('deleted')}, {now.get('kept')}")
        wait.until(lambda d: d.find_element(By.ID, "deleted-count").text == "4")
        driver.find_element(By.TAG_NAME, "body").send_keys("u")
        wait.until(lambda d: current(port, token).get("reviewed") == 5)
        wait.until(lambda d: d.find_element(By.ID, "undos-left").text == str(undos - 1))
        check(driver.find_element(By.ID, "undo").get_attribute("aria-label") == f"Undo, {undos - 1} left today",
              f"the button says it: {driver.find_element(By.ID, 'undo').get_attribute('aria-label')!r}")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        driver.find_element(By.ID, "confirm-no").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))

        # The folders scanned before, scanned again from the home page: a photo copied in meanwhile is found.
        shutil.copyfile(os.path.join(home.phone, "DCIM", "Camera", "IMAG0042.jpg"), os.path.join(home.phone, "DCIM", "Camera", "arrived.jpg"))
        driver.get(server.base)
        wait.until(lambda d: d.find_elements(By.ID, "scan-again"))
        folders = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#folders li")]
        nxt = driver.find_element(By.ID, "next")
        check("clean " not in nxt.text and nxt.find_elements(By.CSS_SELECTOR, "a[href^='/play']"), f"the suggestion is a link, not a command: {nxt.text!r}")
        check(folders == [home.phone], f"the home page lists the folder scanned before: {folders}")
        driver.find_element(By.ID, "scan-again").click()
        wait.until(lambda d: d.find_element(By.ID, "scan-status").text.startswith("Scanned:"))
        said = driver.find_element(By.ID, "scan-status").text
        check("1 new or changed" in said, f"the page says what the scan found: {said!r}")
        driver.execute_script("document.getElementById('folders').scrollIntoView()")
        driver.save_screenshot(os.path.join(shots, "scan-again.png"))
        check(any(line.endswith("arrived.jpg") for line in home.run("items").splitlines()), "the new photo is in the index")

        # The trash emptied from its page: the question names what goes; Cancel keeps it; the answer deletes
        # exactly those files for good. (The batch left with "Not now" is moved first, from the API.)
        status, _, body = request(port, "GET", "/api/v1/pending", bearer=token)
        batch = json.loads(body)[0]
        status, _, _ = request(port, "POST", f"/api/v1/pending/{batch['round']}", bearer=token, body=b'{"yes": true}')
        check(status == 200, f"the waiting batch moves to the trash: {status}")
        moved = [entry["originalPath"] for entry in home.json("trash", "list")]   # the cards' files and their linked files
        check(set(batch["toDelete"]) <= set(moved), f"the batch's files are in the trash: {batch['toDelete']} {moved}")
        driver.get(f"{server.base}trash")
        wait.until(lambda d: d.find_elements(By.ID, "empty-trash"))
        question = driver.find_element(By.ID, "empty-question")
        check(not question.is_displayed(), "no question before the button")
        driver.find_element(By.ID, "empty-trash").click()
        wait.until(lambda d: d.find_element(By.ID, "empty-question").is_displayed())
        asked = driver.find_element(By.ID, "empty-title").text
        check(asked.startswith(f"Delete {len(moved)} files (") and asked.endswith("for good? They cannot be restored."), f"the question names them: {asked!r}")
        # Each file it asks about shows its thumbnail (a video: an icon).
        shown = trash_thumbnails(driver, "#empty-list")
        check(len(shown) == len(moved) and all(t and (t[1] == "photo" if re.search(r"\.(jpe?g|png|heic)$", t[0], re.I) else t[1] == "icon") for t in shown),
              f"the question shows each file's thumbnail: {shown}")
        driver.execute_script("document.getElementById('empty-list').scrollTop = 0;")
        driver.save_screenshot(os.path.join(shots, "empty-trash.png"))
        driver.find_element(By.ID, "empty-no").click()
        check(not driver.find_element(By.ID, "empty-question").is_displayed() and len(home.json("trash", "list")) == len(moved), "Cancel deletes nothing")
        driver.find_element(By.ID, "empty-trash").click()
        driver.find_element(By.ID, "empty-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "trash-message"))
        said = driver.find_element(By.ID, "trash-message").text
        check(said.startswith(f"Deleted {len(moved)} files for good:"), f"the page says what went: {said!r}")
        check(home.json("trash", "list") == [] and not any(os.path.exists(path) for path in moved), "the trash is empty, the files are gone")
        check(driver.find_elements(By.CSS_SELECTOR, "p.empty"), "the page shows an empty trash")

        # An address with no page: a page. An unknown API address: JSON.
        status, headers, body = request(port, "GET", "/preferences/nowhere")
        check(status == 404 and headers.get("content-type", "").startswith("text/html") and b"Nothing here" in body and b"nowhere" not in body,
              f"an unknown page is a page: {status} {headers.get('content-type')}")
        status, headers, _ = request(port, "GET", "/api/v1/nowhere", bearer=token)
        check(status == 404 and headers.get("content-type", "").startswith("application/json"), f"an unknown API address is JSON: {status}")
        driver.get(f"{server.base}preferences/nowhere")
        wait.until(lambda d: d.find_elements(By.ID, "not-found"))
        check(driver.find_element(By.CSS_SELECTOR, "#not-found a[href='/']").text == "Home", "the page leads home")
        driver.save_screenshot(os.path.join(shots, "not-found.png"))

        # The server stops in the middle of a timed round: the page says so, the clock stops.
        console_errors(driver)   # the 404 page's own status is logged; start afresh
        driver.get(f"{server.base}play")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind)"))
        check(not driver.find_elements(By.ID, "lost-connection"), "no banner while the server runs")
        logged = console_errors(driver)
        check(not logged, f"no console error before the server stops: {logged}")
        check(server.stop() == 0, "SIGTERM stops the server")
        WebDriverWait(driver, 15 * SLOWDOWN).until(lambda d: d.find_elements(By.ID, "lost-connection"))
        check("Lost connection to SwipeClean" in driver.find_element(By.ID, "lost-connection").text, "the banner says it")
        time.sleep(0.5)
        stopped = driver.find_element(By.ID, "timer").text
        time.sleep(1.5)
        check(stopped == "–" and driver.find_element(By.ID, "timer").text == stopped, f"the clock stopped: {stopped!r}")
        driver.save_screenshot(os.path.join(shots, "lost-connection.png"))
    finally:
        session.close()
    finish("web_pages.py", "the boss's title, undos on the button, six fast keys, scanning again, emptying the trash, a 404 page and a lost connection, all in the pages")


if __name__ == "__main__":
    main()
