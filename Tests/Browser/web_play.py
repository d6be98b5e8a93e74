#!/usr/bin/python3
"""Plays a round of `clean web` in headless Chromium, as a user would, and checks the result.

Usage: web_play.py CLEAN_BINARY SCREENSHOT_DIR

On a copy of Fixtures/phone with a fixed clock: starts `clean web --no-open`, checks the first
stdout line, web.json and the server's refusals (no credentials 401, wrong Host 403, localhost
answered, POST without the Bearer token 401, unknown or `..` media 404, listening on 127.0.0.1 and
[::1] only), then in
the browser: the link signs in (no cookie, no token left in the address bar), a second tab and a
reload resume the round in play, keys for two cards, a real pointer drag past 30 % of the stage
(deleted), a short drag (springs back, nothing decided), Esc, confirm. Then checks the disk (files in the trash with their .trashinfo),
`clean profile --json` (XP credited once) and the page (the XP shown), saves screenshots, and
fails on any browser console error. Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import json
import urllib.request
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import Home, Session, arguments, check, console_errors, finish, has_ipv6_loopback, listening_addresses, request, trash_thumbnails, viewport  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


def security_checks(port, token, api):
    status, _, body = request(port, "GET", "/api/v1/profile")
    check(status == 401, f"no credentials: expected 401, got {status}")
    check(b'"error"' in body, "a refusal is JSON with an error")
    status, _, _ = request(port, "GET", "/api/v1/profile", bearer=api)
    check(status == 200, f"web.json's apiToken opens the API: got {status}")
    status, _, _ = request(port, "GET", "/api/v1/profile", host=f"evil.example:{port}", bearer=api)
    check(status == 403, f"wrong Host: expected 403, got {status}")
    status, _, _ = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", bearer=api)
    check(status == 200, f"Host localhost ([::1] is this server's too, or there is none): expected 200, got {status}")
    status, _, _ = request(port, "GET", f"/?token={token}", host=f"127.0.0.1.nip.io:{port}")
    check(status == 403, f"rebinding Host with the token: expected 403, got {status}")
    status, _, _ = request(port, "POST", f"/api/v1/rounds?token={token}", body=b'{"boss":null}')
    check(status == 401, f"POST without the Bearer token: expected 401, got {status}")
    status, _, _ = request(port, "POST", "/api/v1/rounds", bearer=api, body=b"boss=", content_type="application/x-www-form-urlencoded")
    check(status == 403, f"POST without a JSON content type: expected 403, got {status}")
    status, _, _ = request(port, "GET", "/media/987654", bearer=api)
    check(status == 404, f"unknown media id: expected 404, got {status}")
    status, _, _ = request(port, "GET", "/media/../../etc/passwd", bearer=api)
    check(status == 400, f"media with .. is refused before any route: expected 400, got {status}")
    status, _, _ = request(port, "GET", "/media/..%2F..%2Fetc%2Fpasswd", bearer=api)
    check(status == 400, f"media with encoded .. is refused before any route: expected 400, got {status}")
    status, headers, _ = request(port, "GET", "/")
    check(status == 200 and "default-src 'none'" in headers.get("content-security-policy", ""), "a page is a shell with a strict Content-Security-Policy")
    addresses = listening_addresses(port)
    expected = ["0100007F", "00000000000000000000000001000000"] if has_ipv6_loopback() else ["0100007F"]
    check(addresses == expected, f"listening on 127.0.0.1 and [::1] (when there is one) only, found {addresses}")


def round_cards(port, api_token):
    """The round in play's cards by id, from the API (web.json's token), with each group card's members."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/rounds/current", headers={"Authorization": f"Bearer {api_token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return {card["id"]: card for card in json.load(answer)["cards"]}


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    session = Session(clean, home)
    try:
        home.run("scan", home.phone, "--quiet")
        items = {}
        for line in home.run("items", "--json").splitlines():
            item = json.loads(line)
            items[item["id"]] = item

        server = session.serve()
        port, token = server.port, server.token
        mode = os.stat(server.state_path).st_mode & 0o777 if os.path.exists(server.state_path) else None
        check(mode == 0o600, f"web.json is readable by its owner only: {oct(mode) if mode else 'missing'}")
        check(server.state is not None and server.state.get("port") == port and server.state.get("url") == server.base
              and len(server.state.get("apiToken", "")) == 32, f"web.json holds url, port, apiToken: {server.state}")
        security_checks(port, token, server.api_token)

        # A card leaves the page while it is being read: a stale element is retried, never a failure.
        session.sign_in("play")
        driver, wait = session.driver, session.wait
        check(driver.current_url == f"http://127.0.0.1:{port}/", f"the token left the address bar: {driver.current_url}")
        check(driver.get_cookies() == [], f"no cookie: {driver.get_cookies()}")
        driver.save_screenshot(os.path.join(shots, "home.png"))
        driver.find_element(By.ID, "play").click()

        card_on_table, current_id = session.card_on_table, session.current_id

        def deleted_count():
            return int(driver.find_element(By.ID, "deleted-count").text)

        def wait_for_next(previous):
            def moved_on(_):
                card = card_on_table()
                return card is not None and int(card.get_attribute("data-card")) != previous
            wait.until(moved_on)

        def image_loaded():
            return driver.execute_script("const i = document.querySelector('.stage .card:not(.behind) img'); return !i || (i.complete && i.naturalWidth > 0);")

        body = driver.find_element(By.TAG_NAME, "body")
        deleted, kept = [], []
        first_card = current_id()
        wait.until(lambda d: image_loaded())
        check(driver.execute_script("const i = document.querySelector('.stage .card:not(.behind) img'); return i ? i.naturalWidth : -1;") > 0,
              "the first card shows its photo")
        driver.save_screenshot(os.path.join(shots, "play.png"))

        # A second tab while the round runs resumes it: the same card on the table, no second round.
        first_tab = driver.current_window_handle
        round_id = driver.find_element(By.CSS_SELECTOR, ".play").get_attribute("data-round")
        driver.switch_to.new_window("tab")
        driver.get(f"http://127.0.0.1:{port}/play")
        check(current_id() == first_card, "the second tab shows the card on the table")
        check(driver.find_element(By.CSS_SELECTOR, ".play").get_attribute("data-round") == round_id, "the second tab plays the same round")
        check(not driver.find_elements(By.ID, "play-error"), "the second tab is not refused")
        driver.close()
        driver.switch_to.window(first_tab)
        logged = console_errors(driver)
        check(not logged, f"no console error from the second tab: {logged}")
        check(current_id() == first_card, "the first tab's round goes on")
        refused = subprocess.run([clean, "round", "--json"], input="k\n", env=home.env, capture_output=True, text=True, timeout=60)
        check(refused.returncode != 0 and "a round is already in play" in refused.stderr,
              f"the terminal is refused while the web round runs: {refused.returncode} {refused.stderr.strip()[:200]}")

        # Card 1: ← deletes.  Card 2: k keeps.
        body.send_keys(Keys.ARROW_LEFT)
        wait_for_next(first_card)
        deleted.append(first_card)
        check(deleted_count() == 1, "← deleted the first card")
        second = current_id()
        body.send_keys("k")
        wait_for_next(second)
        kept.append(second)

        # A reload during the round resumes it where it stands.
        third = current_id()
        driver.refresh()
        check(current_id() == third, f"after a reload card {third} is on the table")
        body = driver.find_element(By.TAG_NAME, "body")
        check(deleted_count() == 1, "after a reload the tally is the round's")
        check(driver.find_element(By.CSS_SELECTOR, ".play").get_attribute("data-round") == round_id, "the reload resumed the same round")

        # Card 3: a real pointer drag past 30 % of the stage width to the left: deleted.
        wait.until(lambda d: image_loaded())
        stage_width = driver.find_element(By.ID, "stage").size["width"]
        card = card_on_table()
        chain = ActionChains(driver, duration=20).click_and_hold(card)
        for _ in range(10):
            chain.move_by_offset(-int(stage_width * 0.045), 0)
        chain.pause(0.2).release().perform()
        wait_for_next(third)
        deleted.append(third)
        check(deleted_count() == 2, f"the long drag deleted card {third}")

        # Card 4: a short drag (10 %) held still, then released: it springs back, nothing is decided.
        fourth = current_id()
        card = card_on_table()
        chain = ActionChains(driver, duration=20).click_and_hold(card)
        for _ in range(5):
            chain.move_by_offset(-int(stage_width * 0.02), 0)
        chain.pause(0.4)
        chain.perform()
        moved = driver.execute_script("return getComputedStyle(document.querySelector('.stage .card:not(.behind)')).transform;")
        check(moved not in ("none", "matrix(1, 0, 0, 1, 0, 0)"), f"the card follows the pointer: {moved}")
        ActionChains(driver).release().perform()
        wait.until(lambda d: d.find_element(By.ID, "stage").get_attribute("data-spring") == "rest")
        check(current_id() == fourth, "after a short drag the same card is on the table")
        check(deleted_count() == 2, "a short drag decides nothing")
        settled = driver.execute_script("return document.querySelector('.stage .card:not(.behind)').style.transform;")
        check("translate(0px, 0px) rotate(0deg)" in settled, f"the card sprang back to the middle: {settled}")

        # What the deleted cards move: a card's own file, or for a group card (duplicates, similar photos) every
        # member but the suggested one, which stays (the API names the members; the page shows the suggested one).
        dealt = round_cards(port, server.api_token)
        leaving, staying = [], []
        for card_id in deleted:
            group = (dealt.get(card_id) or {}).get("group")
            if group:
                leaving += [items[m["item"]]["path"] for m in group["members"] if not m["suggested"]]
                staying += [items[m["item"]]["path"] for m in group["members"] if m["suggested"]]
            else:
                leaving.append(items[card_id]["path"])
        check(len(leaving) >= 2, f"the deleted cards move files: {leaving}")

        # Esc ends the round; the batch is confirmed.
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        thumbs = driver.find_elements(By.CSS_SELECTOR, "#confirmation .thumb")
        check(len(thumbs) == len(leaving), f"the batch shows {len(leaving)} thumbnails, got {len(thumbs)}")
        check(f"Move {len(leaving)} files to the trash" in driver.find_element(By.ID, "confirm-yes").text, "the confirm button says what moves")
        driver.save_screenshot(os.path.join(shots, "confirm.png"))
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "xp-earned"))
        shown_xp = int(re.sub(r"[^0-9]", "", driver.find_element(By.ID, "xp-earned").text))
        driver.save_screenshot(os.path.join(shots, "round-end.png"))

        # The disk: each deleted card's file is in the trash with its .trashinfo, and gone from its place.
        state = home.env["SWIPECLEAN_HOME"]
        infos = os.listdir(os.path.join(state, "Trash", "info")) if os.path.isdir(os.path.join(state, "Trash", "info")) else []
        recorded = {}
        for name in infos:
            with open(os.path.join(state, "Trash", "info", name)) as f:
                for line in f:
                    if line.startswith("Path="):
                        from urllib.parse import unquote
                        recorded[unquote(line[5:].strip())] = name[: -len(".trashinfo")]
        for path in leaving:
            check(not os.path.exists(path), f"{path} left its place")
            check(path in recorded and os.path.exists(os.path.join(state, "Trash", "files", recorded[path])),
                  f"{path} is in the trash with its .trashinfo")
        for path in [items[c]["path"] for c in kept + [fourth]] + staying:
            check(os.path.exists(path), f"{path} stayed")

        # XP credited once: the profile and the page agree, and the home page shows the same.
        profile = home.json("profile")
        check(profile["totalXP"] == shown_xp and shown_xp > 0, f"profile XP {profile['totalXP']} == page XP {shown_xp}")
        check(profile["photosDeleted"] == len(leaving), f"{len(leaving)} photos deleted in the profile, got {profile['photosDeleted']}")
        driver.get(f"http://127.0.0.1:{port}/")
        wait.until(lambda d: d.find_elements(By.ID, "total-xp"))
        check(driver.find_element(By.ID, "total-xp").text == f"{shown_xp:,} XP", f"home shows {shown_xp} XP: {driver.find_element(By.ID, 'total-xp').text}")
        driver.save_screenshot(os.path.join(shots, "home-after.png"))

        # The trash page lists them; the report page draws its charts.
        driver.get(f"http://127.0.0.1:{port}/trash")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".trash-row"))
        check(len(driver.find_elements(By.CSS_SELECTOR, ".trash-row")) == len(leaving), f"the trash page lists the {len(leaving)} files")
        # Issue 41 item 4: each file with its thumbnail, made from the file in the trash (a video: an icon).
        shown = trash_thumbnails(driver, ".trash-row")
        check(len(shown) == len(leaving) and all(t and (t[1] == "photo" if re.search(r"\.(jpe?g|png|heic)$", t[0], re.I) else t[1] == "icon") for t in shown),
              f"each trashed file shows its thumbnail (a photo's own, an icon otherwise): {shown}")
        driver.execute_script("window.scrollTo(0, 0);")
        driver.save_screenshot(os.path.join(shots, "trash.png"))

        # Restore one with its own button, then the others through their checkboxes and "Restore selected".
        driver.find_element(By.CSS_SELECTOR, ".trash-row button").click()
        wait.until(lambda d: "Restored 1 file." in (d.find_element(By.ID, "trash-message").text if d.find_elements(By.ID, "trash-message") else ""))
        check(len(driver.find_elements(By.CSS_SELECTOR, ".trash-row")) == len(leaving) - 1, "one file fewer in the trash after restoring one")
        check(sum(os.path.exists(p) for p in leaving) == 1, "the restored file is back in its place")
        for box in driver.find_elements(By.CSS_SELECTOR, ".trash-row input[type=checkbox]"):
            box.click()
        driver.find_element(By.ID, "restore-selected").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.empty"))
        check(all(os.path.exists(p) for p in leaving), "every file is back in its place")
        driver.get(f"http://127.0.0.1:{port}/report")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "svg"))
        driver.save_screenshot(os.path.join(shots, "report.png"))

        # A phone-sized viewport: home and a card.
        viewport(driver, 390, 844, mobile=True)
        driver.get(f"http://127.0.0.1:{port}/")
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        driver.save_screenshot(os.path.join(shots, "phone-home.png"))
        driver.get(f"http://127.0.0.1:{port}/play")
        wait.until(lambda d: card_on_table() is not None)
        wait.until(lambda d: image_loaded())
        driver.save_screenshot(os.path.join(shots, "phone-play.png"))
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))

        errors = console_errors(driver)
        check(not errors, f"browser console errors: {errors}")
    finally:
        server = session.server
        if session.driver:
            session.driver.quit()
        if server:
            code = server.stop()
            check(code == 0, "clean web did not stop on SIGTERM" if code is None
                  else f"clean web exits 0 on SIGTERM, got {code}: {server.process.stderr.read()[-500:]}")
        home.remove()
    finish("web_play", f"all checks passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
