"""The picture memos let go of what is no longer shown (issue 25, item 18): each keeps at most
its own number of pictures, all together at most budget() bytes of pixels (a few screenfuls,
PICTURE_BUDGET at least), least recently used first out; a table resized through many sizes
keeps within both."""
from __future__ import annotations

import argparse
import gc
import weakref

import pygame
import pytest

from scenes.art import _cache, fonts
from scenes.art.felt import felt
from scenes.art.table import card_blank

MB = 1 << 20


def alive(refs) -> list[pygame.Surface]:
    gc.collect()
    return [s for s in (r() for r in refs) if s is not None]


@pytest.fixture()
def fresh(display):
    _cache.clear_caches()
    yield
    _cache.clear_caches()


def test_the_felt_of_sizes_no_longer_shown_is_let_go(fresh):
    refs = [weakref.ref(felt((300 + 10 * i, 200))) for i in range(8)]
    kept = alive(refs)
    assert len(kept) <= 3, f"{len(kept)} felts of eight sizes are still held"
    assert refs[-1]() is not None and felt((370, 200)) is refs[-1]()  # the size shown now stays


def test_a_memo_holds_no_more_pictures_than_its_bound(fresh):
    """The memo's quick map from raw arguments held pictures the memo itself had let go: up to
    twice its bound more."""
    bound = 256  # wrap_text's own
    refs = [weakref.ref(fonts.wrap_text(f"line {i}", 120, 12)) for i in range(bound * 2 - 12)]
    assert len(alive(refs)) <= bound
    # the same arguments written another way are still the same picture
    assert fonts.wrap_text("line 500", 120, 12) is fonts.wrap_text("line 500", width=120, size=12)


def test_all_memos_together_keep_within_the_picture_budget(fresh, monkeypatch):
    monkeypatch.setattr(_cache, "PICTURE_BUDGET", 4 * MB, raising=False)
    refs = [weakref.ref(card_blank(200 + i, 280 + i)) for i in range(40)]  # about 9 MB in all
    kept = alive(refs)
    held = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in kept)
    assert held <= 4 * MB, f"{held / MB:.1f} MB of card pictures held"
    assert refs[-1]() is not None  # the newest is never the one let go
    assert _cache.Pictures.total <= 4 * MB


def test_the_least_recently_used_picture_goes_first_whichever_memo_drew_it(fresh, monkeypatch):
    monkeypatch.setattr(_cache, "PICTURE_BUDGET", 3 * MB, raising=False)
    old_felt = weakref.ref(felt((600, 400)))  # 0.9 MB, then left alone
    used = card_blank(300, 420)  # 0.5 MB, used again and again below
    for i in range(8):
        card_blank(301 + i, 421 + i)
        assert card_blank(300, 420) is used
    gc.collect()
    assert old_felt() is None, "the felt nobody asked for again is still held"


def test_a_table_resized_through_many_sizes_keeps_within_every_bound(fresh, monkeypatch):
    from scenes.app import App
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    from game.core import Seat

    monkeypatch.setattr(_cache, "PICTURE_BUDGET", 24 * MB)
    monkeypatch.setattr(_cache, "SCREENFULS", 2)  # 13 MB at 1700x960: the 24 MB floor holds
    pygame.init()
    app = App(argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None, option=[],
                                 seed=None))
    app.settings.animation_speed = "instant"
    app.push(MainMenu(app))
    table = start_new_game(app, "finito", [Seat("A", "computer", "simple"), Seat("B", "computer", "simple")],
                           None, 4)
    for size in [(1024, 640), (1280, 800), (1920, 1080), (1366, 768), (1600, 900), (1152, 720),
                 (1440, 900), (1700, 960)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        for _ in range(3):
            app.frame(0.05)
    for _ in range(200):  # pictures drawn in steps: until the last ones came (a slow machine
        if not _cache.steps.waiting and table.pictures_seen == _cache.steps.generation:
            break           # spends its frame budget sooner)
        app.frame(0.05)
    assert _cache.budget() == 24 * MB and _cache.Pictures.total <= 24 * MB
    for name, count, _, bound in _cache.memo_report():
        assert count <= bound, name
    # the size shown now is drawn from what is kept: its felt is there, the table draws
    assert any(key[0] == (1700, 960) for key in felt.pictures.entries)
    table.draw(app.screen)
    app.pop(table)


def test_the_budget_grows_with_the_window_and_shrinks_with_it(fresh, monkeypatch):
    monkeypatch.setattr(_cache, "PICTURE_BUDGET", 4 * MB)
    pygame.display.set_mode((1600, 1000))
    assert _cache.budget() == _cache.SCREENFULS * 1600 * 1000 * 4
    big = [weakref.ref(card_blank(300 + i, 420)) for i in range(20)]  # 10 MB: all fit
    assert len(alive(big)) == 20
    pygame.display.set_mode((320, 200))  # a small window: its budget is the floor
    card_blank(100, 140)
    held = sum(s.get_width() * s.get_height() * 4 for s in alive(big))
    assert held <= 4 * MB


def test_fonts_of_sizes_no_longer_used_are_let_go(fresh):
    """Each font size keeps the glyphs it drew (up to half a megabyte at large sizes)."""
    for size in range(8, 208):
        fonts.render_text("Finis 0123456789", size)
    assert fonts._font.cache_info().currsize <= 48
