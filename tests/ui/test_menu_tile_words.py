"""Every word on a menu tile (the game's name, its number of players and the whole tagline)
lies inside its tile with a margin, at every window size, none over another, none cut short and
none under 11 px: at 1024x640 and 1280x800 the last line of a long tagline touched the tile's
bottom edge."""
from __future__ import annotations

import pygame
import pytest

import scenes.menu as menu_module
from scenes import widgets as ui
from scenes.art import fonts
from scenes.tiles import card_words

SIZES = [(800, 500), (1024, 640), (1024, 768), (1280, 800), (1366, 768), (1440, 900),
         (1920, 1080), (2560, 1440), (3840, 2160)]


def margin(base: int) -> int:
    """Between a word and any edge of its tile, at least: half the window's text size (the
    taglines' last lines kept 6 px at 1024x640, 7 px at 1280x800, 10 px at 1920x1080)."""
    return max(8, base // 2)


@pytest.mark.parametrize("size", SIZES)
def test_every_tile_word_lies_inside_its_tile_with_a_margin(app, monkeypatch, size):
    drawn: list[tuple] = []
    real = menu_module.tile_card

    def spy(game_id, w, h, colour, base, title, who, tagline, coming=False):
        drawn.append((game_id, w, h, base, title, who, tagline))
        return real(game_id, w, h, colour, base, title, who, tagline, coming)

    monkeypatch.setattr(menu_module, "tile_card", spy)
    scene = menu_module.MainMenu(app)
    app.push(scene)
    scene.resize(size)
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert len(drawn) == len(scene.games) >= 5
    floor = fonts.font(11).get_height()
    for game_id, w, h, base, title, who, tagline in drawn:
        assert base == ui.ui_size(size)
        tile = pygame.Rect(0, 0, w, h)
        inside = tile.inflate(-2 * margin(base), -2 * margin(base))
        band, words = card_words(w, h, base, title, who, tagline)
        assert tile.contains(band)
        rects = [rect for _, rect in words]
        assert len(rects) == 3
        for image, rect in words:
            assert inside.contains(rect), (game_id, size, rect, tile)
            assert image.get_height() >= floor, (game_id, size, "letters under 11 px")
            parent = image.get_parent()
            assert parent is None or parent.get_size() == image.get_size(), \
                (game_id, size, "the tagline is cut short")
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (game_id, size, a, b)
