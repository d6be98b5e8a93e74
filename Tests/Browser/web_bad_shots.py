#!/usr/bin/python3
"""The bad-shots boss in headless Chromium: the real `clean web` on Fixtures/quality (small copies of
real photos) in a throw-away home; each card says why in words. Screenshots of one card of each kind.

Usage: Tests/Browser/web_bad_shots.py CLEAN_BINARY OUT_DIR
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import check, chromium, Home, ROOT, teardown, WebServer  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# The accidental card's words first: they say "almost black" too.
WORDS = {"accidental": ("taken by accident",), "blurry": ("out of focus", "shaken"), "dark": ("almost black",),
         "overexposed": ("washed out",)}


def main():
    clean, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    home = Home(clean)
    library = os.path.join(home.dir, "shots")
    shutil.copytree(os.path.join(ROOT, "Fixtures", "quality"), library)
    server = driver = None
    seen = set()
    try:
        home.run("scan", library, "--quiet")
        server = WebServer(clean, home.env)
        driver = chromium("--hide-scrollbars")
        wait = WebDriverWait(driver, 20)
        driver.get(server.link)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        driver.get(server.base + "play?boss=bad-shots")
        top = lambda: driver.find_elements(By.CSS_SELECTOR, ".stage .card:not(.behind)")
        for _ in range(6):
            wait.until(lambda d: top())
            card = top()[0]
            text = card.text
            kind = next((k for k, words in WORDS.items() if any(w in text for w in words)), None)
            check(kind is not None, f"a bad-shot card says why in words: {text!r}")
            if kind not in seen:
                seen.add(kind)
                driver.save_screenshot(os.path.join(out, f"web-bad-shot-{kind}.png"))
            before = card.get_attribute("data-card")
            driver.find_element(By.TAG_NAME, "body").send_keys("k")
            wait.until(lambda d: not top() or top()[0].get_attribute("data-card") != before)
            if not top():
                break
        check(seen == set(WORDS), f"a card of each kind: {sorted(seen)}")
    finally:
        teardown(driver, server, home)
    print("bad shots in the browser: " + ", ".join(sorted(seen)))


if __name__ == "__main__":
    main()
