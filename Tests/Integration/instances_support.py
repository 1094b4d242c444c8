"""Several `folio serve` on one PostgreSQL behind one nginx: the pieces
test_instances.py and scripts/bench-instances share.

- `Postgres(folder)`: a temporary PostgreSQL 15 cluster in `folder`,
  started, stopped and started again on the same port (scripts/postgres
  when the checkout has it, else the same commands run here).
- `UPSTREAM`: the http block of an nginx in front of the instances (round
  robin, a dead instance's requests moved to the others).
- `missing()`: why these tests cannot run here, or None.

As root (CI), PostgreSQL runs as the `postgres` user: it refuses root.
"""

import os
import pathlib
import pwd
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

from test_dashboard_helpers import Client, FolioServer, Nginx

ROOT = pathlib.Path(__file__).resolve().parents[2]
PG_BIN = pathlib.Path("/usr/lib/postgresql/15/bin")
SCRIPT = ROOT / "scripts" / "postgres"

# The http block of nginx.conf: the instances as one upstream. Round robin
# (nginx's default); `proxy_next_upstream error timeout` moves a request
# nginx could not send (connection refused: a dead instance) to the next
# instance, while a click already sent to an instance that then died is
# answered 502, not sent twice. No keep-alive to the instances, so a dead
# one leaves no pooled connection behind. `X-Upstream` names the instance
# that answered, for the tests.
UPSTREAM = """
    upstream folio {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://folio;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_next_upstream error timeout;
            proxy_connect_timeout 2s;
            proxy_buffering off;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
"""


def upstream_servers(ports):
    # fail_timeout 2s: nginx skips an instance that refused a connection for
    # 2 s (not its default 10 s), so one started again is back in 2 s.
    return "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in ports)


def missing():
    """Why PostgreSQL-and-nginx tests cannot run on this machine, or None."""
    if not (PG_BIN / "postgres").exists() or not (PG_BIN / "initdb").exists():
        return f"PostgreSQL 15 is not installed ({PG_BIN} has no postgres/initdb; scripts/install-test-deps)"
    if shutil.which("nginx") is None:
        return "nginx is not installed (scripts/install-test-deps)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no `postgres` user to run PostgreSQL as"
    return None


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_postgres(command):
    """`command` as the postgres user when this process is root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


class Postgres:
    """A throwaway cluster in `folder` (created when needed). `url` is what
    `folio serve --state` takes; it stays the same across stop/start."""

    def __init__(self, folder=None, durable=False):
        self.folder = pathlib.Path(folder or tempfile.mkdtemp(prefix="folio-pg-"))
        self.url = None
        # Test clusters run with fsync=off, as scripts/postgres runs them (a
        # kill -9 of Folio does not need PostgreSQL's syncs); a `durable`
        # one (benchmarks) keeps PostgreSQL's defaults, fsync on and
        # synchronous_commit on, so a commit is on disk as in SQLite.
        self.durable = durable
        self.use_script = SCRIPT.exists() and not durable

    # -- with scripts/postgres (the checkout's own) --------------------------

    def _script(self, verb):
        done = subprocess.run([str(SCRIPT), verb, str(self.folder)], capture_output=True, text=True, timeout=90)
        if done.returncode != 0:
            raise RuntimeError(f"scripts/postgres {verb} failed ({done.returncode}): {done.stdout}{done.stderr}")
        return done.stdout

    # -- without it: the same commands ----------------------------------------

    def _run(self, *command, check=True):
        done = subprocess.run(_as_postgres([str(PG_BIN / command[0]), *command[1:]]),
                              capture_output=True, text=True, timeout=90, cwd="/")
        if check and done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stdout}{done.stderr}")
        return done

    def _own_start(self):
        data = self.folder / "data"
        port_file = self.folder / "port"
        if not data.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.folder, "postgres", "postgres")
            self._run("initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
            port_file.write_text(str(free_port()))
        port = int(port_file.read_text())
        self._run("pg_ctl", "-D", str(data), "-l", str(self.folder / "postgres.log"), "-w", "-t", "30",
                  "-o", f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
                  + ("" if self.durable else " -c fsync=off"),
                  "start")
        return f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def _own_stop(self):
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "-t", "30", "stop", check=False)

    # -- what the tests call ----------------------------------------------------

    def start(self):
        if self.use_script:
            printed = self._script("start")
            self.url = next(word for word in printed.split() if word.startswith("postgresql://"))
        else:
            self.url = self._own_start()
        self._wait_ready()
        return self.url

    def stop(self):
        if self.use_script:
            self._script("stop")
        else:
            self._own_stop()

    def restart(self):
        if self.use_script:
            self._script("restart")
            self._wait_ready()
        else:
            self._own_stop()
            self.start()

    def _wait_ready(self, timeout=30):
        """Until the server accepts TCP connections on the URL's port."""
        port = int(self.url.rsplit(":", 1)[1].split("/")[0])
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"PostgreSQL does not listen on {port}: {self.log()}")
                time.sleep(0.05)  # starting: poll its port

    def log(self):
        for name in ("postgres.log", "server.log"):
            path = self.folder / name
            if path.exists():
                return path.read_text(errors="replace")[-4000:]
        return ""

    def remove(self):
        """Stops the cluster and deletes its folder."""
        try:
            self.stop()
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


