#!/usr/bin/python3
"""Nothing another program on this machine can take from the browser or the link lets it drive `clean web`.

Usage: web_keys.py CLEAN_BINARY SCREENSHOT_DIR

On a copy of Fixtures/phone with a fixed clock, `clean web --no-open` and headless Chromium:
- another program's server on another port of 127.0.0.1 records everything the signed-in browser
  sends it (its page also tries to load a preview and start a round on `clean web`); replayed
  against `clean web`, none of it opens the API or a preview, and nothing in it is a secret;
- the sign-in link used a second time (by another browser, or a script) is refused with a page that
  says how to get a new link (screenshot signin-refused.png); `clean web link` gives a new one, which
  also works once;
- a video swapped for a symbolic link after the scan is not served, whole or by range;
- a change with valid credentials from another origin (Origin, Sec-Fetch-Site) is 403;
- the security headers are on the errors too (404, 400, 401, 403), which repeat nothing asked;
  previews are `no-store`;
- 2,000 idle connections are held while the player's request is answered, and the server keeps
  at most 128 of them;
- web.json is 0600 while the server runs and gone once SIGTERM stopped it.
Exit 0 when everything holds; 1 with the reasons otherwise.
"""
import http.server
import json
import os
import re
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import Home, SLOWDOWN, WebServer, arguments, check, chromium, finish, request  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402  (browser_session exits with the install command without it)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HELD = 2_000
KEPT = 128   # ConnectionLimits.standard.maximum
SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy")


