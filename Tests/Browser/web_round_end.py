#!/usr/bin/python3
"""Skip, poster frames and the round end's celebrations of `clean web`, in headless Chromium.

Usage: web_round_end.py CLEAN_BINARY SCREENSHOT_DIR

A throw-away home with Fixtures/phone and Fixtures/video/IMG_3001.MOV (HEVC, which Chromium
cannot play), every video over 1,000 bytes counted as big (so `videos` deals both), two streak
freezes a week. Tuesday 2026-02-24: one screenshot deleted on the line protocol. Then the level 2 threshold is
set 10 XP above the player's XP. Thursday 2026-02-26 (Wednesday missed), `clean web` in the
browser: a screenshots round deleting one file ends with "Level up!" and "Streak saved! 1 freeze
remaining"; boss videos shows the HEVC card's poster frame (ffmpeg) with a note, `s` skips one
card and the skip button the other (nothing decided, nothing moved); a new videos round deals
the two skipped cards again. Screenshots for a person to look at.
Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import arguments, check, console_errors, finish, Home, ROOT, Session  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.keys import Keys  # noqa: E402

CONFIG = """[player]
tier = "free"

[scan]
big_video_bytes = 1000

[game.tiers.free]
freezes_per_week = 2
"""
LEVELS = """
[[game.levels]]
title = "Data Hoarder"
xp_required = 0

