"""A greyed Undo button says why it cannot be used now (nothing to take back yet, a game
played in real time), never a shortcut that would do nothing; an Undo that works names its
key. The tip is the one the pointer shows over the button."""
from __future__ import annotations

import pygame

import scenes.table.painting as painting
from game.core import Seat
from tests.helpers import open_game_table


def tip_over_undo(app, table, monkeypatch) -> str:
    shown: list = []
    real = painting.draw_tip

    def spy(surface, tip, base, **kw):
        shown.append(tip)
        return real(surface, tip, base, **kw)

    monkeypatch.setattr(painting, "draw_tip", spy)
    undo = table.tools.buttons[1]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    app.frame(0.016)
    monkeypatch.setattr(painting, "draw_tip", real)
    assert shown, "no tip over the Undo button"
    return shown[-1]


def test_greyed_undo_says_nothing_to_take_back_and_no_shortcut(app, monkeypatch):
    table = open_game_table(app, "finito", [Seat("Anna", "human"), Seat("Ben", "human")], seed=3)
    table.skip_animations()
    undo = table.tools.buttons[1]
    assert not undo.enabled
    tip = tip_over_undo(app, table, monkeypatch)
    assert "ctrl" not in tip.lower() and "(" not in tip
    assert tip == table.match.undo_span(table.perspective)[1] != ""


def test_greyed_undo_in_finita_says_it_is_played_in_real_time(app, monkeypatch):
    table = open_game_table(app, "finita", [Seat("Anna", "human"), Seat("Ben", "computer", "simple")],
                            seed=3)
    table.skip_animations()
    undo = table.tools.buttons[1]
    assert not undo.enabled
    tip = tip_over_undo(app, table, monkeypatch)
    assert "ctrl" not in tip.lower()
    assert tip == table.match.engine.undo_refusal(table.match.state)


def test_undo_that_works_names_its_key(app, monkeypatch):
    table = open_game_table(app, "finished", [Seat("Anna", "human")], seed=5)
    table.skip_animations()
    action = next(a for a in table.engine.legal_actions(table.state, 0) if a.kind == "move")
    table.act(action)
    table.skip_animations()
    app.frame(0.016)
    assert table.tools.buttons[1].enabled
    assert "Ctrl+Z" in tip_over_undo(app, table, monkeypatch)