class Recorder(http.server.ThreadingHTTPServer):
    """Another program's web server on 127.0.0.1: records every request the browser sends it."""

    def __init__(self, target_port, photo):
        self.requests, self.results = [], []
        self.page = f"""<!DOCTYPE html><html><head><title>Another program</title></head><body>
<h1>Another program on this machine</h1>
<img id="probe" src="http://127.0.0.1:{target_port}/media/{photo}" alt="">
<script>
  const report = what => fetch("/result?" + what);
  const img = document.getElementById("probe");
  img.onload = () => report("img=loaded");
  img.onerror = () => report("img=refused");
  fetch("http://127.0.0.1:{target_port}/api/v1/rounds", {{ method: "POST", mode: "no-cors", credentials: "include",
    headers: {{ "Content-Type": "text/plain" }}, body: '{{"boss":null}}' }}).then(() => report("post=sent"), () => report("post=failed"));
</script></body></html>"""
        recorder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                recorder.requests.append({"method": "GET", "path": self.path, "headers": dict(self.headers.items())})
                if self.path.startswith("/result?"):
                    recorder.results.append(urllib.parse.unquote(self.path[len("/result?"):]))
                body = recorder.page.encode() if self.path == "/" else b"ok"
                self.send_response(200)
                self.send_header("Content-Type", "text/html" if self.path == "/" else "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.port = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()


def replay(port, recorded, photo):
    """Sends what the browser gave the other program to `clean web`, as that program would."""
    for entry in recorded:
        headers = {k: v for k, v in entry["headers"].items() if k.lower() not in ("host", "content-length", "connection")}
        for method, path, body in (("GET", "/api/v1/profile", None), ("GET", f"/media/{photo}", None),
                                   ("POST", "/api/v1/rounds", b'{"boss":null}')):
            if body is not None:
                headers["Content-Type"] = "application/json"
            status, _, _ = request(port, method, path, body=body, headers=headers)
            check(status in (401, 403), f"replayed {entry['path']}'s headers {sorted(headers)}: {method} {path} answered {status}")


def idle_connections(port, api):
    """HELD connections opened and left idle; the player's request on a new one; how many stay open."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < HELD + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, HELD * 2), hard))
    held = []
    try:
        for _ in range(HELD):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=10 * SLOWDOWN))
        start = time.monotonic()
        status, _, body = request(port, "GET", "/api/v1/profile", bearer=api)
        took = time.monotonic() - start
        check(status == 200 and b"totalXP" in body, f"the player's request with {HELD} idle connections held: {status}")
        check(took < 2 * SLOWDOWN, f"the player's request answered in {took:.3f} s with {HELD} idle connections held")
        print(f"web_keys: the player's request answered in {took * 1000:.0f} ms with {HELD} idle connections held", flush=True)
        deadline, still_open = time.monotonic() + 10 * SLOWDOWN, HELD
        while time.monotonic() < deadline:
            still_open = 0
            for s in held:
                if s.fileno() < 0:
                    continue
                s.setblocking(False)
                try:
                    if s.recv(1, socket.MSG_PEEK) == b"":
                        s.close()
                    else:
                        still_open += 1
                except BlockingIOError:
                    still_open += 1
                except OSError:
                    s.close()
            if still_open <= KEPT:
                break
            time.sleep(0.2)
        check(still_open <= KEPT, f"the server keeps at most {KEPT} idle connections: {still_open} of {HELD} still open")
    finally:
        for s in held:
            s.close()


def main():
    clean, shots = arguments(__doc__)
    home = Home(clean)
    server = driver = other = recorder = None
    try:
        home.run("scan", home.phone, "--quiet")
        items = [json.loads(line) for line in home.run("items", "--json").splitlines()]
        photo = next(i["id"] for i in items if i["kind"] == "photo" and i["path"].endswith("DCIM/Camera/IMAG0042.jpg"))
        video = next(i for i in items if i["kind"] == "video" and i["mime"] == "video/mp4")

        server = WebServer(clean, home.env)
        if not check(server.port is not None, f"first stdout line: {server.line!r}"):
            return
        port, api = server.port, server.api_token
        mode = os.stat(server.state_path).st_mode & 0o777 if os.path.exists(server.state_path) else None
        check(mode == 0o600, f"web.json is 0600 while the server runs: {oct(mode) if mode else 'missing'}")
        check(server.state is not None and set(server.state) >= {"url", "port", "apiToken"}, f"web.json: {server.state}")

        # The player signs in with the link.
        driver = chromium()
        wait = WebDriverWait(driver, 30 * SLOWDOWN)
        driver.get(server.link)
        wait.until(lambda d: d.find_elements(By.ID, "play"))
        stored = driver.execute_script("return localStorage.getItem('swipeclean.session')") or "{}"
        session = json.loads(stored)
        secrets = [s for s in (server.token, api, session.get("secret"), session.get("media")) if s]

        # Another program's page, on another port: what reaches it, and what its page can do.
        recorder = Recorder(port, photo)
        driver.get(f"http://127.0.0.1:{recorder.port}/")
        wait.until(lambda d: len([r for r in recorder.results if r.startswith(("img=", "post="))]) >= 2)
        check("img=refused" in recorder.results, f"another port's page cannot show a preview: {recorder.results}")
        status, _, body = request(port, "GET", "/api/v1/rounds/current", bearer=api)
        check(status == 200 and json.loads(body).get("round") is None, f"another port's page started no round: {status} {body[:200]}")
        recorded = list(recorder.requests)
        check(len(recorded) >= 2, f"the other program saw the browser's requests: {len(recorded)}")
        everything = json.dumps(recorded)
        check(not [s for s in secrets if s in everything], "nothing the browser sent another port holds a secret of clean web")
        check(not any("cookie" in {k.lower() for k in r["headers"]} for r in recorded),
              f"the browser sends no cookie to another port: {[r['headers'].get('Cookie') for r in recorded]}")
        replay(port, recorded, photo)

        # The link a second time: another browser is refused, with a page that says what to do.
        status, headers, body = request(port, "GET", "/?" + server.link.split("?", 1)[1])
        check(status == 403 and b"already been used" in body, f"the link used again by a script: {status}")
        other = chromium()
        other_wait = WebDriverWait(other, 30 * SLOWDOWN)
        other.get(server.link)
        other_wait.until(lambda d: d.find_elements(By.ID, "signin-refused"))
        text = other.find_element(By.ID, "signin-refused").text
        check("already been used" in text and "clean web link" in text, f"the refusal says how to get a new link: {text!r}")
        check(other.execute_script("return localStorage.getItem('swipeclean.session')") is None, "the refused browser holds no session")
        other.save_screenshot(os.path.join(shots, "signin-refused.png"))
        other.get(server.base + "play")
        other_wait.until(lambda d: d.find_elements(By.ID, "signed-out"))
        check("clean web link" in other.find_element(By.ID, "signed-out").text, "a page not signed in says how to sign in")
        other.save_screenshot(os.path.join(shots, "signed-out.png"))

        # `clean web link`: a new link from the running server, good once.
        printed = home.run("web", "link").strip()
        match = re.fullmatch(r"Open (http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{32})", printed)
        if check(match is not None and int(match.group(2)) == port, f"clean web link printed {printed!r}"):
            other.get(match.group(1))
            other_wait.until(lambda d: d.find_elements(By.ID, "play"))
            check(other.current_url == server.base, f"the new link signed the other browser in: {other.current_url}")
            status, _, _ = request(port, "GET", "/?" + match.group(1).split("?", 1)[1])
            check(status == 403, f"the new link used a second time: expected 403, got {status}")

        # A video swapped for a symbolic link after the scan is not served, whole or by range.
        status, headers, body = request(port, "GET", f"/media/{video['id']}", bearer=api)
        check(status == 200 and headers.get("cache-control") == "no-store", f"the video as indexed: {status} {headers.get('cache-control')}")
        secret = os.path.join(home.dir, "secret.txt")
        with open(secret, "w") as f:
            f.write("SECRET-PASSWORDS\n" * 100)
        os.replace(video["path"], video["path"] + ".moved")
        os.symlink(secret, video["path"])
        for extra in ({}, {"Range": "bytes=0-99"}):
            status, _, body = request(port, "GET", f"/media/{video['id']}", bearer=api, headers=extra)
            check(status == 404 and b"SECRET" not in body, f"a video swapped for a link {extra or ''}: {status} {body[:60]!r}")

        # Changes from another origin, with valid credentials: refused.
        for extra in ({"Origin": f"http://127.0.0.1:{recorder.port}"}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}):
            status, headers, _ = request(port, "POST", "/api/v1/rounds", bearer=api, body=b'{"boss":null}', headers=extra)
            check(status == 403, f"a change from another origin {extra}: expected 403, got {status}")
        status, _, body = request(port, "GET", "/api/v1/rounds/current", bearer=api)
        check(json.loads(body).get("round") is None if status == 200 else False, "no round was started from another origin")

        # The security headers on errors too, and nothing asked repeated.
        for expected, method, path, bearer, body in ((404, "GET", "/nothing-PROBE", api, None), (404, "GET", "/api/v1/PROBE", api, None),
                                                     (401, "GET", "/api/v1/PROBE", None, None), (400, "POST", "/api/v1/rounds", api, b"{PROBE"),
                                                     (403, "POST", "/api/v1/rounds?PROBE", api, b"PROBE")):
            status, headers, data = request(port, method, path, bearer=bearer, body=body, content_type="application/json" if expected != 403 else "text/plain")
            check(status == expected, f"{method} {path}: expected {expected}, got {status}")
            missing = [h for h in SECURITY_HEADERS if h not in headers]
            check(not missing, f"the {status} answer lacks {missing}")
            check(b"PROBE" not in data, f"the {status} answer repeats the request: {data[:120]!r}")

        idle_connections(port, api)
    finally:
        for browser in (driver, other):
            if browser:
                browser.quit()
        if recorder:
            recorder.shutdown()
        if server:
            code = server.stop()
            check(code == 0, f"clean web exits 0 on SIGTERM, got {code}")
            check(not os.path.exists(server.state_path), "web.json is removed when clean web stops")
        home.remove()
    finish("web_keys", f"all checks passed; screenshots in {shots}")


if __name__ == "__main__":
    main()
