"""The referee: who of the computer seats acts next, and when, for every game.

A game declares its time through the engine protocol (docs/engine-protocol.md):

- `clocked(state)`: seats act on their own clocks now (a real-time race) rather than in turn;
- `time_of(state)`: the game's clock in milliseconds (the last action's time);
- `deadlines(state)`: timed windows, as (ms, action): when that time comes and nobody acted
  first, the referee applies the action (the finish closes, a throw window shuts);
- `at_time(action, ms)`: the action stamped with a time (actions carry their time, so a
  replay rebuilds the round exactly);
- `waits(action)`: a computer's choice that means "I only wait for a window to end";
- `racing(state)`: the seats that may still act before the deadlines (default: to_act);
- `round_started(before, after)`: the clocks start again (a new race).

The referee keeps each computer seat's next moment (`due`): a human-like reaction time after
its last action, by its player's `delay_ms`. It runs on any clock: `step(state, now)` with the
wall clock of a table (which pauses it under a menu), or `step(state)` with no time given,
which jumps to the next moment anything can happen (simulate, tests). Turn-by-turn games need
no clock: the computer seat to act simply chooses.
"""
from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, Optional

from .actions import Action, time_of_action
from .engine import Engine
from .rng import Rng

if TYPE_CHECKING:
    from .players import Player

RETRY_MS = 250  # a seat with nothing to do looks again this much later


def reaction_ms(player: "Player", rng: Rng) -> int:
    """How long `player` takes for its next action: its delay_ms, give or take a fifth."""
    base = int(player.delay_ms)
    return base * (80 + rng.randrange(41)) // 100


class Referee:
    """Runs the computer seats of one match on a clock (see the module's docstring)."""

    def __init__(self, engine: "Engine[Any]", players: dict[int, "Player"], rng: Rng) -> None:
        self.engine = engine
        self.players = players  # computer seats only: seat -> player
        self.rng = rng
        self.due: dict[int, int] = {}
        # a seat that waits with no window open sleeps until an action wakes it (`woken`)
        self.sleeps = type(engine).woken is not Engine.woken

    # -- the clock --------------------------------------------------------------------------

    def restart(self, now: int) -> None:
        """A new round starts at `now`: every computer seat reacts afresh."""
        self.due = {seat: now + reaction_ms(player, self.rng)
                    for seat, player in sorted(self.players.items())}

    def applied(self, before: Any, action: Action, after: Any) -> None:
        """Tell the referee about an applied action (anybody's): a new round restarts the
        clocks; a computer seat that acted on the clock reacts again after its delay."""
        engine = self.engine
        if engine.round_started(before, after):
            self.restart(engine.time_of(after))
            return
        players, due, rng = self.players, self.due, self.rng
        ms = self._time(action)
        woken = engine.woken(before, action, after)
        if self.sleeps and action.seat not in woken:
            due.pop(action.seat, None)  # it acted and has no reason to look again: it sleeps
        for seat in woken:
            player = players.get(seat)
            if player is not None:  # reaction_ms, inline: this runs after every action
                base = int(player.delay_ms)
                due[seat] = ms + base * (80 + rng.randrange(41)) // 100

    def _racing(self, state: Any) -> dict[int, int]:
        """The computer seats that may still act before the deadlines, with their moments."""
        seats = set(self.engine.racing(state))
        return {s: t for s, t in self.due.items() if s in seats}

    def next_time(self, state: Any) -> Optional[int]:
        """When something can happen next without a person: a seat's moment or a deadline."""
        return self._next_time(self._racing(state), self.engine.deadlines(state))

    @staticmethod
    def _next_time(racing: dict[int, int], deadlines: list[tuple[int, Any]]) -> Optional[int]:
        times = list(racing.values())
        times += [ms for ms, _ in deadlines]
        return min(times) if times else None

    # -- choosing -------------------------------------------------------------------------

    def step(self, state: Any, now: Optional[int] = None) -> Optional[Action]:
        """The action to apply now, or None (nothing is due, or a seat chose to wait).

        In turn-by-turn play: the first computer seat to act chooses. On a clock: a deadline
        that has come and that no computer seat would beat is applied; otherwise the computer
        seat whose moment came first chooses from its own view, and its action is stamped with
        that moment. `now` None jumps to the next moment anything can happen."""
        engine = self.engine
        if not engine.clocked(state):
            mine = [s for s in engine.to_act(state) if s in self.players]
            return self._choose(state, mine[0]) if mine else None
        return self._clocked_step(state, now)[0]

    def _clocked_step(self, state: Any, now: Optional[int]) -> tuple[Optional[Action], bool]:
        """One look at a clocked state: (the action to apply or None, whether nothing at all
        can happen without a person)."""
        engine = self.engine
        racing = self._racing(state)
        deadlines = engine.deadlines(state)
        if now is None:
            now = self._next_time(racing, deadlines)
            if now is None:
                return None, True
        if deadlines:
            first = min(racing.values()) if racing else None
            for ms, action in sorted(deadlines, key=lambda d: d[0]):
                if ms <= now and (first is None or first >= ms):
                    return engine.at_time(action, ms), False
        for due, seat in sorted((t, s) for s, t in racing.items() if t <= now):
            legal = engine.legal_actions(state, seat)
            if not legal:
                if self.sleeps:
                    del self.due[seat]
                else:
                    self.due[seat] = now + RETRY_MS
                continue
            choice = self.players[seat].choose(engine.view(state, seat), legal, self.rng)
            if engine.waits(choice):  # it looks again when a window ends or something happens
                if deadlines:
                    self.due[seat] = max(due, min(ms for ms, _ in deadlines))
                elif self.sleeps:
                    del self.due[seat]
                else:
                    self.due[seat] = now + RETRY_MS
                return None, False
            return engine.at_time(choice, max(due, engine.time_of(state))), False
        return None, False

    def _choose(self, state: Any, seat: int) -> Action:
        engine = self.engine
        return self.players[seat].choose(engine.view(state, seat),
                                         engine.legal_actions(state, seat), self.rng)

    def _time(self, action: Action) -> int:
        return time_of_action(action)

    # -- a whole game -----------------------------------------------------------------------

    def play_out(self, state: Any, max_actions: int = 200_000) -> tuple[Any, list[Action]]:
        """Every seat a computer: play until the game is over (or `max_actions`), on the
        simulated clock; the final state and every action. The cyclic garbage collector
        rests meanwhile, as in a replay: a match makes no reference cycles, and the
        collector's passes over its many short-lived objects only cost time."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._play_out(state, max_actions)
        finally:
            if collecting:
                gc.enable()

    def _play_out(self, state: Any, max_actions: int) -> tuple[Any, list[Action]]:
        engine = self.engine
        done: list[Action] = []
        if not self.due:
            self.restart(engine.time_of(state))
        idle = 0
        while engine.outcome(state) is None and len(done) < max_actions:
            # as `step(state)` in a loop; a clocked state is looked at once per pass
            if engine.clocked(state):
                action = self._clocked_step(state, None)[0]
            else:
                action = self.step(state)
            if action is None:
                idle += 1
                if idle > 10_000:
                    raise RuntimeError(f"{engine.name}: nobody acts and no deadline comes")
                continue
            idle = 0
            before = state
            state, _ = engine.apply(state, action)
            done.append(action)
            self.applied(before, action, state)
        return state, done
