"""Short fault runs (full runs: `scripts/reliability faults all`)."""

import os
import shutil
import subprocess

import pytest

import reliability_support  # noqa: F401  (first: puts Tests/Reliability on the path)
import faults
import folio_server as fs


def assert_passed(figures):
    failed, shown = reliability_support.failed_checks(figures)
    assert not failed, f"{failed}: {shown}"


def test_kill_9_at_random_moments_loses_no_answered_click(folio_bin):
    # Issue 14's form, short: 20 sessions, a new connection per click,
    # random pages, kill -9 at a random moment, restart on the same file.
    assert_passed(faults.kill9(folio_bin, rounds=3, sessions=20, seconds=2.0, new_connections=True, echo=print))


def test_kill_9_during_keep_alive_selects_loses_no_answered_click_and_restarts_fast(folio_bin):
    assert_passed(faults.kill9(folio_bin, rounds=1, sessions=30, seconds=2.0, new_connections=False, echo=print))


def test_sigterm_under_load_finishes_requests_in_flight_and_exits_zero(folio_bin):
    assert_passed(faults.sigterm(folio_bin, sessions=10, in_flight=5, seconds=1.5, unread=10, echo=print))


# A shared library whose destructor says when it runs: `exit` runs every
# library's clean-up, `_exit` none.
CLEAN_UP_MARKER = b"library clean-ups ran"
CLEAN_UP_SOURCE = r"""
#include <unistd.h>
__attribute__((destructor)) static void said(void) {
    static const char line[] = "library clean-ups ran\n";
    write(2, line, sizeof line - 1);
}
"""


def test_sigterm_exit_runs_no_library_clean_up_and_keeps_the_clicks(folio_bin, tmp_path, monkeypatch):
    # Library clean-ups at exit (OpenSSL's, libxml2's) free global state
    # that a thread the shutdown gave up on may still use: the soak once
    # saw a SIGABRT there. `folio serve` ends without them, its clicks kept.
    compiler = shutil.which("cc") or shutil.which("clang")
    if compiler is None:
        pytest.fail("no C compiler (cc or clang) to build the clean-up marker")
    (tmp_path / "marker.c").write_text(CLEAN_UP_SOURCE)
    subprocess.run([compiler, "-shared", "-fPIC", "-o", tmp_path / "marker.so", tmp_path / "marker.c"], check=True)
    monkeypatch.setenv("LD_PRELOAD", str(tmp_path / "marker.so"))
    # The marker works: a command that returns normally runs the clean-ups.
    control = subprocess.run([folio_bin, "check"], capture_output=True, timeout=60)
    assert control.returncode == 0, control.stderr
    assert CLEAN_UP_MARKER in control.stderr

    state = str(tmp_path / "state.sqlite")
    server = fs.Server(folio_bin, state, log=str(tmp_path / "server.log"))
    server.start()
    cookie, token = fs.open_session(server.port, "essence")
    last = fs.page_keys(server.port, "essence")[-1]
    status, _, _ = fs.request(server.port, "POST", "/essence/select", {"page": last, "csrf": token},
                                     cookie=cookie)
    assert status == 303
    assert server.stop() == 0
    assert CLEAN_UP_MARKER not in open(tmp_path / "server.log", "rb").read()

    again = fs.Server(folio_bin, state)
    again.start()
    try:
        assert fs.selected_key(fs.pager_state(again.port, "essence", cookie)) == last
    finally:
        again.stop()


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("mount"), reason="mounting a tmpfs needs root")
def test_full_disk_answers_503_keeps_reads_and_recovers(folio_bin):
    try:
        figures = faults.diskfull(folio_bin, echo=print)
    except faults.CannotMount as error:
        pytest.skip(f"cannot mount a tmpfs here: {error}")
    assert_passed(figures)


def test_two_tabs_clicking_at_once_leave_one_click_and_exactly_once_lifecycle(folio_bin):
    assert_passed(faults.tabs(folio_bin, rounds=100, echo=print))


def test_another_process_reading_the_state_file_takes_nothing_from_the_running_server(folio_bin, tmp_path):
    # The sqlite3 shell or a backup opening the file while Folio runs must
    # see Folio's locks: if it believes it is alone, closing it checkpoints
    # and deletes the WAL Folio is still writing, and every click answered
    # after that is gone at the next crash.
    import signal
    import sqlite3

    import folio_server as fs

    state = str(tmp_path / "state.sqlite")
    server = fs.Server(folio_bin, state).start()
    try:
        cookie, token = fs.open_session(server.port, faults.PAGER)
        pages = fs.page_keys(server.port, faults.PAGER)
        reader = sqlite3.connect(state)
        assert reader.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
        reader.close()
        assert os.path.exists(state + "-wal"), "the WAL of the running server was deleted"
        for page in pages[1:] + pages[:1] + pages[1:3]:
            status, _, _ = fs.request(server.port, "POST", f"/{faults.PAGER}/select",
                                      {"page": page, "csrf": token}, cookie=cookie)
            assert status == 303
        server.signal(signal.SIGKILL)
        server.wait(10)
    finally:
        server.stop()
    server = fs.Server(folio_bin, state).start()
    try:
        assert fs.selected_key(fs.pager_state(server.port, faults.PAGER, cookie)) == pages[2]
    finally:
        server.stop()
