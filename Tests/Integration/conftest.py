"""Shared fixtures for the suites that drive a real `folio` with real clients."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def folio_bin():
    """Path of the built `folio` executable (built by scripts/test)."""
    path = os.environ.get("FOLIO_BIN", str(ROOT / ".build" / "debug" / "folio"))
    if not os.path.exists(path):
        pytest.fail(f"{path} does not exist: run `swift build` first")
    return path
