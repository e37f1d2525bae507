"""A challenge race on the race clock (scenes/table/clock.py): its countdown, and the
computer racers acting on their own clocks while the person races.

Every race starts with a countdown (3, 2, 1, Go!) during which nobody acts; a resumed race
counts down again and goes on from the time of its last action. The computer racers are run
by the game-neutral referee (game/core/referee.py) on the race clock, exactly as `finis
simulate` runs them on a simulated one: each acts `reaction_ms` (its strength's `delay_ms`,
give or take a fifth; never scaled by the animation speed) after its previous action, its
action carries that time, and the finish closes by itself at the end of its window.

Functions of the table; the clock only runs while the race is on top of the scene stack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.referee import reaction_ms

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


def referee(table: "FlagTablePort") -> Any:
    """The table's referee for its computer racers (the shared table's, made once)."""
    return table.referee()


def on_go(table: "FlagTablePort") -> None:
    """Go! Every computer racer gets its first time to act; the hand turns face up."""
    referee(table).restart(table.clock.now())
    table.app.play("flip")
    table.refresh([], animate=True)


def step(table: "FlagTablePort") -> None:
    """Let every computer racer whose time has come act, and close an ended finish."""
    judge = referee(table)
    for _ in range(8):
        if not table.racing():
            return
        before, now = table.state, table.clock.now()
        action = judge.step(before, now)
        if action is None:
            return
        if table.act_for_table(action):
            judge.applied(before, action, table.state)
        elif action.seat in judge.players:  # refused: that racer looks again a little later
            judge.due[action.seat] = now + reaction_ms(judge.players[action.seat], table.ai_rng)
        else:
            return
