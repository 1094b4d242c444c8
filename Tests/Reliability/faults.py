"""Faults: what a real `folio serve` keeps and loses when things go wrong.

    python3 Tests/Reliability/faults.py kill9 [--rounds 10] [--sessions 20] [--seconds 3] [--keep-alive]
    python3 Tests/Reliability/faults.py sigterm [--unread 20]
    python3 Tests/Reliability/faults.py diskfull        (root: mounts a small tmpfs)
    python3 Tests/Reliability/faults.py tabs [--rounds 300]
    python3 Tests/Reliability/faults.py all

Each prints its figures and PASS/FAIL per check, and exits non-zero on a FAIL.
"""

import argparse
import collections
import errno
import http.client
import os
import pathlib
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import folio_server as fs  # noqa: E402

PAGER = "essence"


def integrity(path):
    """`PRAGMA integrity_check` of a database file (and its WAL beside it)."""
    connection = sqlite3.connect(path, timeout=5)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def integrity_of_copy(path):
    """integrity_check on a copy of the files exactly as left on disk, so the
    check itself does not recover anything in the original."""
    with tempfile.TemporaryDirectory(prefix="folio-copy-") as folder:
        copy = os.path.join(folder, "copy.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                shutil.copyfile(path + suffix, copy + suffix)
        return integrity(copy)


class Clicker(threading.Thread):
    """One session clicking through a pager's pages, each click to a random
    page other than the current one, on one keep-alive connection or (with
    `new_connections`) a new connection per click, as browsers behind some
    proxies do. Records every acknowledged select (a 303 received) and the
    one in flight."""

    def __init__(self, port, cookie, token, pages, current, stop, limit=100_000, seconds=60,
                 new_connections=False):
        super().__init__(daemon=True)
        self.port, self.cookie, self.token = port, cookie, token
        self.pages, self.current = pages, current
        self.stop = stop
        self.limit, self.seconds = limit, seconds
        self.new_connections = new_connections
        self.acked = []
        self.in_flight = None
        self.error = None
        self.random = random.Random(cookie)

    def run(self):
        connection = None if self.new_connections else http.client.HTTPConnection(fs.HOST, self.port, timeout=10)
        deadline = time.monotonic() + self.seconds
        try:
            while not self.stop.is_set() and len(self.acked) < self.limit and time.monotonic() < deadline:
                page = self.random.choice([p for p in self.pages if p != self.current])
                self.in_flight = page
                status, _, _ = fs.request(
                    self.port, "POST", f"/{PAGER}/select", body={"page": page, "csrf": self.token},
                    cookie=self.cookie, connection=connection)
                if status != 303:
                    self.error = f"status {status}"
                    return
                self.acked.append(page)
                self.current = page
                self.in_flight = None
        except (OSError, http.client.HTTPException) as error:
            self.error = type(error).__name__
        finally:
            if connection:
                connection.close()


def open_sessions(port, count):
    connection = http.client.HTTPConnection(fs.HOST, port, timeout=10)
    sessions = []
    for _ in range(count):
        cookie, token = fs.open_session(port, PAGER, connection)
        state = fs.pager_state(port, PAGER, cookie, connection)
        sessions.append((cookie, token, fs.selected_key(state), sum(fs.shown_counts(state).values())))
    connection.close()
    return sessions


def verify_clickers(port, clickers, shown_before):
    """After a restart: each session shows its last acknowledged click (or the
    one in flight, if that reached the disk), and its pageDidShow count is
    exactly one per click that was applied. Returns (lost, in-flight kept)."""
    lost, kept = [], 0
    connection = http.client.HTTPConnection(fs.HOST, port, timeout=10)
    for clicker, before in zip(clickers, shown_before):
        state = fs.pager_state(port, PAGER, clicker.cookie, connection)
        selected, shown = fs.selected_key(state), sum(fs.shown_counts(state).values())
        last = clicker.acked[-1] if clicker.acked else None
        expected_shown = before + len(clicker.acked)
        if clicker.in_flight is not None and selected == clicker.in_flight:
            kept += 1
            expected_shown += 1
        elif last is not None and selected != last:
            lost.append((clicker.cookie[:8], f"selected {selected}, last acknowledged {last}"))
            continue
        if shown != expected_shown:
            lost.append((clicker.cookie[:8], f"shown {shown}, expected {expected_shown}"))
    connection.close()
    return lost, kept


def preload(binary, state, count, log):
    """Fills a new state file with `count` idle sessions (written directly into
    the tables the server created), so restarts are timed on a full store."""
    fs.Server(binary, state, log=log).start().stop()
    connection = sqlite3.connect(state)
    now = time.time()
    with connection:
        connection.executemany(
            "INSERT INTO sessions (id, csrf, last_seen) VALUES (?, ?, ?)",
            ((os.urandom(16).hex(), os.urandom(16).hex(), now - 3600 - n) for n in range(count)))
    connection.close()


def kill9(binary, rounds=10, sessions=20, seconds=3.0, preloaded=0, new_connections=True, echo=print):
    """(a) kill -9 at a random moment of a load of selects (between a third
    of `seconds` and `seconds` into each round), then a restart on the same
    state file (holding `preloaded` other sessions besides the clicking
    ones). A session counts as lost only when its state is neither its last
    answered click nor the one unanswered at the kill, or its pageDidShow
    count is not exactly one per click applied."""
    figures = {"rounds": rounds, "sessions": sessions, "preloaded_sessions": preloaded,
               "new_connection_per_click": new_connections, "acknowledged": 0, "in_flight_kept": 0,
               "lost": [], "kill_after_s": [], "startup_s": [], "integrity_on_disk": [], "integrity_after": []}
    moments = random.Random()
    with tempfile.TemporaryDirectory(prefix="folio-kill9-") as folder:
        state = os.path.join(folder, "state.sqlite")
        log = os.path.join(folder, "server.log")
        if preloaded:
            preload(binary, state, preloaded, log)
        server = fs.Server(binary, state, log=log).start()
        try:
            prepared = open_sessions(server.port, sessions)
            for round_number in range(rounds):
                stop = threading.Event()
                clickers = [Clicker(server.port, c, t, fs.page_keys(server.port, PAGER), cur, stop,
                                    new_connections=new_connections)
                            for c, t, cur, _ in prepared]
                shown_before = [sum(fs.shown_counts(fs.pager_state(server.port, PAGER, c.cookie)).values())
                                for c in clickers]
                for clicker in clickers:
                    clicker.start()
                moment = moments.uniform(seconds / 3, seconds)
                figures["kill_after_s"].append(round(moment, 2))
                time.sleep(moment)
                server.signal(signal.SIGKILL)
                server.wait(10)
                stop.set()
                for clicker in clickers:
                    clicker.join(15)
                acked = sum(len(c.acked) for c in clickers)
                figures["acknowledged"] += acked
                figures["integrity_on_disk"].append(integrity_of_copy(state))
                server = fs.Server(binary, state, log=log).start()
                figures["startup_s"].append(round(server.startup_seconds, 3))
                lost, kept = verify_clickers(server.port, clickers, shown_before)
                figures["lost"] += lost
                figures["in_flight_kept"] += kept
                figures["integrity_after"].append(integrity(state))
                echo(f"round {round_number + 1}: {acked} selects acknowledged before kill -9 at {moment:.2f} s, "
                     f"{sum(1 for c in clickers if c.in_flight)} in flight ({kept} of them saved), "
                     f"{len(lost)} lost; restart answered /healthz after {server.startup_seconds * 1000:.0f} ms")
                prepared = [(c.cookie, c.token, c.current if c.in_flight is None or
                             fs.selected_key(fs.pager_state(server.port, PAGER, c.cookie)) != c.in_flight
                             else c.in_flight, 0) for c in clickers]
        finally:
            server.stop()
    figures["checks"] = {
        "selects were acknowledged before each kill": figures["acknowledged"] > 0,
        "every acknowledged select present after restart": not figures["lost"],
        "integrity_check ok (files as left by kill -9, and after restart)":
            all(r == "ok" for r in figures["integrity_on_disk"] + figures["integrity_after"]),
        "restart answers /healthz in under 1 s": all(s < 1.0 for s in figures["startup_s"]),
    }
    return figures


class HalfSent:
    """A select on a fresh connection whose head and half its body are sent:
    a request in flight. With `whole`, all of it is sent at once: a request
    the server may not have read yet when a signal arrives."""

    def __init__(self, port, cookie, token, page, whole=False):
        body = f"page={page}&csrf={token}".encode()
        split = len(body) if whole else len(body) // 2
        self.rest = body[split:]
        self.sock = socket.create_connection((fs.HOST, port), timeout=10)
        head = (f"POST /{PAGER}/select HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {fs.COOKIE}={cookie}\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n")
        self.sock.sendall(head.encode() + body[:split])
        self.page = page

    @property
    def local_port(self):
        return self.sock.getsockname()[1]

    def finish(self):
        """Sends the rest and reads the whole response: (status, Connection
        header), or (None, the error's name) when the connection failed."""
        data = b""
        try:
            if self.rest:
                self.sock.sendall(self.rest)
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        except OSError as error:
            return None, f"{type(error).__name__} after {len(data)} bytes"
        finally:
            self.sock.close()
        head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        lines = head.split("\r\n")
        status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else None
        connection = next((l.split(":", 1)[1].strip() for l in lines[1:]
                           if l.lower().startswith("connection:")), None)
        return status, connection


def unread_bytes(server_port, client_ports):
    """Bytes the server has not read yet on its side of each client
    connection (rx_queue in /proc/net/tcp), keyed by client port."""
    unread = {}
    with open("/proc/net/tcp") as table:
        next(table)
        for line in table:
            fields = line.split()
            local, remote = fields[1], fields[2]
            if int(local.split(":")[1], 16) != server_port:
                continue
            client = int(remote.split(":")[1], 16)
            if client in client_ports:
                unread[client] = int(fields[4].split(":")[1], 16)
    return unread


def sigterm(binary, sessions=20, in_flight=10, seconds=2.0, unread=20, echo=print):
    """(b) SIGTERM under load: requests in flight complete, new connections are
    refused, exit code 0, nothing acknowledged is lost. Besides `in_flight`
    half-sent selects the server has read, `unread` whole selects go out on
    fresh connections just before the signal, without waiting for the server
    to read them (they sit in the listen backlog, a loop's mailbox or a socket
    buffer when it arrives): each must still be answered and saved."""
    figures = {}
    with tempfile.TemporaryDirectory(prefix="folio-sigterm-") as folder:
        state = os.path.join(folder, "state.sqlite")
        log = os.path.join(folder, "server.log")
        server = fs.Server(binary, state, log=log).start()
        port = server.port
        pages = fs.page_keys(port, PAGER)
        prepared = open_sessions(port, sessions + in_flight + unread)
        stop = threading.Event()
        clickers = [Clicker(port, c, t, pages, cur, stop) for c, t, cur, _ in prepared[:sessions]]
        shown_before = [b for *_, b in prepared[:sessions]]
        for clicker in clickers:
            clicker.start()
        time.sleep(seconds)
        probes = []
        for cookie, token, current, _ in prepared[sessions:sessions + in_flight]:
            probes.append(HalfSent(port, cookie, token, next(p for p in pages if p != current)))
        # In flight means the server has read what was sent: wait (bounded)
        # until no probe has unread bytes on the server's side.
        ports = {probe.local_port for probe in probes}
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            unread = unread_bytes(port, ports)
            if len(unread) == len(ports) and not any(unread.values()):
                break
            time.sleep(0.01)
        figures["probes_read_by_server"] = sum(1 for v in unread_bytes(port, ports).values() if v == 0)
        late = [HalfSent(port, cookie, token, next(p for p in pages if p != current), whole=True)
                for cookie, token, current, _ in prepared[sessions + in_flight:]]
        signalled = time.monotonic()
        server.signal(signal.SIGTERM)
        # New connections: refused once the listener is closed.
        refused_after = None
        while time.monotonic() - signalled < 3:
            try:
                probe = socket.create_connection((fs.HOST, port), timeout=1)
                probe.close()
            except (ConnectionRefusedError, ConnectionResetError):
                # Reset: the listener closed during this handshake.
                refused_after = time.monotonic() - signalled
                break
            time.sleep(0.01)
        time.sleep(0.3)
        answers = [probe.finish() for probe in probes]
        late_answers = [request.finish() for request in late]
        code = server.wait(15)
        exited_after = time.monotonic() - signalled
        stop.set()
        for clicker in clickers:
            clicker.join(15)
        server = fs.Server(binary, state, log=log).start()
        try:
            lost, kept = verify_clickers(server.port, clickers, shown_before)
            probe_saved = sum(
                1 for probe, (cookie, *_rest) in zip(probes, prepared[sessions:sessions + in_flight])
                if fs.selected_key(fs.pager_state(server.port, PAGER, cookie)) == probe.page)
            late_saved = sum(
                1 for request, (cookie, *_rest) in zip(late, prepared[sessions + in_flight:])
                if fs.selected_key(fs.pager_state(server.port, PAGER, cookie)) == request.page)
        finally:
            server.stop()
        figures.update({
            "acknowledged": sum(len(c.acked) for c in clickers),
            # How each keep-alive clicker's last request ended (a request sent
            # after the server closed its idle connection gets no answer).
            "clicker_endings": dict(collections.Counter(str(c.error) for c in clickers)),
            "in_flight_requests": len(probes),
            "in_flight_answered": sum(1 for status, _ in answers if status == 303),
            "in_flight_failures": [detail for status, detail in answers if status is None],
            "in_flight_connection_close": sum(1 for _, c in answers if (c or "").lower() == "close"),
            "in_flight_saved": probe_saved,
            "unread_requests": len(late),
            "unread_answered": sum(1 for status, _ in late_answers if status == 303),
            "unread_failures": [detail for status, detail in late_answers if status != 303],
            "unread_connection_close": sum(1 for _, c in late_answers if (c or "").lower() == "close"),
            "unread_saved": late_saved,
            "refused_after_s": None if refused_after is None else round(refused_after, 3),
            "exit_code": code, "exited_after_s": round(exited_after, 3), "lost": lost,
        })
        echo(f"SIGTERM with {len(probes)} half-sent selects and {sessions} clicking sessions: "
             f"{figures['in_flight_answered']} in-flight answered 303, {figures['unread_answered']} of "
             f"{len(late)} sent just before the signal answered 303, new connections refused after "
             f"{figures['refused_after_s']} s, exit {code} after {figures['exited_after_s']} s, "
             f"{figures['acknowledged']} acknowledged, {len(lost)} lost")
    figures["checks"] = {
        "requests in flight complete (303, Connection: close)":
            figures["in_flight_answered"] == len(probes) and figures["in_flight_connection_close"] == len(probes),
        "in-flight selects saved": figures["in_flight_saved"] == len(probes),
        # Not Connection: close for each: the server may answer one before the signal lands.
        "requests sent before the signal are answered (303) and saved":
            figures["unread_answered"] == len(late) and figures["unread_saved"] == len(late),
        "new connections refused": figures["refused_after_s"] is not None,
        "exit code 0": figures["exit_code"] == 0,
        "nothing acknowledged lost": not figures["lost"] and figures["acknowledged"] > 0,
    }
    return figures


class CannotMount(Exception):
    """The small filesystem for the disk-full fault could not be mounted."""


def diskfull(binary, size="4m", echo=print):
    """(c) The state file's filesystem fills up: POSTs answer 503 with a
    message and change nothing, reads keep working, writes recover when space
    returns. Needs root (mounts a tmpfs of `size`, unmounted in `finally`)."""
    figures = {}
    mount = tempfile.mkdtemp(prefix="folio-full-")
    mounted = False
    server = None
    try:
        mounting = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", mount],
                                  capture_output=True, text=True)
        if mounting.returncode != 0:
            raise CannotMount(mounting.stderr.strip())
        mounted = True
        state = os.path.join(mount, "state.sqlite")
        server = fs.Server(binary, state).start()
        port = server.port
        pages = fs.page_keys(port, PAGER)
        cookie, token = fs.open_session(port, PAGER)
        status, _, _ = fs.request(port, "POST", f"/{PAGER}/select", {"page": pages[1], "csrf": token},
                                  cookie=cookie)
        figures["select_before_full"] = status
        # Sessions that click all at once on the full disk: their clicks share commits.
        crowd = [fs.open_session(port, PAGER) for _ in range(16)]
        # Fill the filesystem: write until ENOSPC.
        filler = os.path.join(mount, "filler")
        with open(filler, "wb") as out:
            try:
                for _ in range(100_000):
                    out.write(b"\0" * 65536)
                    out.flush()
            except OSError as error:
                figures["filled"] = error.errno == errno.ENOSPC
        # Writes until one is refused (SQLite may reuse WAL space for a few).
        refused, attempts, message = None, 0, ""
        current = pages[1]
        for attempts in range(1, 201):
            target = pages[2] if current != pages[2] else pages[3]
            status, headers, body = fs.request(port, "POST", f"/{PAGER}/select",
                                               {"page": target, "csrf": token}, cookie=cookie)
            if status == 303:
                current = target
                continue
            refused, message = status, body.decode("utf-8", "replace").strip()
            break
        figures.update({"first_refusal": refused, "writes_until_refused": attempts, "message": message})
        state_json = fs.pager_state(port, PAGER, cookie)
        figures["unchanged_after_503"] = fs.selected_key(state_json) == current
        figures["crowd"] = concurrent_clicks(port, crowd, pages)
        reads = {
            "GET /essence": fs.request(port, "GET", f"/{PAGER}", cookie=cookie),
            "GET /essence/state": fs.request(port, "GET", f"/{PAGER}/state", cookie=cookie),
            "GET /healthz": fs.request(port, "GET", "/healthz"),
            "GET /public/folio.css": fs.request(port, "GET", "/public/folio.css"),
            "GET /news (new session)": fs.request(port, "GET", "/news"),
        }
        figures["reads"] = {name: r[0] for name, r in reads.items()}
        figures["new_session_unsaved_header"] = reads["GET /news (new session)"][1].get("folio-state", "")
        os.unlink(filler)
        recovered, attempts_after = None, 0
        for attempts_after in range(1, 21):
            target = pages[4] if current != pages[4] else pages[0]
            status, _, _ = fs.request(port, "POST", f"/{PAGER}/select", {"page": target, "csrf": token},
                                      cookie=cookie)
            if status == 303:
                recovered = target
                break
            time.sleep(0.1)
        figures["recovered_after_attempts"] = attempts_after if recovered else None
        figures["saved_after_recovery"] = (recovered is not None and
                                           fs.selected_key(fs.pager_state(port, PAGER, cookie)) == recovered)
        figures["exit_code"] = server.stop()
        server = None
        figures["integrity"] = integrity(state)
    finally:
        if server:
            server.stop()
        if mounted:
            subprocess.run(["umount", "-l", mount], check=False)
        os.rmdir(mount)
    echo(f"disk full: first refused write {figures.get('first_refusal')} after {figures.get('writes_until_refused')} "
         f"tries, message {figures.get('message')!r}; reads {figures.get('reads')}; recovered after "
         f"{figures.get('recovered_after_attempts')} tries")
    figures["checks"] = {
        "a select works before": figures.get("select_before_full") == 303,
        "the filesystem filled": figures.get("filled", False),
        "a write on a full disk answers 503 with a message":
            figures.get("first_refusal") == 503 and len(figures.get("message", "")) > 10,
        "a refused write changes nothing": figures.get("unchanged_after_503", False),
        "reads keep working (pages, state, healthz, static)":
            all(code == 200 for code in figures.get("reads", {}).values()),
        "16 clicks at once on the full disk: each answered 303 (and saved) or 503 (and unchanged)":
            figures.get("crowd", {}).get("consistent", False),
        "writes recover when space returns": figures.get("saved_after_recovery", False),
        "integrity_check ok": figures.get("integrity") == "ok",
    }
    return figures