# -- three instances on one PostgreSQL behind nginx -----------------------------

PAGER = "/essence"
SHOWN = re.compile(r'name="from" value="([^"]*)"')


class Cluster:
    """PostgreSQL, `count` instances on it and nginx in front of them."""

    def __init__(self, folio_bin, folder, count=3, extra=()):
        self.folio_bin, self.extra = folio_bin, list(extra)
        # Its own temporary folder: pytest's are closed to the postgres user.
        self.folder = str(folder)
        self.postgres = Postgres()
        self.url = self.postgres.start()
        self.instances = []
        self.nginx = None
        try:
            self.instances = [self._instance() for _ in range(count)]
            self.nginx = Nginx(str(folder), UPSTREAM, "/healthz",
                               servers=upstream_servers(i.port for i in self.instances))
        except BaseException:
            self.close()
            raise

    def _instance(self, port=0):
        return FolioServer(self.folio_bin, "--state", self.url, *self.extra, port=port)

    def revive(self, index):
        """Starts instance `index` again on its port (nginx knows that one)."""
        old = self.instances[index]
        old.stop()
        deadline = time.monotonic() + 10
        while True:
            try:
                self.instances[index] = self._instance(port=old.port)
                return
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # the port is still held: try again

    def nginx_errors(self):
        """The end of nginx's error log (why it answered 502)."""
        try:
            with open(os.path.join(self.folder, "error.log"), errors="replace") as log:
                return log.read()[-2000:]
        except OSError:
            return ""

    def proxied(self):
        """A new browser talking to nginx."""
        return Client("127.0.0.1", self.nginx.port)

    def direct(self, index, like=None):
        """A browser talking to instance `index` directly, holding the
        cookies of `like` when given (the same visitor)."""
        instance = self.instances[index]
        client = Client(instance.host, instance.port)
        if like is not None:
            client.cookie, client.form_cookie = like.cookie, like.form_cookie
        return client

    def live(self):
        return [i for i, instance in enumerate(self.instances) if instance.process.poll() is None]

    def close(self):
        if self.nginx:
            self.nginx.stop()
        for instance in self.instances:
            instance.stop()
        self.postgres.remove()


def pages_of(client):
    return [page["key"] for page in client.get(PAGER + "/state", cookie=False).json()["pages"]]


def selected(state):
    chosen = state["selected"]
    return chosen["key"] if isinstance(chosen, dict) else state["pages"][chosen]["key"]


def shown_total(state):
    return sum(page.get("shownCount", 0) for page in state["pages"])


def open_session(client):
    """The real flow: a view without a session (a signed token and its
    folio_csrf cookie), the first click, then the session's own token from
    its page. Returns that token."""
    client.start_session(PAGER)
    token = client.token(PAGER)
    if not re.fullmatch(r"[0-9a-f]{32}", token):
        raise AssertionError(f"the session's page carries {token!r}, not its own token")
    return token


