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
import shutil
import socket
import subprocess
import tempfile
import time

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
    return "\n".join(f"        server 127.0.0.1:{port};" for port in ports)


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

    def __init__(self, folder=None):
        self.folder = pathlib.Path(folder or tempfile.mkdtemp(prefix="folio-pg-"))
        self.url = None
        self.use_script = SCRIPT.exists() and os.environ.get("FOLIO_TEST_OWN_POSTGRES") != "1"

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
                  "-o", f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}",
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
        for name in ("postgres.log", "log", "logfile"):
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
