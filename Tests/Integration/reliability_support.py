"""Imports the reliability scripts (Tests/Reliability) for the short suites."""

import pathlib
import sys

RELIABILITY = pathlib.Path(__file__).resolve().parents[1] / "Reliability"
if str(RELIABILITY) not in sys.path:
    sys.path.insert(0, str(RELIABILITY))


def failed_checks(figures):
    """The names of the checks that failed, with every figure for the message."""
    failed = [name for name, ok in figures["checks"].items() if not ok]
    shown = {k: v for k, v in figures.items() if k != "checks"}
    return failed, shown
