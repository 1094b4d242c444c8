"""Templates come from the dashboard's author, not from visitors, yet a bad
one must give an error with file:line:col, never kill the process. These
inputs go beyond the fuzzer's 4 KB inputs: nesting deep enough to exhaust
the stack of a recursive parser or compiler."""

import json
import subprocess

import pytest

DEPTH = 20_000


def run_template(folio_bin, folder, markup):
    template = folder / "deep.html"
    template.write_text(markup)
    data = folder / "data.json"
    data.write_text(json.dumps({"flag": True}))
    return subprocess.run([folio_bin, "template", str(template), "--data", str(data)],
                          capture_output=True, text=True, timeout=120,
                          env={"SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("markup", [
    pytest.param("<div>" * DEPTH + "x" + "</div>" * DEPTH, id="nested elements"),
    pytest.param('<div tal:condition="flag">' * DEPTH + "x" + "</div>" * DEPTH, id="nested statements"),
])
def test_deep_nesting_is_an_error_not_a_crash(folio_bin, tmp_path, markup):
    # Found while fuzzing (HARDENING.md, finding 2): about 8,000 levels used
    # to overflow the stack. The parser now stops at 512 with file:line:col.
    result = run_template(folio_bin, tmp_path, markup)
    assert result.returncode == 1, result.returncode
    assert "deep.html:1:" in result.stderr and "deeper than" in result.stderr


def test_unclosed_elements_in_depth_are_handled(folio_bin, tmp_path):
    # 50,000 unclosed <p><b>: HTML rules close them; no recursion blows up.
    result = run_template(folio_bin, tmp_path, "<p><b>" * 50_000)
    assert result.returncode >= 0, result.returncode
