"""Start-up time, memory and idle CPU of finis in a real window (Xvfb).

Prints one JSON line: seconds to the first menu frame and its ratio to a bare pygame
init + first flip measured in the same run (goal <= 1.3; the median of --runs starts of
each, taken in turns), resident memory after start (goal < 200 MB), and the CPU share of an
idle menu and an idle table over 10 s (goal < 3 % of one core).

The timed starts are those of a person who has played before: bytecode compiled, a settings
file, and the cache of first-frame pictures filled. The very first start, with an empty data
and cache folder (finis installed, so its bytecode compiled), is timed in the same turns, each
in a fresh folder, and reported on its own: first_start_ever_s and first_start_ratio, its
ratio to the warm start (goal <= 1.2).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = ("import os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT']='1'; import pygame; pygame.display.init(); "
        "s = pygame.display.set_mode((1280, 800), pygame.RESIZABLE); s.fill((30, 90, 60)); "
        "pygame.display.flip(); print('first-frame', flush=True)")


def start_xvfb() -> tuple[subprocess.Popen, str]:
    display = f":{200 + os.getpid() % 50}"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc, display


def time_to_first_frame(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    line = ""
    while True:
        line = proc.stdout.readline()
        if not line or line.startswith("first-frame"):
            break
    elapsed = time.perf_counter() - started
    proc.kill()
    proc.wait()
    return elapsed, line.strip()


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(args: list[str], env: dict[str, str], seconds: float = 10.0) -> float:
    proc = subprocess.Popen([sys.executable, "-m", "scenes", *args], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4.0)  # start-up and first animations
    before = cpu_seconds(proc.pid)
    time.sleep(seconds)
    used = cpu_seconds(proc.pid) - before
    proc.kill()
    proc.wait()
    return 100.0 * used / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="timed starts of each kind (median)")
    parser.add_argument("--no-idle", action="store_true", help="skip the two 10 s idle CPU measures")
    opts = parser.parse_args()
    if not shutil.which("Xvfb"):
        print(json.dumps({"error": "needs Xvfb"}))
        return 1
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="finis-bench-")
    env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "FINIS_HOME": home}
    env.pop("SDL_VIDEODRIVER", None)
    # an installed finis runs from compiled bytecode (pip compiles it, the executable carries
    # it), as pygame does in the bare run: a PYTHONDONTWRITEBYTECODE in the caller's
    # environment must not make every timed start compile our sources again
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    finis_cmd = [sys.executable, "-m", "scenes", "--size", "1280x800"]
    first_env = {**env, "FINIS_BENCH_FIRST_FRAME": "exit"}
    homes = [home]

    def played_before(folder: str) -> None:
        # a person who has played before has a settings file (finis writes it on quit)
        subprocess.run([sys.executable, "-c", "from game.core.settings import Settings, save_settings; "
                        "save_settings(Settings())"], env={**env, "FINIS_HOME": folder}, cwd=ROOT,
                       check=True)

    played_before(home)
    try:
        # a start before the timed ones compiles any bytecode that is not compiled yet and
        # fills the caches (menu tiles, parse memos): a new finis ships compiled
        time_to_first_frame(finis_cmd, first_env)
        bare, finis, cold, rss = [], [], [], []
        for _ in range(max(1, opts.runs)):
            bare.append(time_to_first_frame([sys.executable, "-c", BARE], env)[0])
            seconds, line = time_to_first_frame(finis_cmd, first_env)
            finis.append(seconds)
            if "rss_mb=" in line:
                rss.append(int(line.split("rss_mb=")[1]))
            fresh = tempfile.mkdtemp(prefix="finis-bench-first-")
            homes.append(fresh)
            cold.append(time_to_first_frame(finis_cmd, {**first_env, "FINIS_HOME": fresh})[0])
        first, base, ever = statistics.median(finis), statistics.median(bare), statistics.median(cold)
        result = {
            "bench": "startup",
            "runs": len(finis),
            "first_menu_frame_s": round(first, 3),
            "bare_pygame_first_flip_s": round(base, 3),
            "ratio": round(first / base, 2),
            "first_start_ever_s": round(ever, 3),
            "first_start_ratio": round(ever / first, 2),
            "rss_mb": max(rss) if rss else None,
        }
        if not opts.no_idle:
            result["idle_menu_cpu_percent"] = round(idle_cpu(["--size", "1280x800"], env), 2)
            result["idle_table_cpu_percent"] = round(idle_cpu(["--size", "1280x800", "--game", "finished",
                                                               "--seed", "3"], env), 2)
        print(json.dumps(result))
    finally:
        xvfb.terminate()
        for folder in homes:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
