"""Finita's referee: the shared one (game/core/referee.py) with a pace for turns.

A computer seat reacts (a clap, a catch, a throw, a Finita! call) after its player's
`delay_ms`, as at any clocked table; but a turn of its own (a card, a draw, an answer, a
choice) takes at least the table's turn pace (`table.turn_ms` of assets/data/finita.yaml,
give or take a fifth), so that a person can follow the computers' turns one by one. A table
scales the pace by its speed setting (0 at "instant": reactions alone set the time). A seat
that only waits for its moment keeps it when others act (the engine's `woken` names the
seats whose moment starts afresh), and a window that shuts by itself moves nobody's moment.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core.referee import Referee
from game.core.rng import Rng

from .actions import REACTIONS, Close
from .data import finita_data
from .state import CLAP


class FinitaReferee(Referee):
    """The referee of a Finita table or simulation (see the module's docstring)."""

    def __init__(self, engine: Any, players: dict[int, Any], rng: Rng,
                 pace_ms: Optional[int] = None) -> None:
        super().__init__(engine, players, rng)
        self.pace_ms = finita_data().turn_ms if pace_ms is None else max(0, int(pace_ms))
        self.latest: Any = None  # the last state the referee was told about

    def paced(self, state: Any) -> list[int]:
        """The seats whose next action is a turn of their own (not a clap window's)."""
        if state.phase == CLAP or not self.engine.clocked(state):
            return []
        return self.engine.to_act(state)

    def wait_ms(self, player: Any, paced: bool) -> int:
        """A seat's next moment from now: its reaction time (two and a half times as long
        when it happens not to be looking, one time in its player's `looks_away`), or for a
        turn at least the pace."""
        rng = self.rng
        wait = int(player.delay_ms) * (80 + rng.randrange(41)) // 100
        if paced:
            if self.pace_ms:
                wait = max(wait, self.pace_ms * (80 + rng.randrange(41)) // 100)
        elif getattr(player, "looks_away", 0) and rng.randrange(player.looks_away) == 0:
            wait = wait * 5 // 2
        return wait

    def restart(self, now: int) -> None:
        """A new round (or the table's clock starting): every seat reacts afresh, and the seat
        to act takes its turn at the pace."""
        state = self.latest
        paced = set(self.paced(state)) if state is not None else set()
        self.due = {seat: now + self.wait_ms(player, seat in paced)
                    for seat, player in sorted(self.players.items())}

    def applied(self, before: Any, action: Any, after: Any) -> None:
        self.latest = after
        engine = self.engine
        if engine.round_started(before, after):
            self.restart(engine.time_of(after))
            return
        ms = self._time(action)
        woken = engine.woken(before, action, after)
        actor = None if isinstance(action, Close) else action.seat
        if actor is not None and actor not in woken:
            self.due.pop(actor, None)  # it acted and has nothing more to do: it sleeps
        paced = set(self.paced(after))
        for seat in woken:
            player = self.players.get(seat)
            if player is not None:  # a seat that only reacted stays as quick for its turn
                turn = seat in paced and not (seat == actor and isinstance(action, REACTIONS))
                self.due[seat] = ms + self.wait_ms(player, turn)
