"""The first window fits the screen: finis opened at 1280x800 whatever the screen, so on a
1024x640 screen every table was cut at its edges and on a 1366x768 laptop the hand fell
under the taskbar. The desktop's size is faked here (SDL's dummy screen says 1024x768)."""
from __future__ import annotations

import argparse

import pygame
import pytest

from game.core.settings import Settings, load_settings


def open_app(monkeypatch, desktop, settings=None, size=None):
    from scenes.app import App
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    args = argparse.Namespace(size=size, fullscreen=False, game=None, seats=None, option=[],
                              seed=None)
    return App(args, settings=settings or Settings())


@pytest.mark.parametrize("desktop", [(1024, 640), (1366, 768), (1280, 720), (800, 600)])
def test_the_first_window_fits_a_small_screen(monkeypatch, desktop):
    app = open_app(monkeypatch, desktop)
    w, h = app.size
    assert w <= desktop[0] and h <= desktop[1] - 72, "room for a taskbar and the title bar"
    assert w >= min(1280, desktop[0] - 40) and h >= min(800, desktop[1] - 120), \
        "and no smaller than it needs to be"


def test_a_large_screen_opens_the_usual_window(monkeypatch):
    app = open_app(monkeypatch, (1920, 1080))
    assert app.size == (1280, 800)


def test_a_size_the_person_chose_is_kept_where_it_fits(monkeypatch):
    app = open_app(monkeypatch, (2560, 1440), Settings(window_width=1700, window_height=1000))
    assert app.size == (1700, 1000)


def test_a_remembered_size_that_no_longer_fits_shrinks(monkeypatch):
    """A laptop unplugged from its large monitor."""
    app = open_app(monkeypatch, (1366, 768), Settings(window_width=2400, window_height=1300))
    w, h = app.size
    assert w <= 1366 and h <= 768 - 72


def test_a_resized_window_is_remembered_for_the_next_start(monkeypatch):
    app = open_app(monkeypatch, (1920, 1080))
    pygame.display.set_mode((1500, 900), pygame.RESIZABLE)  # as the person drags the edge
    app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1500, y=900))
    app.save_settings()
    again = open_app(monkeypatch, (1920, 1080), load_settings())
    assert again.size == (1500, 900)


def test_the_command_lines_size_is_taken_as_asked(monkeypatch):
    app = open_app(monkeypatch, (1920, 1080), size="1920x1080")
    assert app.size == (1920, 1080)
