#!/usr/bin/python3
"""The bad-shots boss in headless Chromium: the real `clean web` on Fixtures/quality (small copies of
real photos) and Fixtures/burst (three frames of one moment, the third soft) in a throw-away home; each
card says why in words. Screenshots of one card of each kind, of a frame smeared all over, and of the soft frame
of the burst.

Usage: Tests/Browser/web_bad_shots.py CLEAN_BINARY OUT_DIR
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import check, finish, Home, ROOT, Session  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

# The accidental card's words first: they say "almost black" too.
WORDS = {"accidental": ("taken by accident",), "burst": ("blurry beside its neighbours",), "smeared": ("smeared:",),
         "blurry": ("out of focus", "shaken"),
         "dark": ("almost black",), "overexposed": ("washed out",)}


def main():
    clean, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    home = Home(clean)
    library = os.path.join(home.dir, "shots")
    shutil.copytree(os.path.join(ROOT, "Fixtures", "quality"), library)
    shutil.copytree(os.path.join(ROOT, "Fixtures", "burst"), os.path.join(library, "burst"))
    session = Session(clean, home)
    seen = set()
    try:
        home.run("scan", library, "--quiet")
        session.sign_in("play", "--hide-scrollbars")
        driver, wait = session.driver, session.wait
        driver.get(session.server.base + "play?boss=bad-shots")
        for _ in range(12):
            wait.until(lambda d: session.card_on_table())
            card = session.card_on_table()
            text = card.text
            kind = next((k for k, words in WORDS.items() if any(w in text for w in words)), None)
            check(kind is not None, f"a bad-shot card says why in words: {text!r}")
            if kind == "burst":
                # Its sharp frames, in the same folder, by their names (the folder is shown apart).
                check("similar to frame-1.jpg, frame-2.jpg, which stay" in text, f"the soft frame names the sharp ones that stay: {text!r}")
            if kind not in seen:
                seen.add(kind)
                driver.save_screenshot(os.path.join(out, f"web-bad-shot-{kind}.png"))
            before = card.get_attribute("data-card")
            driver.find_element(By.TAG_NAME, "body").send_keys("k")
            wait.until(lambda d: session.card_on_table() is None or session.card_on_table().get_attribute("data-card") != before)
            if session.card_on_table() is None:
                break
        check(seen == set(WORDS), f"a card of each kind: {sorted(seen)}")
    finally:
        session.close()
    finish("web_bad_shots", "bad shots in the browser: " + ", ".join(sorted(seen)))


if __name__ == "__main__":
    main()
