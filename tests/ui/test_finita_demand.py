"""Issue 25, item 3 at the Finita table: against a Paul or Petra demand only a seat that
cannot answer takes a card. However a seat holding an answer asks for a card (the D key, a
click on the draw pile, a phone's tap), the table refuses it and says why."""
from __future__ import annotations

import pygame

from game.finita.actions import Take
from tests.ui.conftest import key, post_click
from tests.ui.test_finita_enter import spy_toasts
from tests.ui.test_finita_round_and_log import paul_asks_anna_for_a_4

WHY = "You hold red 4, which answers a 4: lay it. Only a player who cannot answer draws a card."


def test_a_click_on_the_draw_pile_against_a_demand_is_refused_with_the_answer_named(app):
    table = paul_asks_anna_for_a_4(app, ["red-4.1", "blue-2.1", "yellow-8.1"])
    said = spy_toasts(app)
    steps = len(table.match.steps)
    post_click(app, table.zones["draw"].rect.center)
    assert len(table.match.steps) == steps and len(table.state.hands[0]) == 3
    assert said == [WHY], said


def test_a_take_from_any_path_is_refused_while_the_seat_holds_an_answer(app):
    """The engine replays such a take in saves from before this reading; the table, which
    every move of a person passes (the screen, a phone), refuses it."""
    table = paul_asks_anna_for_a_4(app, ["red-4.1", "blue-2.1", "yellow-8.1"])
    steps = len(table.match.steps)
    assert table.apply(Take(0, table.now_ms())) == WHY
    assert len(table.match.steps) == steps and table.state.phase == "demand"
    table = paul_asks_anna_for_a_4(app, ["blue-2.1", "yellow-8.1"])  # no answer: she takes one
    assert table.apply(Take(0, table.now_ms())) == ""
    assert len(table.state.hands[0]) == 3 and table.state.demand is None


def test_d_and_enter_against_a_demand(app):
    """D says why no card may be taken; Enter makes the only move there is (the one answer,
    or, with none, the card to take) and with two answers says which keys do what."""
    table = paul_asks_anna_for_a_4(app, ["red-4.1", "green-4.1", "yellow-8.1"])
    said = spy_toasts(app)
    key(app, pygame.K_d)
    assert len(said) == 1 and "answers a 4" in said[0], said
    key(app, pygame.K_RETURN)
    assert len(table.state.hands[0]) == 3 and table.state.phase == "demand"
    assert len(said) == 2 and "stands up" in said[1], said
    table = paul_asks_anna_for_a_4(app, ["red-4.1", "blue-2.1", "yellow-8.1"])
    key(app, pygame.K_RETURN)
    assert table.state.discard[-1] == "red-4.1" and table.state.demand is None
    table = paul_asks_anna_for_a_4(app, ["blue-2.1", "yellow-8.1"])
    key(app, pygame.K_RETURN)
    assert len(table.state.hands[0]) == 3 and table.state.demand is None
