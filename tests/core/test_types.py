"""The types are checked (issue 26): mypy, configured in pyproject.toml, passes over all of
game/ and scenes/, with game/core held to every strict flag."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes_with_the_projects_configuration():
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--no-incremental"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_strict_part_is_really_strict(tmp_path):
    """The configuration is read: an untyped function in game/core is refused."""
    bad = tmp_path / "game" / "core"
    bad.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (bad / "__init__.py").write_text("")
    (bad / "loose.py").write_text("def f(x):\n    return x\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--no-incremental", str(bad / "loose.py")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode != 0 and "loose.py:1" in done.stdout
