"""Play whole Finished! games headless with a computer player (tests and balance checks).

    python3 -m game.finished.simulate [games] [strength]   # win rate per level
"""
from __future__ import annotations

import sys
import time
from typing import Any, Optional

from game.core import Outcome, Rng, Seat, Setup

from .players import strength_table

LEVELS = ("very-easy", "easy", "regular", "difficult")


def play(seed: int, level: str = "very-easy", strength: str = "good",
         deal: Optional[list[int]] = None, max_actions: int = 20000) -> Outcome:
    """One game from `seed` (or `deal`) played to the end by a computer player."""
    from . import ENGINE
    state = ENGINE.new_game(Setup(seed, deal), {"level": level, "practice": False},
                            [Seat("computer", "computer", strength)])
    player: Any = strength_table()[strength]()
    rng = Rng(seed * 7919 + 1)
    for _ in range(max_actions):
        result = ENGINE.outcome(state)
        if result is not None:
            return result
        legal = ENGINE.legal_actions(state, 0)
        action = player.choose(ENGINE.view(state, 0), legal, rng)
        state, _ = ENGINE.apply(state, action)
    raise RuntimeError(f"game {seed} did not end within {max_actions} actions")


def main(argv: list[str]) -> None:
    """Print win rates per level: [games] [strength] [first seed]."""
    games = int(argv[0]) if argv else 50
    strength = argv[1] if len(argv) > 1 else "good"
    first = int(argv[2]) if len(argv) > 2 else 0
    for level in LEVELS:
        start = time.time()
        results = [play(seed, level, strength) for seed in range(first, first + games)]
        wins = sum(1 for r in results if r.winners)
        mean = sum(r.scores[0] for r in results) / games
        print(f"{level:10} {strength}: {wins}/{games} won ({100.0 * wins / games:.0f}%), "
              f"mean pile {mean:.1f}, {time.time() - start:.1f}s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