class Clicker(threading.Thread):
    """One visitor clicking through nginx, each click on a new connection,
    to a random page it is not on. Records every click: when it was sent,
    its page, its status, and the instance nginx says answered."""

    def __init__(self, port, seed, stop):
        super().__init__(daemon=True)
        self.client = Client("127.0.0.1", port)
        self.token = open_session(self.client)
        self.pages = pages_of(self.client)
        before = self.client.state(PAGER)
        self.start_page, self.shown_before = selected(before), shown_total(before)
        self.stop = stop
        self.random = random.Random(seed)
        self.clicks = []  # (sent at, page, status, upstream)
        self.error = None

    def run(self):
        current, uncertain = self.start_page, set()
        try:
            while not self.stop.is_set():
                # Never the page it is on, nor one an unanswered click may
                # have selected: every click changes the selection.
                choices = [p for p in self.pages if p != current and p not in uncertain]
                page = self.random.choice(choices or [p for p in self.pages if p != current])
                sent = time.monotonic()
                try:
                    answer = self.client.post(PAGER + "/select", {"page": page, "csrf": self.token})
                    status, upstream = answer.status, (answer.header("X-Upstream") or "").split(", ")[-1]
                except OSError as error:
                    status, upstream = type(error).__name__, ""
                self.clicks.append((sent, page, status, upstream))
                if status == 303:
                    current, uncertain = page, set()
                else:
                    uncertain.add(page)
                    time.sleep(0.05)  # not answered: do not spin on a failing proxy
        except Exception as error:  # noqa: BLE001  (reported by the caller)
            self.error = repr(error)

    def answered(self):
        return [click for click in self.clicks if click[2] == 303]

    def check(self, state):
        """What is wrong with this visitor's state, or None. Its selection is
        its last answered click, or a click after it that was not answered;
        its page-shown count grew by one per answered click, plus at most one
        per unanswered one."""
        answered = self.answered()
        last = max((i for i, click in enumerate(self.clicks) if click[2] == 303), default=None)
        expected = answered[-1][1] if answered else self.start_page
        later = {click[1] for click in self.clicks[(last + 1 if last is not None else 0):]}
        unanswered = len(self.clicks) - len(answered)
        grown = shown_total(state) - self.shown_before
        if selected(state) != expected and selected(state) not in later:
            return f"shows {selected(state)}, last answered click {expected}"
        if not len(answered) <= grown <= len(answered) + unanswered:
            return f"page-shown count grew by {grown} for {len(answered)} answered, {unanswered} unanswered clicks"
        return None


def kill_round(cluster, visitors=8, before=(0.5, 2.0), after=3.0, rng=random):
    """Visitors click through nginx; one instance, chosen at random, gets
    kill -9 at a random moment `before` seconds in; they click on for
    `after` seconds. Then every visitor's state is read through nginx.
    Returns the figures (no judgement: the caller checks them)."""
    stop = threading.Event()
    clickers = [Clicker(cluster.nginx.port, rng.random(), stop) for _ in range(visitors)]
    victim_index = rng.randrange(len(cluster.instances))
    victim = cluster.instances[victim_index]
    victim_address = f"127.0.0.1:{victim.port}"
    for clicker in clickers:
        clicker.start()
    moment = rng.uniform(*before)
    time.sleep(moment)
    victim.process.send_signal(signal.SIGKILL)
    victim.process.wait(10)
    killed_at = time.monotonic()
    time.sleep(after)
    stop.set()
    for clicker in clickers:
        clicker.join(30)
    reader = cluster.proxied()
    lost = []
    for clicker in clickers:
        if clicker.error or clicker.is_alive():
            continue
        reader.cookie = clicker.client.cookie
        problem = clicker.check(reader.state(PAGER))
        if problem:
            lost.append(problem)
    later = [[click for click in c.answered() if click[0] > killed_at] for c in clickers]
    return {
        "victim": victim_index,
        "kill_after_s": round(moment, 2),
        "errors": [c.error for c in clickers if c.error] + ["a clicker hung" for c in clickers if c.is_alive()],
        "answered": sum(len(c.answered()) for c in clickers),
        "answered_before_kill": sum(1 for c in clickers for click in c.answered() if click[0] < killed_at),
        "answered_after_kill": sum(len(clicks) for clicks in later),
        "unanswered": [str(click[2]) for c in clickers for click in c.clicks if click[2] != 303],
        "most_unanswered_per_visitor": max((len(c.clicks) - len(c.answered()) for c in clickers), default=0),
        "visitors_unanswered_after_kill": sum(1 for clicks in later if not clicks),
        "answered_by_victim_after_kill": sum(1 for clicks in later for click in clicks
                                             if not click[3] or click[3] == victim_address),
        "lost": lost,
    }
