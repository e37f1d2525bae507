"""Every table can be played by a person: over seeded random games of every registered game,
with people at the screen (hot-seat where the game seats several, alone where it seats one),
each moment a person's seat may act a legal action of that seat is made through the table's
own input only (the events its `inputs_for` hook names: a click, a drag, a button or a key),
never by calling `act`, and the match's last step must be exactly that action. Computer seats
play as usual on `app.frame`; curtains and hand-overs are passed as a person passes them, and
waits let the clocks of real-time rounds run.

Two things are not failures, and are counted apart: one button standing for actions that read
the same (two identical cards laid in either order: the one it stands for is made), and a
legal action the table says it never offers a person (`unoffered`, with its reason; it must
then give no events for it either).

Nothing here names a game: the games come from the registry, their set-ups with people from
tests/ui/random_input.py. Run with -s to see which kinds of action each game covered.
"""
from __future__ import annotations

import argparse
import random
from collections import Counter

import pygame
import pytest

from game.core.players import make_player
from game.core.registry import game_ids, game_info
from game.core.rng import Rng
from tests.ui.random_input import SetUp, setups

SIZE = (1024, 640)  # the smallest window the tables are made for
STEPS = 220  # moments looked at in one game (a person's action or a wait)
FRAME = 1 / 60
HELPED = 0.7  # the share of a person's moves a computer player chooses (the rest: at random)


def people_setups(game: str) -> list:
    """The game's set-ups with the most people at the screen (hot-seat where it allows
    several, alone where it seats one); the one with the most seats (the last of them) with
    every yes-or-no table rule on, so that the rarer actions those rules bring come up too,
    and no number below its default."""
    found = setups(game)
    most = max(sum(k == "human" for k in s.seats) for s in found)
    chosen = [s for s in found if sum(k == "human" for k in s.seats) == most]
    busiest = max(reversed(range(len(chosen))), key=lambda i: len(chosen[i].seats))
    last = chosen[busiest]
    options = dict(last.options)
    for option in game_info(game).options:
        if option.type == "bool":
            options[option.id] = True
        elif option.type == "int":  # a longer match: rounds follow rounds
            options[option.id] = max(int(options.get(option.id, option.default)), option.default)
    chosen[busiest] = SetUp(last.seats, options)
    return chosen


def open_table(game: str, setup, seed: int):
    from scenes.app import App
    from scenes.table.registry import start_new_game
    pygame.init()
    args = argparse.Namespace(size=f"{SIZE[0]}x{SIZE[1]}", fullscreen=False, game=None, seats=None,
                              option=[], seed=None)
    app = App(args)
    app.settings.animation_speed = "instant"
    seats = setup.seat_list()
    keys = game_info(game).keys
    meta = {"keys": {str(i): keys[i] for i, s in enumerate(seats) if s.is_human}} if keys else {}
    start_new_game(app, game, seats, dict(setup.options), seed, meta=meta)
    return app


def the_table(app):
    from scenes.table.scene import TableScene
    return app.manager.find(TableScene)


def post(app, events) -> None:
    for event in events:
        app.dispatch(event)


def settle(app) -> bool:
    """Frames until the table rests; a curtain or a hand-over is passed with its key, as a
    person passes it. False once the game is over (or the table gone)."""
    from scenes.table.curtain import Curtain, HandOver
    from scenes.table.gestures import key
    app.frame(FRAME)  # what opens by itself after a move (a score board) opens now
    for _ in range(600):
        table = the_table(app)
        if table is None or table.match.outcome() is not None:
            return False
        top = app.manager.top
        if isinstance(top, (Curtain, HandOver)):
            post(app, key(pygame.K_RETURN))
            continue
        if top is table and (table.animating() or table.computer_pending()):
            app.frame(FRAME)
            continue
        return True
    raise AssertionError("the table never came to rest")


def person_actions(table) -> tuple[list, bool]:
    """The legal actions of the person whose eyes the table shows (never a computer's wait),
    and whether it is that person's turn (rather than a moment they may react in)."""
    seat = table.perspective
    if seat is None or table.curtain_up:
        return [], False
    engine = table.engine
    legal = [a for a in engine.legal_actions(table.state, seat) if not engine.waits(a)]
    return legal, seat in engine.to_act(table.state)


