"""The phone side runs without pygame: the server thread, the protocol and the host import
none of it (they are tested headless, and the server must never touch the display)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_phone_modules_import_no_pygame():
    code = ("import sys; import scenes.phones.server, scenes.phones.protocol, "
            "scenes.phones.host, scenes.phones.join; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "[]"
