"""The first frame of a very first start (no settings, no cache) is shipped in assets/startup/
(tools/prerender.py makes it): its pictures must be exactly what the code draws, a first start
must load them instead of drawing them, and the menu must look the same either way."""
from __future__ import annotations

import importlib

import pygame
import pytest

from game.core.paths import resource
from scenes import tiles
from scenes.art import diskcache, tokens
from tools import prerender

felt_module = importlib.import_module("scenes.art.felt")  # scenes.art.felt is also the function


def _pixels(surface: pygame.Surface, opaque: bool) -> bytes:
    return pygame.image.tobytes(surface, "RGB" if opaque else "RGBA")


@pytest.fixture()
def first_frame_memos(finis_home, display, monkeypatch):
    """A fresh picture cache and empty memos, as in a new process before its first frame."""
    diskcache.cache_dir.cache_clear()
    monkeypatch.setattr(diskcache, "_starting", True)

    def clear():
        from scenes.art import clear_caches
        clear_caches()
        tiles.tile_card.cache_clear()

    clear()
    yield clear
    clear()
    diskcache.cache_dir.cache_clear()


def _first_frame(monkeypatch) -> pygame.Surface:
    """Open finis as a person does (no command line) and make its first frame; the screen."""
    from game.cli import build_parser
    from scenes.app import App, start_scene

    monkeypatch.setattr(diskcache, "_starting", True)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [prerender.SHIPPED_DESKTOP])
    args = build_parser().parse_args([])
    app = App(args)
    start_scene(app, args)
    app.draw()
    screen = app.screen.copy()
    app.close_scenes()
    return screen


def test_the_shipped_first_frame_is_what_the_code_draws(display):
    asked = prerender.first_start_pictures()
    assert {k.split("-")[0] for k in asked} == {"felt", "card", "button"}
    assert len(asked) == 1 + 5 + 7  # the felt, a tile per game, the buttons
    names = {diskcache.shipped_name(key) for key in asked}
    shipped = {p.name for p in resource("startup").glob("*.png")}
    assert shipped == names, "assets/startup is out of date: run tools/prerender.py --only startup"
    for key, (drawn, opaque) in asked.items():
        picture = pygame.image.load(str(resource("startup", diskcache.shipped_name(key))))
        assert picture.get_size() == drawn.get_size(), key
        assert _pixels(picture, opaque) == _pixels(drawn, opaque), \
            f"{key} is out of date: run tools/prerender.py --only startup"


def test_a_first_start_loads_its_first_frame_and_draws_none_of_it(first_frame_memos, finis_home,
                                                                  monkeypatch):
    drawn = []
    monkeypatch.setattr(felt_module, "_draw_felt", lambda *a: drawn.append(("felt", a)))
    monkeypatch.setattr(tiles, "draw_card", lambda *a: drawn.append(("card", a)))
    monkeypatch.setattr(tokens, "_draw_button", lambda *a: drawn.append(("button", a)))
    _first_frame(monkeypatch)
    assert drawn == []
    # and cached as before, so that the next start loads the cache, not the shipped files
    cached = sorted(p.name.split("-")[0] for p in (finis_home / "cache").glob("*.bmp"))
    assert cached == ["button"] * 7 + ["card"] * 5 + ["felt"]
    first_frame_memos()
    shipped = []
    monkeypatch.setattr(diskcache, "shipped_picture", lambda *a: shipped.append(a))
    _first_frame(monkeypatch)
    assert drawn == [] and shipped == []


def test_the_first_frame_looks_the_same_shipped_drawn_or_cached(first_frame_memos, finis_home,
                                                                monkeypatch):
    from_shipped = _first_frame(monkeypatch)
    first_frame_memos()
    from_cache = _first_frame(monkeypatch)
    first_frame_memos()
    monkeypatch.setenv("FINIS_HOME", str(finis_home.parent / "another-home"))
    diskcache.cache_dir.cache_clear()
    monkeypatch.setattr(diskcache, "shipped_picture", lambda *a: None)
    drawn = _first_frame(monkeypatch)
    assert from_shipped.get_size() == (1280, 800)
    assert _pixels(from_shipped, True) == _pixels(drawn, True)
    assert _pixels(from_cache, True) == _pixels(drawn, True)


def test_a_shipped_picture_is_loaded_and_any_other_drawn(first_frame_memos):
    calls = []

    def draw(size):
        return lambda: calls.append(size) or pygame.Surface(size)

    modules = ("scenes.art.felt",)
    shipped = diskcache.startup_picture("felt-1280x800-28-92-60", draw((1280, 800)), modules, opaque=True)
    assert calls == [] and shipped.get_size() == (1280, 800)
    assert shipped.get_at((640, 400))[:3] != (0, 0, 0), "the felt, not a blank surface"
    other = diskcache.startup_picture("felt-1024x640-28-92-60", draw((1024, 640)), modules, opaque=True)
    assert calls == [(1024, 640)] and other.get_size() == (1024, 640)


def test_a_cache_folder_made_by_this_run_is_not_searched_for_old_pictures(finis_home, display,
                                                                          monkeypatch):
    diskcache.cache_dir.cache_clear()
    searched = []
    real = diskcache._prune
    monkeypatch.setattr(diskcache, "_prune", lambda *a: searched.append(a[1]) or real(*a))
    try:
        draw = lambda: pygame.Surface((4, 4))  # noqa: E731
        diskcache.remembered("felt-4x4", draw, ("scenes.art.draw",), opaque=True, keep=2)
        assert searched == [] and len(list((finis_home / "cache").glob("felt-*"))) == 1
        # a folder that was there before (an earlier run's) is tidied as ever
        diskcache._new_folders.discard(finis_home / "cache")
        diskcache.remembered("felt-5x5", draw, ("scenes.art.draw",), opaque=True, keep=2)
        assert searched == ["felt-5x5-", "felt-"]
    finally:
        diskcache.cache_dir.cache_clear()
