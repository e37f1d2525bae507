"""Playing Flag Finish matches out with computer racers, in either mode.

In challenge mode each racer acts on its own clock: it reacts `delay_ms` (give or take a
fifth) after its previous action, decides from its view at that moment, and stamps the action
with that time. A racer that would only close the finish waits for the window to end; when
nobody can act before the window ends, the table closes it. A table with people at it does
the same with the real clock.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from game.core import Action, Engine, Rng

from .actions import Close
from .state import CHALLENGE, CLOSING, RACE_OVER, FlagState


def reaction_ms(player: Any, rng: Rng) -> int:
    """How long `player` takes for its next action: its delay_ms, give or take a fifth."""
    base = int(getattr(player, "delay_ms", 1500))
    return base * (80 + rng.randrange(41)) // 100


def play_match(engine: Engine[FlagState], state: FlagState, players: Sequence[Any], rng: Rng,
               max_actions: int = 200_000) -> tuple[FlagState, list[Action]]:
    """Play until the match is over (or `max_actions`); the final state and every action."""
    done: list[Action] = []
    due = [reaction_ms(p, rng) for p in players]
    while engine.outcome(state) is None and len(done) < max_actions:
        action = _next(engine, state, players, rng, due)
        if action is None:
            continue
        was_over = state.phase == RACE_OVER
        state, _ = engine.apply(state, action)
        done.append(action)
        if was_over:  # a new race: the clocks start again
            due = [reaction_ms(p, rng) for p in players]
        elif state.mode == CHALLENGE:
            seat = action.seat
            due[seat] = getattr(action, "ms") + reaction_ms(players[seat], rng)
    return state, done


def _next(engine: Engine[FlagState], state: FlagState, players: Sequence[Any], rng: Rng,
          due: list[int]) -> Action | None:
    """The next action to apply, or None when a racer only decided to wait."""
    seats = engine.to_act(state)
    if state.mode != CHALLENGE or state.phase == RACE_OVER:
        return _choice(engine, state, players[seats[0]], seats[0], rng)
    racing = [s for s in seats if s not in state.finishers]
    if state.phase == CLOSING:
        end = state.window_end or 0
        if not racing or min(due[s] for s in racing) >= end:
            return Close(seats[0], end)
    seat = min(racing, key=lambda s: (due[s], s))
    choice = _choice(engine, state, players[seat], seat, rng)
    if isinstance(choice, Close):
        due[seat] = max(due[seat], state.window_end or 0)
        return None
    return dataclasses.replace(choice, ms=max(due[seat], choice.ms))  # type: ignore[attr-defined]


def _choice(engine: Engine[FlagState], state: FlagState, player: Any, seat: int, rng: Rng) -> Action:
    return player.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
