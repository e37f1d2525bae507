"""Click-and-click while pieces glide, at every table (issue 25, item 10: "input must work, or
say why it waits, at every moment").

A press while anything glided used to end the glides and nothing more: the piece clicked was
not picked up, and the second click of a click-and-click, with a piece already picked, was used
up the same way, without a word. Now, while the person at the screen may act (or has a piece
picked up by a click), the click ends the glides and then does what it does on a still table.
Shown here on Finito!'s table (Flag Finish's race has its own tests); the rule lives in the
table's shared input.
"""
from __future__ import annotations

from tests.ui.conftest import post_click
from tests.ui.test_finito_table import cell, new_table, offer_sprites


def something_glides(table) -> None:
    """Another seat's counter sets off on a slow glide (as a computer's move would)."""
    theirs = offer_sprites(table, 1)[0]
    theirs.glide((theirs.pos[0] + 40, theirs.pos[1]), 0.0, 2.0)
    assert table.animating()


def test_a_click_while_pieces_glide_picks_up_and_the_next_click_puts_down(app):
    app.settings.animation_speed = "normal"
    table = new_table(app)
    table.skip_animations()
    assert table.my_turn() and table.legal()
    something_glides(table)
    counter = offer_sprites(table)[0]
    post_click(app, counter.rect.center)
    lift = table.input.lift
    assert lift is not None and lift.sprite is counter and not lift.by_pointer, \
        "the click picked the counter up, as on a still table"
    assert not table.match.steps, "a pick is not a move"
    square = table.view["targets"][0][0]
    something_glides(table)
    post_click(app, cell(table, square))
    assert table.input.lift is None
    assert table.match.actions[0].text() == f"0 place {counter.piece.split('-')[1]} {square}"


def test_while_the_person_may_not_act_a_click_only_hurries_the_table(app):
    app.settings.animation_speed = "normal"
    table = new_table(app)
    table.skip_animations()
    table.act(table.legal()[0])  # placed: now the computer's move
    assert not table.my_turn()
    something_glides(table)
    post_click(app, offer_sprites(table)[0].rect.center)
    assert not table.animating(), "the glides ended"
    assert table.input.lift is None, "and nothing was picked up"
