"""Speed of the computer players: games per second and decision times, every game and strength.

For every registered game and every computer strength it lists, seats the game's smallest
table with computers of that strength and plays whole games from fixed seeds (0, 1, 2, ...)
on one core. It prints one JSON line per game and strength (games played, games per second,
decision p50 and p99 in milliseconds) and, last, one line with the figures side by side.

    python bench/players.py                      # under a minute
    python bench/players.py --games 100 --seconds 120
    python bench/players.py --only finished:good --against /tmp/old-checkout
    python bench/players.py --only finished:good --games 500 --seconds 1e9 --wins

`--wins` adds how often seat 0 won (with a 95% interval) to each line; with `--against` also
how many of the very same games only one of the two checkouts won (a paired comparison: a
change to a player should win about as many of those games as it loses).

`--against DIR` plays the same games (same seeds, as many as this tree played) with the
players of another checkout of finis (a folder holding its `game/` and `assets/`), in
alternating blocks in this run (each block goes on from the seeds of the one before), so both see the same machine; the last line then gives this
tree's speed as a multiple of that one. Without it the ratio is taken against the figures
recorded below (measured on the 2-core development machine, so only a rough guide elsewhere).

This is a bench, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# games per second before issue 13's player work (bench run with `--against`, same machine)
RECORDED = {"finished:good": 1.37}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def one_core() -> None:
    """Stay on one processor, so a game never borrows a second core."""
    if hasattr(os, "sched_getaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if not games:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    middle = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)


def worker(source: Path, game_id: str, strength: str, games: int, seconds: float,
           first: int = 0) -> dict:
    """Play up to `games` games (seeds first, first + 1, ...) within `seconds`; the figures
    as a dict."""
    sys.path.insert(0, str(source))
    from game.core import Seat, Setup
    from game.core.players import make_player
    from game.core.registry import engine, game_info
    from game.core.rng import Rng

    info = game_info(game_id)
    eng = engine(game_id)
    options = info.resolve_options(None)
    decisions: list[float] = []

    class Timed:
        def __init__(self, player: Any) -> None:
            self.player = player

        def choose(self, view: dict, legal: Any, rng: Any) -> Any:
            started = time.perf_counter()
            action = self.player.choose(view, legal, rng)
            decisions.append(time.perf_counter() - started)
            return action

    count = max(info.min_seats, 1)
    seats = [Seat(f"Computer {i + 1}", "computer", strength) for i in range(count)]
    played, spent, actions = 0, 0.0, 0
    won: list[int] = []
    for seed in range(first, first + games):
        state = eng.new_game(Setup(seed), dict(options), list(seats))
        players = [Timed(make_player(game_id, strength)) for _ in seats]
        started = time.perf_counter()
        final, done = eng.play_out(state, players, Rng(seed))
        spent += time.perf_counter() - started
        played += 1
        if 0 in eng.outcome(final).winners:
            won.append(seed)
        actions += len(done)
        if spent > seconds:
            break
    return {"game": game_id, "strength": strength, "source": str(source), "games": played,
            "seconds": round(spent, 3), "games_per_second": round(played / spent, 3),
            "actions_per_game": round(actions / played, 1), "decisions": len(decisions),
            "p50_ms": round(1000 * percentile(decisions, 0.5), 3),
            "p99_ms": round(1000 * percentile(decisions, 0.99), 3), "won_seeds": won,
            "first_seed": first}


def measure(source: Path, game_id: str, strength: str, games: int, seconds: float,
            first: int = 0) -> dict:
    """`worker` in a fresh process (each checkout imports its own `game` package)."""
    command = [sys.executable, __file__, "--worker", str(source), "--only",
               f"{game_id}:{strength}", "--games", str(games), "--seconds", str(seconds),
               "--first", str(first)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=source)
    if done.returncode != 0:
        raise RuntimeError(f"{game_id} {strength} from {source} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def combined(parts: list[dict]) -> dict:
    """Blocks of one game, strength and source, summed up (percentiles of the blocks' worst)."""
    games = sum(p["games"] for p in parts)
    seconds = sum(p["seconds"] for p in parts)
    won = [seed for p in parts for seed in p["won_seeds"]]
    return {**parts[0], "games": games, "seconds": round(seconds, 3), "won_seeds": won,
            "games_per_second": round(games / seconds, 3),
            "p50_ms": max(p["p50_ms"] for p in parts), "p99_ms": max(p["p99_ms"] for p in parts)}


def won_text(result: dict) -> str:
    """'won W/N (P%, 95% interval A-B%)'."""
    wins, games = len(result["won_seeds"]), result["games"]
    low, high = wilson(wins, games)
    return (f"won {wins}/{games} ({100 * wins / games:.1f}%, 95% interval "
            f"{100 * low:.1f}-{100 * high:.1f}%)")


def shown(result: dict, wins: bool) -> dict:
    """A result as printed: the seeds won become a count (and a rate) with --wins."""
    out = {k: v for k, v in result.items() if k not in ("won_seeds", "first_seed")}
    if wins:
        out["wins"] = len(result["won_seeds"])
        out["win_rate"] = round(len(result["won_seeds"]) / result["games"], 4)
    return out


def pairs(only: str) -> list[tuple[str, str]]:
    sys.path.insert(0, str(ROOT))
    from game.core.registry import game_ids, game_info
    wanted = [w for w in only.split(",") if w]
    found = [(gid, s) for gid in game_ids() for s in game_info(gid).strengths]
    if wanted:
        found = [(g, s) for g, s in found if f"{g}:{s}" in wanted or g in wanted]
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per block (default 20)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="stop a block after this many seconds of play (default 10)")
    parser.add_argument("--blocks", type=int, default=1,
                        help="alternating blocks per checkout (default 1; 2 with --against)")
    parser.add_argument("--only", default="", help="game or game:strength, comma separated")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--wins", action="store_true",
                        help="also give how often seat 0 won (and, with --against, the games "
                        "only one checkout won)")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        one_core()
        game_id, strength = args.only.split(":")
        print(json.dumps(worker(args.worker, game_id, strength, args.games, args.seconds,
                                args.first)))
        return 0
    blocks = args.blocks if args.blocks > 1 or not args.against else 2
    summary = []
    for game_id, strength in pairs(args.only):
        mine: list[dict] = []
        theirs: list[dict] = []
        first = 0
        for _ in range(blocks):
            mine.append(measure(ROOT, game_id, strength, args.games, args.seconds, first))
            if args.against:  # the very same games: as many as this tree played
                theirs.append(measure(args.against.resolve(), game_id, strength,
                                      mine[-1]["games"], float("inf"), first))
            first += mine[-1]["games"]
        result = combined(mine)
        print(json.dumps(shown(result, args.wins)), flush=True)
        text = f"{game_id} {strength}: {result['games_per_second']:.2f} games/s, " \
               f"p50 {result['p50_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms"
        if args.wins:
            text += ", " + won_text(result)
        if theirs:
            other = combined(theirs)
            print(json.dumps(shown(other, args.wins)), flush=True)
            text += (f" (x{result['games_per_second'] / other['games_per_second']:.1f} vs. "
                     f"{other['games_per_second']:.2f} games/s, p99 {other['p99_ms']:.2f} ms "
                     "of the other checkout")
            if args.wins:
                mine_won, their_won = set(result["won_seeds"]), set(other["won_seeds"])
                text += (f", {won_text(other)}; won only here {len(mine_won - their_won)}, "
                         f"only there {len(their_won - mine_won)}")
            text += ")"
        elif f"{game_id}:{strength}" in RECORDED:
            base = RECORDED[f"{game_id}:{strength}"]
            text += f" (x{result['games_per_second'] / base:.1f} vs. recorded {base:.2f})"
        summary.append(text)
    print("; ".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
