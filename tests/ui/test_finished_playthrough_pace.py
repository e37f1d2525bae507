"""Found by watching Finished! played by the computer in a real window: at normal speed each
turn took 4 to 5 seconds, a whole game about ten minutes. Watching a game should take a couple
of minutes at most, and still be slow enough to follow.

The time counted is the table's own (the frames' steps, fed by the test), not the machine's:
nothing here depends on how fast the computer running it is."""
from __future__ import annotations

from game.core import Seat
from scenes.table.registry import start_new_game

STEP = 1 / 30  # a frame at 30 frames a second


def watch(app, seed: int) -> tuple[float, int]:
    """(seconds on the table's clock, turns) for a whole game played by the computer at the
    default speed."""
    from scenes.menu import MainMenu
    app.settings.animation_speed = "normal"
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("Computer", "computer")], None, seed)
    seconds = 0.0
    while table.match.outcome() is None and seconds < 1200:
        table.update(STEP)
        seconds += STEP
    assert table.match.outcome() is not None
    return seconds, sum(1 for a in table.match.actions if a.kind == "done")


def test_a_computer_game_takes_a_couple_of_minutes_at_most(app):
    """Deal 6 is the longest of the first eight (97 turns, 393 steps)."""
    seconds, turns = watch(app, 6)
    assert turns >= 90
    assert seconds <= 120, f"{seconds:.0f} s for {turns} turns"
    assert seconds / turns >= 0.9, "a turn still lasts long enough to see what happened"
