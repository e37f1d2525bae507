"""Playing Flag Finish matches out with computer racers, in either mode.

In challenge mode each racer acts on its own clock: it reacts `delay_ms` (give or take a
fifth) after its previous action, decides from its view at that moment, and stamps the action
with that time. A racer that would only close the finish waits for the window to end; when
nobody can act before the window ends, the finish closes. The game-neutral referee
(game/core/referee.py) runs this, here on a simulated clock and at a table on the real one.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Action, Engine, Rng
from game.core.referee import Referee, reaction_ms

from .state import FlagState

__all__ = ["play_match", "reaction_ms"]


def play_match(engine: Engine[FlagState], state: FlagState, players: Sequence[Any], rng: Rng,
               max_actions: int = 200_000) -> tuple[FlagState, list[Action]]:
    """Play until the match is over (or `max_actions`); the final state and every action."""
    referee = Referee(engine, dict(enumerate(players)), rng)
    return referee.play_out(state, max_actions)
