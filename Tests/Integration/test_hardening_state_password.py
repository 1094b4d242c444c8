"""Issue 24, item 9, against a real `folio serve`: a PostgreSQL password is
never printed (in the URL's userinfo, as `?password=`, in libpq's words),
a password in the URL is warned of, and `--state-password-file` is held to
the secret file's rules. With FOLIO_TEST_POSTGRES_URL set (scripts/test),
the file's password also gets Folio into a password-protected role.
See HARDENING.md, "Items 3 and 9"."""

import os
import subprocess
import uuid

import pytest

from conftest import ROOT

SECRET = "SECRETX"
# Port 1 on the loopback: nothing listens, so the start fails at once.
CLOSED = "127.0.0.1:1"


def serve(folio_bin, *options, timeout=20):
    """Starts `folio serve`; (exit status, or None when it began serving; output)."""
    process = subprocess.Popen(
        [folio_bin, "serve", "--port", "0", "--no-access-log", *options],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out + err
    except subprocess.TimeoutExpired:
        process.terminate()
        out, err = process.communicate(timeout=20)
        return None, out + err


@pytest.mark.parametrize("url", [
    f"postgresql://folio:{SECRET}@{CLOSED}/folio",
    f"postgresql://folio@{CLOSED}/folio?password={SECRET}",
    f"postgres://folio@{CLOSED}/folio?sslmode=disable&PASSWORD={SECRET}&pool=2",
    f"postgresql://folio:{SECRET}%ZZ@{CLOSED}/folio",
    f"postgresql://folio:{SECRET}@{CLOSED}/folio?pool=99",
])
def test_a_failed_start_prints_no_password(folio_bin, url):
    status, output = serve(folio_bin, "--state", url)
    assert status == 1, output
    assert SECRET not in output, output
    assert "***" in output or "%ZZ" not in url, output


def test_a_password_in_the_url_is_warned_of(folio_bin):
    status, output = serve(folio_bin, "--state", f"postgresql://folio:{SECRET}@{CLOSED}/folio")
    assert status == 1
    assert "warning" in output and "ps" in output and "--state-password-file" in output, output


def password_file(tmp_path, mode, text=SECRET + "\n"):
    path = tmp_path / "pgpass"
    path.write_text(text)
    os.chmod(path, mode)
    return str(path)


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_a_password_file_others_may_read_is_refused(folio_bin, tmp_path, mode):
    path = password_file(tmp_path, mode)
    status, output = serve(folio_bin, "--state", f"postgresql://folio@{CLOSED}/folio",
                           "--state-password-file", path)
    assert status == 1, output
    assert path in output and oct(mode)[2:] in output and "chmod 600" in output, output
    assert SECRET not in output


def test_a_private_password_file_gets_as_far_as_the_database_and_is_not_printed(folio_bin, tmp_path):
    path = password_file(tmp_path, 0o600)
    status, output = serve(folio_bin, "--state", f"postgresql://folio@{CLOSED}/folio",
                           "--state-password-file", path)
    assert status == 1, output
    assert "cannot connect to PostgreSQL" in output and SECRET not in output, output
    assert "warning" not in output, output


def test_a_password_file_is_only_for_postgresql(folio_bin, tmp_path):
    path = password_file(tmp_path, 0o600)
    status, output = serve(folio_bin, "--state", "memory", "--state-password-file", path)
    assert status == 1 and "PostgreSQL" in output, output


@pytest.fixture
def protected_role():
    """A role that must give its password (scripts/postgres asks members of
    folio_password_required for it over TCP) and a database of its own."""
    url = os.environ.get("FOLIO_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("FOLIO_TEST_POSTGRES_URL is unset: scripts/test starts a PostgreSQL and sets it")
    psql = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url]
    role, password = "folio_password_" + uuid.uuid4().hex[:8], uuid.uuid4().hex
    subprocess.run([*psql, "-c", "DO $$ BEGIN CREATE ROLE folio_password_required NOLOGIN; EXCEPTION "
                    "WHEN duplicate_object OR unique_violation THEN NULL; END $$",
                    "-c", f"CREATE ROLE {role} LOGIN PASSWORD '{password}' IN ROLE folio_password_required",
                    "-c", f"CREATE DATABASE {role} OWNER {role}"], check=True, timeout=30)
    yield url, role, password
    subprocess.run([*psql, "-c", f"DROP DATABASE IF EXISTS {role} WITH (FORCE)",
                    "-c", f"DROP ROLE IF EXISTS {role}"], timeout=30)


def test_the_password_file_logs_in_to_a_role_that_needs_a_password(folio_bin, tmp_path, protected_role):
    url, role, password = protected_role
    host = url.split("?", 1)[0].split("@", 1)[1].split("/", 1)[0]
    role_url = f"postgresql://{role}@{host}/{role}?passfile=/nonexistent"
    status, output = serve(folio_bin, "--state", role_url, "--state-password-file",
                           password_file(tmp_path, 0o600, password + "\n"), timeout=10)
    assert status is None and "Folio is serving" in output, output
    status, output = serve(folio_bin, "--state", role_url, "--state-password-file",
                           password_file(tmp_path, 0o600, "wrong-password\n"))
    assert status == 1 and "password authentication failed" in output, output
    assert "wrong-password" not in output
