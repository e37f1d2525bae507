"""Speed of Finita: rounds per second with four simple seats, and decision times per strength.

Plays whole matches from fixed seeds (0, 1, 2, ...) on one core through the engine's
`play_out` (the referee on the simulated clock, as `finis simulate` does) and prints one JSON
line per figure:

- `throughput`: four simple seats, with the default options and with every table rule on
  (rounds per second, actions per round);
- `decisions`: four seats of one strength (random, simple, good) with every table rule on,
  then with the defaults: how long one decision takes (the engine's legal actions and view
  for the seat, then the player's `choose`), p50, p99 and the longest in milliseconds.

The last line sets the figures against the issue's goals: at least 200 four-seat rounds a
second with simple seats and the default options (`rounds_ratio`; `all_on_ratio` is the same
with every rule on, for information), and every computer decision under 100 ms at p99.

    python bench/finita.py                  # about half a minute
    python bench/finita.py --seconds 20

This is a bench, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from players import one_core, percentile  # noqa: E402  (bench/players.py, run as a script)

GOAL_ROUNDS_PER_SECOND = 200.0
GOAL_P99_MS = 100.0
ALL_ON = {"chaos": True, "throws": True, "clap": True, "memory": 2, "memory_swap": True,
          "poker": True, "punish": True, "strict": True, "penalty": True}


class Timed:
    """A player whose every decision is timed into `times`: from the moment the referee
    asks the engine for the seat's legal actions (then its view) to the player's choice."""

    asked = 0.0  # when the referee last asked for legal actions (set by the timed engine)

    def __init__(self, player: Any, times: list[float]) -> None:
        self.player = player
        self.times = times
        self.delay_ms = player.delay_ms

    def choose(self, view: dict, legal: Any, rng: Any) -> Any:
        action = self.player.choose(view, legal, rng)
        self.times.append(time.perf_counter() - Timed.asked)
        return action


def timed_engine() -> Any:
    """A Finita engine that notes when a seat's legal actions are asked for."""
    from game.finita import FinitaEngine

    class TimedEngine(FinitaEngine):
        def legal_actions(self, state: Any, seat: int) -> list:
            Timed.asked = time.perf_counter()
            return super().legal_actions(state, seat)

    return TimedEngine()


def play(strength: str, options: dict[str, Any], seconds: float, timed: bool,
         seats: int = 4) -> dict[str, Any]:
    """Matches from seeds 0, 1, ... until `seconds` of play; the figures as a dict."""
    from game.core import Seat, Setup
    from game.core.rng import Rng
    from game.finita import ENGINE, PLAYERS

    engine = timed_engine() if timed else ENGINE
    decisions: list[float] = []
    matches = rounds = actions = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        state = engine.new_game(Setup(seed), dict(options),
                                [Seat(f"Computer {i + 1}", "computer", strength)
                                 for i in range(seats)])
        players = [PLAYERS[strength]() for _ in range(seats)]
        if timed:
            players = [Timed(p, decisions) for p in players]
        started = time.perf_counter()
        final, done = engine.play_out(state, players, Rng(seed))
        spent += time.perf_counter() - started
        matches += 1
        rounds += len(final.history)
        actions += len(done)
        seed += 1
    figures: dict[str, Any] = {
        "strength": strength, "seats": seats, "options": "all on" if options else "default",
        "matches": matches, "rounds": rounds, "seconds": round(spent, 3),
        "rounds_per_second": round(rounds / spent, 1),
        "actions_per_round": round(actions / max(1, rounds), 1)}
    if timed:
        figures.update(decisions=len(decisions),
                       p50_ms=round(1000 * percentile(decisions, 0.5), 3),
                       p99_ms=round(1000 * percentile(decisions, 0.99), 3),
                       max_ms=round(1000 * max(decisions, default=0.0), 3))
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0,
                        help="seconds of play per figure (default 4)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="passes over the same matches for the throughput (default 3)")
    args = parser.parse_args(argv)
    one_core()
    play("simple", {}, 0.5, timed=False)  # warm up: data files, caches
    throughput = []
    for options in ({}, ALL_ON):
        # the same matches, played `repeat` times: this machine's speed swings by a third
        # from one second to the next, so the median pass is the figure and the range is shown
        passes = [play("simple", options, args.seconds / args.repeat, timed=False)
                  for _ in range(args.repeat)]
        rates = sorted(p["rounds_per_second"] for p in passes)
        figures = {"figure": "throughput", **passes[0],
                   "rounds_per_second": rates[len(rates) // 2],
                   "passes": args.repeat, "slowest": rates[0], "fastest": rates[-1]}
        throughput.append(figures)
        print(json.dumps(figures), flush=True)
    worst_p99 = 0.0
    for strength in ("random", "simple", "good"):
        for options in (ALL_ON, {}):
            figures = {"figure": "decisions",
                       **play(strength, options, args.seconds / 2, timed=True)}
            worst_p99 = max(worst_p99, figures["p99_ms"])
            print(json.dumps(figures), flush=True)
    default, all_on = (f["rounds_per_second"] for f in throughput)
    print(json.dumps({
        "figure": "goals",
        "rounds_per_second": {f["options"]: f["rounds_per_second"] for f in throughput},
        "rounds_goal": GOAL_ROUNDS_PER_SECOND,
        "rounds_ratio": round(default / GOAL_ROUNDS_PER_SECOND, 2),
        "all_on_ratio": round(all_on / GOAL_ROUNDS_PER_SECOND, 2),
        "worst_p99_ms": worst_p99, "p99_goal_ms": GOAL_P99_MS,
        "p99_ratio": round(worst_p99 / GOAL_P99_MS, 3),
        "met": default >= GOAL_ROUNDS_PER_SECOND and worst_p99 < GOAL_P99_MS}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
