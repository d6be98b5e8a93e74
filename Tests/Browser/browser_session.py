"""What the browser scripts share (every Tests/Browser script, Scripts/screenshots.py): a
throw-away home with Fixtures/phone and the clock fixed, `clean web --no-open` started and its
first line read, headless Chromium driven through Selenium and signed in (`Session`), the card on the
play page's table, the browser console's errors, and the checks a test collects before it exits.
"""
import http.client
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import tempfile

APT = "sudo apt-get install -y chromium chromium-driver python3-selenium"
try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit(f"python3-selenium is missing: {APT} (or `make setup`)")
for tool in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
    if not os.access(tool, os.X_OK):
        sys.exit(f"{tool} is missing: {APT} (or `make setup`)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import SLOWDOWN, check, failures, finish  # noqa: E402,F401  (the scripts import them from here)


def teardown(driver, server, home):
    """What every script does at its end, whatever happened: the browser closed, the server stopped,
    the throw-away home removed (each only if it was made)."""
    if driver:
        driver.quit()
    if server:
        server.stop()
    home.remove()


class Home:
    """A throw-away library and state directory with the clock fixed, as the other end-to-end tests use."""

    def __init__(self, clean):
        self.clean = clean
        self.dir = tempfile.mkdtemp(prefix="swipeclean-web-")
        self.phone = os.path.join(self.dir, "phone")
        shutil.copytree(os.path.join(ROOT, "Fixtures", "phone"), self.phone, symlinks=True)
        self.env = {
            "SWIPECLEAN_HOME": os.path.join(self.dir, "state"), "XDG_CONFIG_HOME": os.path.join(self.dir, "config"),
            "HOME": self.dir, "TZ": "UTC", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
            "SWIPECLEAN_NOW": "2026-03-02T19:30:00+01:00",
        }

    def configure(self, text):
        """Writes `text` as the user's config file ($XDG_CONFIG_HOME/swipeclean/config.toml), as `clean config set` would."""
        path = os.path.join(self.env["XDG_CONFIG_HOME"], "swipeclean", "config.toml")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run(self, *args):
        done = subprocess.run([self.clean, *args], env=self.env, capture_output=True, text=True, timeout=120 * SLOWDOWN)
        if done.returncode != 0:
            raise RuntimeError(f"clean {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def json(self, *args):
        return json.loads(self.run(*args, "--json"))

    def remove(self):
        shutil.rmtree(self.dir, ignore_errors=True)


class WebServer:
    """`clean web --no-open`: `line` is its first stdout line; `link` (the one-time sign-in link),
    `base` (http://127.0.0.1:PORT/), `port` and `token` are read from it, None when it is not
    `Open http://127.0.0.1:PORT/?token=TOKEN`. `state` is $SWIPECLEAN_HOME/web.json as the server
    wrote it (None when missing) and `api_token` its apiToken, for `Authorization: Bearer`.
    `args`: more arguments (`--port N`)."""

    def __init__(self, clean, env, *args):
        self.process = subprocess.Popen([clean, "web", "--no-open", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.line = self.process.stdout.readline().rstrip("\n")
        match = re.fullmatch(r"Open ((http://127\.0\.0\.1:(\d+)/)\?token=([0-9a-f]{32}))", self.line)
        self.link, self.base, self.port, self.token = (match.group(1), match.group(2), int(match.group(3)), match.group(4)) if match else (None,) * 4
        self.state_path = os.path.join(env["SWIPECLEAN_HOME"], "web.json")
        try:
            with open(self.state_path) as f:
                self.state = json.load(f)
        except (OSError, ValueError):
            self.state = None
        self.api_token = (self.state or {}).get("apiToken")

    def stderr_until(self, pattern, timeout=10):
        """Its stderr lines up to the first that contains `pattern` (all it printed within `timeout` otherwise)."""
        lines, pending = [], b""
        descriptor = self.process.stderr.fileno()   # read raw: a text stream's buffer would hide lines from select
        while True:
            ready, _, _ = select.select([descriptor], [], [], timeout * SLOWDOWN)
            chunk = os.read(descriptor, 4096) if ready else b""
            if not chunk:
                return lines + ([pending.decode()] if pending else [])
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                lines.append(line.decode())
                if pattern in lines[-1]:
                    return lines

    def stop(self):
        """SIGTERM; its exit code, or None when it had to be killed."""
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=10 * SLOWDOWN)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def card_on_table(driver):
    """The top card of the play page's stage (the one not behind), or None."""
    cards = [c for c in driver.find_elements(By.CSS_SELECTOR, ".stage .card") if "behind" not in c.get_attribute("class")]
    return cards[-1] if cards else None


def current_card_id(driver, wait):
    """The top card's id (`data-card`), once one is on the table."""
    def read(_):
        card = card_on_table(driver)
        return int(card.get_attribute("data-card")) if card is not None else None
    return wait.until(read)


class Session:
    """The scaffold every script begins with: `clean web` serving a home, one Chromium signed in to it, and
    their teardown. `sign_in` starts the server, opens Chromium (`extra`: more switches), follows the one-time
    link and waits for the home page's element `ready`; when the server did not start it raises (the script
    stops there, its teardown done, with the failure said). `wait` waits up to `seconds` (times SLOWDOWN, for a loaded machine), stale elements
    ignored. `serve` alone starts the server (a script that asks it things before a browser signs in).
    `close` ends both and removes the home, whatever was made."""

    def __init__(self, clean, home):
        self.clean, self.home = clean, home
        self.server = self.driver = self.wait = None

    def serve(self, env=None):
        """`clean web --no-open` on the home (or `env`); raises when it did not print its link."""
        self.server = WebServer(self.clean, env or self.home.env)
        if self.server.port is None:
            raise RuntimeError(f"clean web did not print its link: first stdout line {self.server.line!r}")
        return self.server

    def sign_in(self, ready, *extra, env=None, seconds=30):
        if self.server is None:
            self.serve(env)
        self.open_browser(*extra, seconds=seconds)
        self.driver.get(self.server.link)
        self.wait.until(lambda d: d.find_elements(By.ID, ready))

    def open_browser(self, *extra, seconds=30):
        """A new Chromium (the last one closed) and its wait; not signed in."""
        if self.driver:
            self.driver.quit()
        self.driver = chromium(*extra)
        self.wait = WebDriverWait(self.driver, seconds * SLOWDOWN, ignored_exceptions=(StaleElementReferenceException,))
        return self.driver

    def card_on_table(self):
        return card_on_table(self.driver)

    def current_id(self):
        return current_card_id(self.driver, self.wait)

    def close(self):
        teardown(self.driver, self.server, self.home)


def request(port, method, path, host=None, bearer=None, body=None, content_type="application/json", headers=None, timeout=10, address="127.0.0.1",
            source=None):
    """One HTTP request to 127.0.0.1:`port` (or `address`, "::1"), from `source` (another loopback address, as
    another device would) if given: its status, headers (names lower-cased) and body."""
    connection = http.client.HTTPConnection(address, port, timeout=timeout * SLOWDOWN, source_address=(source, 0) if source else None)
    sent = {"Host": host or f"127.0.0.1:{port}"}
    if bearer:
        sent["Authorization"] = f"Bearer {bearer}"
    if body is not None:
        sent["Content-Type"] = content_type
    sent.update(headers or {})
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def listening_addresses(port):
    """Local addresses listening on `port`, from /proc/net/tcp{,6} (127.0.0.1 is 0100007F, ::1 is
    00000000000000000000000001000000)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        with open(table) as f:
            next(f)
            for line in f:
                fields = line.split()
                address, state = fields[1], fields[3]
                host, hex_port = address.rsplit(":", 1)
                if int(hex_port, 16) == port and state == "0A":
                    found.append(host)
    return found


def has_ipv6_loopback():
    """Whether this network namespace has ::1 (on lo), from /proc/net/if_inet6."""
    try:
        with open("/proc/net/if_inet6") as f:
            return any(line.split()[0] == "0" * 31 + "1" for line in f if line.strip())
    except OSError:
        return False


def chromium(*extra):
    """Headless Chromium at 1280×800 with the console logged; `extra`: more command-line switches."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                     "--force-device-scale-factor=1", "--disable-gpu", *extra):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    viewport(driver, 1280, 800, mobile=False)
    return driver


def viewport(driver, width, height, mobile):
    """The page's viewport exactly this size (a window's own chrome would otherwise eat into it); touch on a phone."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})


def arguments(usage):
    """A browser script's two arguments, CLEAN_BINARY SCREENSHOT_DIR, as absolute paths (the folder made);
    with any other number of arguments the script exits with its `usage`."""
    if len(sys.argv) != 3:
        sys.exit(usage)
    clean, shots = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(shots, exist_ok=True)
    return clean, shots


def flick(driver, x, y, dx, steps=8):
    """A finger on the page at (x, y) moved `dx` pixels sideways in `steps` moves about 16 ms apart, then lifted:
    touch events as a phone's screen sends them (Chromium turns them into pointer events of type touch)."""
    def touch(kind, at):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": at, "y": y, "id": 1}]})
    touch("touchStart", x)
    for step in range(1, steps + 1):
        time.sleep(0.016)
        touch("touchMove", x + dx * step / steps)
    touch("touchEnd", x + dx)


def long_press(driver, x, y, seconds=0.8):
    """A finger held still on the page at (x, y) for `seconds`, then lifted (touch events, as `flick`)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    time.sleep(seconds)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def end_round(driver, wait):
    """Esc stops the round on the play page (unless its last card brought the confirmation already); the
    confirmation's yes (moving what was deleted, if anything); waits for the round's end (its XP shown)."""
    if not driver.find_elements(By.ID, "confirmation"):
        driver.find_element(By.TAG_NAME, "body").send_keys("\ue00c")   # Esc (Keys.ESCAPE)
    wait.until(lambda d: d.find_elements(By.ID, "confirm-yes"))
    driver.find_element(By.ID, "confirm-yes").click()
    wait.until(lambda d: d.find_elements(By.ID, "xp-earned"))


def console_errors(driver):
    """The browser console's errors since the last look (reading the log empties it)."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def trash_thumbnails(driver, within, timeout=20):
    """The trash page's thumbnails under `within` (a CSS selector), each scrolled to (they load lazily) and
    waited for: [(file name, "photo", width, height) for a picture drawn, (file name, "icon", text, 0) for an
    icon in its place]; None for one still loading after `timeout` seconds."""
    found = []
    count = driver.execute_script("return document.querySelectorAll(arguments[0] + ' .trash-thumb').length;", within)
    for index in range(count):
        state = None
        deadline = time.time() + timeout * SLOWDOWN
        while time.time() < deadline:
            state = driver.execute_script(
                "const t = document.querySelectorAll(arguments[0] + ' .trash-thumb')[arguments[1]]; t.scrollIntoView({ block: 'nearest' }); "
                "if (t.tagName !== 'IMG') return [t.dataset.name, 'icon', t.textContent, 0]; "
                "return t.complete && t.naturalWidth > 0 ? [t.dataset.name, 'photo', t.naturalWidth, t.naturalHeight] : null;", within, index)
            if state:
                break
            time.sleep(0.1)
        found.append(tuple(state) if state else None)
    return found
