"""Memory of a long session: computers play a tour of the games while the window is resized.

Headless (SDL's dummy video driver): one App, the tables of the games in turn (every seat a
computer, each game played to its end or for --game-minutes, then the next), fed frames of 1/30 s of play as fast
as the machine draws them, and every --resize-every seconds of play the window goes to the
next of eight sizes from 1024x640 to 2560x1440. Every five minutes of play it prints one JSON
line: the process's resident memory (RSS), the pixels the picture memos hold and the largest
memos. The last line compares the RSS at the end with the highest RSS of the first five
minutes (goal: at most 1.3).

    .venv/bin/python bench/memory.py             # 15 minutes of play (a few minutes here)
    .venv/bin/python bench/memory.py --hour      # an hour of play
    .venv/bin/python bench/memory.py --minutes 30 --resize-every 0 --game finita
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.core import Seat  # noqa: E402
from game.core.registry import game_info  # noqa: E402

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (1366, 768), (2560, 1440), (1600, 900),
         (1152, 720), (1440, 900)]
TOUR = ["finita", "finale", "finito", "flag-finish", "finished"]
FRAME = 1 / 30


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Tour:
    """The games in turn on one App, every seat a computer."""

    def __init__(self, app, games: list[str], seed: int, game_minutes: float) -> None:
        self.app, self.games, self.seed = app, games, seed
        self.game_minutes = game_minutes
        self.played = 0
        self.table = None
        self.clock = 0.0  # seconds of play at this table

    def next_game(self) -> None:
        from scenes.menu import MainMenu
        from scenes.table.registry import start_new_game
        manager = self.app.manager
        while manager.top is not None and not isinstance(manager.top, MainMenu):
            self.app.pop(manager.top)
        game_id = self.games[self.played % len(self.games)]
        info = game_info(game_id)
        seats = [Seat(f"Computer {i + 1}", "computer", info.default_strength)
                 for i in range(info.max_seats if game_id != "finita" else 4)]
        self.table = start_new_game(self.app, game_id, seats, None, self.seed + self.played)
        self.played += 1
        self.clock = 0.0

    def step(self) -> None:
        """One frame; a game that ended, or had its minutes, makes way for the next."""
        self.app.frame(FRAME)
        self.clock += FRAME
        table = self.table
        ended = table.match.outcome() is not None and (table.ended_shown or self.app.manager.top is not table)
        if ended or self.clock >= self.game_minutes * 60:
            self.next_game()
        elif self.app.manager.top is not table and not table.match.outcome():
            # a pause between rounds or a hand-over: computers alone go on by themselves, so
            # anything still waiting on a person is closed as a person would
            self.app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))


def resize(app, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def memo_line(top: int = 4) -> dict:
    try:
        from scenes.art._cache import Pictures, memo_report
    except ImportError:  # the code before the memos were measured
        return {}
    rows = memo_report()[:top]
    return {"memos_mb": round(Pictures.total / 2 ** 20, 1),
            "largest": [f"{name.replace('scenes.', '')} {n}/{cap} {b / 2 ** 20:.1f} MB"
                        for name, n, b, cap in rows]}


def run(minutes: float, resize_every: float, games: list[str], seed: int, report_every: float,
        game_minutes: float) -> dict:
    from scenes.app import App
    from scenes.menu import MainMenu
    pygame.init()
    args = argparse.Namespace(size="1280x800", fullscreen=False, game=None, seats=None, option=[], seed=None)
    app = App(args)
    app.push(MainMenu(app))
    tour = Tour(app, games, seed, game_minutes)
    tour.next_game()
    played, size_index, next_resize, next_report = 0.0, 0, resize_every, 0.0
    first_five: list[float] = []
    last_five: list[float] = []
    started = time.perf_counter()
    while played < minutes * 60:
        tour.step()
        played += FRAME
        if resize_every and played >= next_resize:
            size_index = (size_index + 1) % len(SIZES)
            resize(app, SIZES[size_index])
            next_resize += resize_every
        if played <= 300:
            first_five.append(rss_mb())
        if played >= minutes * 60 - 300:
            last_five.append(rss_mb())
        if played >= next_report:
            gc.collect()
            line = {"bench": "memory", "played_min": round(played / 60, 1),
                    "wall_s": round(time.perf_counter() - started), "rss_mb": round(rss_mb(), 1),
                    "games": tour.played, "size": "x".join(map(str, app.size))}
            line.update(memo_line())
            print(json.dumps(line), flush=True)
            next_report += report_every
    gc.collect()
    end = rss_mb()
    first = max(first_five) if first_five else end
    last = max(last_five + [end])
    return {"bench": "memory", "played_min": round(played / 60, 1), "games": tour.played,
            "resize_every_s": resize_every, "rss_first_five_min_max_mb": round(first, 1),
            "rss_last_five_min_max_mb": round(last, 1), "rss_end_mb": round(end, 1),
            "ratio": round(last / first, 2) if first else None,
            "goal": "ratio (highest of the last five minutes to highest of the first five) <= 1.3"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=15.0, help="minutes of play (default 15)")
    parser.add_argument("--hour", action="store_true", help="an hour of play")
    parser.add_argument("--resize-every", type=float, default=10.0,
                        help="seconds of play between window sizes (0: never resize)")
    parser.add_argument("--game", action="append", help="only these games (default: all five in turn)")
    parser.add_argument("--game-minutes", type=float, default=1.0,
                        help="minutes of play at one table before the next game (if it lasts)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report-every", type=float, default=300.0, help="seconds of play between lines")
    args = parser.parse_args()
    minutes = 60.0 if args.hour else args.minutes
    print(json.dumps(run(minutes, args.resize_every, args.game or TOUR, args.seed, args.report_every,
                         args.game_minutes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