[[game.levels]]
title = "Digital Declutterer"
xp_required = {threshold}
"""


def main():
    clean, shots = arguments(__doc__)
    if not shutil.which("ffmpeg", path="/usr/bin:/bin"):
        sys.exit("ffmpeg is missing: sudo apt-get install -y ffmpeg (or `make setup`)")
    home = Home(clean)
    hevc = os.path.join(home.phone, "DCIM", "100APPLE", "IMG_3001.MOV")
    shutil.copyfile(os.path.join(ROOT, "Fixtures", "video", "IMG_3001.MOV"), hevc)
    config = os.path.join(home.dir, "config", "swipeclean", "config.toml")
    os.makedirs(os.path.dirname(config))
    with open(config, "w") as f:
        f.write(CONFIG)
    session = Session(clean, home)
    try:
        # Tuesday: one round, one file deleted, on the line protocol.
        home.env["SWIPECLEAN_NOW"] = "2026-02-24T19:30:00+01:00"
        home.run("scan", home.phone, "--quiet")
        first = subprocess.run([clean, "boss", "screenshots", "--yes", "--json"], input="d\n", env=home.env, capture_output=True, text=True, timeout=120)
        check(first.returncode == 0 and json.loads(first.stdout)["deleted"] == 1, f"Tuesday's round: {first.stdout} {first.stderr}")
        xp = home.json("profile")["totalXP"]
        with open(config, "a") as f:
            f.write(LEVELS.format(threshold=xp + 10))
        check(home.json("profile")["level"] == 1, "still level 1 before the web round")

        items = {}
        for line in home.run("items", "--json").splitlines():
            item = json.loads(line)
            items[item["path"]] = item
        hevc_id = items[hevc]["id"]

        # Thursday, Wednesday missed: a freeze will cover it.
        home.env["SWIPECLEAN_NOW"] = "2026-02-26T19:30:00+01:00"
        session.sign_in("play")
        server, driver, wait = session.server, session.driver, session.wait
        port = server.port

        def top_card():
            card = session.card_on_table()
            return int(card.get_attribute("data-card")) if card is not None else None

        def progress():
            return driver.find_element(By.ID, "progress").text

        def body():
            return driver.find_element(By.TAG_NAME, "body")

        # Thursday's first round deletes one screenshot: level 2, and Wednesday covered by a freeze.
        driver.get(f"http://127.0.0.1:{port}/play?boss=screenshots")
        wait.until(lambda d: top_card() is not None)
        body().send_keys(Keys.ARROW_LEFT)
        wait.until(lambda d: d.find_element(By.ID, "deleted-count").text == "1")
        body().send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
        end = driver.find_element(By.ID, "round-end")
        levels = [e.text for e in end.find_elements(By.CSS_SELECTOR, ".celebrate.level")]
        freezes = [e.text for e in end.find_elements(By.CSS_SELECTOR, ".celebrate.freeze")]
        check(levels == ["★ Level up! You are now level 2: Digital Declutterer"], f"the level-up celebration: {levels} in {end.text!r}")
        check(freezes == ["❄ Streak saved! 1 freeze remaining"], f"the freeze celebration: {freezes} in {end.text!r}")
        check(all(e.is_displayed() for e in end.find_elements(By.CSS_SELECTOR, ".celebrate")), "the celebrations are on screen")
        driver.save_screenshot(os.path.join(shots, "celebrations.png"))
        profile = home.json("profile")
        check(profile["level"] == 2 and profile["streakFreezesRemaining"] == 1,
              f"the profile agrees: level {profile['level']}, freezes {profile['streakFreezesRemaining']}")

        # Boss videos: the HEVC card shows its poster frame; `s` skips one card, the skip button the other.
        driver.get(f"http://127.0.0.1:{port}/play?boss=videos")
        wait.until(lambda d: top_card() is not None)
        check(progress() == "card 1 of 2", f"boss videos deals the two videos: {progress()!r}")
        dealt = [top_card()]
        if dealt[0] != hevc_id:
            driver.save_screenshot(os.path.join(shots, "other-video.png"))
            body().send_keys("s")
            wait.until(lambda d: top_card() not in (None, dealt[0]))
            dealt.append(top_card())
        check(top_card() == hevc_id, f"the HEVC video {hevc_id} is dealt: on the table {top_card()}")
        poster = ".stage .card:not(.behind) .poster-frame img"
        wait.until(lambda d: d.execute_script(f"const i = document.querySelector('{poster}'); return !!i && i.complete && i.naturalWidth > 0;"))
        size = driver.execute_script(f"const i = document.querySelector('{poster}'); return [i.naturalWidth, i.naturalHeight];")
        check(size == [640, 480], f"the poster frame is the video's picture scaled to 640 wide: {size}")
        note = driver.find_element(By.CSS_SELECTOR, ".stage .card:not(.behind) .poster-note").text
        check("cannot play this video" in note and "video/quicktime" in note, f"the note says why: {note!r}")
        # The frame is the test pattern's, not a black or blank picture: many distinct colours in it.
        colours = driver.execute_script(f"""
            const i = document.querySelector('{poster}'), c = document.createElement('canvas');
            c.width = 64; c.height = 48; const g = c.getContext('2d'); g.drawImage(i, 0, 0, 64, 48);
            const d = g.getImageData(0, 0, 64, 48).data, seen = new Set();
            for (let p = 0; p < d.length; p += 4) seen.add((d[p] >> 5) + ',' + (d[p + 1] >> 5) + ',' + (d[p + 2] >> 5));
            return seen.size;""")
        check(colours >= 8, f"the poster frame shows a picture ({colours} colours)")
        driver.save_screenshot(os.path.join(shots, "poster.png"))
        if len(dealt) == 1:
            body().send_keys("s")
            wait.until(lambda d: d.find_elements(By.ID, "confirmation") or top_card() not in (None, hevc_id))
            if not driver.find_elements(By.ID, "confirmation"):
                dealt.append(top_card())
                driver.save_screenshot(os.path.join(shots, "other-video.png"))
        if not driver.find_elements(By.ID, "confirmation"):
            check(driver.find_element(By.ID, "skip").get_attribute("title") == "Skip: decide later (s)", "the skip button says what it does")
            driver.find_element(By.ID, "skip").click()
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        check(len(set(dealt)) == 2, f"two cards dealt and skipped: {dealt}")
        confirmation = driver.find_element(By.ID, "confirmation").text
        check("Nothing to move" in confirmation and "Reviewed 0" in confirmation, f"skipped cards are neither kept nor deleted: {confirmation!r}")
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
        check(os.path.exists(hevc), "the skipped HEVC video is still in place")

        # "Decide later": the next videos round deals both again.
        driver.get(f"http://127.0.0.1:{port}/play?boss=videos")
        wait.until(lambda d: top_card() is not None)
        check(progress() == "card 1 of 2", f"the skipped videos are dealt again: {progress()!r}")
        again = [top_card()]
        driver.find_element(By.ID, "skip").click()
        wait.until(lambda d: top_card() not in (None, again[0]))
        again.append(top_card())
        check(sorted(again) == sorted(dealt), f"the same two cards: {again} and {dealt}")

        errors = console_errors(driver)
        check(not errors, f"browser console errors: {errors}")

        # Without ffmpeg (nothing on PATH), the same card is the "no preview" card with its facts.
        server.stop()
        server = session.serve(dict(home.env, PATH="/nonexistent"))
        driver.get(server.link)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        driver.get(server.base + "play?boss=videos")
        wait.until(lambda d: top_card() is not None)
        if top_card() != hevc_id:
            driver.find_element(By.ID, "skip").click()
            wait.until(lambda d: top_card() == hevc_id)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind) .nopreview"))
        text = driver.find_element(By.CSS_SELECTOR, ".stage .card:not(.behind) .nopreview").text
        check("cannot be shown here" in text and "cannot play this video" in text and "IMG_3001.MOV" in text and not driver.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind) .poster-frame"),
              f"without ffmpeg the HEVC card says no preview: {text!r}")
        driver.save_screenshot(os.path.join(shots, "no-ffmpeg.png"))
    finally:
        session.close()
    finish("web_round_end", f"all checks passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
