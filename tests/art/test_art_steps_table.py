"""A table resized to a new size draws its pictures in steps (issue 25, item 17): the frame
after the resize shows the last size's pictures scaled wherever the frame's drawing budget is
spent, and the real ones replace them a few a frame. Work is counted, never timed: each
picture costs 10 ms on the test's clock and a frame may spend 25 ms.

The table's side of it is in scenes/table/scene.py: steps.frame() around resize and draw,
and settle_pictures() in update, which asks for the pictures again once real ones came."""
from __future__ import annotations

import argparse

import pygame
import pytest

from game.core import Seat
from scenes.art import _cache
from scenes.art._cache import steps
from scenes.finito import art as finito_art


@pytest.fixture()
def counted(display, monkeypatch):
    _cache.clear_caches()
    monkeypatch.setattr(steps, "clock", lambda: steps.drawn * 0.010)
    monkeypatch.setattr(steps, "budget", 0.025)
    monkeypatch.setattr(steps, "begun", False)
    monkeypatch.setattr(steps, "started", steps.clock())  # on this clock, as a fresh process
    yield
    steps.forget()
    _cache.clear_caches()


def at_size(store, size) -> int:
    """How many of a store's pictures are for counters `size` pixels wide."""
    return sum(1 for key in store.entries if key[0] == size)


def test_a_resized_table_stands_in_then_shows_its_real_pictures(counted):
    from scenes.app import App
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game

    pygame.init()
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    app = App(argparse.Namespace(size="1024x640", fullscreen=False, game=None, seats=None, option=[],
                                 seed=None))
    app.settings.animation_speed = "instant"
    app.push(MainMenu(app))
    table = start_new_game(app, "finito", [Seat("A", "computer", "simple"), Seat("B", "computer", "simple"),
                                           Seat("C", "computer", "simple")], None, 4)
    for _ in range(3):
        app.frame(0.05)
    counters = [s for s in table.sprites.values() if s.size[0] == s.size[1]]
    assert len(counters) >= 12
    size = (1700, 1000)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)
    d = counters[0].size[0]
    assert at_size(finito_art.counter.pictures, d) <= 9, "the resize frame drew every counter at once"
    assert steps.waiting, "nothing waits: no picture stood in"
    assert all(s.image.get_size()[0] >= s.size[0] for s in counters)  # every counter shown, at its size
    frames = 0
    while steps.waiting or table.pictures_seen != steps.generation:
        app.frame(0.016)
        frames += 1
        assert frames < 40
    app.frame(0.016)
    for sprite in counters:
        assert sprite.image is table.image_for(sprite.piece, sprite.shown_up, sprite.size, sprite.angle)
    app.pop(table)
