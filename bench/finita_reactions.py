"""How Finita's computer players react, by strength: claps, throws, catches and the pace of turns.

Plays four-seat matches of one strength with Clap and Throws on, through the engine's
`play_out` (the referee on the simulated clock, as `finis simulate` and the table play), and
replays each action to count, per strength:

- `clap`: clap windows (a 9 landed) and the share of them in which a seat clapped in time,
  with the median and 90th percentile of its clap time after the 9;
- `throw`: the moments a seat held the twin of a number card just laid, with a throw window
  open for it, and the share it threw;
- `catch`: missed Finita! calls (by any seat) and the share caught by this strength;
- `turn`: the median and 90th percentile of the time from one turn action (a card, a draw,
  an answer, a choice) to the next seat's (the pace a person watches; reactions in between
  are not counted as turns).

    python bench/finita_reactions.py                 # 40 matches per strength, a minute
    python bench/finita_reactions.py --matches 100

A bench, not a test (nothing here runs under pytest); docs/computer-players.md keeps figures.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.core import Seat, Setup  # noqa: E402
from game.core.players import make_player  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.finita import ENGINE  # noqa: E402
from game.finita.actions import REACTIONS, Catch, Clap, Close, Throw  # noqa: E402
from game.finita.rules import throw_card, may_throw  # noqa: E402


def percentile(values: list[int], share: float) -> int:
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(strength: str, matches: int, options: dict) -> dict:
    seats = [Seat(f"S{i}", "computer", strength) for i in range(4)]
    windows = clapped = 0
    clap_ms: list[int] = []
    chances = throws = 0
    missed = caught = 0
    turn_ms: list[int] = []
    for seed in range(matches):
        state = ENGINE.new_game(Setup(seed), dict(options, target=150), seats)
        players = [make_player("finita", strength) for _ in seats]
        _, actions = ENGINE.play_out(state, players, Rng(seed * 7 + 1))
        window_open = None  # the ms the current clap window opened
        last_turn = 0  # the ms of the last turn action (not a reaction, not a window's end)
        for action in actions:
            before = state
            state, _ = ENGINE.apply(state, action)
            if before.phase != "clap" and state.phase == "clap":
                window_open = action.ms
                windows += state.seats - 1  # the seat that laid the 9 claps too, but it knew
            if isinstance(action, Clap) and before.phase == "clap" and action.seat != before.laid_by:
                clapped += 1
                clap_ms.append(action.ms - window_open)
            if state.unsafe is not None and before.unsafe is None:
                missed += 1
            if isinstance(action, Catch):
                caught += 1
            if state.throw_until is not None and before.throw_until is None:
                for seat in range(state.seats):
                    if may_throw(state, seat) and throw_card(state, seat) is not None:
                        chances += 1
            if isinstance(action, Throw) and throw_card(before, action.seat) is not None:
                throws += 1
            if not isinstance(action, REACTIONS + (Close,)):
                if action.kind != "next_round" and before.phase in ("turn", "demand", "patrick"):
                    turn_ms.append(action.ms - last_turn)  # (a throw or a clap may be between)
                last_turn = action.ms
    return {"strength": strength, "matches": matches,
            "clap": {"chances": windows, "in_time": round(clapped / max(1, windows), 3),
                     "p50_ms": percentile(clap_ms, 0.5), "p90_ms": percentile(clap_ms, 0.9)},
            "throw": {"chances": chances, "thrown": round(throws / max(1, chances), 3)},
            "catch": {"missed_calls": missed, "caught": round(caught / max(1, missed), 3)},
            "turn": {"p50_ms": percentile(turn_ms, 0.5), "p90_ms": percentile(turn_ms, 0.9)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--window", type=int, default=1500)
    args = parser.parse_args()
    options = {"clap": True, "throws": True, "window": args.window}
    for strength in ("random", "simple", "good"):
        print(json.dumps(measure(strength, args.matches, options)), flush=True)


if __name__ == "__main__":
    main()
