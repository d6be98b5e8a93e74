#!/usr/bin/python3
"""`localhost` and [::1] on the built `clean web`, without a browser.

Usage: web_localhost.py CLEAN_BINARY [SCREENSHOT_DIR]

Three starts of `clean web --no-open`, each on its own throw-away home:
- [::1] free: the server listens on 127.0.0.1:PORT and [::1]:PORT; `Host: localhost:PORT` is
  answered over either, a request over [::1] with web.json's Bearer token is, and a change whose
  Origin is http://localhost:PORT is same-origin there (and only there).
- [::1]:N held by another listener before `clean web --port N`: 127.0.0.1:N serves, stderr has one
  warning naming the 127.0.0.1 link, `Host: localhost:N` is a 421 (a page saying to use that link).
- No IPv6 loopback (a network namespace of its own, `unshare -rn`, with IPv6 off on lo; this script
  runs itself there with --inside-no-ipv6): `localhost` can only be 127.0.0.1, so it is answered,
  and there is no warning.
The first stdout line is `Open http://127.0.0.1:PORT/?token=TOKEN` every time. Exit 0 when
everything holds; 1 with the reasons otherwise.
"""
import os
import re
import socket
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the sources: a checkout stays as cloned
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import SLOWDOWN, Home, WebServer, check, finish, has_ipv6_loopback, listening_addresses  # noqa: E402
from browser_session import request as http_request  # noqa: E402

IPV4, IPV6 = "0100007F", "00000000000000000000000001000000"
LINK = re.compile(r"Open http://127\.0\.0\.1:(\d+)/\?token=[0-9a-f]{32}")


def request(*args, **kwargs):
    """`browser_session.request`, with a refused or broken connection as status None."""
    try:
        return http_request(*args, **kwargs)
    except OSError as error:
        return None, {}, str(error).encode()


def started(server, port=None):
    """Whether the first line is the link (on `port` when given)."""
    match = LINK.fullmatch(server.line)
    return check(match is not None and (port is None or int(match.group(1)) == port),
                 f"first stdout line: {server.line!r}") and check(server.api_token is not None, "web.json has the apiToken")


