"""Pictures of every game's table at a fixed moment, to compare two versions of finis.

For each registered game with a table: the busy moment bench/frames.py picks (a seeded
computer game stopped late on, seat 0 at the screen), on its table at each size, with the
animations skipped and every picture drawn (frames run until nothing is drawn in steps any
more). One PNG per game and size goes into the folder given. Run it in two checkouts and
compare with --compare: a refactoring that changes no drawing gives identical pictures.

    SDL_VIDEODRIVER=dummy python tools/table_shots.py /tmp/shots-new
    SDL_VIDEODRIVER=dummy python tools/table_shots.py --compare /tmp/shots-old /tmp/shots-new
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if os.environ.get("PYTHONHASHSEED") != "0":  # sets of names are drawn in their order
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-shots-"))

import pygame  # noqa: E402

SIZES = [(1024, 640), (1920, 1080)]


def shoot(folder: Path, games: list[str]) -> None:
    from frames import busiest_match  # bench/frames.py
    from game.core.registry import playable_ids
    from scenes.app import App
    from scenes.table.registry import table_class
    try:  # every picture drawn when asked for: what is shot never depends on the machine's speed
        from scenes.art._cache import steps
        steps.budget = float("inf")
    except ImportError:  # a version that draws every picture at once anyway
        pass

    folder.mkdir(parents=True, exist_ok=True)
    for game_id in games or playable_ids():
        for w, h in SIZES:
            app = App(argparse.Namespace(size=f"{w}x{h}", fullscreen=False, game=None,
                                         seats=None, option=[], seed=None))
            app.settings.animation_speed = "instant"
            table = table_class(game_id)(app, busiest_match(game_id, 5))
            app.push(table)
            if app.manager.top is not table:  # a curtain or a board: the table is wanted
                app.pop(app.manager.top)
            table.skip_animations()
            for _ in range(80):  # pictures drawn in steps land over a few frames
                table.update(0.0)
                table.draw(app.screen)
            path = folder / f"{game_id}-{w}x{h}.png"
            pygame.image.save(app.screen, str(path))
            print(path)


def compare(old: Path, new: Path) -> int:
    differ = 0
    for before in sorted(old.glob("*.png")):
        after = new / before.name
        if not after.exists():
            print(f"{before.name}: missing in {new}")
            differ += 1
            continue
        a, b = pygame.image.load(str(before)), pygame.image.load(str(after))
        if a.get_size() != b.get_size():
            print(f"{before.name}: sizes differ")
            differ += 1
            continue
        ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
        changed = 0 if ra == rb else sum(1 for i in range(0, len(ra), 3) if ra[i:i + 3] != rb[i:i + 3])
        # a level or two, here and there, is rounding (a picture scaled from a different
        # stand-in), which two runs of one version show too: count what is more than that
        worst = 0 if ra == rb else max(abs(x - y) for x, y in zip(ra, rb))
        seen = sum(1 for i in range(0, len(ra), 3)
                   if max(abs(ra[i + k] - rb[i + k]) for k in range(3)) > 2) if worst > 2 else 0
        print(f"{before.name}: " + ("identical" if not changed else
                                    f"{changed} pixels differ by at most {worst} levels, "
                                    f"{seen} by more than 2"))
        differ += bool(seen)
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--compare", action="store_true", help="compare two folders of shots")
    parser.add_argument("--game", action="append", default=[])
    args = parser.parse_args()
    pygame.init()
    if args.compare:
        return compare(*args.folders[:2])
    shoot(args.folders[0], args.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