def concurrent_clicks(port, sessions, pages):
    """Every session clicks once, all at the same moment, each on a new
    connection, from the page its session is on (the first) to another.
    Returns the statuses and whether each 303 was saved and each other
    answer changed nothing."""
    targets = [pages[1 + n % (len(pages) - 1)] for n in range(len(sessions))]
    statuses = [None] * len(sessions)
    start = threading.Barrier(len(sessions))

    def click(n):
        cookie, token = sessions[n]
        start.wait()
        statuses[n] = fs.request(port, "POST", f"/{PAGER}/select", {"page": targets[n], "csrf": token},
                                 cookie=cookie)[0]

    threads = [threading.Thread(target=click, args=(n,)) for n in range(len(sessions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    consistent = True
    for (cookie, _), status, target in zip(sessions, statuses, targets):
        selected = fs.selected_key(fs.pager_state(port, PAGER, cookie))
        if status == 303:
            consistent = consistent and selected == target
        else:
            consistent = consistent and status == 503 and selected == pages[0]
    return {"statuses": collections.Counter(statuses), "consistent": consistent}


def tabs(binary, rounds=300, echo=print):
    """(d) Two tabs of one session click at once: the state is always one of
    the two clicks (the whole state JSON equals that page's reference), and
    each applied click shows its page exactly once."""
    pager = "pageview"
    figures = {"rounds": rounds, "mixed": [], "miscounted": [], "bad_status": 0}
    with tempfile.TemporaryDirectory(prefix="folio-tabs-") as folder:
        server = fs.Server(binary, os.path.join(folder, "state.sqlite")).start()
        port = server.port
        try:
            pages = fs.page_keys(port, pager)
            # Reference documents: the state JSON with each page selected, counters aside.
            reference = {}
            ref_cookie, ref_token = fs.open_session(port, pager)
            for page in pages:
                fs.request(port, "POST", f"/{pager}/select", {"page": page, "csrf": ref_token}, cookie=ref_cookie)
                reference[page] = comparable(fs.pager_state(port, pager, ref_cookie))
            cookie, token = fs.open_session(port, pager)
            tab_a = http.client.HTTPConnection(fs.HOST, port, timeout=10)
            tab_b = http.client.HTTPConnection(fs.HOST, port, timeout=10)
            state = fs.pager_state(port, pager, cookie)
            current, counts = fs.selected_key(state), fs.shown_counts(state)
            outcomes = {"first": 0, "second": 0}
            for number in range(rounds):
                x, y = [p for p in pages if p != current][:2]
                if number % 2:
                    x, y = y, x
                barrier = threading.Barrier(2, timeout=10)
                results = {}

                def click(name, connection, page, headers):
                    barrier.wait()
                    results[name] = fs.request(port, "POST", f"/{pager}/select", {"page": page, "csrf": token},
                                               cookie=cookie, headers=headers, connection=connection)[0]

                threads = [threading.Thread(target=click, args=("a", tab_a, x, {})),
                           threading.Thread(target=click, args=("b", tab_b, y, {"HX-Request": "true"}))]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(15)
                if results.get("a") != 303 or results.get("b") != 200:
                    figures["bad_status"] += 1
                state = fs.pager_state(port, pager, cookie)
                selected = fs.selected_key(state)
                if selected not in (x, y) or comparable(state) != reference[selected]:
                    figures["mixed"].append((number, x, y, selected))
                outcomes["first" if selected == x else "second"] += 1
                new_counts = fs.shown_counts(state)
                expected = dict(counts)
                expected[x] += 1
                expected[y] += 1
                if new_counts != expected:
                    figures["miscounted"].append((number, counts, new_counts))
                current, counts = selected, new_counts
            figures["outcomes"] = outcomes
            tab_a.close()
            tab_b.close()
        finally:
            server.stop()
    echo(f"two tabs, {rounds} rounds of simultaneous clicks: final state = tab A's click {outcomes['first']} "
         f"times, tab B's {outcomes['second']}; {len(figures['mixed'])} mixed, "
         f"{len(figures['miscounted'])} with a wrong pageDidShow count")
    figures["checks"] = {
        "both clicks answered (303 / 200 fragment)": figures["bad_status"] == 0,
        "final state is one of the clicks, never a mix": not figures["mixed"],
        "each applied click shows its page exactly once": not figures["miscounted"],
    }
    return figures


def comparable(state):
    """A state document without the per-session counters and loaded flags."""
    copy = dict(state)
    copy["pages"] = [{k: v for k, v in page.items() if k not in ("shownCount", "loaded")}
                     for page in state["pages"]]
    return copy


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("fault", choices=["kill9", "sigterm", "diskfull", "tabs", "all"])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0, help="load before kill -9 / SIGTERM")
    parser.add_argument("--unread", type=int, default=20,
                        help="whole selects sent just before SIGTERM, not yet read by the server (default 20)")
    parser.add_argument("--sessions", type=int, default=20, help="clicking sessions in kill9 (default 20)")
    parser.add_argument("--keep-alive", action="store_true",
                        help="kill9: each session clicks on one keep-alive connection, not a new one per click")
    parser.add_argument("--preload", type=int, default=100_000,
                        help="idle sessions in the state file before kill9 starts (default 100,000)")
    options = parser.parse_args()
    binary = options.binary or fs.default_binary()
    chosen = ["kill9", "sigterm", "diskfull", "tabs"] if options.fault == "all" else [options.fault]
    passed = True
    for fault in chosen:
        if fault == "kill9":
            figures = kill9(binary, rounds=options.rounds or 10, sessions=options.sessions, seconds=options.seconds,
                            preloaded=options.preload, new_connections=not options.keep_alive)
        elif fault == "sigterm":
            figures = sigterm(binary, seconds=options.seconds, unread=options.unread)
        elif fault == "diskfull":
            figures = diskfull(binary)
        else:
            figures = tabs(binary, rounds=options.rounds or 300)
        passed = fs.report(fault, figures) and passed
    print(f"VERDICT: {'PASS' if passed else 'FAIL'}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
