"""Helpers the reliability scripts share: start and stop a real `folio serve`,
sample its memory and open files, open sessions and talk HTTP to it.

Everything here talks to 127.0.0.1 only, and every wait is bounded.
"""

import http.client
import os
import pathlib
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
COOKIE = "folio_session"
# The hidden input of the pager's form; attribute order is not part of the contract.
CSRF_INPUT = re.compile(r"<input\b[^>]*\bname=\"csrf\"[^>]*>")
VALUE = re.compile(r"\bvalue=\"([^\"]*)\"")
FROM_INPUT = re.compile(r"<input\b[^>]*\bname=\"from\"[^>]*>")
FORM_COOKIE = re.compile(r"folio_csrf=([0-9a-f]{32})")
SESSION_COOKIE = re.compile(r"(?:__Host-)?" + COOKIE + r"=([0-9a-f]{32})")


def default_binary():
    """`$FOLIO_BIN`, else the release build, else the debug build."""
    if os.environ.get("FOLIO_BIN"):
        return os.environ["FOLIO_BIN"]
    for kind in ("release", "debug"):
        path = ROOT / ".build" / kind / "folio"
        if path.exists():
            return str(path)
    raise SystemExit("no folio binary: set FOLIO_BIN or run `swift build`")


class Server:
    """One `folio serve` process on 127.0.0.1 and a free port."""

    def __init__(self, binary, state, *extra, log=None, port=0, access_log=False):
        self.binary = binary
        self.state = state
        self.extra = list(extra)
        self.log_path = log
        self.port = port
        self.access_log = access_log
        self.process = None
        self.startup_seconds = None
        # Arguments between `binary` and `serve` (for a wrapper such as prlimit).
        self.binary_args = []

    def start(self, timeout=15.0):
        """Starts the server and waits for its URL line and for /healthz.
        Records `startup_seconds`: from exec to the first 200 of /healthz."""
        args = [self.binary, *self.binary_args, "serve", "--host", HOST, "--port", str(self.port), "--state", self.state]
        if not self.access_log:
            args.append("--no-access-log")
        args += self.extra
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        began = time.monotonic()
        self.process = subprocess.Popen(
            args, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL
        )
        if log is not subprocess.DEVNULL:
            log.close()
        line = self._read_line(timeout)
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"folio serve printed {line!r}, not its URL")
        self.port = int(match.group(1))
        deadline = began + timeout
        while time.monotonic() < deadline:
            try:
                status, _, _ = request(self.port, "GET", "/healthz", timeout=1)
                if status == 200:
                    self.startup_seconds = time.monotonic() - began
                    return self
            except OSError:
                pass
            time.sleep(0.005)
        self.stop()
        raise RuntimeError("/healthz did not answer in time")

    def _read_line(self, timeout):
        deadline = time.monotonic() + timeout
        data = b""
        while b"\n" not in data and time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.1)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    break
                data += chunk
        return data.decode("utf-8", "replace")

    @property
    def pid(self):
        return self.process.pid

    def rss_kib(self):
        """Resident memory from /proc/PID/status (VmRSS, KiB)."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def open_files(self):
        """How many file descriptors the server holds (ls /proc/PID/fd)."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, timeout=30.0):
        """The exit code, or None when it did not exit in time."""
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        """SIGTERM, then SIGKILL after 10 s; returns the exit code."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.send_signal(signal.SIGTERM)
        code = self.wait(10)
        if code is None:
            self.process.kill()
            code = self.wait(10)
        if code != 0:
            # Shown by pytest with a failing test's output.
            print(f"folio serve exited {code} on SIGTERM; its log ends:\n{self.log_tail()}", file=sys.stderr)
        return code

    def log_tail(self, lines=30):
        """The last lines of the server's standard error (its log file), so an
        unclean exit says why before a temporary folder takes the file away."""
        if not self.log_path or not os.path.exists(self.log_path):
            return ""
        with open(self.log_path, "rb") as log:
            log.seek(max(0, os.path.getsize(self.log_path) - 65536))
            text = log.read().decode("utf-8", "replace").splitlines()
        # A crash report's cause and crashed thread come before its registers
        # and images: start there, or a last-lines tail shows only registers.
        starts = [index for index, line in enumerate(text) if "Fatal error" in line or line.startswith("*** ")]
        if starts:
            return "\n".join(text[max(0, starts[0] - 5):starts[0] + 80])
        return "\n".join(text[-lines:])

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def request(port, method, path, body=None, cookie=None, headers=None, timeout=10, connection=None):
    """One request; returns (status, headers dict with lower-case names, body bytes).
    Uses `connection` (keep-alive) when given, else a fresh one."""
    conn = connection or http.client.HTTPConnection(HOST, port, timeout=timeout)
    sent = dict(headers or {})
    if cookie:
        sent["Cookie"] = f"{COOKIE}={cookie}"
    if body is not None:
        if isinstance(body, dict):
            body = urllib.parse.urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        body = body.encode() if isinstance(body, str) else body
    try:
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        data = response.read()
        found = {}
        for name, value in response.getheaders():
            found.setdefault(name.lower(), []).append(value)
        return response.status, {k: ", ".join(v) for k, v in found.items()}, data
    finally:
        if connection is None:
            conn.close()


def _input(pattern, body, name):
    field = pattern.search(body)
    value = VALUE.search(field.group(0)) if field else None
    if not value:
        raise RuntimeError(f"the pager's form has no {name} input")
    return value.group(1)


def first_click_form(port, pager, connection=None):
    """GET /{pager} as a visitor without a session: (folio_csrf cookie,
    signed token, shown page key). Views keep no state: the view must set
    no session cookie."""
    status, headers, body = request(port, "GET", f"/{pager}", connection=connection)
    if status != 200:
        raise RuntimeError(f"GET /{pager} answered {status}")
    set_cookie = headers.get("set-cookie", "")
    if SESSION_COOKIE.search(set_cookie):
        raise RuntimeError(f"GET /{pager} without a session set a session cookie: {set_cookie}")
    form_cookie = FORM_COOKIE.search(set_cookie)
    if not form_cookie:
        raise RuntimeError(f"GET /{pager} without a session set no folio_csrf cookie: {set_cookie!r}")
    text = body.decode("utf-8", "replace")
    signed = _input(CSRF_INPUT, text, "csrf")
    if not signed.startswith("f1."):
        raise RuntimeError(f"GET /{pager} without a session has an unsigned token {signed!r}")
    return form_cookie.group(1), signed, _input(FROM_INPUT, text, "from")


def open_session(port, pager, connection=None):
    """A visitor's first click: GET /{pager} without a cookie, then POST
    /{pager}/select of the page it shows with its signed token and its
    folio_csrf cookie (the 303 sets the session cookie), then GET /{pager}
    with the session for the session's own CSRF token. Returns (session id,
    CSRF token), good for any number of clicks."""
    form_cookie, signed, shown = first_click_form(port, pager, connection)
    status, headers, _ = request(port, "POST", f"/{pager}/select",
                                 {"page": shown, "from": shown, "csrf": signed},
                                 headers={"Cookie": f"folio_csrf={form_cookie}"}, connection=connection)
    if status != 303:
        raise RuntimeError(f"the first click on /{pager} answered {status}")
    found = SESSION_COOKIE.search(headers.get("set-cookie", ""))
    if not found:
        raise RuntimeError(f"the first click on /{pager} set no session cookie")
    cookie = found.group(1)
    status, headers, body = request(port, "GET", f"/{pager}", cookie=cookie, connection=connection)
    if status != 200:
        raise RuntimeError(f"GET /{pager} with the new session answered {status}")
    token = _input(CSRF_INPUT, body.decode("utf-8", "replace"), "csrf")
    if not re.fullmatch(r"[0-9a-f]{32}", token):
        raise RuntimeError(f"the session's page carries {token!r}, not the session's own token")
    return cookie, token


def pager_state(port, pager, cookie, connection=None):
    """GET /{pager}/state with the session's cookie, as parsed JSON."""
    import json

    status, _, body = request(port, "GET", f"/{pager}/state", cookie=cookie, connection=connection)
    if status != 200:
        raise RuntimeError(f"GET /{pager}/state answered {status}")
    return json.loads(body)


