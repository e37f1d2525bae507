"""A game a person played entirely by hints (H, then Enter makes the hinted move) is that
person's game: the result says "You ...", not the computer's words, and the statistics count
it as theirs, not as played by the computer. Only computer seats make a game the computer's."""
from __future__ import annotations

import pygame

from game.core import Seat
from game.core.stats import load_stats
from scenes.statistics import APART_WORDS
from scenes.table.overlays import ResultOverlay
from scenes.table.registry import start_new_game
from tests.ui.conftest import key


def test_a_finished_game_played_by_hints_is_yours(app, finis_home):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("Ann")], None, 4)
    by_key = 0
    for _ in range(4000):
        if table.match.outcome() is not None:
            break
        if app.manager.top is not table:  # a round's board between rounds: go on
            key(app, pygame.K_RETURN)
            if app.manager.top is not table:
                app.pop(app.manager.top)
            continue
        if table.my_turn() and not table.animating():
            moves = len(table.match.steps)
            key(app, pygame.K_h)  # the hint ...
            if table.hint is not None:
                key(app, pygame.K_RETURN)  # ... and Enter makes it
                if len(table.match.steps) > moves:
                    by_key += 1
                    continue
                assert table.act(table.hint)  # where Enter means a focused card, the hint's move
        app.frame(0.5)
    assert table.match.outcome() is not None, "the game did not end"
    assert by_key > 10, "the hinted moves were not made by the keys"
    hinted = set(table.match.meta.get("hinted", []))
    assert hinted and all(i in hinted for i, s in enumerate(table.match.steps) if s.action.seat == 0), \
        "every move of the person was the hint's"
    assert table.match.played_by_person()
    for _ in range(20):
        app.frame(0.5)
    overlay = app.manager.find(ResultOverlay)
    assert overlay is not None
    headline, note = overlay.headline()
    assert headline in ("You won!", "Not finished this time"), headline
    assert "computer" not in note.lower() and "kept apart" not in note, note
    games = load_stats()[0]["games"]["finished"]
    assert games and not any(c.split("/")[0] in APART_WORDS for c in games), games
    assert sum(b.get("hints", 0) for b in games.values()) >= by_key  # the hints are still counted
