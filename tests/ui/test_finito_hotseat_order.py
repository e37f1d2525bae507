"""Finito! with two people at one screen and a computer: everybody places on the same roll,
the people at the screen in seat order (the computer once they have). A play-through found
that when the computer's placement brought the next roll, the table went on showing the
second person's board large with 'your turn', while the first person's small board said
'to play': the first person is the one to start each roll."""
from __future__ import annotations

from tests.ui.test_finito_table import new_table


def frames_until(app, done, limit=400):
    for _ in range(limit):
        if done():
            return
        app.frame(0.05)
    raise AssertionError("the table did not get there")


def test_each_roll_starts_with_the_first_person_at_the_screen(app):
    table = new_table(app, ("human", "human", "computer"))
    engine = table.engine
    for roll in (1, 2, 3):
        assert table.view["rolls"] == roll
        assert table.perspective == 0 and table.big_seat() == 0, (roll, table.perspective)
        assert table.geo.seats[0].big and not table.geo.seats[1].big
        table.act(table.legal()[0])
        # the turn passed to the second person: their board is the large one at once
        assert table.perspective == 1 and table.big_seat() == 1
        assert table.geo.seats[1].big and not table.geo.seats[0].big
        assert table.banner.text == "Ben, your turn"
        table.act(table.legal()[0])
        assert engine.to_act(table.state) == [2]  # the computer places, then the die rolls
        frames_until(app, lambda: table.view["rolls"] == roll + 1)
        # the next roll (its die may still be rolling): back to the first person, with a
        # banner that says so once the die has landed
        assert table.perspective == 0 and table.big_seat() == 0, (roll, table.perspective)
        assert table.geo.seats[0].big and not table.geo.seats[1].big
        assert table.banner.text == "Anna, your turn"
        frames_until(app, lambda: not table.die.busy)
