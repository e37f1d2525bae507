"""The packaged program: build dist/finis/finis from build.spec and open its menu in Xvfb."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.e2e.xvfb import ROOT, Screen


def test_build_and_launch_the_executable(tmp_path):
    pytest.importorskip("PyInstaller")
    Screen.check_tools()
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                            "--distpath", str(dist), "--workpath", str(work), "build.spec"],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    exe = dist / "finis" / ("finis.exe" if os.name == "nt" else "finis")
    assert exe.exists()
    assert (dist / "finis" / "_internal" / "assets" / "data" / "finished.yaml").exists()
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert version.stdout.startswith("finis ")
    # every engine is bundled, though the registry imports them by name from the data files
    for game in ("finished", "finito", "flag-finish"):
        sim = subprocess.run([str(exe), "simulate", game, "--games", "1"], capture_output=True, text=True,
                             timeout=120, env={**os.environ, "FINIS_HOME": str(tmp_path / "sim")})
        assert sim.returncode == 0, sim.stderr[-2000:]
        assert json.loads(sim.stdout.splitlines()[-1])["games"] == 1
    screen = Screen()
    home = tmp_path / "home"
    try:
        env = {**screen.env(home), "FINIS_BENCH_FIRST_FRAME": "1"}
        proc = subprocess.Popen([str(exe), "--size", "1024x640"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        line = proc.stdout.readline()
        assert line.startswith("first-frame"), line
        wid, x, y = screen.find_window()
        colours = screen.window_colours(tmp_path / "menu.png", x, y, (1024, 640))
        assert colours is None or colours > 300, "the menu looks blank"
        assert screen.quit_with_q(wid, proc) == 0
    finally:
        screen.close()
    assert (home / "settings.yaml").exists()
