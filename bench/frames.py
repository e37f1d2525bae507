"""Frame time of each game's busiest table, headless, against a plain blit of as many cards.

For every registered game with a table scene: play a seeded computer game, keep the late
moment with the most cards shown face up (hidden ones are not counted), put it on its table at
1280x800 and 1920x1080, and time whole frames in two states: idle, and while a card is dragged
(pointer motion handled, then the frame drawn). The baseline blits the felt and the same card
pictures. Table and baseline run in alternating blocks, so both see the same machine. One JSON
line per game, size and state: p50 and p99 milliseconds and the p99 ratio; the last line lists
every ratio (goal: at most 1.5, and p99 under 3 ms at 1920x1080).

With --first-draw it times instead the frames that draw pictures for the first time (goal:
none over 100 ms): entering each game's busiest table with every picture memo empty, the
window then resized through 1280x800, 1920x1080, 2560x1440, 1024x640 and 1600x900 (the resize
event and its frame, then the frames after it, where pictures drawn in steps land), and a
table of computers played for --play seconds from empty memos at 1920x1080, where each card
is drawn the first time it is shown. One JSON line per game and moment with its slowest frame,
the last line the slowest of all.
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
from typing import Optional

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.core import Seat, Setup  # noqa: E402
from game.core.players import make_player  # noqa: E402
from game.core.registry import game_info, playable_ids  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Match  # noqa: E402


def busiest_match(game_id: str, seed: int) -> Match:
    """A computer game stopped, late on, where seat 0 may drag a card with the most face-up
    cards on the table."""
    from game.core import HIDDEN
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
        if engine.outcome(state) is None and 0 in engine.to_act(state) and any(
                g.target for a in engine.legal_actions(state, 0)
                for g in engine.gestures(state, a)):  # seat 0 has a card to drag
            view = engine.view(state, 0)
            shown = sum(1 for z in view["zones"].values() for p in z if p and p != HIDDEN)
            if shown >= best_count:  # ties go to the later moment
                best, best_count = len(actions), shown
    for action in actions[:best]:
        match.act(action)
    return match


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_drag(app, table) -> Optional[tuple[int, int]]:
    """Press on a card that may be dragged somewhere; the press point, or None."""
    for sprite in list(table.sprites.values())[::-1]:
        if table.input.drag_targets(sprite.piece, sprite.zone):
            pos = sprite.rect.center
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            if table.input.dragging:
                return pos
    return None


def measure(game_id: str, size: tuple[int, int], frames: int, blocks: int) -> list[dict]:
    from scenes.app import App
    from scenes.art._cache import steps
    from scenes.art.table import felt
    from scenes.table.registry import table_class
    screen_args = argparse.Namespace(size=f"{size[0]}x{size[1]}", fullscreen=False, game=None,
                                     seats=None, option=[], seed=None)
    app = App(screen_args)
    app.settings.animation_speed = "instant"
    table = table_class(game_id)(app, busiest_match(game_id, 5))
    app.push(table)
    if app.manager.top is not table:  # a curtain or a board: this bench looks at the table
        app.pop(app.manager.top)
    table.skip_animations()
    for _ in range(300):  # its pictures come a few a frame (scenes/table/firstdraw.py)
        if table.presented and not table.pictures_busy():
            break
        app.needs_redraw = True
        app.frame(1 / 60)
    surface = app.screen
    images = [s.image for s in table.sprites.values()]
    rects = [s.rect for s in table.sprites.values()]
    background = felt(surface.get_size())
    results = []
    for state in ("idle", "drag"):
        press = start_drag(app, table) if state == "drag" else None
        if state == "drag" and press is None:
            results.append({"bench": "frames", "game": game_id, "size": f"{size[0]}x{size[1]}",
                            "state": state, "skipped": "no card to drag at this moment"})
            continue
        for _ in range(10):
            steps.begin()  # each frame's budget, as the app's loop starts it
            table.draw(surface)
        table_ms: list[float] = []
        blit_ms: list[float] = []
        step = 0
        for _ in range(blocks):
            for _ in range(frames // blocks):
                step += 1
                steps.begin()
                start = time.perf_counter()
                if press is not None:
                    pos = (press[0] + (step * 7) % 200 - 100, press[1] - (step * 3) % 120)
                    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                    buttons=(1, 0, 0)))
                table.draw(surface)
                table_ms.append((time.perf_counter() - start) * 1000)
            for _ in range(frames // blocks):
                start = time.perf_counter()
                surface.blit(background, (0, 0))
                for image, rect in zip(images, rects):
                    surface.blit(image, rect)
                blit_ms.append((time.perf_counter() - start) * 1000)
        if press is not None:
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=3))  # cancel
        p99_table, p99_blit = percentile(table_ms, 0.99), percentile(blit_ms, 0.99)
        results.append({
            "bench": "frames", "game": game_id, "size": f"{size[0]}x{size[1]}", "state": state,
            "pieces": len(images), "frames": len(table_ms),
            "table_p50_ms": round(statistics.median(table_ms), 3), "table_p99_ms": round(p99_table, 3),
            "blit_p50_ms": round(statistics.median(blit_ms), 3), "blit_p99_ms": round(p99_blit, 3),
            "p99_ratio": round(p99_table / p99_blit, 2) if p99_blit else None})
    return results


RESIZES = [(1280, 800), (1920, 1080), (2560, 1440), (1024, 640), (1600, 900)]


def new_app(size: tuple[int, int]):
    from scenes.app import App
    app = App(argparse.Namespace(size=f"{size[0]}x{size[1]}", fullscreen=False, game=None,
                                 seats=None, option=[], seed=None))
    app.settings.animation_speed = "instant"
    return app


def timed(step) -> float:
    start = time.perf_counter()
    step()
    return (time.perf_counter() - start) * 1000


def first_draws(game_id: str, after: int, play_seconds: float) -> list[dict]:
    """The slowest frames where pictures are drawn the first time: entering the table from
    the menu, each resize (its frame and the `after` frames that follow), and play from
    empty memos."""
    from scenes.art import clear_caches
    from scenes.art._cache import steps
    from scenes.table.registry import start_new_game, table_class
    from scenes.menu import MainMenu
    from scenes.warmup import warmup
    rows = []
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    app = new_app((1024, 640))
    match = busiest_match(game_id, 5)
    app.push(MainMenu(app))
    app.frame(1 / 60)
    clear_caches()
    # the menu waits for a choice: the app's loop works ahead in its idle frames (App.run)
    idle_ms = []
    for _ in range(IDLE_FRAMES):
        idle_ms.append(timed(lambda: (app.frame(1 / 30), app.idle_work())))
        if warmup.done:
            break
    rows.append({"moment": "menu idle, tables imported ahead", "slowest_ms": round(max(idle_ms), 1),
                 "frames": len(idle_ms)})
    table = None

    def enter() -> None:
        nonlocal table
        table = table_class(game_id)(app, match)
        app.push(table)
        if app.manager.top is not table:
            app.pop(app.manager.top)
        table.skip_animations()
        app.frame(1 / 60)

    frame_ms = [timed(enter)]
    shown_at = None
    while len(frame_ms) < 300:
        if table.presented and shown_at is None:
            shown_at = len(frame_ms)
        if shown_at is not None and not table.pictures_busy():
            break
        frame_ms.append(timed(lambda: app.frame(1 / 60)))
    rows.append({"moment": "enter 1024x640", "slowest_ms": round(max(frame_ms), 1),
                 "enter_frame_ms": round(frame_ms[0], 1), "table_shown_after_frames": shown_at,
                 "settled_after_frames": len(frame_ms), "frames_held": app.held_frames})
    for size in RESIZES:
        held = app.held_frames

        def resize() -> None:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.frame(1 / 60)
        frame_ms = [timed(resize)] + [timed(lambda: app.frame(1 / 60)) for _ in range(after)]
        rows.append({"moment": f"resize to {size[0]}x{size[1]}", "slowest_ms": round(max(frame_ms), 1),
                     "resize_frame_ms": round(frame_ms[0], 1), "frames_held": app.held_frames - held})
    while app.manager.stack:
        app.pop(app.manager.top)
    # play from empty memos at 1920x1080: every card drawn the first time it is shown
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app = new_app((1920, 1080))
    app.settings.animation_speed = "normal"
    app.push(MainMenu(app))
    info = game_info(game_id)
    seats = [Seat(f"C{i + 1}", "computer", info.default_strength) for i in range(min(4, info.max_seats))]
    clear_caches()
    holes = steps.holes
    frame_ms = [timed(lambda: start_new_game(app, game_id, seats, None, 11))]
    for _ in range(int(play_seconds * 30)):
        frame_ms.append(timed(lambda: app.frame(1 / 30)))
    rows.append({"moment": f"play {play_seconds:g} s at 1920x1080", "slowest_ms": round(max(frame_ms), 1),
                 "p99_ms": round(percentile(frame_ms, 0.99), 1), "frames": len(frame_ms),
                 "placeholders": steps.holes - holes, "frames_held": app.held_frames})
    while app.manager.stack:
        app.pop(app.manager.top)
    return [{"bench": "frames-first-draw", "game": game_id, **row} for row in rows]


IDLE_FRAMES = 600  # at most, about 20 s of a menu waiting at 30 Hz


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--blocks", type=int, default=8, help="alternating blocks per state")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--first-draw", action="store_true",
                        help="time the frames that draw pictures the first time (goal: none over 100 ms)")
    parser.add_argument("--after", type=int, default=30, help="frames timed after each resize")
    parser.add_argument("--play", type=float, default=20.0, help="seconds of play timed from empty memos")
    args = parser.parse_args()
    pygame.init()
    from scenes.table.registry import table_class
    if args.first_draw:
        slowest = []
        for game_id in args.game or playable_ids():
            rows = first_draws(game_id, args.after, args.play)
            for row in rows:
                print(json.dumps(row), flush=True)
            worst = max(rows, key=lambda r: r["slowest_ms"])
            slowest.append(f"{game_id} {worst['slowest_ms']} ms ({worst['moment']})")
        print("slowest first-draw frame (goal: at most 100 ms): " + "; ".join(slowest))
        return 0
    ratios = []
    for game_id in args.game or playable_ids():
        try:
            table_class(game_id)
        except ImportError:
            print(json.dumps({"bench": "frames", "game": game_id, "skipped": "no table scene yet"}))
            continue
        for size in ((1280, 800), (1920, 1080)):
            for row in measure(game_id, size, args.frames, args.blocks):
                print(json.dumps(row), flush=True)
                if "p99_ratio" in row:
                    ratios.append(f"{game_id} {row['size']} {row['state']} "
                                  f"x{row['p99_ratio']} ({row['table_p99_ms']} ms)")
    print("p99 ratios to a raw blit: " + "; ".join(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
