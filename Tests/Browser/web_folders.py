#!/usr/bin/python3
"""The first folder without a terminal, in headless Chromium at 1280 and 390 px.

Usage: web_folders.py CLEAN_BINARY SCREENSHOT_DIR

On a fresh home (XDG_* unset: the Pictures folder is ~/Pictures) holding a copy of Fixtures/phone in
~/Pictures and nothing scanned, `clean web --no-open`:
- the home page offers "Scan your Pictures folder" and "Choose another folder…" (screenshots
  first-folder.png at 1280 px, phone-first-folder.png at 390 px);
- one click scans the Pictures folder, and the page then lists it under "Your folders";
- "Add a folder" opens the folder browser at the roots; it walks into a folder (screenshot
  folder-browser.png), hidden folders not shown, and "Scan this folder" scans and remembers it;
- a folder outside the roots is refused by the API with its reason (400).
Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import arguments, check, console_errors, finish, Home, request, Session, viewport  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    del home.env["XDG_CONFIG_HOME"]
    pictures = os.path.join(home.dir, "Pictures")
    shutil.copytree(home.phone, os.path.join(pictures, "phone"), symlinks=True)
    os.makedirs(os.path.join(home.dir, "Backup", "2019"))
    os.makedirs(os.path.join(home.dir, ".hidden-folder"))
    shutil.copy(os.path.join(home.phone, "DCIM", "Camera", "IMAG0042.jpg"), os.path.join(home.dir, "Backup", "2019", "b.jpg"))
    os.makedirs(home.env["SWIPECLEAN_HOME"], mode=0o700)   # web.json's folder (issue 37 makes it on its own)
    session = Session(clean, home)
    try:
        server = session.serve()
        driver, wait = session.open_browser(seconds=60), session.wait
        for width, height, mobile, name in [(390, 844, True, "phone-first-folder.png"), (1280, 800, False, "first-folder.png")]:
            viewport(driver, width, height, mobile)
            driver.get(server.link if name == "phone-first-folder.png" else server.base)
            wait.until(lambda d: d.find_elements(By.ID, "scan-pictures"))
            button = driver.find_element(By.ID, "scan-pictures")
            check(os.path.realpath(pictures) in button.text, f"the Pictures button names the folder: {button.text!r}")
            check(driver.find_elements(By.ID, "choose-folder"), "Choose another folder… is offered")
            driver.find_element(By.ID, "folders").location_once_scrolled_into_view
            driver.save_screenshot(os.path.join(shots, name))
        logged = console_errors(driver)
        check(not logged, f"no console error on the empty library's home page: {logged}")

        driver.find_element(By.ID, "scan-pictures").click()
        wait.until(lambda d: d.find_elements(By.ID, "add-folder"))
        listed = driver.find_element(By.ID, "folders").text
        check(os.path.realpath(pictures) in listed, f"Your folders lists the Pictures folder: {listed!r}")

        driver.find_element(By.ID, "add-folder").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#folder-picker .folder-pick"))
        roots = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#folder-picker .folder-pick")]
        check(roots[:2] == ["Pictures", "Home"], f"the roots start with Pictures and Home: {roots}")
        next(b for b in driver.find_elements(By.CSS_SELECTOR, "#folder-picker .folder-pick") if b.text == "Home").click()
        wait.until(lambda d: d.find_element(By.ID, "picker-path").text == os.path.realpath(home.dir))
        inside = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#folder-picker .folder-pick")]
        check("Backup" in inside and ".hidden-folder" not in inside, f"the home folder's subfolders, hidden ones left out: {inside}")
        next(b for b in driver.find_elements(By.CSS_SELECTOR, "#folder-picker .folder-pick") if b.text == "Backup").click()
        wait.until(lambda d: d.find_element(By.ID, "picker-path").text.endswith("/Backup"))
        driver.save_screenshot(os.path.join(shots, "folder-browser.png"))
        driver.find_element(By.ID, "picker-scan").click()
        wait.until(lambda d: "/Backup" in d.find_element(By.ID, "folders").text and d.find_elements(By.ID, "add-folder"))
        status, _, body = request(server.port, "GET", "/api/v1/scan", bearer=server.api_token)
        folders = json.loads(body).get("folders", [])
        check(os.path.realpath(os.path.join(home.dir, "Backup")) in folders, f"the picked folder is remembered: {folders}")
        status, _, body = request(server.port, "POST", "/api/v1/scan", bearer=server.api_token, body=json.dumps({"folders": ["/etc"]}))
        check(status == 400 and b"outside the folders offered here" in body, f"/etc is refused: {status} {body!r}")
    finally:
        session.close()
    finish("web_folders", "the first folder and another one were added from the page")


if __name__ == "__main__":
    main()
