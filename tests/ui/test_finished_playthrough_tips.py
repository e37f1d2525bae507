"""Found by playing Finished! in a real window: a card's tip said what its action does but not
how to use it, and clicking the card's picture only picks it up to sort it."""
from __future__ import annotations

import pygame

from tests.ui.test_finished_table import new_table, present_sprites

HOW = "Click its lower strip (or drop a sweet on it) to use it."


def hover(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)


def test_a_usable_cards_tip_says_how_to_use_it(app):
    table = new_table(app)
    usable = {a.card for a in table.legal() if a.kind == "activate"}
    sprite = next(s for s in present_sprites(table) if int(s.piece[1:]) in usable)
    hover(app, sprite.rect.center)
    assert table.input.hover_tip.endswith(HOW)


def test_no_such_words_where_the_action_cannot_be_used(app):
    table = new_table(app)
    usable = {a.card for a in table.legal() if a.kind == "activate"}
    spent = [s for s in present_sprites(table) if int(s.piece[1:]) not in usable]
    assert spent, "seed 7 opens with 00:06, a Take Sweets card with nothing to activate"
    hover(app, spent[0].rect.center)
    assert table.input.hover_tip and HOW not in table.input.hover_tip
    table.act(next(a for a in table.legal() if a.kind == "done"))  # the Present goes to the Past
    table.skip_animations()
    past = table.sprites[table.view["zones"]["past"][0]]
    hover(app, past.rect.center)
    assert table.input.hover_tip and HOW not in table.input.hover_tip


def test_while_an_action_waits_for_cards_the_tip_does_not_offer_another(app):
    table = new_table(app)
    table.act(next(a for a in table.legal() if a.kind == "activate" and a.card == 5))
    assert table.view["pending"] is not None
    hover(app, present_sprites(table)[1].rect.center)
    assert table.input.hover_tip and HOW not in table.input.hover_tip
