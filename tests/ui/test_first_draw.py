"""A table draws pictures it never drew a few a frame (issue 25, item 17): entering it, a
resize, a card first shown in play. Work is counted, never timed: on the test's clock each
picture (or part of one) costs 10 ms and a frame may spend 25 ms (scenes/art/_cache.py).

What a person sees: a table entered before its pictures exist shows a cover ("Setting the
table") and then the table, never a blank card; the frame of a resize shows the last size's
pictures scaled at once; a frame that would show a placeholder is not shown; and once the
pictures came, the table is exactly what it is when drawn all at once."""
from __future__ import annotations

import argparse

import pygame
import pytest

from game.core import Seat
from scenes.art import _cache
from scenes.art._cache import steps
from scenes.flag_finish import art as faces

SIZE = (1024, 640)


def new_app(size):
    from scenes.app import App
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app = App(argparse.Namespace(size=f"{size[0]}x{size[1]}", fullscreen=False, game=None,
                                 seats=None, option=[], seed=None))
    app.settings.animation_speed = "instant"
    return app


def open_table(app, seats):
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    app.push(MainMenu(app))
    return start_new_game(app, "flag-finish", seats, {"mode": "warm-up"}, 5)


def settle(app, table, limit=400):
    """Frames until nothing moves or waits (pictures, animations, a computer's turn)."""
    for frames in range(limit):
        if not (steps.waiting or app.manager.busy()):
            return frames
        app.frame(0.05)
    raise AssertionError("the table never came to rest")


def rgb(surface):
    return pygame.image.tobytes(surface, "RGB")


def drawn_at_once(size, seats):
    """The same table on a fresh app, every picture drawn when asked."""
    _cache.clear_caches()
    budget = steps.budget
    steps.budget = float("inf")
    try:
        app = new_app(size)
        table = open_table(app, seats)
        table.skip_animations()
        settle(app, table)
        app.frame(0.016)
        app.draw()
        return rgb(app.screen)
    finally:
        steps.budget = budget
        while app.manager.stack:
            app.pop(app.manager.top)


@pytest.fixture()
def counted(monkeypatch):
    pygame.init()
    _cache.clear_caches()
    monkeypatch.setattr(steps, "clock", lambda: steps.drawn * 0.010)
    monkeypatch.setattr(steps, "budget", 0.025)
    # as in a fresh process: no frame has begun, so none began on the real clock (a frame an
    # earlier test began would otherwise count its start in real seconds)
    monkeypatch.setattr(steps, "begun", False)
    monkeypatch.setattr(steps, "started", steps.clock())
    yield
    steps.forget()
    _cache.clear_caches()


@pytest.fixture()
def shown(monkeypatch):
    """Every frame that reaches the screen, with the table's cards as they were drawn."""
    frames = []
    real_flip = pygame.display.flip

    def flip():
        frames.append(rgb(pygame.display.get_surface()))
        real_flip()

    monkeypatch.setattr(pygame.display, "flip", flip)
    return frames


def faces_drawn():
    return len(faces.card_face.pictures)


def blank_cards(table):
    """The table's cards whose picture shows nothing (a placeholder)."""
    return [s.key for s in table.sprites.values()
            if s.rect.width > 4 and s.image.get_bounding_rect().width == 0]


SEATS = [Seat("Anna"), Seat("Bo", "computer", "steady")]


def test_a_table_entered_before_its_pictures_exist_shows_a_cover_then_the_table(counted, shown):
    from scenes.table.firstdraw import COVER

    app = new_app(SIZE)
    table = open_table(app, SEATS)
    assert faces_drawn() <= 3, "opening the table drew every card at once"
    table.skip_animations()
    app.frame(0.016)
    assert shown and pygame.Color(*shown[-1][:3]) == pygame.Color(*COVER)  # the cover, at once
    assert not table.presented
    counts, covers = [], 0
    while steps.waiting or app.manager.busy():
        before = faces_drawn()
        flips = len(shown)
        app.frame(0.016)
        counts.append(faces_drawn() - before)
        if len(shown) > flips and not table.presented:
            covers += 1
        elif len(shown) > flips:
            assert not blank_cards(table), "a frame with a blank card was shown"
        assert len(counts) < 100
    assert covers >= 2 and table.presented
    assert max(counts) <= 3, counts  # the budget holds three pictures a frame
    app.frame(0.016)
    app.draw()
    settled = rgb(app.screen)
    while app.manager.stack:
        app.pop(app.manager.top)
    assert settled == drawn_at_once(SIZE, SEATS), "the settled table is not the table drawn at once"


