#!/usr/bin/python3
"""A similar-video group card of `clean web` in headless Chromium: two copies played side by side.

Usage: web_videos.py CLEAN_BINARY SCREENSHOT_DIR

Fixtures/video/similar's original.mp4 (10 s, 320×180, in a backup folder), its trimmed copy trimmed.mp4 (2.6 s
to 9 s, re-encoded) and its HEVC export hevc.MOV (both in the camera folder), which the scan groups as similar
videos. At 1280×800: the similar boss deals one group card of "3 similar videos" whose strip shows them (poster
frames), the original
suggested and marked to keep (its words "the whole video"); a tap on the trimmed copy opens the comparison, two
videos side by side, each with its place, length, frame size, bitrate, size and why under it; one play button
plays both, the trimmed copy kept at the same moment of the scene (2.6 s behind the original, within 0.5 s), a
scrub moves both, space pauses both; the HEVC copy plays beside the original from 0 (or, in a Chromium without
HEVC, shows its poster frame and says so). At 390×844 (touch) the panes are stacked and play together the same
way; ← deletes the copies not marked to keep; confirmed, they are in the trash, the original stays. Screenshots
for a person to look at. Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import json
import os
import shutil
import sys
import time

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import arguments, check, console_errors, end_round, finish, Home, ROOT, Session, viewport  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.keys import Keys  # noqa: E402

TOP = ".stage .card:not(.behind)"
VIDEOS = ("return [...document.querySelectorAll('#compare .pane video')].map(v => "
          "({ item: +v.dataset.item, time: v.currentTime, paused: v.paused, ready: v.readyState, duration: v.duration }));")


def open_comparison(driver, wait, name="trimmed.mp4"):
    """A tap on copy `name` in the strip: the comparison, once both videos can play (or one says it cannot)."""
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, TOP + " .members .member"))
    driver.find_element(By.CSS_SELECTOR, TOP + f" .member .peek img[alt='{name}']").click()
    wait.until(lambda d: d.find_elements(By.ID, "compare"))
    wait.until(lambda d: all(v["ready"] >= 2 for v in d.execute_script(VIDEOS))
               and len(d.execute_script(VIDEOS)) + len(d.find_elements(By.CSS_SELECTOR, "#compare .unplayable")) == 2)


def play_together(driver, wait, where):
    """One play button plays both; once the original is past the trimmed copy's start both run, 2.6 s apart."""
    still = driver.execute_script(VIDEOS)
    check([round(v["time"], 1) for v in still] == [0, 0] and all(v["paused"] for v in still),
          f"{where}: both wait at their start before play: {still}")
    driver.find_element(By.CSS_SELECTOR, "#compare-controls .vc-play").click()
    wait.until(lambda d: all(not v["paused"] for v in d.execute_script(VIDEOS)) and d.execute_script(VIDEOS)[0]["time"] > 3.2)
    first = driver.execute_script(VIDEOS)
    time.sleep(0.8)
    later = driver.execute_script(VIDEOS)
    check(all(b["time"] > a["time"] + 0.3 for a, b in zip(first, later)), f"{where}: both copies play: {first} -> {later}")
    check(abs(later[0]["time"] - later[1]["time"] - 2.6) <= 0.5, f"{where}: the trimmed copy plays the same moment, 2.6 s behind: {later}")


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    library = os.path.join(home.dir, "library")
    for folder, name in (("Backup", "original.mp4"), ("DCIM/Camera", "trimmed.mp4"), ("DCIM/Camera", "hevc.MOV")):
        os.makedirs(os.path.join(library, folder), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, "Fixtures", "video", "similar", name), os.path.join(library, folder, name))
    original, trimmed = os.path.join(library, "Backup", "original.mp4"), os.path.join(library, "DCIM", "Camera", "trimmed.mp4")
    hevc = os.path.join(library, "DCIM", "Camera", "hevc.MOV")
    session = Session(clean, home)
    try:
        home.run("scan", library, "--quiet")
        items = {os.path.basename(i["path"]): i for i in map(json.loads, home.run("items", "--json").splitlines())}
        check(items["original.mp4"]["similarGroup"] == items["trimmed.mp4"]["similarGroup"] == items["original.mp4"]["id"],
              f"the scan groups the two videos, keeping the original: {[(n, i['similarGroup']) for n, i in items.items()]}")
        session.sign_in("play")
        server, driver, wait = session.server, session.driver, session.wait
        driver.get(f"{server.base}play?boss=similar")
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, TOP + " .members .member"))
        check(driver.find_element(By.CSS_SELECTOR, TOP).get_attribute("data-kind") == "video", "the similar boss deals a video card")
        words = driver.find_element(By.CSS_SELECTOR, TOP).text
        check("3 similar videos" in words and "similar photo" not in words, f"the card speaks of videos: {words!r}")
        members = driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .member')].map(m => [m.querySelector('img').alt, "
            "m.querySelector('.why') ? m.querySelector('.why').textContent : '', m.querySelector('img').getAttribute('src'), "
            "m.classList.contains('kept'), m.querySelector('.mark').getAttribute('aria-pressed')]);", TOP)
        check([m[0] for m in members] == ["original.mp4", "hevc.MOV", "trimmed.mp4"], f"the strip shows the original first, then the copies: {members}")
        check("the whole video" in members[0][1] and "trimmed" in members[2][1], f"the strip says why: {members}")
        check(all("/poster" in m[2] for m in members), f"the strip shows each video's poster frame: {members}")
        check([m[3:] for m in members] == [[True, "true"], [False, "false"], [False, "false"]], f"the suggested original is marked to keep, the copies not: {members}")
        wait.until(lambda d: d.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .member img')].every(i => i.complete && i.naturalWidth > 0);", TOP))
        driver.save_screenshot(os.path.join(shots, "video-group-card.png"))

        # The comparison: both videos side by side, filling panes of one size, what sets them apart under each.
        open_comparison(driver, wait)
        labels = [e.text.split("\n") for e in driver.find_elements(By.CSS_SELECTOR, "#compare .pane-label")]
        check(len(labels) == 2 and labels[0][0].startswith("★ suggested · ") and labels[0][0].endswith("library/Backup/original.mp4")
              and labels[1][0].endswith("library/DCIM/Camera/trimmed.mp4") and "★" not in labels[1][0],
              f"each pane names its copy and its place, the suggested one starred: {labels}")
        check(len(labels) == 2 and labels[0][1].startswith("0:10 · 320×180 · ") and labels[1][1].startswith("0:06 · 320×180 · ")
              and all(" Mbit/s · " in label[1] and label[1].endswith(" KB") for label in labels),
              f"each pane says the copy's length, frame size, bitrate and size: {labels}")
        check(len(labels) == 2 and labels[0][2].startswith("the whole video") and labels[1][2].startswith("trimmed (3.6 s shorter)"),
              f"each pane says what sets it apart: {labels}")
        boxes = driver.execute_script("return [...document.querySelectorAll('#compare .pane video')].map(v => { const r = v.getBoundingClientRect(); "
                                      "return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; });")
        check(len(boxes) == 2 and boxes[0][2:] == boxes[1][2:] and boxes[0][2] > 500 and boxes[1][0] > boxes[0][0] + boxes[0][2] - 1,
              f"at 1280 px the two videos are side by side, at one size, scaled up past their 320 px: {boxes}")
        check(driver.find_element(By.ID, "compare-keep").get_attribute("aria-pressed") == "false", "the trimmed copy is not marked to keep")
        play_together(driver, wait, "at 1280 px")
        driver.save_screenshot(os.path.join(shots, "video-compare.png"))
        # A scrub moves both: to 70 % of the original (7 s), the trimmed copy at about 4.4 s.
        driver.execute_script("const s = document.querySelector('#compare-controls .vc-scrub'); s.value = 700; "
                              "s.dispatchEvent(new Event('input', { bubbles: true })); s.dispatchEvent(new Event('change', { bubbles: true }));")
        wait.until(lambda d: abs(d.execute_script(VIDEOS)[0]["time"] - 7) < 0.6)
        scrubbed = driver.execute_script(VIDEOS)
        check(abs(scrubbed[1]["time"] - (scrubbed[0]["time"] - 2.6)) <= 0.5, f"a scrub moves both to the same moment: {scrubbed}")
        # Space pauses both, as on the card.
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(" ")
        wait.until(lambda d: all(v["paused"] for v in d.execute_script(VIDEOS)))
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: not d.find_elements(By.ID, "compare"))
        # The HEVC copy (an iPhone's export, whole length): played beside the original from 0 where the browser decodes
        # HEVC (Debian's Chromium does, with its ffmpeg); where it cannot, its pane shows its poster frame and says so,
        # and the original still plays.
        open_comparison(driver, wait, "hevc.MOV")
        pane = driver.execute_script("const p = document.querySelector('#compare .unplayable'); const i = p && p.querySelector('img.poster'); "
                                     "return p && [p.dataset.item, p.textContent, i && i.complete && i.naturalWidth > 0];")
        if pane:
            check(pane[0] == str(items["hevc.MOV"]["id"]) and "cannot play this copy" in pane[1] and pane[2],
                  f"the HEVC copy's pane shows its poster frame and says it cannot play here: {pane}")
            driver.find_element(By.CSS_SELECTOR, "#compare-controls .vc-play").click()
            wait.until(lambda d: d.execute_script(VIDEOS)[0]["time"] > 0.5)
        else:
            driver.find_element(By.CSS_SELECTOR, "#compare-controls .vc-play").click()
            wait.until(lambda d: all(v["time"] > 1.5 for v in d.execute_script(VIDEOS)))
            both = driver.execute_script(VIDEOS)
            check(abs(both[0]["time"] - both[1]["time"]) <= 0.5, f"the HEVC copy plays beside the original at the same moment: {both}")
        driver.save_screenshot(os.path.join(shots, "video-compare-hevc.png"))
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: not d.find_elements(By.ID, "compare"))
        # The battle ends with nothing decided, so the phone is dealt the group again.
        end_round(driver, wait)
        logged = console_errors(driver)
        check(not logged, f"no console error at 1280 px: {logged}")

        # A phone's screen: the panes one above the other, played together the same way.
        viewport(driver, 390, 844, mobile=True)
        driver.get(f"{server.base}play?boss=similar")
        open_comparison(driver, wait)
        boxes = driver.execute_script("return [...document.querySelectorAll('#compare .pane')].map(p => { const r = p.getBoundingClientRect(); "
                                      "return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.bottom)]; });")
        check(len(boxes) == 2 and boxes[1][1] >= boxes[0][3] and all(b[2] >= 360 for b in boxes), f"at 390 px the panes are stacked, each the screen's width: {boxes}")
        play_together(driver, wait, "at 390 px")
        driver.save_screenshot(os.path.join(shots, "phone-video-compare.png"))
        driver.find_element(By.ID, "compare-close").click()
        wait.until(lambda d: not d.find_elements(By.ID, "compare"))

        # ← deletes the copy not marked to keep (the original is marked); confirmed, the trimmed copy moves.
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation") or d.find_element(By.ID, "deleted-count").text == "2")
        end_round(driver, wait)
        trash = {entry["originalPath"] for entry in home.json("trash", "list")}
        check(trash == {trimmed, hevc}, f"the two copies reach the trash: {trash}")
        check(os.path.exists(original) and not os.path.exists(trimmed), "the original stays where it was")
        logged = console_errors(driver)
        check(not logged, f"no console error at 390 px: {logged}")
    finally:
        session.close()
    finish("web_videos", f"all checks passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
