"""Computer players: one interface for every game.

A player is anything with `choose(view, legal_actions, rng) -> Action`. It is handed only
its own seat's view and the legal actions, never the full state.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from .actions import Action
from .rng import Rng


#: How long a computer takes for an action at a table on a clock, unless it says otherwise.
DELAY_MS = 1500


class Player(Protocol):
    """What every computer player offers: a choice, and how long it takes to make one at a
    table on a clock (`delay_ms`, the referee's business: a turn game ignores it)."""

    delay_ms: int

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """Pick one of `legal_actions`."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions; the baseline and the conformance player."""

    delay_ms = DELAY_MS

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(list(legal_actions))


def make_player(game_id: str, strength: str = "") -> Player:
    """A computer player of the given strength (the game's default when empty)."""
    from .registry import game_info, players
    table = players(game_id)
    name = strength or game_info(game_id).default_strength
    if name not in table:
        raise KeyError(f"{game_id} has no computer strength {name!r} (known: {', '.join(table)})")
    factory: Callable[[], Player] = table[name]
    return factory()
