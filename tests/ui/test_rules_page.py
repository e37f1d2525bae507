"""The rules page: every line can be scrolled into view at any window size, the page says when
more text lies below, and no window size (down to 1x1) breaks it."""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import game_ids
from scenes import widgets as ui
from scenes.rules import RulesScene
from tests.ui.conftest import key

SIZES = [(1024, 640), (1280, 800), (2560, 1440), (360, 240), (520, 1400), (1900, 420)]


def resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)


def open_rules(app, game_id="finished", size=(1280, 800)):
    resize(app, size)
    scene = RulesScene(app, game_id)
    app.push(scene)
    app.frame(0.016)
    return scene


def count_colour(surface, rect, colour, slack=(14, 14, 14)):
    """How many pixels of `rect` on `surface` are within `slack` of `colour`."""
    rect = rect.clip(surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return 0
    return pygame.mask.from_threshold(surface.subsurface(rect), colour, (*slack, 255)).count()


@pytest.mark.parametrize("size", SIZES)
def test_end_shows_the_very_last_block_even_after_many_headings(app, size):
    # gold headings only, then one paragraph in the ink colour: each heading's extra room used
    # to be left out of the page's height, which cut the end of the text off the page itself
    scene = open_rules(app, size=size)
    scene.blocks = [("h1", "Heading")] + [("h2", f"Part {i}") for i in range(90)] + \
        [("para", "the last words of the page")]
    scene.resize(app.size)
    key(app, pygame.K_END)
    app.draw()
    assert scene.scroll == scene.max_scroll() > 0
    ink = count_colour(app.screen, scene.view, ui.INK)
    assert ink > 30, f"the last paragraph is not on screen at {size}"


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("size", SIZES)
def test_every_rules_file_scrolls_to_its_last_line(app, game_id, size):
    scene = open_rules(app, game_id, size)
    last = scene.placed[-1]
    assert scene.page.get_rect().contains(last), "the page holds every block whole"
    key(app, pygame.K_END)
    top, bottom = scene.scroll, scene.scroll + scene.view.height
    assert top <= last.top and last.bottom <= bottom, "End brings the last block fully into view"
    key(app, pygame.K_HOME)
    assert scene.scroll == 0


def test_wheel_arrows_and_pages_reach_both_ends_and_stop_there(app):
    scene = open_rules(app, "flag-finish", (1024, 640))
    end = scene.max_scroll()
    assert end > 0
    key(app, pygame.K_DOWN)
    after_arrow = scene.scroll
    assert after_arrow > 0
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.scroll > after_arrow
    key(app, pygame.K_UP)
    key(app, pygame.K_PAGEUP)
    assert scene.scroll == 0
    for _ in range(200):  # Page Down alone gets to the end, and no further
        key(app, pygame.K_PAGEDOWN)
    assert scene.scroll == end
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert scene.scroll == end
    for _ in range(200):
        app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert scene.scroll == 0


def test_a_page_down_never_skips_a_line(app):
    scene = open_rules(app, "finished", (1024, 640))
    before = scene.scroll
    key(app, pygame.K_PAGEDOWN)
    assert 0 < scene.scroll - before < scene.view.height


def test_the_page_says_when_more_lies_below_and_the_bar_follows(app):
    scene = open_rules(app, "finished", (1024, 640))
    app.draw()
    track, thumb = scene.scrollbar()
    hint = pygame.Rect(scene.box.x, scene.buttons.buttons[0].rect.y, scene.buttons.buttons[0].rect.x
                       - scene.box.x, scene.buttons.buttons[0].rect.height)
    assert count_colour(app.screen, hint, ui.GOLD, (10, 10, 10)) > 20, "'more below' is shown"
    assert thumb.top == track.top and thumb.height < track.height
    assert count_colour(app.screen, thumb, ui.DIM, (4, 4, 4)) > thumb.width * thumb.height // 2
    # the bottom edge of the text fades out while more lies below: scroll so that a line of
    # text sits on the view's last rows, and it is drawn dimmed there
    def ink_on_page_rows(top):
        rows = pygame.Rect(0, top, scene.page.get_width(), 3)
        return pygame.mask.from_surface(scene.page.subsurface(rows), 200).count()

    bottom_of = scene.view.height - 3
    scene.scroll = next(s for s in range(0, scene.max_scroll() // 2) if ink_on_page_rows(s + bottom_of) > 20)
    app.needs_redraw = True
    app.draw()
    band = pygame.Rect(scene.view.x, scene.view.bottom - 3, scene.view.width, 3)
    assert count_colour(app.screen, band, ui.INK, (60, 60, 60)) == 0, "the last rows are faded"
    middle = pygame.Rect(scene.view.x, scene.view.y + scene.view.height // 3, scene.view.width, 40)
    assert count_colour(app.screen, middle, ui.INK, (60, 60, 60)) > 50, "the rest is not"
    key(app, pygame.K_END)
    app.draw()
    track, thumb = scene.scrollbar()
    assert thumb.bottom == track.bottom
    assert count_colour(app.screen, hint, ui.GOLD, (10, 10, 10)) == 0, "at the end it says so"


def test_dragging_the_scroll_bar_scrolls(app):
    scene = open_rules(app, "finished", (1024, 640))
    track, thumb = scene.scrollbar()
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50),
                                    rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom + 50),
                                    button=1))
    assert scene.scroll == scene.max_scroll()


@pytest.mark.parametrize("size", [(80, 60), (1, 1), (10, 10), (1, 700), (900, 1), (200, 100),
                                  (359, 239)])
def test_any_window_size_down_to_one_pixel_shows_a_message_not_a_crash(app, size):
    scene = open_rules(app, "finished", (1280, 800))
    key(app, pygame.K_PAGEDOWN)
    resize(app, size)  # F1 then shrink the window: this used to crash in resize
    for k in (pygame.K_END, pygame.K_DOWN, pygame.K_HOME):
        key(app, k)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.draw()
    # the scene itself, asked to draw at that size, says the window is too small
    surface = pygame.Surface(size)
    scene.resize(size)
    scene.draw(surface)
    resize(app, (1024, 640))
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll() > 0
    assert app.manager.top is scene


def test_a_window_too_small_to_read_in_says_so(app, monkeypatch):
    scene = open_rules(app, "finished", (1280, 800))
    surface = pygame.Surface((120, 90))
    scene.resize(surface.get_size())
    assert scene.too_small
    words = []
    real_text = ui.text

    def spy(surface, w, *args, **kwargs):
        words.append(w)
        return real_text(surface, w, *args, **kwargs)

    monkeypatch.setattr(ui, "text", spy)
    scene.draw(surface)
    assert "Window too small" in words
