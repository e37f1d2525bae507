"""Found by watching Finished! played by the computer in a real window: at normal speed each
turn took 4 to 5 seconds, a whole game about ten minutes. Then the steps came so fast that a
card was still gliding when the next step began. Watching a game should take about one and a
half to two minutes at the default speed, and every step should be seen to its end.

The time counted is the table's own (the frames' steps, fed by the test, and the waits the
table plans after each step), not the machine's: nothing here depends on how fast the computer
running it is."""
from __future__ import annotations

from game.core import Seat
from scenes.table.registry import start_new_game

STEP = 1 / 30  # a frame at 30 frames a second


def watch(app, seed: int, speed: str = "normal") -> dict:
    """A whole game played by the computer, frame by frame on the table's clock: the seconds
    it took, the waits the table planned after each step, and the steps that began while a
    card or a sweet of the step before was still on its way."""
    from scenes.menu import MainMenu
    app.settings.animation_speed = speed
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("Computer", "computer")], None, seed)
    planned: list[float] = []
    hurried: list[str] = []
    shown = table.changed
    moved = table.computer_move

    def changed(events, animate):
        shown(events, animate)
        planned.append(table.computer_wait)

    def computer_move():
        if table.animating():
            hurried.append(table.match.actions[-1].kind if table.match.actions else "deal")
        moved()

    table.changed, table.computer_move = changed, computer_move
    seconds = 0.0
    while table.match.outcome() is None and seconds < 1200:
        table.update(STEP)
        seconds += STEP
    assert table.match.outcome() is not None
    return {"seconds": seconds, "planned": sum(planned), "hurried": hurried,
            "steps": len(table.match.actions)}


def test_every_step_lands_before_the_next_begins(app):
    game = watch(app, 2)
    assert game["hurried"] == [], (f"{len(game['hurried'])} of {game['steps']} steps began "
                                   f"while the one before still glided: {game['hurried'][:8]}")


def test_a_computer_game_takes_one_and_a_half_to_two_minutes_at_the_default_speed(app):
    """Deals 2, 6 and 9 of the first ten: 320, 393 (the longest) and 313 steps."""
    games = [watch(app, seed) for seed in (2, 6, 9)]
    for game in games:
        assert game["steps"] >= 280
        assert 80 <= game["planned"] <= 140, f"{game['planned']:.0f} s for {game['steps']} steps"
        assert game["seconds"] >= game["planned"]  # the waits are the game's time, no more
    mean = sum(g["planned"] for g in games) / len(games)
    assert 90 <= mean <= 120, f"{mean:.0f} s on average"
    assert min(g["planned"] / g["steps"] for g in games) >= 0.25, "a step lasts long enough to see"


def test_the_speed_setting_scales_the_whole_pace(app):
    normal = watch(app, 4)["planned"]
    assert abs(watch(app, 4, "fast")["planned"] - normal * 0.5) < 0.01 * normal
    assert abs(watch(app, 4, "slow")["planned"] - normal * 1.6) < 0.01 * normal
