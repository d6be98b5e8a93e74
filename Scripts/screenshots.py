#!/usr/bin/python3
"""Takes the README's screenshots of `clean web`: the real binary on Fixtures/phone in a throw-away
home (clock fixed), driven in headless Chromium through Selenium at 1280×800 and at 390×844.

Usage: Scripts/screenshots.py CLEAN_BINARY OUT_DIR   (Scripts/screenshots.sh builds and calls it)
Writes web-home.png, web-play.png (a card dragged left: the DELETE stamp), web-confirm.png,
web-round-end.png and web-phone-play.png.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Browser"))
from browser_session import chromium, Home, teardown, viewport, WebServer  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    clean, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    home = Home(clean)
    server = driver = None
    try:
        home.run("scan", home.phone, "--quiet")
        server = WebServer(clean, home.env)
        if server.base is None:
            sys.exit(f"clean web printed {server.line!r}")
        base = server.base

        driver = chromium("--hide-scrollbars")
        wait = WebDriverWait(driver, 20)
        shot = lambda name: driver.save_screenshot(os.path.join(out, name))
        top_card = lambda: driver.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind)")
        photo_ready = lambda d: d.execute_script(
            "const i = document.querySelector('.stage .card:not(.behind) img:not(.backdrop)');"
            "return !!i && i.complete && i.naturalWidth > 0;")

        def card_id():
            wait.until(lambda d: top_card())
            return top_card()[0].get_attribute("data-card")

        # Desktop: a round of the phone's candidates.
        driver.get(server.link)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        driver.find_element(By.ID, "play").click()
        body = driver.find_element(By.TAG_NAME, "body")
        # Go to the first card that is a photo, deleting screenshots and keeping the rest on the way.
        for _ in range(12):
            before = card_id()
            if driver.execute_script("return !!document.querySelector('.stage .card:not(.behind) img:not(.backdrop)')"):
                break
            body.send_keys(Keys.ARROW_LEFT)
            wait.until(lambda d: card_id() != before)
        wait.until(photo_ready)
        # Held mid-drag to the left: the card tilts and the DELETE stamp shows.
        stage = driver.find_element(By.ID, "stage").size["width"]
        ActionChains(driver, duration=20).click_and_hold(top_card()[0]).move_by_offset(-int(stage * 0.2), 8).pause(0.2).perform()
        shot("web-play.png")
        ActionChains(driver).move_by_offset(-int(stage * 0.2), 0).release().perform()
        wait.until(lambda d: d.execute_script("return document.querySelectorAll('.stage .card').length") == 0
                   or card_id() is not None)
        for key in ("k", Keys.ARROW_LEFT):
            before = card_id()
            body.send_keys(key)
            wait.until(lambda d: not top_card() or top_card()[0].get_attribute("data-card") != before)
        body.send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        wait.until(lambda d: d.execute_script("return [...document.querySelectorAll('#confirmation img')].every(i => i.complete)"))
        shot("web-confirm.png")
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "xp-earned"))
        shot("web-round-end.png")

        driver.get(base)
        wait.until(lambda d: d.find_elements(By.ID, "total-xp"))
        shot("web-home.png")

        # A phone: a card fills the screen.
        viewport(driver, 390, 844, mobile=True)
        driver.get(base + "play?boss=old")
        wait.until(photo_ready)
        shot("web-phone-play.png")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait.until(lambda d: d.find_elements(By.ID, "confirmation"))
        driver.find_element(By.ID, "confirm-yes").click()
        wait.until(lambda d: d.find_elements(By.ID, "round-end"))
    finally:
        teardown(driver, server, home)
    print("screenshots in " + out)


if __name__ == "__main__":
    main()