def page_keys(port, pager):
    """The page keys of a pager, from its state JSON."""
    return [page["key"] for page in pager_state(port, pager, None)["pages"]]


def selected_key(state):
    """The selected page's key in a state document."""
    selected = state["selected"]
    return selected["key"] if isinstance(selected, dict) else state["pages"][selected]["key"]


def shown_counts(state):
    """key -> pageDidShow count in a state document."""
    return {page["key"]: page.get("shownCount", 0) for page in state["pages"]}


def cpu_seconds(pid):
    """A process's user plus system CPU time so far (/proc/PID/stat), for
    benchmarks that report CPU per request, which load moves less than rates."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()  # after the command's name
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raise_open_file_limit(wanted):
    """Raises this process's soft RLIMIT_NOFILE (children inherit it)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connect_idle(port, timeout=5):
    """A TCP connection that sends nothing."""
    sock = socket.create_connection((HOST, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def run_wrk(port, script, script_args, marker, tag, threads=2, connections=64, cap_seconds=600):
    """Runs wrk with a Lua script whose threads each create `marker`N once
    they have their share of requests, then ends wrk with SIGINT (wrk 4.1
    would otherwise sleep for all of -d). Bounded by `cap_seconds`.
    Returns the numbers of the script's `tag` line as a dict."""
    folder = pathlib.Path(str(marker)).parent
    prefix = pathlib.Path(str(marker)).name
    for old in folder.glob(prefix + "*"):
        old.unlink()
    command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{cap_seconds}s", "--timeout", "10s",
               "-s", str(script), f"http://{HOST}:{port}", "--", *map(str, script_args), str(marker)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + cap_seconds + 60
    while process.poll() is None and time.monotonic() < deadline:
        if len(list(folder.glob(prefix + "*"))) >= threads:
            process.send_signal(signal.SIGINT)
            break
        time.sleep(0.05)
    try:
        stdout, stderr = process.communicate(timeout=max(5, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
    line = next((l for l in stdout.splitlines() if l.startswith(tag)), None)
    if line is None:
        raise RuntimeError(f"wrk printed no {tag} line:\n{stdout}\n{stderr}")
    print(line, flush=True)
    return {name: float(value) if "." in value else int(value)
            for name, value in re.findall(r"(\w+)=([\d.]+)", line)}


def report(name, figures):
    """Prints a run's figures and its checks (PASS/FAIL); True when all pass."""
    print(f"== {name}")
    for key, value in figures.items():
        if key != "checks":
            print(f"  {key}: {value}")
    for check, ok in figures["checks"].items():
        print(f"  {'PASS' if ok else 'FAIL'}  {check}")
    return all(figures["checks"].values())