def test_after_a_resize_the_last_pictures_stand_in_and_the_table_ends_as_drawn_at_once(counted, shown):
    """The resize's frame lays the table out and the next draws it (no frame does both), with
    the last size's pictures scaled; the real ones come a few a frame after."""
    app = new_app(SIZE)
    table = open_table(app, SEATS)
    table.skip_animations()
    settle(app, table)
    big = (1600, 1000)
    pygame.display.set_mode(big, pygame.RESIZABLE)
    before, flips = faces_drawn(), len(shown)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=big, w=big[0], h=big[1]))
    app.frame(0.016)  # the resize's frame lays the table out (the window keeps its last frame)
    assert len(shown) == flips
    app.frame(0.016)  # and the next draws it
    assert faces_drawn() == before, "the resize's frames drew cards that could stand in"
    assert len(shown) == flips + 1, "the table at its new size was not shown"
    first = shown[-1]
    assert steps.waiting and not blank_cards(table)
    for sprite in table.sprites.values():  # every card at its new size, its old picture scaled
        assert sprite.zone in table.zones and sprite.image.get_width() >= sprite.size[0] * 0.9
    frames = settle(app, table)
    assert 2 <= frames < 100
    app.frame(0.016)
    app.draw()
    settled = rgb(app.screen)
    # the resize's frame already showed the table, close to what it settles to: not black,
    # nothing missing
    black = sum(1 for i in range(0, len(first), 3 * 97) if first[i:i + 3] == b"\0\0\0")
    assert black == 0
    diff = sum(abs(a - b) for a, b in zip(first[::97], settled[::97])) / len(first[::97])
    assert diff < 12, diff
    for sprite in table.sprites.values():  # the real pictures
        assert sprite.image is table.image_for(sprite.piece, sprite.shown_up, sprite.size, sprite.angle)
    assert {z: table.zones[z].rect for z in table.zones} == \
        {z: r.rect for z, r in table.layout_zones(big, table.view).items()}
    while app.manager.stack:
        app.pop(app.manager.top)
    assert settled == drawn_at_once(big, SEATS), "the settled table is not the table drawn at once"


def test_a_frame_that_would_show_a_placeholder_is_held_back(counted, shown):
    """A picture with nothing to stand in for it (never drawn at any size: here every face
    was let go, as the memos' bound may do, and the window is then resized) is a placeholder
    the frame must not show: the last frame stays on screen until the faces came, a few a
    frame, and no frame shown has a blank card."""
    app = new_app(SIZE)
    table = open_table(app, SEATS)
    table.skip_animations()
    settle(app, table)
    faces.card_face.cache_clear()
    table.images.clear()
    size = (1280, 800)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    flips, held = len(shown), app.held_frames
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)  # the resize's frame (it lays out; the next one draws)
    app.frame(0.016)
    assert len(shown) == flips and app.held_frames == held + 2, "a frame with placeholders was shown"
    counts = []
    while steps.waiting or table.pictures_busy():
        before, flips = faces_drawn(), len(shown)
        app.frame(0.016)
        counts.append(faces_drawn() - before)
        if len(shown) > flips:
            assert not blank_cards(table), "a frame with a blank card was shown"
        assert len(counts) < 100
    assert app.held_frames > held + 1 and max(counts) <= 3 and sum(counts) >= 12
    app.frame(0.016)
    app.draw()
    settled = rgb(app.screen)
    while app.manager.stack:
        app.pop(app.manager.top)
    assert settled == drawn_at_once(size, SEATS)


def test_a_frame_lays_the_scenes_out_once_however_many_resizes_it_got():
    """Dragging a window's edge sends dozens of resizes between two frames; the app's loop
    hands on only the last (the window tells its size), with every other event in order."""
    from scenes.app import coalesced

    event = pygame.event.Event
    events = [event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600),
              event(pygame.KEYDOWN, key=pygame.K_a, mod=0),
              event(pygame.WINDOWSIZECHANGED, x=950, y=620),
              event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640),
              event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))]
    kept = coalesced(events)
    assert [e.type for e in kept] == [pygame.KEYDOWN, pygame.VIDEORESIZE, pygame.MOUSEMOTION]
    assert kept[1].size == (1000, 640)
    assert coalesced(events[1:2]) == events[1:2]


def test_while_the_window_edge_is_dragged_every_other_frame_is_shown(counted, shown):
    """A resize every frame: each resize's frame lays out, the next draws, so the table at its
    newest size is shown every other frame (never a frame that does both, nor none shown)."""
    app = new_app(SIZE)
    table = open_table(app, SEATS)
    table.skip_animations()
    settle(app, table)
    flips = len(shown)
    for step in range(8):
        size = (1100 + 40 * step, 700 + 20 * step)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(0.016)
    assert len(shown) - flips == 4
    assert not blank_cards(table)
    settle(app, table)
    while app.manager.stack:
        app.pop(app.manager.top)
