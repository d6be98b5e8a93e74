#!/usr/bin/python3
"""`make bench`'s web figures: `clean web` on the bench library, measured from the outside.

Usage: web_bench.py CLEAN_BINARY WORK_DIR   (the bench's SWIPECLEAN_HOME and XDG_CONFIG_HOME in the
environment, the bench library already scanned into it)

Adds real 12-megapixel JPEGs (4000×3000, photo-like content, libjpeg-turbo quality 90: the bench
library's own JPEGs have random payloads that no decoder can show) to WORK_DIR/web12mp and scans
them, then measures:
  - first card visible: headless Chromium opens /play; from the navigation's start to the paint of
    the card's photo (its Element Timing entry), for several rounds. The round
    deals from the whole index; its first card is a 12 MP photo (a duplicate copy, the largest first).
  - preview: GET /media/ID of a 12 MP JPEG never previewed before (no cache), the whole response.
  - a decision's round trip: POST /api/v1/rounds/R/decisions, keep then undo, on one keep-alive connection.
  - the next card's preview in play: what the player waits for. In a home of its own that indexes
    only the 12 MP photos (every one an old photo there), a fresh `clean web` deals the "old" boss;
    like the play page, the bench asks for the first card's and the second card's previews at once,
    then decides every PACE seconds ("skip", so the same cards are dealt again for the next pace)
    and, as soon as each decision's answer arrives, asks for the preview of the card after the new
    current one (the card the page then draws under it): that request's time is the figure. The
    server made it ahead while the player looked at the earlier cards; PACE is 1 s and 0.3 s (the
    card's fly-off alone takes 0.3 s on the page, so no player decides faster).
Prints one line per figure with its target.
"""
import threading
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time

import numpy
from turbojpeg import Compressor

PAIRS, SINGLES, WIDTH, HEIGHT = 10, 30, 4000, 3000


def encoder():
    compressor = Compressor()

    def encode(rgb):
        data = compressor.jpeg(rgb, WIDTH, HEIGHT, 90)
        if data is None:
            sys.exit("web_bench: libturbojpeg could not encode the 12 MP test photo")
        return data
    return encode


def photo(seed):
    """Smooth light, large shapes and fine grain: compresses like a phone photo (a few MB at q90)."""
    rng = numpy.random.default_rng(seed)
    y, x = numpy.mgrid[0:HEIGHT, 0:WIDTH].astype(numpy.float32)
    image = numpy.zeros((HEIGHT, WIDTH, 3), numpy.float32)
    for channel in range(3):
        a, b, c = rng.uniform(-1, 1, 3)
        image[..., channel] = 128 + 60 * numpy.sin(x / rng.uniform(300, 900) * a + y / rng.uniform(300, 900) * b + c)
    for _ in range(25):
        cx, cy, r = rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT), rng.uniform(80, 700)
        mask = ((x - cx) ** 2 + (y - cy) ** 2) < r * r
        image[mask] = image[mask] * 0.4 + rng.uniform(0, 255, 3) * 0.6
    image += rng.normal(0, 9, (HEIGHT, WIDTH, 1)).astype(numpy.float32)
    image += rng.normal(0, 4, (HEIGHT, WIDTH, 3)).astype(numpy.float32)
    return numpy.clip(image, 0, 255).astype(numpy.uint8)


