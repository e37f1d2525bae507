"""Issue 25, item 5 at the Finita table, after a fresh-eyes play-through: Return alone did
nothing at "take 4 or pass the draw on". Enter now makes the one move offered, or, when
several are, says which keys do what; never silence. Enter after H plays the hint, and a
card in the keyboard's ring is still played by Enter."""
from __future__ import annotations

import pygame

from tests.finita.helpers import late
from tests.ui.conftest import key
from tests.ui.test_finita_table import new_table


def a_draw_on_anna(app, annas_cards):
    """Ben laid a +2 on the first +2: a running draw of 4 is on Anna."""
    table = new_table(app, [annas_cards, ["green-draw2.1", "blue-9.1"]], first="red-draw2.1",
                      starter=1)
    late(table.state, annas_cards, ["green-draw2.1", "blue-9.1"])
    table.match.act(table.engine.parse_action(f"1 play green-draw2.1 {table.state.last_ms}"))
    table.refresh([], animate=False)
    assert table.state.chain == 4 and table.state.turn == 0
    return table


def spy_toasts(app) -> list[str]:
    said: list[str] = []
    app.toast = lambda text, *a, **k: said.append(text)
    return said


def test_enter_alone_at_a_running_draw_says_which_keys_pass_it_on_or_take_it(app):
    table = a_draw_on_anna(app, ["blue-draw2.1", "red-7.1", "yellow-3.1"])
    said = spy_toasts(app)
    steps = len(table.match.steps)
    key(app, pygame.K_RETURN)
    assert len(table.match.steps) == steps, "Enter alone chose for Anna"
    assert len(said) == 1, "Enter alone said nothing"
    words = said[0]
    assert "stands up" in words and "Tab" in words, words  # the +2 passes it on
    assert "D: " in words or " or D: " in words, words      # D takes the cards
    assert "1" in words and "Take it" in words, words       # so does the button
    assert "H, then Enter" in words, words


def test_enter_alone_takes_a_running_draw_when_that_is_all_there_is_to_do(app):
    table = a_draw_on_anna(app, ["red-7.1", "yellow-3.1"])
    assert [a.kind for a in table.legal()] == ["take"]
    key(app, pygame.K_RETURN)
    assert len(table.state.hands[0]) == 6 and table.state.chain == 0


def test_d_takes_a_running_draw(app):
    table = a_draw_on_anna(app, ["blue-draw2.1", "red-7.1"])
    said = spy_toasts(app)
    key(app, pygame.K_d)
    assert len(table.state.hands[0]) == 6 and table.state.chain == 0, said


def test_enter_after_h_plays_the_hint(app):
    table = a_draw_on_anna(app, ["blue-draw2.1", "red-7.1", "yellow-3.1"])
    key(app, pygame.K_h)
    hint = table.hint
    assert hint is not None
    key(app, pygame.K_RETURN)
    assert table.match.steps[-1].action == hint and table.hint is None
    assert table.state.chain in (0, 6)


def test_a_hint_stands_through_another_seats_move_that_leaves_it_possible(app):
    """Finita runs in real time: other seats act between a person's H and Enter (a penalty
    call here). The hint stands while its move is still there to make, and Enter makes it
    (every move used to drop it, so Enter said no move stood)."""
    table = new_table(app, [["blue-draw2.1", "red-7.1", "yellow-3.1"], ["blue-9.1", "green-4.1"]],
                      first="red-5.1", options={"penalty": True})
    key(app, pygame.K_h)
    hint = table.hint
    assert hint is not None and hint.seat == 0
    engine = table.engine
    other = next(a for a in engine.legal_actions(table.state, 1) if a.kind == "penalty")
    assert table.apply(engine.at_time(other, engine.time_of(table.state) + 400)) == ""
    assert table.hint is not None, "Ben's call left Anna's hinted move possible"
    steps = len(table.match.steps)
    key(app, pygame.K_RETURN)
    assert len(table.match.steps) == steps + 1
    made = table.match.steps[-1].action
    assert made.seat == 0 and made.kind == hint.kind and table.hint is None


def test_enter_on_a_card_in_the_ring_plays_it_not_the_choice_words(app):
    table = a_draw_on_anna(app, ["blue-draw2.1", "red-7.1", "yellow-3.1"])
    said = spy_toasts(app)
    for _ in range(4):  # Tab to the +2 that passes the draw on
        key(app, pygame.K_TAB)
        if table.input.focused() is not None and table.input.focused().piece == "blue-draw2.1":
            break
    assert table.input.focused().piece == "blue-draw2.1"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # picked up, then laid on its lit place
    assert table.state.discard[-1] == "blue-draw2.1" and not said, said


def test_enter_when_nothing_is_the_person_s_to_do_says_so(app):
    table = new_table(app, [["red-7.1"]], starter=1)
    assert table.state.turn == 1 and not table.legal()
    said = spy_toasts(app)
    key(app, pygame.K_RETURN)
    assert len(said) == 1 and "Nothing to do" in said[0], said

