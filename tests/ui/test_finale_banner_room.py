"""Issue 25, item 4, seen in a play-through: the banner that says what an attack came to
stood across the middle of the pitch and hid a row of players while it showed. Every
banner shown covers no player card (nor the hand, nor leaves the window), at window sizes
from 1024x640 to 1920x1080, through a whole match of two computer coaches: the banners stand
above the players, and a new announcement takes the place of the last one (a result, then
the counter-attack it brings, would not fit one over the other at 1024x640)."""
from __future__ import annotations

import pygame
import pytest

from scenes import widgets
from tests.ui.test_finale_table import new_table
from tests.ui.text_sizes import resize

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_a_result_banner_covers_no_player_card(app, monkeypatch, size):
    drawn: list[list[pygame.Rect]] = []
    real = widgets.draw_toasts

    def spy(surface, items, area=None, avoid=()):
        boxes = real(surface, items, area, avoid)
        drawn.append(boxes)
        return boxes

    monkeypatch.setattr(widgets, "draw_toasts", spy)
    resize(app, size)
    table = new_table(app, kinds=("computer", "computer"))
    seen = 0
    for _ in range(400):
        table.computer_wait = 0
        app.frame(0.05)
        if not app.toasts.active():
            continue
        drawn.clear()
        app.draw()
        boxes = [box for boxes in drawn for box in boxes]
        assert boxes, "the banner is drawn"
        players = [sprite.rect for sprite in table.sprites.values()
                   if sprite.zone.startswith(("field", "bench", "out")) and not sprite.remove_when_done]
        assert players
        for box in boxes:
            where = (size, app.toasts.active(), box)
            assert box.collidelist(players) < 0, (where, players[box.collidelist(players)])
            assert pygame.Rect((0, 0), size).contains(box), where
            assert box.collidelist(table.keep_clear()) < 0, where
        seen += 1
        if table.view["phase"] == "over":
            break
    assert seen >= 5, "a match announces several results"
