"""Short fault runs (full runs: `scripts/reliability faults all`)."""

import os
import shutil

import pytest

import reliability_support  # noqa: F401  (first: puts Tests/Reliability on the path)
import faults


def assert_passed(figures):
    failed, shown = reliability_support.failed_checks(figures)
    assert not failed, f"{failed}: {shown}"


def test_kill_9_during_selects_loses_no_acknowledged_select_and_restarts_fast(folio_bin):
    assert_passed(faults.kill9(folio_bin, rounds=1, sessions=30, seconds=2.0, echo=print))


def test_sigterm_under_load_finishes_requests_in_flight_and_exits_zero(folio_bin):
    assert_passed(faults.sigterm(folio_bin, sessions=10, in_flight=5, seconds=1.5, unread=10, echo=print))


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("mount"), reason="mounting a tmpfs needs root")
def test_full_disk_answers_503_keeps_reads_and_recovers(folio_bin):
    try:
        figures = faults.diskfull(folio_bin, echo=print)
    except faults.CannotMount as error:
        pytest.skip(f"cannot mount a tmpfs here: {error}")
    assert_passed(figures)


def test_two_tabs_clicking_at_once_leave_one_click_and_exactly_once_lifecycle(folio_bin):
    assert_passed(faults.tabs(folio_bin, rounds=100, echo=print))
