#!/usr/bin/python3
"""The home page's weekly boss and the report page's bad-shots row, in headless Chromium at a desktop's size
(1280×800) and a phone's (390×844).

Usage: web_home_report.py CLEAN_BINARY SCREENSHOT_DIR

On a copy of Fixtures/phone with Fixtures/quality beside it (small copies of real photos, nine of them bad shots) and a
fixed clock, the bad-shots boss deletes its nine cards from the command line, then `clean web --no-open`:
- the home page lists this week's boss (`boss list --json`'s weekly entry) as a boss card with its own title, its story,
  its progress and its cards, and its Fight button opens `/play?boss=weekly`, which deals it;
- the suggestion under the bosses is a link to the boss the home's `next` names, in words built from that data;
- the report page's "By kind" has a row for every category of `report --json`'s byCategory, bad shots with the nine
  files deleted, and the rows the JSON has, no more;
- neither page scrolls sideways at either size (screenshots home-weekly-desktop.png, home-weekly-phone.png,
  report-bad-shots-desktop.png, report-bad-shots-phone.png).
Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import Home, ROOT, SLOWDOWN, Session, arguments, check, console_errors, finish, viewport  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

SIZES = [("desktop", 1280, 800, False), ("phone", 390, 844, True)]


def no_sideways_scroll(driver, what):
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    check(width <= inner, f"{what} does not scroll sideways: {width} px wide in {inner}")


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    shutil.copytree(os.path.join(ROOT, "Fixtures", "quality"), os.path.join(home.phone, "quality"))
    session = Session(clean, home)
    try:
        home.run("scan", home.phone, "--quiet")
        bad = next(b for b in home.json("boss", "list") if b["name"] == "bad-shots")
        check(bad["available"] == 9, f"the nine bad shots are dealt: {bad['available']}")
        played = subprocess.run([clean, "boss", "bad-shots", "--json"], env=home.env, input="d\n" * 9 + "y\n",
                                              capture_output=True, text=True, timeout=120 * SLOWDOWN)
        check(played.returncode == 0 and '"deleted":9' in played.stdout, f"the nine bad shots go to the trash: {played.stdout} {played.stderr}")
        weekly = next((b for b in home.json("boss", "list") if b.get("weekly")), None)
        check(weekly is not None and weekly["available"] > 0, f"this week's boss can deal here: {weekly}")
        report = home.json("report")
        by_category = report["byCategory"]
        check(by_category.get("badShots", {}).get("files") == 9, f"report --json counts the bad shots: {by_category}")

        session.sign_in("play")
        driver, wait, base = session.driver, session.wait, session.server.base
        for name, width, height, mobile in SIZES:
            viewport(driver, width, height, mobile)
            driver.get(base)
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".boss.weekly"))
            card = driver.find_element(By.CSS_SELECTOR, ".boss.weekly")
            text = card.text
            check(weekly["title"] in text and weekly["story"] in text, f"the weekly boss card has its title and story ({name}): {text!r}")
            check(f"{weekly['progress']} / {weekly['target']}" in text, f"…its progress ({name}): {text!r}")
            check(f"{weekly['available']} card" in text, f"…its cards ({name}): {text!r}")
            button = card.find_element(By.TAG_NAME, "button")
            check(button.is_enabled() and button.get_attribute("data-boss") == "weekly", f"…and a Fight button for it ({name})")
            nxt = driver.find_element(By.ID, "next")
            links = nxt.find_elements(By.CSS_SELECTOR, "a[href^='/play?boss=']")
            check(len(links) == 1 and "`" not in nxt.text and "clean " not in nxt.text, f"the suggestion is a link built from data ({name}): {nxt.text!r}")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
            no_sideways_scroll(driver, f"the home page at {width}×{height}")
            driver.save_screenshot(os.path.join(shots, f"home-weekly-{name}.png"))

            driver.get(base + "report")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#categories [data-category]"))
            rows = {row.get_attribute("data-category"): int(row.get_attribute("data-files"))
                    for row in driver.find_elements(By.CSS_SELECTOR, "#categories [data-category]")}
            check(rows == {key: tally["files"] for key, tally in by_category.items()}, f"the report page's rows are byCategory's ({name}): {rows}")
            labels = driver.find_element(By.ID, "categories").text
            check("Bad shots" in labels and "9 files" in labels, f"…bad shots among them, with its nine files ({name}): {labels!r}")
            driver.find_element(By.ID, "categories").location_once_scrolled_into_view
            no_sideways_scroll(driver, f"the report page at {width}×{height}")
            driver.save_screenshot(os.path.join(shots, f"report-bad-shots-{name}.png"))

        # Fight: the weekly boss is dealt.
        viewport(driver, 1280, 800, False)
        driver.get(base)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".boss.weekly button"))
        driver.find_element(By.CSS_SELECTOR, ".boss.weekly button").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind)"))
        title = driver.find_element(By.ID, "play-title").text
        check(title.startswith(weekly["title"]) and "this week's boss" in title, f"Fight deals this week's boss: {title!r}")
        logged = console_errors(driver)
        check(not logged, f"no console error: {logged}")
    finally:
        session.close()
    finish("web_home_report", "the weekly boss on the home page and bad shots in the report, at 1280×800 and 390×844")


if __name__ == "__main__":
    main()