def pick(rng: random.Random, table, legal: list, helper):
    """Mostly the move a computer player would make for the person (so that a game gets on
    to its later phases), else a random kind of action and then a random action of
    that kind (so that rare kinds, a choice or a button, come up as often as the many ways to
    lay a card). Never one the table says it offers nobody (`unoffered`): those are counted."""
    offered = [a for a in legal if not table.unoffered(a)]
    if not offered:
        return None
    if rng.random() < HELPED:
        seat = table.perspective
        everything = table.engine.legal_actions(table.state, seat)
        choice = helper.choose(table.engine.view(table.state, seat), everything,
                               Rng(rng.randrange(1 << 30)))
        if choice in offered:
            return choice
    kind = rng.choice(sorted({a.kind for a in offered}))
    return rng.choice([a for a in offered if a.kind == kind])


def perform(app, table, action) -> bool:
    """Make `action` through the table's input only, and check it is what was made: the
    action itself (True), or the one button that stands for actions reading the same
    (False)."""
    match = table.match
    before = len(match.steps)
    words = table.engine.describe(action)
    buttons = table.button_actions()
    for _ in range(6):  # a gesture may take steps: a drop, then a choice, say
        events = table.inputs_for(action)
        assert events is not None, (
            f"{match.game_id}: a person may {words!r} ({action.text()}) but no gesture, "
            f"button or key on the table makes it")
        post(app, events)
        if len(match.steps) != before:
            break
    assert len(match.steps) == before + 1, (
        f"{match.game_id}: the events for {words!r} made {len(match.steps) - before} moves")
    made = match.actions[-1]
    if made != action and action not in buttons and made in buttons:
        # one button for actions that read the same (two identical cards laid in either
        # order): the table offers the family once, and the one it stands for is made
        assert table.engine.describe(made) == words, (made.text(), action.text())
        return False
    assert made == action, (f"{match.game_id}: the events for {action.text()!r} made "
                            f"{made.text()!r} instead")
    return True


def play(game: str, setup, seed: int, steps: int = STEPS) -> tuple[Counter, Counter]:
    """One seeded game: how often a person made each kind of action (with what was counted
    apart), and how many were made by a gesture on the pieces and how many by a button or
    a key."""
    rng = random.Random(f"{game}/{seed}")
    helper = make_player(game)
    app = open_table(game, setup, seed)
    made: Counter = Counter()
    ways: Counter = Counter()
    unoffered: set[str] = set()
    try:
        for _ in range(steps):
            if not settle(app):
                made["(game over)"] += 1
                break
            table = the_table(app)
            legal, turn = person_actions(table)
            for never in [a for a in legal if table.unoffered(a) and a.kind not in unoffered]:
                assert table.inputs_for(never) is None, f"{never.text()} is offered after all"
                unoffered.add(never.kind)
            action = pick(rng, table, legal, helper) if turn or rng.random() < 0.3 else None
            if action is None:
                for _ in range(rng.randint(1, 4)):
                    app.frame(rng.choice((FRAME, 0.1, 0.25, 0.5)))  # the person lets time pass
                continue
            gesture = bool(table.engine.gestures(table.state, action))
            itself = perform(app, table, action)
            made[action.kind if itself else f"{action.kind} (by its family's button)"] += 1
            ways["gesture" if gesture else "button or key"] += 1
    finally:
        app.close_scenes()
    made.update(f"{kind} (legal, never offered)" for kind in unoffered)
    return made, ways


@pytest.mark.parametrize("game", game_ids())
def test_every_action_of_a_person_is_made_through_the_table(game):
    if game_info(game).coming:
        pytest.skip(f"{game} has no table yet")
    made: Counter = Counter()
    ways: Counter = Counter()
    for i, setup in enumerate(people_setups(game)):
        found, how = play(game, setup, 100 + i)
        made += found
        ways += how
    print(f"\n{game}: {dict(sorted(made.items()))} {dict(ways)}")
    assert sum(ways.values()) >= 40, f"{game}: too few actions by a person: {dict(made)}"
    assert ways["gesture"] and ways["button or key"], f"{game}: {dict(ways)}"
