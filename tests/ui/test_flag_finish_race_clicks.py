"""Click-and-click (click a card to pick it up, click a lit place to put it down) works in a
Flag Finish race while cards glide, as a drag does.

In a race some racer's card is nearly always on its way, and your own hand re-lays after each
card. A press while anything glided only ended the glides: the card clicked was never picked
up, and a second click on the row, with a card already picked, was used up the same way, with
no word why (seen in a real window: two clicks did nothing visible while a drag worked).
"""
from __future__ import annotations

from tests.ui.conftest import post_click
from tests.ui.test_flag_finish_race_hold import race_until_a_computer_card_glides
from tests.ui.test_flag_finish_table import (ANNA, bad_toasts, frames, grab, new_table,
                                             sprite_of, texts, you_and)


def mine(table):
    return [t for t in texts(table) if t.startswith("0 ")]


def racing_table(app):
    app.settings.animation_speed = "normal"
    table = new_table(app, you_and(("Bo", "lightning"), ("Cy", "lightning")), mode="challenge")
    frames(app, 3.05)
    table.skip_animations()
    return table


def test_a_click_while_cards_glide_picks_the_card_up(app):
    table = racing_table(app)
    race_until_a_computer_card_glides(app, table)
    card = sprite_of(table, ANNA[0])
    post_click(app, grab(card))
    assert table.input.lift is not None and table.input.lift.sprite is card, "picked up"
    assert not table.input.lift.by_pointer, "and it stays picked after the button is let go"
    assert mine(table) == [], "a pick is not a move"


def test_click_and_click_plays_every_card_while_the_others_race(app):
    """Eleven cards, each picked by a click and put down by a click, both while some computer
    card glides (the first click of each pair lands in a glide, and so does the second)."""
    table = racing_table(app)
    for i, card in enumerate(ANNA[:11]):
        race_until_a_computer_card_glides(app, table)
        post_click(app, grab(sprite_of(table, card)))
        assert table.input.lift is not None, f"card {i} ({card}) was not picked up"
        race_until_a_computer_card_glides(app, table)
        post_click(app, table.zones["row0"].rect.center)
        assert table.input.lift is None
        assert mine(table)[-1].startswith(f"0 play {card} "), (card, mine(table)[-3:])


def test_a_pick_survives_a_computer_move_and_the_next_click_puts_it_down(app):
    table = racing_table(app)
    post_click(app, grab(sprite_of(table, ANNA[0])))
    assert table.input.lift is not None
    steps = len(table.match.steps)
    for _ in range(200):  # the computers play on; the hand and the table are laid anew
        app.frame(0.02)
        if len(table.match.steps) > steps + 1 and table.animating():
            break
    assert len(table.match.steps) > steps + 1 and table.animating()
    assert table.input.lift is not None and table.input.lift.sprite.piece == ANNA[0]
    post_click(app, table.zones["row0"].rect.center)
    assert len(mine(table)) == 1 and mine(table)[0].startswith(f"0 play {ANNA[0]} "), mine(table)


def test_before_go_a_click_on_a_gliding_table_says_why(app):
    app.settings.animation_speed = "normal"
    table = new_table(app, you_and(("Bo", "lightning")), mode="challenge")
    theirs = next(s for s in table.sprites.values() if s.zone == "hand1")
    theirs.glide((theirs.pos[0] + 60, theirs.pos[1]), 0.0, 1.0)  # something is on its way
    assert table.animating() and table.frozen_reason()
    post_click(app, grab(sprite_of(table, ANNA[0])))
    assert table.input.lift is None
    assert any("Go" in t for t in bad_toasts(app)), bad_toasts(app)


def test_in_warm_up_a_click_while_the_others_move_only_hurries_the_table(app):
    """Warm-up races take turns: while a computer racer moves, a click on your card ends the
    glides and picks nothing up (nothing of yours may move then), as at every table."""
    app.settings.animation_speed = "normal"
    table = new_table(app, you_and(("Bo", "steady")))
    post_click(app, grab(sprite_of(table, ANNA[0])))
    post_click(app, table.zones["row0"].rect.center)
    assert mine(table) == [f"0 play {ANNA[0]} 0"]
    assert table.animating() and table.legal() == [], "Bo's turn, Anna's card still glides"
    post_click(app, grab(sprite_of(table, ANNA[1])))
    assert table.input.lift is None and not table.animating()
    assert bad_toasts(app) == []
