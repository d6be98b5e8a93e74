#!/usr/bin/python3
"""Takes the README's screenshots of `clean web`: the real binary on Fixtures/phone in a throw-away
home (clock fixed), driven in headless Chromium through Selenium at 1280×800 and at 390×844.

Usage: Scripts/screenshots.py CLEAN_BINARY OUT_DIR   (Scripts/screenshots.sh builds and calls it)
Writes web-home.png, web-play.png (a card dragged left: the DELETE stamp), web-confirm.png,
web-round-end.png and web-phone-play.png.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

APT = "sudo apt-get install -y chromium chromium-driver python3-selenium"
try:
    from selenium import webdriver
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit(f"python3-selenium is missing: {APT} (or `make setup`)")
for tool in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
    if not os.access(tool, os.X_OK):
        sys.exit(f"{tool} is missing: {APT} (or `make setup`)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def viewport(driver, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    clean, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    home = tempfile.mkdtemp(prefix="swipeclean-shots-")
    phone = os.path.join(home, "phone")
    shutil.copytree(os.path.join(ROOT, "Fixtures", "phone"), phone, symlinks=True)
    env = {"SWIPECLEAN_HOME": os.path.join(home, "state"), "XDG_CONFIG_HOME": os.path.join(home, "config"), "HOME": home,
           "TZ": "UTC", "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "SWIPECLEAN_NOW": "2026-03-02T19:30:00+01:00"}
    server = driver = None
    try:
        subprocess.run([clean, "scan", phone, "--quiet"], env=env, check=True, capture_output=True)
        server = subprocess.Popen([clean, "web", "--no-open"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        first = server.stdout.readline().strip()
        match = re.fullmatch(r"Open (http://127\.0\.0\.1:(\d+)/)\?token=[0-9a-f]{32}", first)
        if not match:
            sys.exit(f"clean web printed {first!r}")
        base = match.group(1)

        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                         "--force-device-scale-factor=1", "--disable-gpu", "--hide-scrollbars"):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
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
        viewport(driver, 1280, 800, mobile=False)
        driver.get(first.split(" ", 1)[1])
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
        if driver:
            driver.quit()
        if server:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)
    print("screenshots in " + out)


if __name__ == "__main__":
    main()
