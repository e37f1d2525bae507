"""A challenge race on the race clock (scenes/table/clock.py): its countdown, and the
computer racers acting on their own clocks while the person races.

Every race starts with a countdown (3, 2, 1, Go!) during which nobody acts; a resumed race
counts down again and goes on from the time of its last action. Computer racers act as in
game/flag_finish/simulate.py: each one acts `reaction_ms` (its strength's `delay_ms`, give or
take a fifth; never scaled by the animation speed) after its previous action, and its action
carries that time. The finish closes by itself at the end of its window.

Functions of the table; the clock only runs while the race is on top of the scene stack.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.flag_finish.actions import RACE_KINDS, Close
from game.flag_finish.simulate import reaction_ms
from game.flag_finish.state import CLOSING

if TYPE_CHECKING:
    from scenes.flag_finish.port import FlagTablePort


def sync_clock(table: "FlagTablePort") -> None:
    """A challenge race that has not been counted in yet gets its countdown."""
    if table.challenge and table.racing() and table.clock.round != table.state.race:
        table.clock.start(table.state.race, table.state.last_ms)


def before_go(table: "FlagTablePort") -> bool:
    """A challenge race is on but has not started yet (counting down, or not counted in)."""
    return table.challenge and table.racing() and (
        table.clock.counting or table.clock.round != table.state.race)


def on_go(table: "FlagTablePort") -> None:
    """Go! Every computer racer gets its first time to act; the hand turns face up."""
    now = table.clock.now()
    for seat, info in enumerate(table.seats):
        if not info.is_human:
            table.clock.due[seat] = now + reaction_ms(table.racer(seat), table.ai_rng)
    table.app.play("flip")
    table.refresh([], animate=True)


def step(table: "FlagTablePort") -> None:
    """Let every computer racer whose time has come act, and close an ended finish."""
    for _ in range(8):
        if not _once(table):
            return


def _once(table: "FlagTablePort") -> bool:
    state, now, clock = table.state, table.clock.now(), table.clock
    if not table.racing():
        return False
    if state.phase == CLOSING and state.window_end is not None and now >= state.window_end:
        return table.act_for_table(Close(table.bottom(), max(state.window_end, state.last_ms)))
    ready = sorted((due, seat) for seat, due in clock.due.items() if due <= now)
    for due, seat in ready:
        legal = table.engine.legal_actions(state, seat)
        if not legal:
            clock.due[seat] = now + 250
            continue
        player = table.racer(seat)
        choice = player.choose(table.engine.view(state, seat), legal, table.ai_rng)
        if choice.kind not in RACE_KINDS or choice.kind == "close":
            clock.due[seat] = max(due + 50, state.window_end or now + 250)
            continue
        action = dataclasses.replace(choice, ms=max(due, state.last_ms))  # type: ignore[call-arg]
        if table.act_for_table(action):
            clock.due[seat] = action.ms + reaction_ms(player, table.ai_rng)  # type: ignore[attr-defined]
            return True
        clock.due[seat] = now + reaction_ms(player, table.ai_rng)
    return False