def both_bound(clean):
    home = Home(clean)
    server = None
    try:
        home.run("scan", home.phone, "--quiet")
        server = WebServer(clean, home.env)
        if not started(server):
            return
        port, api = server.port, server.api_token
        lines = server.stderr_until("serving on")
        check(lines == [f"clean web: serving on 127.0.0.1:{port} and [::1]:{port}; Ctrl-C stops it. Another browser: `clean web link`."],
              f"stderr says both addresses and warns of nothing: {lines}")
        check(listening_addresses(port) == [IPV4, IPV6], f"listening on 127.0.0.1 and [::1]: {listening_addresses(port)}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", bearer=api)
        check(status == 200, f"Host localhost over 127.0.0.1: expected 200, got {status}")
        status, _, body = request(port, "GET", "/api/v1/profile", host=f"[::1]:{port}", bearer=api, address="::1")
        check(status == 200 and b"totalXP" in body, f"over [::1] with the Bearer token: expected 200, got {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", bearer=api, address="::1")
        check(status == 200, f"Host localhost over [::1]: expected 200, got {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", address="::1")
        check(status == 401, f"over [::1] without credentials: expected 401, got {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"evil.example:{port}", bearer=api, address="::1")
        check(status == 403, f"over [::1], another Host: expected 403, got {status}")
        own = {"Origin": f"http://localhost:{port}"}
        status, _, _ = request(port, "POST", "/api/v1/links", host=f"localhost:{port}", bearer=api, body=b"{}", headers=own, address="::1")
        check(status == 201, f"a change from http://localhost:{port} with Host localhost: expected 201, got {status}")
        status, _, _ = request(port, "POST", "/api/v1/links", host=f"127.0.0.1:{port}", bearer=api, body=b"{}", headers=own)
        check(status == 403, f"Origin localhost with Host 127.0.0.1 is another origin: expected 403, got {status}")
        status, _, _ = request(port, "POST", "/api/v1/links", host=f"localhost:{port}", bearer=api, body=b"{}",
                               headers={"Origin": "http://localhost:9"}, address="::1")
        check(status == 403, f"a foreign Origin over [::1]: expected 403, got {status}")
        check(server.stop() == 0, "SIGTERM stops it")
        check(listening_addresses(port) == [], f"nothing left listening: {listening_addresses(port)}")
    finally:
        if server and server.process.poll() is None:
            server.stop()
        home.remove()


def ipv6_held(clean):
    home = Home(clean)
    server = held = None
    try:
        home.run("scan", home.phone, "--quiet")
        for _ in range(5):   # a port free on [::1] may be taken on 127.0.0.1
            held = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            held.bind(("::1", 0))
            held.listen()
            port = held.getsockname()[1]
            server = WebServer(clean, home.env, "--port", str(port))
            if server.port is not None:
                break
            server.stop()
            held.close()
        if not started(server, port):
            return
        api = server.api_token
        lines = server.stderr_until("serving on")
        warnings = [line for line in lines if "warning" in line]
        check(len(warnings) == 1 and f"[::1]:{port}" in warnings[0] and f"http://127.0.0.1:{port}/" in warnings[0],
              f"one warning naming the 127.0.0.1 link: {lines}")
        check(any(f"serving on 127.0.0.1:{port};" in line for line in lines), f"serving on 127.0.0.1 only: {lines}")
        status, _, body = request(port, "GET", "/api/v1/profile", bearer=api)
        check(status == 200 and b"totalXP" in body, f"127.0.0.1 still serves: expected 200, got {status}")
        status, _, body = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", bearer=api)
        check(status == 421 and f"127.0.0.1:{port}".encode() in body and b"totalXP" not in body,
              f"Host localhost while another holds [::1]: expected 421 naming 127.0.0.1, got {status} {body[:200]!r}")
        status, headers, body = request(port, "GET", "/", host=f"localhost:{port}")
        check(status == 421 and headers.get("content-type", "").startswith("text/html") and f"http://127.0.0.1:{port}/".encode() in body,
              f"the page under localhost says to use the 127.0.0.1 link: got {status} {body[:200]!r}")
        status, _, _ = request(port, "GET", f"/?token={server.token}", host=f"localhost:{port}")
        check(status == 421, f"the link under localhost: expected 421, got {status}")
        status, _, _ = request(port, "GET", f"/?token={server.token}")
        check(status == 200, f"the link is still good at 127.0.0.1: expected 200, got {status}")
        check(server.stop() == 0, "SIGTERM stops it")
    finally:
        if server and server.process.poll() is None:
            server.stop()
        if held:
            held.close()
        home.remove()


def no_ipv6(clean):
    """Runs this script in a network namespace of its own with IPv6 off on lo."""
    home = Home(clean)
    try:
        home.run("scan", home.phone, "--quiet")
        done = subprocess.run(["/usr/bin/unshare", "--net", "--map-root-user", sys.executable, "-B", os.path.abspath(__file__), "--inside-no-ipv6", clean],
                              env=home.env, capture_output=True, text=True, timeout=120 * SLOWDOWN)
        check(done.returncode == 0, f"without an IPv6 loopback (in a network namespace): {done.stdout}{done.stderr}")
    finally:
        home.remove()


def inside_no_ipv6(clean):
    ip = next((path for path in ("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip") if os.access(path, os.X_OK)), None)
    if not check(ip is not None, "`ip` (iproute2) is needed to bring lo up in the namespace"):
        return
    subprocess.run([ip, "link", "set", "lo", "up"], check=True)
    with open("/proc/sys/net/ipv6/conf/lo/disable_ipv6", "w") as f:
        f.write("1")
    if not check(not has_ipv6_loopback(), "no ::1 in the namespace"):
        return
    server = WebServer(clean, dict(os.environ))
    try:
        if not started(server):
            return
        port, api = server.port, server.api_token
        lines = server.stderr_until("serving on")
        check(lines == [f"clean web: serving on 127.0.0.1:{port}; Ctrl-C stops it. Another browser: `clean web link`."],
              f"no IPv6 loopback is not a warning: {lines}")
        check(listening_addresses(port) == [IPV4], f"listening on 127.0.0.1: {listening_addresses(port)}")
        status, _, body = request(port, "GET", "/api/v1/profile", host=f"localhost:{port}", bearer=api)
        check(status == 200 and b"totalXP" in body, f"Host localhost (it can only be 127.0.0.1): expected 200, got {status}")
        status, _, _ = request(port, "POST", "/api/v1/links", host=f"localhost:{port}", bearer=api, body=b"{}",
                               headers={"Origin": f"http://localhost:{port}"})
        check(status == 201, f"a change from http://localhost:{port}: expected 201, got {status}")
        status, _, _ = request(port, "GET", "/api/v1/profile", host=f"[::1]:{port}", bearer=api)
        check(status == 403, f"Host [::1], which this server does not listen on: expected 403, got {status}")
        check(server.stop() == 0, "SIGTERM stops it")
    finally:
        if server.process.poll() is None:
            server.stop()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--inside-no-ipv6":
        inside_no_ipv6(sys.argv[2])
        finish("web_localhost.py (no IPv6 loopback)", "localhost answered")
        return
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    clean = os.path.abspath(sys.argv[1])
    if not has_ipv6_loopback():
        print("web_localhost.py: this machine has no IPv6 loopback (::1 on lo): only the path without one is tested", flush=True)
    else:
        both_bound(clean)
        ipv6_held(clean)
    no_ipv6(clean)
    finish("web_localhost.py", "localhost answered over [::1] and 127.0.0.1, refused while another holds [::1], answered without IPv6")


if __name__ == "__main__":
    main()
