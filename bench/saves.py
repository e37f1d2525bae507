"""Autosave and load times as a game grows: 10, 100, 1,000 and 10,000 actions.

A long Finito! match (repeat rounds to a high target, random players) is played once; its
first N actions make each save. For each N it measures one autosave (write_save, as the table
does after every action) and one load (read, check, replay: what Continue and `finis
inspect` do), as medians of a few runs in a private data folder. The last line is the growth:
how much one action costs at 10,000 actions against at 100 (1.0 means flat, linear in all).

    python bench/saves.py [--runs 5] [--sizes 10,100,1000,10000]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def long_match_actions(count: int) -> tuple[list[str], int]:
    """Texts of at least `count` actions of one long Finito! match, and its seed."""
    from game.core.engine import Seat, Setup
    from game.core.players import make_player
    from game.core.rng import Rng
    from game.core.session import Match
    seats = [Seat("A", "computer", "random"), Seat("B", "computer", "random")]
    for seed in range(1, 50):
        match = Match.start("finito", Setup(seed), {"rounds": True, "target": 200}, seats)
        players = [make_player("finito", "random") for _ in seats]
        _, actions = match.engine.play_out(match.state, players, Rng(seed))
        if len(actions) >= count:
            return [a.text() for a in actions[:count]], seed
    raise SystemExit(f"no match of {count} actions found")


def measure(sizes: list[int], runs: int) -> list[tuple[int, float, float]]:
    from game.core.engine import Seat, Setup
    from game.core.saves import load_save, write_save
    from game.core.session import Match
    texts, seed = long_match_actions(max(sizes))
    seats = [Seat("A", "computer", "random"), Seat("B", "computer", "random")]
    rows = []
    for size in sizes:
        match = Match.start("finito", Setup(seed), {"rounds": True, "target": 200}, seats)
        match.replay(texts[:size])
        saves, loads = [], []
        path = write_save(match)
        for _ in range(runs):
            start = time.perf_counter()
            write_save(match)
            saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            loaded = load_save(path)
            loads.append(time.perf_counter() - start)
            assert len(loaded.steps) == size
        rows.append((size, statistics.median(saves), statistics.median(loads)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="10,100,1000,10000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as home:
        os.environ["FINIS_HOME"] = home
        rows = measure(sizes, args.runs)
    print(f"{'actions':>8} {'autosave ms':>12} {'load ms':>10} {'load us/action':>15}")
    for size, save, load in rows:
        print(f"{size:>8} {save * 1000:>12.2f} {load * 1000:>10.1f} {load / size * 1e6:>15.1f}")
    by_size = {size: (save, load) for size, save, load in rows}
    small, big = min(s for s in sizes if s >= 100) if any(s >= 100 for s in sizes) else sizes[0], max(sizes)
    growth_load = (by_size[big][1] / big) / (by_size[small][1] / small)
    growth_save = (by_size[big][0] / big) / (by_size[small][0] / small)
    print(f"growth per action {small} -> {big}: load x{growth_load:.2f}, autosave x{growth_save:.2f} "
          f"(autosave at {big}: {by_size[big][0] * 1000:.1f} ms; load at {big}: {by_size[big][1]:.2f} s)")


if __name__ == "__main__":
    main()