def make_photos(folder):
    if os.path.isdir(folder):
        return
    encode = encoder()
    for sub in ("DCIM/Camera", "Backup", "DCIM/Big"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for i in range(PAIRS + SINGLES):
        data = encode(photo(i))
        if i < PAIRS:   # a duplicate pair: one copy is dealt
            for sub in ("DCIM/Camera", "Backup"):
                with open(os.path.join(folder, sub, f"IMG_12MP_{i:03}.jpg"), "wb") as f:
                    f.write(data)
        else:
            with open(os.path.join(folder, "DCIM/Big", f"IMG_12MP_{i:03}.jpg"), "wb") as f:
                f.write(data)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Server:
    def __init__(self, clean, env=None):
        self.process = subprocess.Popen([clean, "web", "--no-open"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        first = self.process.stdout.readline().strip()
        match = re.fullmatch(r"Open (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32}))", first)
        if not match:
            sys.exit(f"web_bench: clean web printed {first!r}")
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
        # Scripts authenticate with web.json's apiToken (the link signs in the browser, once).
        with open(os.path.join((env or os.environ)["SWIPECLEAN_HOME"], "web.json")) as f:
            self.api_token = json.load(f)["apiToken"]
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def call(self, method, path, body=None, connection=None):
        connection = connection or self.connection
        headers = {"Host": f"127.0.0.1:{self.port}", "Authorization": f"Bearer {self.api_token}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def image(self, card, connection=None):
        """GET the card's preview; its time in ms."""
        start = time.perf_counter()
        status, body = self.call("GET", f"/media/{card}", connection=connection)
        if status != 200 or body[:2] != b"\xff\xd8":
            sys.exit(f"web_bench: /media/{card} answered {status}")
        return (time.perf_counter() - start) * 1000

    def cpu_seconds(self):
        """User + system CPU time of the server so far (/proc/PID/stat)."""
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=20)


def first_card_times(server, runs):
    # Headless Chromium as the browser tests start it (it exits with the install command without Selenium).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Browser"))
    from browser_session import chromium
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
    driver = chromium()
    wait = WebDriverWait(driver, 60)
    times, sizes = [], []
    try:
        driver.get(server.url)   # the one-time link signs the browser in
        for _ in range(runs):
            driver.get(f"http://127.0.0.1:{server.port}/play")
            painted = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const seen = [];
                const check = () => {
                  const top = document.querySelector('.stage .card:not(.behind)');
                  const hit = top && seen.find(e => e.element && e.element.closest('.card') === top);
                  if (hit) { done({ms: hit.renderTime || hit.loadTime, card: top.dataset.card}); return true; }
                  return false;
                };
                new PerformanceObserver(list => { seen.push(...list.getEntries()); check(); })
                  .observe({type: 'element', buffered: true});
                const poll = setInterval(() => { if (check()) clearInterval(poll); }, 50);
                setTimeout(() => done(null), 30000);
            """)
            if not painted:
                sys.exit("web_bench: the first card's photo was never painted")
            times.append(painted["ms"])
            sizes.append(painted["card"])
            # Keep it (so the next round deals a card never previewed), end and finish the round.
            body = driver.find_element(By.TAG_NAME, "body")
            body.send_keys("k")
            wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'.card[data-card="{painted["card"]}"]:not(.behind)'))
            body.send_keys(Keys.ESCAPE)
            wait.until(lambda d: d.find_elements(By.ID, "confirm-yes"))
            driver.find_element(By.ID, "confirm-yes").click()
            wait.until(lambda d: d.find_elements(By.ID, "round-end"))
    finally:
        driver.quit()
    return times, sizes


def next_card_times(clean, folder, home, pace):
    """Plays the "old" boss at one decision every `pace` s; the time of each next card's preview (ms)."""
    env = dict(os.environ, SWIPECLEAN_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    if not os.path.isdir(home):
        for setting in (("player.tier", "pro"), ("scan.old_photo_years", "0")):   # every photo here is an old photo
            subprocess.run([clean, "config", "set", *setting], check=True, capture_output=True, env=env)
    subprocess.run([clean, "scan", folder, "--quiet"], check=True, capture_output=True, env=env)
    server = Server(clean, env)   # a fresh server: nothing previewed yet
    times = []
    try:
        status, body = server.call("POST", "/api/v1/rounds", {"boss": "old"})
        if status != 201:
            sys.exit(f"web_bench: POST /rounds answered {status}: {body[:200]}")
        round_ = json.loads(body)
        if len(round_["cards"]) < 30:
            sys.exit(f"web_bench: the old boss dealt {len(round_['cards'])} cards of the 12 MP photos, not 30 or more")
        order = [card["id"] for card in round_["cards"]]
        # The page draws the card and the one under it: both previews are asked for at once.
        under = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        second = threading.Thread(target=server.image, args=(order[1], under))
        second.start()
        server.image(order[0])
        second.join()
        current = round_["current"]
        for _ in range(len(order) - 2):
            time.sleep(pace)   # the player looks at the card
            status, body = server.call("POST", f"/api/v1/rounds/{round_['round']}/decisions", {"card": current, "decision": "skip"})
            if status != 200:
                sys.exit(f"web_bench: a decision answered {status}: {body[:200]}")
            current = json.loads(body)["current"]
            times.append(server.image(order[order.index(current) + 1]))
        server.call("POST", f"/api/v1/rounds/{round_['round']}/decisions", {"card": None, "decision": "quit"})
        server.call("POST", f"/api/v1/rounds/{round_['round']}/confirm", {"yes": False})
    finally:
        server.stop()
    return times


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    clean, work = sys.argv[1], sys.argv[2]
    folder = os.path.join(work, "web12mp")
    make_photos(folder)
    subprocess.run([clean, "config", "set", "player.tier", "pro"], check=True, capture_output=True)   # no daily time limit
    subprocess.run([clean, "scan", folder, "--quiet"], check=True, capture_output=True)
    items = [json.loads(line) for line in subprocess.run([clean, "items", "--json"], check=True, capture_output=True, text=True).stdout.splitlines()]
    big = [i for i in items if i["path"].startswith(os.path.join(folder, "DCIM/Big"))]
    megabytes = statistics.mean(i["size"] for i in big) / 1e6

    server = Server(clean)
    try:
        # Previews of 12 MP JPEGs, each the first time; also the server's CPU time for them, which a
        # loaded shared machine disturbs far less than the wall time.
        previews = []
        cpu_before = server.cpu_seconds()
        for item in big:
            previews.append(server.image(item["id"]))
        preview_cpu_ms = (server.cpu_seconds() - cpu_before) / len(big) * 1000

        # Decisions: keep and undo on one connection.
        status, body = server.call("POST", "/api/v1/rounds", {"boss": None})
        if status != 201:
            sys.exit(f"web_bench: POST /rounds answered {status}: {body[:200]}")
        round_ = json.loads(body)
        trips = []
        current = round_["current"]
        for _ in range(100):
            for decision in ("keep", "undo"):
                start = time.perf_counter()
                status, body = server.call("POST", f"/api/v1/rounds/{round_['round']}/decisions",
                                           {"card": current if decision == "keep" else None, "decision": decision})
                trips.append((time.perf_counter() - start) * 1000)
                if status != 200:
                    sys.exit(f"web_bench: a decision answered {status}: {body[:200]}")
        server.call("POST", f"/api/v1/rounds/{round_['round']}/decisions", {"card": None, "decision": "quit"})
        server.call("POST", f"/api/v1/rounds/{round_['round']}/confirm", {"yes": False})

        first, _ = first_card_times(server, PAIRS - 1)
    finally:
        server.stop()
    paces = {pace: next_card_times(clean, folder, os.path.join(work, "web-play-home"), pace) for pace in (1.0, 0.3)}

    print(f"\nweb (clean web on {len(items):,} indexed files; 12 MP JPEGs of {megabytes:.1f} MB on average):")
    print(f"first card visible after page load:  median {statistics.median(first):.0f} ms, max {max(first):.0f} ms of {len(first)} rounds   (target ≤ 300 ms)")
    print(f"preview of a 12 MP JPEG (uncached):  median {statistics.median(previews):.1f} ms, p95 {percentile(previews, 95):.1f} ms of {len(previews)}   (target ≤ 40 ms)")
    print(f"preview of a 12 MP JPEG, server CPU:  {preview_cpu_ms:.1f} ms per preview (mean of {len(big)})")
    for pace, times in paces.items():
        label = f"next card's preview, {pace:g} s a card:"
        print(f"{label:<37}median {statistics.median(times):.1f} ms, p95 {percentile(times, 95):.1f} ms of {len(times)}   (target ≤ 40 ms)")
    print(f"a decision's round trip:             median {statistics.median(trips):.2f} ms, p95 {percentile(trips, 95):.2f} ms of {len(trips)}   (target ≤ 5 ms)")


if __name__ == "__main__":
    main()
