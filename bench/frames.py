"""Frame time of each game's busiest table, headless, against a plain blit of as many cards.

For every registered game with a table scene: play a seeded computer game, keep the moment
with the most pieces on the table, put that moment on its table at 1280x800 and 1920x1080,
and time `draw()` over many frames. The baseline blits the felt and the same number of card
images (the table's own cached pictures) in the same run. One JSON line per game and size:
p50 and p99 milliseconds of both, and the p99 ratio (goal: at most 1.5, and p99 under 4 ms at
1920x1080).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.core import Seat, Setup  # noqa: E402
from game.core.players import make_player  # noqa: E402
from game.core.registry import game_ids, game_info  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Match  # noqa: E402


def busiest_match(game_id: str, seed: int) -> Match:
    """A computer game stopped at the moment with the most pieces on the table."""
    info = game_info(game_id)
    seats = [Seat(f"P{i + 1}", "human" if i == 0 else "computer") for i in range(info.max_seats)]
    match = Match.start(game_id, Setup(seed), None, seats)
    engine = match.engine
    players = [make_player(game_id, info.default_strength) for _ in seats]
    rng = Rng(seed)
    best, best_count, actions = 0, -1, []
    state = match.state
    while engine.outcome(state) is None and len(actions) < 3000:
        seat = engine.to_act(state)[0]
        action = players[seat].choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state, _ = engine.apply(state, action)
        actions.append(action)
        if engine.outcome(state) is None:
            view = engine.view(state, 0)
            count = sum(len([p for p in z if p]) for z in view["zones"].values())
            if count > best_count and 0 in engine.to_act(state):
                best, best_count = len(actions), count
    for action in actions[:best]:
        match.act(action)
    return match


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game_id: str, size: tuple[int, int], frames: int) -> dict:
    from scenes.app import App
    from scenes.tables import table_class
    screen_args = argparse.Namespace(size=f"{size[0]}x{size[1]}", fullscreen=False, game=None,
                                     seats=None, option=[], seed=None)
    app = App(screen_args)
    app.settings.animation_speed = "instant"
    match = busiest_match(game_id, 5)
    table = table_class(game_id)(app, match)
    app.push(table)
    table.skip_animations()
    surface = app.screen
    for _ in range(10):
        table.draw(surface)
    table_ms = []
    for _ in range(frames):
        start = time.perf_counter()
        table.draw(surface)
        table_ms.append((time.perf_counter() - start) * 1000)
    images = [s.image for s in table.sprites.values()]
    rects = [s.rect for s in table.sprites.values()]
    from scenes.art.table import felt
    background = felt(surface.get_size())
    blit_ms = []
    for _ in range(frames):
        start = time.perf_counter()
        surface.blit(background, (0, 0))
        for image, rect in zip(images, rects):
            surface.blit(image, rect)
        blit_ms.append((time.perf_counter() - start) * 1000)
    p99_table, p99_blit = percentile(table_ms, 0.99), percentile(blit_ms, 0.99)
    return {"bench": "frames", "game": game_id, "size": f"{size[0]}x{size[1]}",
            "pieces": len(images), "frames": frames,
            "table_p50_ms": round(statistics.median(table_ms), 3), "table_p99_ms": round(p99_table, 3),
            "blit_p50_ms": round(statistics.median(blit_ms), 3), "blit_p99_ms": round(p99_blit, 3),
            "p99_ratio": round(p99_table / p99_blit, 2) if p99_blit else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    pygame.init()
    from scenes.tables import table_class
    for game_id in args.game or game_ids():
        try:
            table_class(game_id)
        except ImportError:
            print(json.dumps({"bench": "frames", "game": game_id, "skipped": "no table scene yet"}))
            continue
        for size in ((1280, 800), (1920, 1080)):
            print(json.dumps(measure(game_id, size, args.frames)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
