"""A crash never loses the game: the traceback goes to the log folder and the person is told.

Run in a child process: the crash path shuts pygame down, which must not touch other tests.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import argparse
from scenes import app as app_module
from scenes.manager import Scene

class Exploding(Scene):
    def update(self, dt):
        raise RuntimeError("boom in update")

app_module.start_scene = lambda app, args: app.push(Exploding(app))
args = argparse.Namespace(size="800x600", fullscreen=False, game=None, seats=None, option=[], seed=None)
raise SystemExit(app_module.run(args))
"""


def test_a_crash_writes_its_traceback_and_says_where(tmp_path):
    env = {**os.environ, "FINIS_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 1, out.stderr
    reports = list((tmp_path / "logs").glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text()
    assert "boom in update" in text and "Traceback" in text
    assert str(reports[0]) in out.stderr, "the person is told where the report is"
    assert "boom in update" in (tmp_path / "logs" / "finis.log").read_text()
