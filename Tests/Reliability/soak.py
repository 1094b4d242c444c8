"""Soak: drive N requests through a real `folio serve` with wrk and soak.lua
(pager pages, selects and state reads from prepared sessions, static files),
sample the server's resident memory and open file descriptors every second,
and judge: both end within 10% of where they were after the warm-up.

    python3 Tests/Reliability/soak.py --requests 1000000
"""

import argparse
import pathlib
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import folio_server as fs  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
PAGERS = ("essence", "news", "controllers", "pageview")


class Sampler(threading.Thread):
    """Samples VmRSS and the fd count once a second until stopped; prints each sample."""

    def __init__(self, server, echo=True):
        super().__init__(daemon=True)
        self.server = server
        self.echo = echo
        self.samples = []
        self.phase = "prepare"
        self.halt = threading.Event()
        self.began = time.monotonic()

    def take(self):
        sample = (round(time.monotonic() - self.began, 1), self.phase, self.server.rss_kib(),
                  self.server.open_files())
        self.samples.append(sample)
        if self.echo:
            print(f"sample t={sample[0]:7.1f}s phase={sample[1]:8} rss={sample[2]} KiB fds={sample[3]}",
                  flush=True)
        return sample

    def run(self):
        while not self.halt.wait(1.0):
            try:
                self.take()
            except OSError:
                return


def prepare(server, folder, sessions, pagers=PAGERS):
    """Opens `sessions` sessions (GET without a cookie: cookie and CSRF token)
    and writes the three input files of soak.lua."""
    connection = fs.http.client.HTTPConnection(fs.HOST, server.port, timeout=10)
    with open(folder / "sessions.txt", "w") as out:
        for number in range(sessions):
            cookie, token = fs.open_session(server.port, pagers[number % len(pagers)], connection)
            out.write(f"{cookie} {token}\n")
    connection.close()
    with open(folder / "paths.txt", "w") as out:
        for pager in pagers:
            for page in fs.page_keys(server.port, pager):
                out.write(f"{pager} {page}\n")
    public = fs.ROOT / "Public"
    with open(folder / "statics.txt", "w") as out:
        for path in sorted(public.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                out.write(f"/public/{path.relative_to(public).as_posix()}\n")


def wrk(server, folder, total, threads, connections, cap_seconds):
    """Runs soak.lua until `total` responses (or `cap_seconds`); returns its figures."""
    return fs.run_wrk(
        server.port, HERE / "soak.lua",
        [folder / "sessions.txt", folder / "paths.txt", folder / "statics.txt", total, threads],
        folder / "done-", "SOAK-RESULT", threads, connections, cap_seconds)


def within(final, base, tolerance):
    return abs(final - base) <= tolerance * base


def run(binary, requests, sessions=1000, warmup=None, threads=2, connections=64, state=None,
        cap_seconds=1800, tolerance=0.10, echo=True, pagers=PAGERS):
    """The whole soak; returns a dict of figures with `passed`."""
    # The warm-up must outlast the filling of the server's bounded caches
    # (rendered pages and panels, about 150,000 requests of this mix from
    # 1,000 sessions), or the verdict measures their filling, not a leak.
    warmup = warmup or max(10_000, requests // 5)
    with tempfile.TemporaryDirectory(prefix="folio-soak-") as work:
        folder = pathlib.Path(work)
        server = fs.Server(binary, state or str(folder / "state.sqlite"), log=str(folder / "server.log"))
        server.start()
        sampler = Sampler(server, echo)
        try:
            sampler.start()
            began = time.monotonic()
            prepare(server, folder, sessions, pagers)
            print(f"prepared {sessions} sessions in {time.monotonic() - began:.1f}s", flush=True)
            sampler.phase = "warmup"
            first = wrk(server, folder, warmup, threads, connections, cap_seconds)
            sampler.phase = "settle"
            time.sleep(1.5)
            base = sampler.take()
            sampler.phase = "load"
            second = wrk(server, folder, requests - warmup, threads, connections, cap_seconds)
            sampler.phase = "settle"
            time.sleep(1.5)
            final = sampler.take()
        finally:
            sampler.halt.set()
            code = server.stop()
        figures = {
            "requests": first["answered"] + second["answered"],
            "seconds": first["seconds"] + second["seconds"],
            "rps": second["answered"] / second["seconds"] if second["seconds"] else 0,
            "p99_ms": second["p99_ms"],
            "rss_base_kib": base[2], "rss_final_kib": final[2],
            "rss_peak_kib": max(s[2] for s in sampler.samples),
            "fds_base": base[3], "fds_final": final[3], "fds_peak": max(s[3] for s in sampler.samples),
            "server_errors": first["s5xx"] + second["s5xx"],
            "client_errors": first["s4xx"] + second["s4xx"],
            "socket_errors": sum(r[k] for r in (first, second)
                                 for k in ("connect_errors", "read_errors", "write_errors", "timeouts")),
            "exit_code": code,
        }
        checks = {
            "rss within 10% of warm-up": within(final[2], base[2], tolerance),
            "fds within 10% of warm-up": within(final[3], base[3], tolerance),
            "all requests answered": figures["requests"] >= requests,
            "no 4xx/5xx": figures["server_errors"] == 0 and figures["client_errors"] == 0,
            "no socket errors": figures["socket_errors"] == 0,
            "clean exit": code == 0,
        }
        if code != 0:
            figures["server_log_tail"] = server.log_tail()
        figures["checks"] = checks
        figures["passed"] = all(checks.values())
        return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=None, help="folio executable (default $FOLIO_BIN, release, debug)")
    parser.add_argument("--requests", type=int, default=1_000_000)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=None, help="default: a fifth, at least 10,000")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--state", default=None, help="state file (default: a temporary folder)")
    parser.add_argument("--pagers", default=",".join(PAGERS), help="pagers in the mix (default: the demo's four)")
    parser.add_argument("--cap-seconds", type=int, default=1800, help="time cap per wrk phase")
    options = parser.parse_args()
    figures = run(options.binary or fs.default_binary(), options.requests, options.sessions, options.warmup,
                  options.threads, options.connections, options.state, options.cap_seconds,
                  pagers=tuple(options.pagers.split(",")))
    print()
    for name, value in figures.items():
        if name != "checks":
            print(f"{name:16} {value if not isinstance(value, float) else round(value, 2)}")
    for name, ok in figures["checks"].items():
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
    rss = (figures["rss_final_kib"] - figures["rss_base_kib"]) / figures["rss_base_kib"] * 100
    fds = (figures["fds_final"] - figures["fds_base"]) / figures["fds_base"] * 100
    print(f"VERDICT: {'PASS' if figures['passed'] else 'FAIL'} (rss {figures['rss_base_kib']} -> "
          f"{figures['rss_final_kib']} KiB, {rss:+.1f}%; fds {figures['fds_base']} -> {figures['fds_final']}, "
          f"{fds:+.1f}%)")
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
