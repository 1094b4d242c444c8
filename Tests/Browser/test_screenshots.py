"""Screenshots of every demo pager at 390x844 and 1280x800, written to
artifacts/screenshots/ by scripts/screenshots (so a change in looks shows
in review)."""

import os
import struct
import subprocess

from browser_helpers import ROOT, demo_pagers

OUT = ROOT / "artifacts" / "screenshots"


def png_size(path):
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_every_demo_pager_is_photographed_at_both_sizes(folio_bin):
    script = ROOT / "scripts" / "screenshots"
    result = subprocess.run([str(script), "--out", str(OUT)], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "FOLIO_BIN": folio_bin})
    assert result.returncode == 0, result.stdout + result.stderr
    for key, _, _ in demo_pagers():
        for size in [(390, 844), (1280, 800)]:
            path = OUT / f"{key}-{size[0]}x{size[1]}.png"
            assert path.exists(), f"{path} was not written"
            assert png_size(path) == size
