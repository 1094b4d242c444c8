"""Issue 24, item 3, against a real `folio serve` running as root: a state
file, its `-wal` or `-shm`, or a `--csrf-secret-file` made beforehand by
another local user (`nobody`, through `runuser`) is refused, as is a folder
others may write to without the sticky bit; a sticky folder like /tmp is
fine for Folio's own files. See HARDENING.md, "Items 3 and 9"."""

import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import ROOT

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("runuser") is None,
    reason="needs root and runuser, to make files as another user (nobody)")

SECRET = "ab" * 32


@pytest.fixture
def sticky_folder():
    """A world-writable sticky folder, like /tmp, made by root."""
    folder = tempfile.mkdtemp(prefix="folio-owners-", dir="/tmp")
    os.chmod(folder, 0o1777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def as_nobody(*command):
    subprocess.run(["runuser", "-u", "nobody", "--", *command], check=True, timeout=30)


def made_by_nobody(path, text=""):
    as_nobody("sh", "-c", 'umask 077 && printf %s "$1" > "$2"', "sh", text, path)
    assert os.stat(path).st_uid != 0
    return path


def serve(folio_bin, *options):
    """Starts `folio serve`; (exit status, or None when it began serving; output)."""
    process = subprocess.Popen(
        [folio_bin, "serve", "--port", "0", "--no-access-log", *options],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=20)
        return process.returncode, out + err
    except subprocess.TimeoutExpired:
        process.terminate()
        out, err = process.communicate(timeout=20)
        return None, out + err


def assert_refused(status, output, *words):
    assert status == 1, f"served (or failed otherwise) instead of refusing:\n{output}"
    for word in words:
        assert word in output, output


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_state_file_made_by_another_user_is_refused(folio_bin, sticky_folder, suffix):
    state = os.path.join(sticky_folder, "state.sqlite")
    made_by_nobody(state + suffix)
    status, output = serve(folio_bin, "--state", state)
    assert_refused(status, output, state + suffix, "nobody")
    # Nothing of Folio's went into the other user's file.
    assert os.path.getsize(state + suffix) == 0


def test_a_csrf_secret_file_made_by_another_user_is_refused(folio_bin, sticky_folder):
    secret = made_by_nobody(os.path.join(sticky_folder, "csrf-secret"), SECRET)
    status, output = serve(folio_bin, "--state", "memory", "--csrf-secret-file", secret)
    assert_refused(status, output, secret, "nobody")


@pytest.mark.parametrize("folder_mode", [0o777, 0o770])
@pytest.mark.parametrize("option", ["--state", "--csrf-secret-file"])
def test_a_folder_others_may_write_to_without_the_sticky_bit_is_refused(
        folio_bin, sticky_folder, folder_mode, option):
    folder = os.path.join(sticky_folder, "open")
    os.mkdir(folder)
    os.chmod(folder, folder_mode)
    path = os.path.join(folder, "private")
    extra = ["--state", "memory"] if option == "--csrf-secret-file" else []
    status, output = serve(folio_bin, *extra, option, path)
    assert_refused(status, output, folder, oct(folder_mode)[2:], "sticky")


def test_folios_own_files_in_a_sticky_folder_are_fine(folio_bin, sticky_folder):
    state = os.path.join(sticky_folder, "state.sqlite")
    secret = os.path.join(sticky_folder, "csrf-secret")
    status, output = serve(folio_bin, "--state", state, "--csrf-secret-file", secret)
    assert status is None, output
    assert "Folio is serving" in output
    for path in [state, state + "-wal", state + "-shm", secret]:
        if os.path.exists(path):
            assert os.stat(path).st_uid == 0, path
