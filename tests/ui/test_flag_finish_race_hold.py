"""In a Challenge race a person's drag works while the computers' cards glide.

The computers race on their own clocks, so some card of theirs is nearly always on its way
somewhere. A press then skipped the glides and was used up: the card the person pressed on
was never picked up, and the drag that followed did nothing, with no word why (seen at
1280x800 in a real window: two drags of three lost).
"""
from __future__ import annotations

import pygame

from tests.ui.test_flag_finish_table import ANNA, frames, grab, new_table, sprite_of, texts, you_and


def motion(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))


def race_until_a_computer_card_glides(app, table):
    for _ in range(400):
        app.frame(0.02)
        if table.animating() and any(not t.startswith("0 ") for t in texts(table)):
            return
    raise AssertionError("no computer card ever glided")


def test_a_drag_begun_while_a_computer_card_glides_plays_the_card(app):
    app.settings.animation_speed = "normal"
    table = new_table(app, you_and(("Bo", "lightning"), ("Cy", "lightning")), mode="challenge")
    frames(app, 3.05)
    table.skip_animations()
    race_until_a_computer_card_glides(app, table)
    card = sprite_of(table, ANNA[0])
    start = grab(card)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert table.input.lift is not None and table.input.lift.sprite is card
    end = table.zones["row0"].rect.center
    for step in range(1, 6):
        motion(app, (start[0] + (end[0] - start[0]) * step // 5,
                     start[1] + (end[1] - start[1]) * step // 5))
        app.frame(0.05)
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(0.016)
    assert any(t.startswith(f"0 play {ANNA[0]} ") for t in texts(table)), texts(table)


# (A click while cards glide in a race picks the card up and a second click puts it down:
# tests/ui/test_flag_finish_race_clicks.py. It used to only end the glides, and was lost.)
