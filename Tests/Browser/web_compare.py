#!/usr/bin/python3
"""The comparison of two copies at one size, and a photo stored turned, in headless Chromium.

Usage: web_compare.py CLEAN_BINARY SCREENSHOT_DIR

A library of three real photos: Fixtures/similar/galaxy-s/original.jpg (233×320) and its half-size copy
half.jpg (116×160), which the similar boss deals as one group card, and Fixtures/corpus/media/Samsung
SM-J327T1.jpg (stored 2576×1932 with EXIF orientation 6: it shows 1932×2576, portrait).
- The comparison (1280×800, then 390×844 on a phone's screen): both photos fitted to their panes, so the
  half-size copy shows at the same height as the original (within 3 px, the original scaled up too);
  `1` (1:1) shows each at its own pixel size (the small one 116×160), `1` again fits them back; the wheel
  still zooms both alike from the fitted size.
- The turned photo: its card is portrait, its size says 1932×2576, its `srcset` gives the upright widths
  (480w for the 640-px preview, not 640w), so at 1280 px the 640-px-wide card fetches the 1080-px preview.
Screenshots for a person to look at. Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import arguments, check, console_errors, end_round, finish, Home, ROOT, Session, viewport  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.keys import Keys  # noqa: E402

TOP = ".stage .card:not(.behind)"
TURNED = "Samsung SM-J327T1.jpg"
BOXES = ("return [...document.querySelectorAll('#compare .pane img')].map(i => { const r = i.getBoundingClientRect(); "
         "return [i.alt, r.width, r.height, i.naturalWidth, i.naturalHeight]; });")


def open_comparison(driver, wait):
    """Opens the similar boss's group card's comparison of half.jpg with the original; its two boxes once loaded."""
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, TOP + " .members .member"))
    names = driver.execute_script("return [...document.querySelectorAll(arguments[0] + ' .member img')].map(i => i.alt);", TOP)
    check(sorted(names) == ["half.jpg", "original.jpg"], f"the similar boss deals the original and its half-size copy: {names}")
    other = 1 if names[0] == "original.jpg" else 0
    driver.find_elements(By.CSS_SELECTOR, TOP + " .member img")[other].click()
    wait.until(lambda d: d.find_elements(By.ID, "compare"))
    wait.until(lambda d: d.execute_script("return [...document.querySelectorAll('#compare .pane img')].every(i => i.complete && i.naturalWidth > 0);"))
    return driver.execute_script(BOXES)


def fitted_alike(driver, where):
    """Checks the two compared photos show at the same height (they have the same shape), as large as a pane allows."""
    boxes = driver.execute_script(BOXES)
    pane = driver.execute_script("const r = document.querySelector('#compare .pane').getBoundingClientRect(); return [r.width, r.height];")
    check(len(boxes) == 2 and abs(boxes[0][2] - boxes[1][2]) <= 3 and abs(boxes[0][1] - boxes[1][1]) <= 3,
          f"{where}: the original and its half-size copy show at the same size: {boxes}")
    check(all(abs(b[2] - pane[1]) <= 2 or abs(b[1] - pane[0]) <= 2 for b in boxes), f"{where}: each fills its pane {pane} one way: {boxes}")
    return boxes


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    library = os.path.join(home.dir, "library")
    os.makedirs(os.path.join(library, "similar"))
    for name in ("original.jpg", "half.jpg"):
        shutil.copyfile(os.path.join(ROOT, "Fixtures", "similar", "galaxy-s", name), os.path.join(library, "similar", name))
    shutil.copyfile(os.path.join(ROOT, "Fixtures", "corpus", "media", TURNED), os.path.join(library, TURNED))
    session = Session(clean, home)
    try:
        home.run("scan", library, "--quiet")
        # The home page drawn whole (its /pending asked and answered: asked while a round is in play it is a 500).
        session.sign_in("next")
        server, driver, wait = session.server, session.driver, session.wait
        # The photo stored turned, in a round: upright widths in its srcset, a portrait card, the upright size said.
        driver.get(f"{server.base}play")
        for _ in range(6):
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, TOP) or d.find_elements(By.ID, "confirmation"))
            if driver.execute_script("const i = document.querySelector(arguments[0] + ' .photo > img:not(.backdrop)'); return i && i.alt;", TOP) == TURNED:
                break
            before = driver.find_element(By.CSS_SELECTOR, TOP).get_attribute("data-card")
            driver.find_element(By.TAG_NAME, "body").send_keys("s")
            wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, TOP) or d.find_element(By.CSS_SELECTOR, TOP).get_attribute("data-card") != before)
        wait.until(lambda d: d.execute_script("const i = document.querySelector(arguments[0] + ' .photo > img:not(.backdrop)'); "
                                              "return i && i.alt === arguments[1] && i.complete && i.naturalWidth > 0;", TOP, TURNED))
        shown = driver.execute_script(
            "const c = document.querySelector(arguments[0]), i = c.querySelector('.photo > img:not(.backdrop)'), r = c.querySelector('.photo').getBoundingClientRect(); "
            "return [i.srcset, i.currentSrc, r.width, r.height, c.querySelector('.facts').textContent, i.naturalWidth, i.naturalHeight];", TOP)
        srcset, current, width, height, facts, natural_w, natural_h = shown
        check(re.search(r"side=640\S* 480w", srcset) and re.search(r"side=1080\S* 810w", srcset) and srcset.endswith(" 1200w"),
              f"the srcset names the upright widths (480w, 810w, 1200w): {srcset}")
        check("side=1080" in current, f"the 640-px card of a portrait photo fetches the 1080-px preview (810 px wide): {current}")
        check(height > width * 1.2, f"the photo's frame on the card of a portrait photo is portrait: {width}×{height}")
        check("1932×2576" in facts, f"the card says the upright size: {facts!r}")
        check(natural_h > natural_w, f"the preview is upright: {natural_w}×{natural_h}")
        driver.save_screenshot(os.path.join(shots, "turned-photo.png"))
        end_round(driver, wait)
        logged = console_errors(driver)
        check(not logged, f"no console error: {logged}")

        driver.get(f"{server.base}play?boss=similar")
        boxes = open_comparison(driver, wait)
        naturals = {b[0]: (b[3], b[4]) for b in boxes}
        check(naturals.get("half.jpg") == (116, 160) and naturals.get("original.jpg") == (233, 320), f"the previews are the files' own sizes: {naturals}")
        fitted = fitted_alike(driver, "at 1280 px")
        check(all(b[2] > 320 for b in fitted), f"at 1280 px both are scaled up past their own size: {fitted}")
        driver.save_screenshot(os.path.join(shots, "compare-fitted.png"))
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys("1")
        actual = {b[0]: (round(b[1]), round(b[2])) for b in driver.execute_script(BOXES)}
        check(actual == {"half.jpg": (116, 160), "original.jpg": (233, 320)}, f"1:1 shows each at its own pixel size: {actual}")
        check(driver.find_element(By.ID, "compare-actual").get_attribute("aria-pressed") == "true", "the 1:1 button is pressed")
        driver.save_screenshot(os.path.join(shots, "compare-actual.png"))
        body.send_keys("1")
        fitted_alike(driver, "at 1280 px, 1:1 undone")
        driver.execute_script(
            "document.getElementById('compare').dispatchEvent(new WheelEvent('wheel', {deltaY: -100, bubbles: true, cancelable: true}));")
        zoomed = driver.execute_script(BOXES)
        check(abs(zoomed[0][2] - zoomed[1][2]) <= 3 and zoomed[0][2] > fitted[0][2] + 10, f"the wheel zooms both alike from the fitted size: {fitted} -> {zoomed}")
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: not d.find_elements(By.ID, "compare"))
        # The battle ends with nothing decided (so the phone is dealt the group again).
        end_round(driver, wait)
        logged = console_errors(driver)
        check(not logged, f"no console error: {logged}")

        # A phone: the comparison's two panes one above the other, the two copies at the same size again.
        driver, wait = session.open_browser(), session.wait
        viewport(driver, 390, 844, mobile=True)
        driver.get(home.run("web", "link").strip().split(" ", 1)[1])
        wait.until(lambda d: d.find_elements(By.ID, "next"))
        driver.get(f"{server.base}play?boss=similar")
        open_comparison(driver, wait)
        fitted = fitted_alike(driver, "at 390 px")
        driver.save_screenshot(os.path.join(shots, "phone-compare-fitted.png"))
        driver.find_element(By.ID, "compare-actual").click()
        actual = {b[0]: (round(b[1]), round(b[2])) for b in driver.execute_script(BOXES)}
        check(actual == {"half.jpg": (116, 160), "original.jpg": (233, 320)}, f"at 390 px 1:1 shows each at its own pixel size: {actual}")
        logged = console_errors(driver)
        check(not logged, f"no console error: {logged}")
    finally:
        session.close()
    finish("web_compare", f"all checks passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
