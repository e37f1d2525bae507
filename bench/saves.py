"""Autosave and load times as a game grows: 10, 100, 1,000 and 10,000 actions.

A long Finito! match (repeat rounds to a high target, random players) is played once; its
first N actions make each save. For each N it measures a whole save, the autosaves of the next
moves (one journal line each, as the table does after every action: p50 and p99) and a load
(read, check, replay: what opening a save from Continue and `finis inspect` do), in a private
data folder. The last line is the growth: what one action costs to load at 10,000 actions
against at 100 (1.0 means flat: linear in all), and the autosave p99 at the longest.

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


def measure(sizes: list[int], runs: int, moves: int = 200) -> list[dict]:
    """Per size: one whole save, the autosave of each of the next `moves` moves (a journal
    line each, as the table does), and a load (read, check, replay)."""
    from game.core.engine import Seat, Setup
    from game.core.saves import autosave, compact, load_save, save_path, write_save
    from game.core.session import Match
    texts, seed = long_match_actions(max(sizes) + moves)
    seats = [Seat("A", "computer", "random"), Seat("B", "computer", "random")]
    rows = []
    for size in sizes:
        match = Match.start("finito", Setup(seed), {"rounds": True, "target": 200}, seats)
        match.replay(texts[:size])
        start = time.perf_counter()
        write_save(match)
        whole = time.perf_counter() - start
        autosave(match)  # opens the journal
        steps = []
        for text in texts[size:size + moves]:
            match.replay([text])
            start = time.perf_counter()
            autosave(match)
            steps.append(time.perf_counter() - start)
        compact(match)
        match.cut_to(size)
        write_save(match)
        path = save_path(match)
        loads = []
        for _ in range(runs):
            start = time.perf_counter()
            loaded = load_save(path)
            loads.append(time.perf_counter() - start)
            assert len(loaded.steps) == size
        steps.sort()
        rows.append({"actions": size, "whole_ms": whole * 1000,
                     "autosave_p50_ms": statistics.median(steps) * 1000,
                     "autosave_p99_ms": steps[min(len(steps) - 1, int(0.99 * len(steps)))] * 1000,
                     "load_s": statistics.median(loads)})
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
    print(f"{'actions':>8} {'whole save ms':>14} {'autosave p50':>13} {'autosave p99':>13} "
          f"{'load s':>8} {'load us/action':>15}")
    for r in rows:
        print(f"{r['actions']:>8} {r['whole_ms']:>14.1f} {r['autosave_p50_ms']:>13.2f} "
              f"{r['autosave_p99_ms']:>13.2f} {r['load_s']:>8.3f} "
              f"{r['load_s'] / r['actions'] * 1e6:>15.1f}")
    by = {r["actions"]: r for r in rows}
    small = min((s for s in sizes if s >= 100), default=sizes[0])
    big = max(sizes)
    growth = (by[big]["load_s"] / big) / (by[small]["load_s"] / small)
    print(f"growth per action {small} -> {big}: load x{growth:.2f}; autosave p99 at {big}: "
          f"{by[big]['autosave_p99_ms']:.2f} ms (x{by[big]['autosave_p99_ms'] / by[small]['autosave_p99_ms']:.2f} "
          f"of {small}); load at {big}: {by[big]['load_s']:.2f} s")


if __name__ == "__main__":
    main()
