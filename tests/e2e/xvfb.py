"""A private Xvfb screen and the real finis program on it, driven by xdotool."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]


def need_tools(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (installed by .ci/run)")


_NEXT = 140 + (os.getpid() % 50) * 4


class Screen:
    """Xvfb on a free display number; stopped by close()."""

    @staticmethod
    def check_tools() -> None:
        need_tools("Xvfb", "xdotool")

    def __init__(self, width: int = 1600, height: int = 1000) -> None:
        need_tools("Xvfb", "xdotool")
        global _NEXT
        for number in range(_NEXT, _NEXT + 200):
            if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
                break
        _NEXT = number + 1  # never reuse a number a closing server may still hold
        self.display = f":{number}"
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", f"{width}x{height}x24",
                                      "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("Xvfb did not start")
            time.sleep(0.05)

    def env(self, home: Path) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)
        env.update(DISPLAY=self.display, FINIS_HOME=str(home), SDL_AUDIODRIVER="dummy")
        return env

    def xdotool(self, *args: str) -> str:
        out = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip()

    def find_window(self, name: str = "finis", timeout: float = 30) -> tuple[str, int, int]:
        """Window id and its top-left corner once it is mapped."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ids = self.xdotool("search", "--onlyvisible", "--class", name).split()
            if ids:
                geometry = self.xdotool("getwindowgeometry", "--shell", ids[-1])
                values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
                return ids[-1], int(values["X"]), int(values["Y"])
            time.sleep(0.2)
        raise AssertionError(f"no window called {name!r} appeared")

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.xdotool("mousemove", str(start[0]), str(start[1]))
        time.sleep(0.2)
        self.xdotool("mousedown", "1")
        time.sleep(0.2)
        for i in range(1, 6):
            x = start[0] + (end[0] - start[0]) * i // 5
            y = start[1] + (end[1] - start[1]) * i // 5
            self.xdotool("mousemove", str(x), str(y))
            time.sleep(0.05)
        time.sleep(0.2)
        self.xdotool("mouseup", "1")

    def screenshot(self, path: Path) -> Optional[Path]:
        """The whole screen as PNG, with ImageMagick's import or xwd + Pillow."""
        env = {**os.environ, "DISPLAY": self.display}
        if shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(path)], env=env, timeout=30, check=True)
            return path
        if shutil.which("xwd"):
            raw = path.with_suffix(".xwd")
            subprocess.run(["xwd", "-root", "-silent", "-out", str(raw)], env=env, timeout=30, check=True)
            from PIL import Image
            Image.open(raw).save(path)
            return path
        return None

    def window_colours(self, path: Path, x: int, y: int, size: tuple[int, int]) -> Optional[int]:
        """How many colours a screenshot of the window shows (None: no screenshot tool)."""
        shot = self.screenshot(path)
        if shot is None:
            return None
        from PIL import Image
        image = Image.open(shot).convert("RGB").crop((x, y, x + size[0], y + size[1]))
        colours = image.getcolors(maxcolors=1 << 20)
        return 1 << 20 if colours is None else len(colours)

    def quit_with_q(self, wid: str, proc: subprocess.Popen, timeout: float = 20) -> int:
        """Press Q in the window (the menu's Quit key) and wait for the exit status."""
        try:
            self.xdotool("windowfocus", "--sync", wid)
            self.xdotool("key", "--window", wid, "q")
            return proc.wait(timeout)
        finally:
            if proc.poll() is None:
                proc.kill()

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def start_finis(screen: Screen, home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "scenes", *args], cwd=ROOT, env=screen.env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def wait_for(predicate, timeout: float = 15, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")
