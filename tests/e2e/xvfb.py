"""A private Xvfb screen and the real finis program on it, driven by xdotool."""
from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

import pytest

from tests.e2e.xwd import read_xwd

ROOT = Path(__file__).resolve().parents[2]


def need_tools(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (installed by .ci/run)")


class Screen:
    """Xvfb on a display number it chose itself (-displayfd); stopped by close()."""

    TOOLS = ("Xvfb", "xdotool", "xwd")

    @classmethod
    def check_tools(cls) -> None:
        need_tools(*cls.TOOLS)

    def __init__(self, width: int = 1600, height: int = 1000) -> None:
        self.check_tools()
        # Xvfb takes the first free number itself and writes it to our pipe, so two runs
        # on one machine never race for the same display
        read_end, write_end = os.pipe()
        try:
            self.proc = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
                 "-nolisten", "tcp"],
                pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finally:
            os.close(write_end)
        try:
            number = read_display_number(read_end, self.proc, timeout=20)
        except BaseException:
            self.close()
            raise
        finally:
            os.close(read_end)
        self.display = f":{number}"

    def env(self, home: Path) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)
        env.update(DISPLAY=self.display, FINIS_HOME=str(home), SDL_AUDIODRIVER="dummy")
        return env

    def xdotool(self, *args: str) -> str:
        out = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip()

    def find_window(self, name: str = "finis", timeout: float = 60,
                    proc: Optional[subprocess.Popen] = None) -> tuple[str, int, int]:
        """Window id and its top-left corner once it is mapped. With the program's `proc`, a
        program that died, or never showed its window, fails with what it printed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                raise AssertionError(f"the program stopped ({proc.returncode}) before its window "
                                     f"appeared:\n{_output(proc)}")
            ids = self.xdotool("search", "--onlyvisible", "--class", name).split()
            if ids:
                geometry = self.xdotool("getwindowgeometry", "--shell", ids[-1])
                values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
                return ids[-1], int(values["X"]), int(values["Y"])
            time.sleep(0.2)
        if proc is not None:
            proc.kill()
            raise AssertionError(f"no window called {name!r} appeared in {timeout} s:\n{_output(proc)}")
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

    def screenshot(self, path: Path) -> Path:
        """The whole screen as PNG: xwd's dump, read by tests/e2e/xwd.py (Pillow has no XWD)."""
        raw = path.with_suffix(".xwd")
        subprocess.run(["xwd", "-root", "-silent", "-out", str(raw)],
                       env={**os.environ, "DISPLAY": self.display}, timeout=30, check=True)
        read_xwd(raw).save(path)
        raw.unlink()
        return path

    def window_colours(self, path: Path, x: int, y: int, size: tuple[int, int]) -> int:
        """How many colours a screenshot of the window shows (saved to `path`)."""
        from PIL import Image
        image = Image.open(self.screenshot(path)).convert("RGB").crop((x, y, x + size[0], y + size[1]))
        colours = image.getcolors(maxcolors=1 << 20)
        return 1 << 20 if colours is None else len(colours)

    def key(self, wid: str, *keys: str, pause: float = 0.4) -> None:
        """Press keys in the window, one by one, with time to draw between them."""
        self.xdotool("windowfocus", "--sync", wid)
        for name in keys:
            self.xdotool("key", "--window", wid, name)
            time.sleep(pause)

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


def read_display_number(fd: int, proc: subprocess.Popen, timeout: float) -> int:
    """The display number Xvfb writes to its -displayfd pipe once it accepts connections."""
    text = b""
    deadline = time.monotonic() + timeout
    while not text.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0:
            raise RuntimeError("Xvfb did not say which display it took")
        ready, _, _ = select.select([fd], [], [], min(left, 0.5))
        if ready:
            chunk = os.read(fd, 64)
            if not chunk:
                raise RuntimeError(f"Xvfb stopped before it took a display (status {proc.poll()})")
            text += chunk
        elif proc.poll() is not None:
            raise RuntimeError(f"Xvfb stopped before it took a display (status {proc.returncode})")
    return int(text.strip())


def crash_reports(home: Path) -> list[str]:
    """The crash reports finis wrote under FINIS_HOME/logs (scenes/app.py report_crash)."""
    return sorted(p.name for p in (home / "logs").glob("crash-*.txt"))


def _output(proc: subprocess.Popen) -> str:
    """The last lines a stopped program printed (its stdout, with stderr merged in)."""
    try:
        out, _ = proc.communicate(timeout=10)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        return "(no output)"
    text = out.decode("utf-8", "replace") if isinstance(out, bytes) else str(out or "")
    return "\n".join(text.splitlines()[-30:]) or "(no output)"


def start_finis(screen: Screen, home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "scenes", *args], cwd=ROOT, env=screen.env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def wait_for(predicate, timeout: float = 15, what: str = "condition", state=None):
    """The predicate's first true value; a timeout fails naming `what` (and `state()`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}" + (f": {state()}" if state else ""))


def saved_match(home: Path):
    """The match saved in `home` (the save and its journal), or None before the first save."""
    from game.core.saves import SaveProblem, load_save
    files = sorted((home / "saves").glob("*.yaml")) if (home / "saves").exists() else []
    if not files:
        return None
    try:
        return load_save(files[0])
    except SaveProblem:
        return None
